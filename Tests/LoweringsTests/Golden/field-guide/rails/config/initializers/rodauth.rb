# The Plan has no account, so the Rodauth middleware stays out of the stack.
Rodauth::Rails.configure do |config|
  config.middleware = false
end
