/// The Account: Rodauth through rodauth-rails (sign-up, sign-in, sign-out, remember), the
/// `/account` page and, with a native client, the native-only session redirects.
enum RailsAccountRenderer {
    typealias Spec = RailsAccountSpec

    static let nativeSessionPath = "/native-session-changed"

    static func initializer(_ account: Spec?) -> [UInt8] {
        guard account != nil else {
            return RailsText.file([
                "# The Plan has no account, so the Rodauth middleware stays out of the stack.",
                "Rodauth::Rails.configure do |config|",
                "  config.middleware = false",
                "end",
            ])
        }
        return RailsText.file([
            "# Accounts are Rodauth routes; app/misc/rodauth_app.rb routes them.",
            "Rodauth::Rails.configure do |config|",
            "  config.app = \"RodauthApp\"",
            "end",
        ])
    }

    static func rodauthApp(_ a: Spec) -> [UInt8] {
        RailsText.file([
            "class RodauthApp < Rodauth::Rails::App",
            "  configure RodauthMain",
            "",
            "  route do |r|",
            "    # Sign a remembered browser or native client back in, and move its deadline.",
            "    rodauth.load_memory",
            "",
            "    r.rodauth",
            "  end",
            "end",
        ])
    }

    static func rodauthMain(_ a: Spec) -> [UInt8] {
        var lines = [
            "require \"sequel/core\"",
            "",
            "class RodauthMain < Rodauth::Rails::Auth",
        ]
        if a.nativeSession {
            lines += ["  # Where Hotwire Native clients go after every change of session, so they restart their tabs.",
                      "  NATIVE_SESSION_CHANGED = \"\(nativeSessionPath)\"", ""]
        }
        lines += [
            "  configure do",
            "    enable :create_account, :login, :logout, :remember",
            "",
            "    # Sequel reuses Active Record's database connection.",
            "    db Sequel.sqlite(extensions: :activerecord_connection, keep_reference: false)",
            "    rails_controller { RodauthController }",
            "",
            "    account_status_column :status",
            "    account_password_hash_column :password_hash",
            "    login_param \"email\"",
            "    login_label \"Email\"",
            "    require_login_confirmation? false",
            "    password_minimum_length 8",
            "    # bcrypt reads at most 72 bytes of a password.",
            "    password_maximum_bytes 72",
            "",
            "    # Remember every sign-in, and an account creation that signs in, for a year; each",
            "    # remembered visit moves the deadline a year out again. Signing out revokes the key.",
            "    remember_deadline_interval Hash[days: 365]",
            "    extend_remember_deadline? true",
            "    after_login { remember_login }",
            "    after_create_account { remember_login if create_account_autologin? }",
            "    before_logout { remove_remember_key }",
            "",
            "    require_login_redirect { login_path }",
        ]
        if !a.fields.isEmpty {
            lines += ["", "    # The account's own fields, asked for on the sign-up form (app/views/rodauth/create_account.html.erb).",
                      "    before_create_account do"]
            for f in a.fields where f.type == .boolean {
                lines.append("      account[:\(f.key)] = param_or_nil(\(RailsText.ruby(f.key))) == \"1\"")
            }
            for f in a.fields where f.type != .boolean {
                lines.append("      \(f.key) = param_or_nil(\(RailsText.ruby(f.key)))")
                if f.required {
                    lines.append("      throw_error_status(422, \(RailsText.ruby(f.key)), \"must be filled in\") if \(f.key).nil?")
                }
                lines.append("      account[:\(f.key)] = \(f.key)")
            }
            lines.append("    end")
        }
        if a.nativeSession {
            lines += [
                "",
                "    # Native clients go to NATIVE_SESSION_CHANGED, never to a saved location; browsers keep",
                "    # the usual redirects.",
                "    auth_class_eval do",
                "      def hotwire_native_app?",
                "        request.user_agent.to_s.include?(\"Hotwire Native\")",
                "      end",
                "    end",
                "",
                "    login_return_to_requested_location? { !hotwire_native_app? }",
                "    login_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : \"/\" }",
                "    create_account_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : \"/\" }",
                "    logout_redirect { hotwire_native_app? ? NATIVE_SESSION_CHANGED : \"/\" }",
            ]
        } else {
            lines += ["    login_return_to_requested_location? true", "    logout_redirect \"/\""]
        }
        lines += ["  end", "end"]
        return RailsText.file(lines)
    }

    static func rodauthController(_ a: Spec) -> [UInt8] {
        RailsText.file([
            "# Renders Rodauth's pages in the application layout and runs its CSRF checks.",
            "class RodauthController < ApplicationController",
            "end",
        ])
    }

