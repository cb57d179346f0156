class Invoice < ApplicationRecord
  validates :name, presence: true

  def to_s
    name.presence || "Invoice #{id}"
  end
end
