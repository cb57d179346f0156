class Project < ApplicationRecord
  has_many :tasks, inverse_of: :project, dependent: :destroy

  validates :name, presence: true

  def to_s
    name.presence || "Project #{id}"
  end
end
