class Note < ApplicationRecord
  validates :title, presence: true

  def to_s
    title.presence || "Note #{id}"
  end
end
