require "active_support/core_ext/integer/time"

Rails.application.configure do
  config.enable_reloading = true
  config.eager_load = false
  config.consider_all_requests_local = true
  config.server_timing = true

  config.action_controller.perform_caching = false
  config.cache_store = :memory_store

  config.action_mailer.raise_delivery_errors = false
  config.action_mailer.default_url_options = { host: "localhost", port: 3000 }

  config.active_support.deprecation = :log
  config.active_record.migration_error = :page_load
  config.active_record.verbose_query_logs = true

  config.action_view.annotate_rendered_view_with_filenames = true
  config.action_controller.raise_on_missing_callback_actions = true

  # Preview tunnels and public ports, e.g. RAILS_DEVELOPMENT_HOSTS=.trycloudflare.com bin/dev.
  # Without the variable, a RAILS_DEVELOPMENT_HOSTS=... line in .env.development.local (git
  # ignores it) applies, so a preview host survives restarts; the environment wins.
  development_hosts = ENV["RAILS_DEVELOPMENT_HOSTS"]
  local_env = Rails.root.join(".env.development.local")
  if development_hosts.nil? && local_env.file?
    local_env.each_line do |line|
      name, value = line.strip.delete_prefix("export ").split("=", 2)
      development_hosts = value.strip.delete_prefix('"').delete_suffix('"') if name == "RAILS_DEVELOPMENT_HOSTS" && value
    end
  end
  development_hosts.to_s.split(",").map(&:strip).reject(&:empty?).each do |host|
    config.hosts << host
  end
end
