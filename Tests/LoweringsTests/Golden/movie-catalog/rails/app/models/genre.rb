class Genre < ApplicationRecord
  validates :name, presence: true

  def to_s
    name.presence || "Genre #{id}"
  end
end
