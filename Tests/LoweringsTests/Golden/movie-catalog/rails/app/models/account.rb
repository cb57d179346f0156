class Account < ApplicationRecord
  include Rodauth::Model(RodauthMain)
  enum :status, { unverified: 1, verified: 2, closed: 3 }

  # Checked when the account is edited at /account/edit.
  validates :display_name, presence: true
end
