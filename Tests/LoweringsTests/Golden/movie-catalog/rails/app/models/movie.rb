class Movie < ApplicationRecord
  belongs_to :director, class_name: "Person", optional: true, inverse_of: :movies_as_director

  has_many :reviews, inverse_of: :movie, dependent: :destroy
  has_many :watchlist_items, inverse_of: :movie, dependent: :destroy

  validates :title, presence: true

  def to_s
    title.presence || "Movie #{id}"
  end
end
