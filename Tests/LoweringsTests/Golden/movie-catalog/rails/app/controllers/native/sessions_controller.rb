module Native
  # Sign-in, sign-up and sign-out send Hotwire Native clients here (app/misc/rodauth_main.rb);
  # the path configuration's reset_navigation rule for this path restarts every tab.
  class SessionsController < ApplicationController
    def show
      # Signing in or out reset the session. Store one CSRF token now, so the tabs that
      # restart share it instead of each creating its own.
      form_authenticity_token
    end
  end
end
