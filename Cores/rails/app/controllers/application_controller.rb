class ApplicationController < ActionController::Base
  helper_method :hotwire_native_app?, :navigation_badges

  private

  # True for requests from the Hotwire Native iOS and Android shells, whose web
  # views append "Hotwire Native" to the user agent. Stated here so the layout's
  # native switch does not depend on a gem's internal helper.
  def hotwire_native_app?
    request.user_agent.to_s.include?("Hotwire Native")
  end

  # Badge counts for navigation entries, by the entry's stable id (an entity's uuid, or
  # "account-self:<subject uuid>"); empty unless application code sets one, for example in a
  # before_action: navigation_badges["<uuid>"] = current_account.unread_messages.count
  def navigation_badges
    @navigation_badges ||= {}
  end
end
