class Sighting < ApplicationRecord
  validates :species, presence: true

  def to_s
    species.presence || "Sighting #{id}"
  end
end
