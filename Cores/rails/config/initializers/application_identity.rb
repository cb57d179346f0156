# Seam placeholder (owner: rails.application_identity). The display name pages
# fall back to when they set no title of their own.
Rails.application.config.x.application_name = "First Draft"