    static func model(_ a: Spec, push: Bool = false) -> [UInt8] {
        var lines = [
            "class Account < ApplicationRecord",
            "  include Rodauth::Model(RodauthMain)",
            "  enum :status, { unverified: 1, verified: 2, closed: 3 }",
        ]
        if push {
            lines += ["", "  # Devices registered for push (Action Push Native), deleted with the account.",
                      "  has_many :push_devices, class_name: \"ApplicationPushDevice\", as: :owner, dependent: :destroy"]
        }
        let validations = a.fields.compactMap(RailsEntityRenderer.validation)
        if !validations.isEmpty {
            lines += ["", "  # Checked when the account is edited at /account/edit."] + validations.map { "  " + $0 }
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    static func migration(_ a: Spec) -> [UInt8] {
        var lines = [
            "class CreateRodauth < ActiveRecord::Migration[8.0]",
            "  def change",
            "    create_table :accounts do |t|",
            "      t.integer :status, null: false, default: 1",
            "      t.string :email, null: false",
            "      t.index :email, unique: true, where: \"status IN (1, 2)\"",
            "      t.string :password_hash",
        ]
        for f in a.fields {
            lines.append("      " + RailsEntityRenderer.column(f))
        }
        lines += [
            "    end",
            "",
            "    # Rodauth remember: one key per account, valid until its deadline.",
            "    create_table :account_remember_keys, id: false do |t|",
            "      t.bigint :id, primary_key: true",
            "      t.foreign_key :accounts, column: :id",
            "      t.string :key, null: false",
            "      t.datetime :deadline, null: false",
            "    end",
            "  end",
            "end",
        ]
        return RailsText.file(lines)
    }

    static func pageController(_ a: Spec) -> [UInt8] {
        var lines = [
            "class AccountsController < ApplicationController",
            "  include AccountRequired",
            "",
            "  before_action :set_account",
            "",
            "  def show",
            "  end",
        ]
        if a.editable {
            let permitted = a.fields.map { ":" + $0.key }
            lines += [
                "",
                "  def edit",
                "  end",
                "",
                "  def update",
                "    if @account.update(account_params)",
                "      redirect_to account_path, notice: \"Account was updated.\", status: :see_other",
                "    else",
                "      render :edit, status: :unprocessable_content",
                "    end",
                "  end",
            ]
            lines += ["", "  private", "", "  def set_account", "    @account = rodauth.rails_account", "  end", "",
                      "  def account_params",
                      permitted.isEmpty ? "    params.fetch(:account, {}).permit" : "    params.expect(account: [\(permitted.joined(separator: ", "))])",
                      "  end"]
        } else {
            lines += ["", "  private", "", "  def set_account", "    @account = rodauth.rails_account", "  end"]
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    static func views(_ a: Spec) -> [String] { a.editable ? ["show", "edit", "forbidden"] : ["show", "forbidden"] }

    static func view(_ name: String, _ a: Spec, push: Bool = false, bridge: [BuiltInBridgeComponent] = []) -> [UInt8] {
        switch name {
        case "edit": return editView(a, bridge: bridge)
        case "forbidden": return forbiddenView()
        default: return showView(a, push: push)
        }
    }

    /// Controllers whose pages need an account include this: guests go to sign-in, and a refused
    /// signed-in account gets an HTML page with its status (a native web view shows nothing for an
    /// empty 403).
    static func accountRequired(_ a: Spec) -> [UInt8] {
        RailsText.file([
            "module AccountRequired",
            "  extend ActiveSupport::Concern",
            "",
            "  # Raise it from a check that refuses the signed-in account.",
            "  class AccessDenied < StandardError; end",
            "",
            "  included do",
            "    before_action :authenticate",
            "    rescue_from AccessDenied, with: :deny_access",
            "  end",
            "",
            "  private",
            "",
            "  def authenticate",
            "    rodauth.require_account",
            "  end",
            "",
            "  def deny_access",
            "    if rodauth.logged_in?",
            "      render \"accounts/forbidden\", status: :forbidden",
            "    else",
            "      rodauth.require_account",
            "    end",
            "  end",
            "end",
        ])
    }

    /// Rodauth's sign-up form with the account's fields; rodauth-rails prefers it to its built-in one.
    static func createAccountView(_ a: Spec) -> [UInt8] {
        var lines = [
            "<% content_for :title, rodauth.create_account_page_title %>",
            "",
            "<h1 class=\"native-visually-hidden\"><%= rodauth.create_account_page_title %></h1>",
            "",
            "<%= form_with url: rodauth.create_account_path, method: :post, data: { turbo: false } do |form| %>",
        ]
        func field(_ param: String, label: String, control: String) -> [String] {
            ["  <div class=\"field\">",
             "    <%= form.label \(param), \(label) %>",
             "    <%= \(control) %>",
             "    <% if (error = rodauth.field_error(\(param))) %>",
             "      <p class=\"field-error\"><%= error %></p>",
             "    <% end %>",
             "  </div>", ""]
        }
        lines += field("rodauth.login_param", label: "rodauth.login_label",
                       control: "form.email_field rodauth.login_param, value: params[rodauth.login_param], autocomplete: \"email\", required: true")
        for f in a.fields {
            let param = RailsText.ruby(f.key)
            let required = f.required ? ", required: true" : ""
            let control: String
            switch f.type {
            case .text: control = "form.textarea \(param), value: params[\(param)], rows: 4\(required)"
            case .integer: control = "form.number_field \(param), value: params[\(param)], step: 1\(required)"
            case .decimal: control = "form.number_field \(param), value: params[\(param)], step: \"any\"\(required)"
            case .boolean: control = "form.checkbox \(param), { checked: params[\(param)] == \"1\" }, \"1\", nil"
            case .date: control = "form.date_field \(param), value: params[\(param)]\(required)"
            case .datetime: control = "form.datetime_field \(param), value: params[\(param)]\(required)"
            case .email: control = "form.email_field \(param), value: params[\(param)]\(required)"
            case .url: control = "form.url_field \(param), value: params[\(param)]\(required)"
            case .string, .reference: control = "form.text_field \(param), value: params[\(param)]\(required)"
            }
            lines += field(param, label: RailsText.ruby(RailsText.humanize(f.key)), control: control)
        }
        lines += field("rodauth.password_param", label: "rodauth.password_label",
                       control: "form.password_field rodauth.password_param, autocomplete: \"new-password\", required: true")
        lines += field("rodauth.password_confirm_param", label: "rodauth.password_confirm_label",
                       control: "form.password_field rodauth.password_confirm_param, autocomplete: \"new-password\", required: true")
        lines += ["  <div class=\"actions\">", "    <%= form.button rodauth.create_account_button %>", "  </div>", "<% end %>", "",
                  "<p><%= link_to \"Already have an account? Sign in\", rodauth.login_path %></p>"]
        return RailsText.file(lines)
    }

    static func forbiddenView() -> [UInt8] {
        var lines = RailsViewRenderer.heading("\"Not allowed\"", visible: "Not allowed")
        lines += ["<p>Your account cannot open this page.</p>", "", "<p><%= link_to \"Go to the start page\", \"/\" %></p>"]
        return RailsText.file(lines)
    }

    static func showView(_ a: Spec, push: Bool = false) -> [UInt8] {
        var lines = RailsViewRenderer.heading("\"Account\"", visible: "Account")
        lines += ["<dl>", "  <dt>Email</dt>", "  <dd><%= @account.email %></dd>"]
        for f in a.fields {
            lines += ["  <dt>\(RailsViewRenderer.label(f))</dt>", "  <dd>\(RailsViewRenderer.value(f, of: "@account"))</dd>"]
        }
        lines.append("</dl>")
        if a.editable {
            lines += ["", "<p><%= link_to \"Edit account\", edit_account_path %></p>"]
        }
        if push {
            lines += ["", "<h2>Notifications</h2>",
                      "<p><%= pluralize(@account.push_devices.count, \"device\") %> registered: the app asks to send notifications after you sign in.</p>",
                      "<%= button_to \"Send a test notification\", account_push_test_notification_path %>"]
        }
        if a.nativeSession {
            lines += ["", "<%# The native layout has no header, so its Sign out lives here. %>",
                      "<% if hotwire_native_app? %>",
                      "  <%= button_to \"Sign out\", rodauth.logout_path, method: :post %>",
                      "<% end %>"]
        }
        return RailsText.file(lines)
    }

    static func editView(_ a: Spec, bridge: [BuiltInBridgeComponent] = []) -> [UInt8] {
        var lines = RailsViewRenderer.heading("\"Edit account\"", visible: "Edit account")
        lines += [
            "<%= form_with model: @account, url: account_path, method: :patch do |form| %>",
            "  <% if @account.errors.any? %>",
            "    <div class=\"form-errors\" role=\"alert\">",
            "      <h2><%= pluralize(@account.errors.count, \"problem\") %> kept your account from being saved:</h2>",
            "      <ul>",
            "        <% @account.errors.each do |error| %>",
            "          <li><%= error.full_message %></li>",
            "        <% end %>",
            "      </ul>",
            "    </div>",
            "  <% end %>",
        ]
        for f in a.fields {
            lines += [""] + RailsViewRenderer.input(f).map { "  " + $0 }
        }
        // Cancel stays beside the submit in native requests too, like the scaffold forms (000).
        lines += ["", "  <div class=\"actions\">", "    <%= form.button \"Save account\"\(RailsBridgeRenderer.optIn(bridge, .submit).map { ", " + $0 } ?? "") %>",
                  "    <%= link_to \"Cancel\", account_path, class: \"form-cancel\" %>", "  </div>", "<% end %>"]
        return RailsText.file(lines)
    }
}
