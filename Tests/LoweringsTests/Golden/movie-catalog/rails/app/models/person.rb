class Person < ApplicationRecord
  has_many :movies_as_director, class_name: "Movie", foreign_key: :director_id, inverse_of: :director, dependent: :nullify

  validates :name, presence: true

  def to_s
    name.presence || "Person #{id}"
  end
end
