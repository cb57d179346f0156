class Client < ApplicationRecord
  validates :name, presence: true

  def to_s
    name.presence || "Client #{id}"
  end
end
