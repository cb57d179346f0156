class Review < ApplicationRecord
  belongs_to :movie, inverse_of: :reviews

  validates :rating, presence: true, numericality: { only_integer: true }

  def to_s
    "Review #{id}"
  end
end
