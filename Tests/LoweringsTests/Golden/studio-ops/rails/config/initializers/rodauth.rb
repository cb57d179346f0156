# Accounts are Rodauth routes; app/misc/rodauth_app.rb routes them.
Rails.application.config.x.accounts = true

Rodauth::Rails.configure do |config|
  config.app = "RodauthApp"
end
