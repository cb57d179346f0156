# The Plan's theme is "dark"; with "toggle" browsers get a theme selector in the header.
Rails.application.config.x.theme_toggle = false
