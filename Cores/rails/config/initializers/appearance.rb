# Seam placeholder (owner: rails.appearance_initializer). True when the Plan's
# theme is "toggle": browsers then get a theme selector in the header.
Rails.application.config.x.theme_toggle = false
