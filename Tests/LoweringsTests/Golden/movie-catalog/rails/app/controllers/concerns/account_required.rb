module AccountRequired
  extend ActiveSupport::Concern

  # Raise it from a check that refuses the signed-in account.
  class AccessDenied < StandardError; end

  included do
    before_action :authenticate
    rescue_from AccessDenied, with: :deny_access
  end

  private

  def authenticate
    rodauth.require_account
  end

  def deny_access
    if rodauth.logged_in?
      render "accounts/forbidden", status: :forbidden
    else
      rodauth.require_account
    end
  end
end
