class Meeting < ApplicationRecord
  validates :name, presence: true

  def to_s
    name.presence || "Meeting #{id}"
  end
end
