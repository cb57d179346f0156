require "sequel/core"

class RodauthMain < Rodauth::Rails::Auth
  # Where Hotwire Native clients go after every change of session, so they restart their tabs.
  NATIVE_SESSION_CHANGED = "/native-session-changed"

  configure do
    enable :create_account, :login, :logout, :remember

    # Sequel reuses Active Record's database connection.
    db Sequel.sqlite(extensions: :activerecord_connection, keep_reference: false)
    rails_controller { RodauthController }

    account_status_column :status
    account_password_hash_column :password_hash
    login_param "email"
    login_label "Email"
    require_login_confirmation? false
    password_minimum_length 8
    # bcrypt reads at most 72 bytes of a password.
    password_maximum_bytes 72

    # Remember every sign-in, and an account creation that signs in, for a year; each
    # remembered visit moves the deadline a year out again. Signing out revokes the key.
    remember_deadline_interval Hash[days: 365]
    extend_remember_deadline? true
    after_login { remember_login }
    after_create_account { remember_login if create_account_autologin? }
    before_logout { remove_remember_key }

    require_login_redirect { login_path }

    # The account's own fields, asked for on the sign-up form (app/views/rodauth/create_account.html.erb).
    before_create_account do
      display_name = param_or_nil("display_name")
      throw_error_status(422, "display_name", "must be filled in") if display_name.nil?
      account[:display_name] = display_name
    end

    # Native clients go to NATIVE_SESSION_CHANGED, never to a saved location; browsers keep
    # the usual redirects.
    auth_class_eval do
      def hotwire_native_app?
        request.user_agent.to_s.include?("Hotwire Native")
      end
    end

    login_return_to_requested_location? { !hotwire_native_app? }
    login_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : "/" }
    create_account_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : "/" }
    logout_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : "/" }
  end
end
