class Account < ApplicationRecord
  include Rodauth::Model(RodauthMain)
  enum :status, { unverified: 1, verified: 2, closed: 3 }

  # Devices registered for push (Action Push Native), deleted with the account.
  has_many :push_devices, class_name: "ApplicationPushDevice", as: :owner, dependent: :destroy
end
