class Report < ApplicationRecord
  validates :name, presence: true

  def to_s
    name.presence || "Report #{id}"
  end
end
