module ApplicationHelper
  # The page title: the view's own title, else the application's name.
  def page_title
    content_for?(:title) ? content_for(:title) : Rails.application.config.x.application_name
  end

  # The badge of one navigation entry: nothing unless application code set a positive count
  # for that entry id in navigation_badges (see ApplicationController).
  def navigation_badge(entry_id)
    count = navigation_badges[entry_id].to_i
    return if count <= 0

    tag.span(count > 99 ? "99+" : count.to_s, class: "navigation-badge", aria: { label: pluralize(count, "new item") })
  end
end
