# The display name; a page without a title of its own uses it.
Rails.application.config.x.application_name = "Field Guide"
