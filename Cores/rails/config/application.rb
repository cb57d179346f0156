require_relative "boot"

require "rails"
require "active_model/railtie"
require "active_record/railtie"
require "action_controller/railtie"
require "action_view/railtie"
require "action_mailer/railtie"

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
