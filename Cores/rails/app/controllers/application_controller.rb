class ApplicationController < ActionController::Base
  helper_method :hotwire_native_app?

  private

  # True for requests from the Hotwire Native iOS and Android shells, whose web
  # views append "Hotwire Native" to the user agent. Stated here so the layout's
  # native switch does not depend on a gem's internal helper.
  def hotwire_native_app?
    request.user_agent.to_s.include?("Hotwire Native")
  end
end
