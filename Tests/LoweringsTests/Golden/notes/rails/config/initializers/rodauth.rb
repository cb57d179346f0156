# The Plan has no account, so the Rodauth middleware stays out of the stack.
Rails.application.config.x.accounts = false

Rodauth::Rails.configure do |config|
  config.middleware = false
end
