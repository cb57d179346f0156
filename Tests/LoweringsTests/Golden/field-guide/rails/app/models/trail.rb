class Trail < ApplicationRecord
  validates :name, presence: true

  def to_s
    name.presence || "Trail #{id}"
  end
end
