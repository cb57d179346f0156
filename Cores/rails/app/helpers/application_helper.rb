module ApplicationHelper
  # The page title: the view's own title, else the application's name.
  def page_title
    content_for?(:title) ? content_for(:title) : Rails.application.config.x.application_name
  end
end
