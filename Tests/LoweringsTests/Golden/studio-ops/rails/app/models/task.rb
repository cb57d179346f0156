class Task < ApplicationRecord
  belongs_to :project, inverse_of: :tasks

  validates :name, presence: true

  def to_s
    name.presence || "Task #{id}"
  end
end
