# Seam placeholder (owner: rails.account_initializer). Without an Account the
# Rodauth middleware stays out of the stack; the Account renderer replaces
# this file with the configuration that names the Rodauth app.
Rodauth::Rails.configure do |config|
  config.middleware = false
end
