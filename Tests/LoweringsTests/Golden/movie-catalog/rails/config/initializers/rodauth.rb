# Accounts are Rodauth routes; app/misc/rodauth_app.rb routes them.
Rodauth::Rails.configure do |config|
  config.app = "RodauthApp"
end
