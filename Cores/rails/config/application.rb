require_relative "boot"

require "rails"
require "active_model/railtie"
require "active_job/railtie"
require "active_record/railtie"
require "action_controller/railtie"
require "action_view/railtie"
require "action_mailer/railtie"

# Action Cable, Active Storage, Action Text and Action Mailbox are left out;
# turbo-rails skips eager loading its channels when Action Cable is absent.
Bundler.require(*Rails.groups)

module FoundationApp
  class Application < Rails::Application
    config.load_defaults 8.0

    config.generators do |generate|
      generate.test_framework :rspec
      generate.system_tests nil
    end
  end
end
