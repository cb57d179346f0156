class ApplicationController < ActionController::Base
  # Raised by a check that refuses the current request; answered with an HTML page.
  class AccessDenied < StandardError; end

  helper_method :hotwire_native_app?
  rescue_from AccessDenied, with: :access_denied

  private

  # True for requests from the Hotwire Native iOS and Android shells, whose web
  # views append "Hotwire Native" to the user agent. Stated here so the layout's
  # native switch does not depend on a gem's internal helper.
  def hotwire_native_app?
    request.user_agent.to_s.include?("Hotwire Native")
  end

  # Sends a guest to sign-in; used by controllers whose pages need an account.
  def authenticate
    rodauth.require_account
  end

  # A guest is sent to sign-in; anyone else gets the forbidden page with its
  # status. Never an empty 403: a native web view would show a blank screen.
  def access_denied
    if Rails.configuration.x.accounts && !rodauth.logged_in?
      rodauth.require_account
    else
      render "errors/forbidden", status: :forbidden
    end
  end
end
