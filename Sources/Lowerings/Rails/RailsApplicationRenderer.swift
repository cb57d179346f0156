import Foundation

/// Application-wide Rails files: routes, the navigation partial, the theme stylesheet, the
/// identity and inflection initializers and the README.
enum RailsApplicationRenderer {
    typealias App = RailsApplicationSpec

    // MARK: config/routes.rb

    static func routes(_ app: App) -> [UInt8] {
        var lines = ["Rails.application.routes.draw do"]
        if !app.clients.isEmpty {
            lines += ["  # Path configuration of the native clients, served to them at launch. Listed before every",
                      "  # scaffold route so none can claim these paths; nothing links here, so no helpers."]
            for client in app.clients {
                lines.append("  get \"/configurations/\(client)_v1\", to: \"native/configurations#\(client)_v1\", as: nil")
            }
            lines.append("")
        }
        if let apps = app.appLinks {
            lines += RailsAppLinksRenderer.routes(apps) + [""]
        }
        lines.append("  get \"up\" => \"rails/health#show\", as: :rails_health_check")
        // The footer's pages; no helpers, so an entity keyed "privacy" keeps its member helper.
        lines.append("  get \"privacy\", to: \"legal#privacy\", as: nil")
        lines.append("  get \"terms\", to: \"legal#terms\", as: nil")
        if app.hasAccount {
            lines += ["", "  # Sign-in, sign-up and sign-out are Rodauth routes (app/misc/rodauth_main.rb)."]
            lines.append(app.accountEditable ? "  resource :account, only: %i[show edit update]" : "  resource :account, only: %i[show]")
            if app.nativeSession {
                lines.append("  get \"/native-session-changed\", to: \"native/sessions#show\", as: :native_session_changed")
            }
            if !app.push.isEmpty {
                lines += ["  # Push (Action Push Native): the apps' registration handshake and the Account page's test send.",
                          "  namespace :account do",
                          "    resource :push_device, only: %i[show create destroy]",
                          "    resource :push_test_notification, only: %i[create]",
                          "  end"]
            }
        }
        for r in app.resources {
            let children = app.resources.filter { $0.parentPluralKey == r.pluralKey }
            var line = "  resources :\(r.pluralKey)"
            if r.parentPluralKey != nil {
                line += r.forms ? ", except: %i[new create]" : ", only: %i[index show]"
            } else if !r.forms {
                line += ", only: %i[index show]"
            }
            lines.append("")
            if children.isEmpty {
                lines.append(line)
            } else {
                lines.append(line + " do")
                for child in children {
                    lines.append("    resources :\(child.pluralKey), only: %i[new create]")
                }
                lines.append("  end")
            }
        }
        if let root = app.rootPluralKey {
            lines += ["", "  root \"\(root)#index\""]
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    // MARK: app/views/layouts/_navigation.html.erb

    /// The web main navigation: entries in rank order, protected ones (and Account) only when
    /// signed in, then Sign out; guests get Sign in instead.
    static func navigation(_ entries: [NavigationEntry], themeSelector: Bool) -> [UInt8] {
        let hasAccount = entries.contains { $0.entityKey == nil }
        var lines = ["<nav class=\"site-navigation\" aria-label=\"Main\">", "  <ul>"]
        func item(_ e: NavigationEntry, indent: String) -> String {
            let route = RailsText.ruby(e.route)
            // The badge shows the count application code set for this entry's stable id, if any.
            return indent + "<li><%= link_to \(RailsText.ruby(e.label)), \(route), aria: { current: (\"page\" if current_page?(\(route))) } %>"
                + "<%= navigation_badge(\(RailsText.ruby(e.id))) %></li>"
        }
        var i = 0
        while i < entries.count {
            guard entries[i].requiresAccount else {
                lines.append(item(entries[i], indent: "    "))
                i += 1
                continue
            }
            lines.append("    <% if rodauth.logged_in? %>")
            while i < entries.count, entries[i].requiresAccount {
                lines.append(item(entries[i], indent: "      "))
                i += 1
            }
            if i == entries.count, hasAccount {
                // Account is last, so the signed-in run ends with Sign out.
                lines += ["      <li><%= button_to \"Sign out\", rodauth.logout_path, method: :post, data: { turbo: false } %></li>",
                          "    <% else %>",
                          "      <li><%= link_to \"Sign in\", rodauth.login_path %></li>"]
            }
            lines.append("    <% end %>")
        }
        lines += ["  </ul>", "</nav>"]
        if themeSelector {
            lines += [
                "",
                "<%# Theme \"toggle\": the browser's own choice; this partial is only in the web header. %>",
                "<script>document.documentElement.dataset.theme = localStorage.getItem(\"theme\") || \"\"</script>",
                "<select class=\"theme-selector\" aria-label=\"Theme\" data-controller=\"theme\" data-action=\"theme#choose\">",
                "  <option value=\"\">System theme</option>",
                "  <option value=\"light\">Light</option>",
                "  <option value=\"dark\">Dark</option>",
                "</select>",
            ]
        }
        return RailsText.file(lines)
    }

    // MARK: app/assets/stylesheets/theme.css

    static func themeCSS(theme: Theme, accent: Color?, background: Color) -> [UInt8] {
        func block(_ selector: String, scheme: String, dark: Bool, indent: String = "") -> [String] {
            let bg = dark ? background.dark : background.light
            let text = luminance(bg) < 0.4 ? "#f2f2f2" : "#1a1a1a"
            let border = luminance(bg) < 0.4 ? "#3a3a3a" : "#d9d9d9"
            let link = accent.map { (dark ? $0.dark : $0.light).hex.lowercased() } ?? text
            return [
                indent + "\(selector) {",
                indent + "  color-scheme: \(scheme);",
                indent + "  --foundation-accent: \(link);",
                indent + "  --foundation-background: \(bg.hex.lowercased());",
                indent + "  --foundation-text: \(text);",
                indent + "  --foundation-border: \(border);",
                indent + "}",
            ]
        }
        var lines = ["/* Colors from the Plan's appearance (theme: \(theme.rawValue)). */"]
        switch theme {
        case .light:
            lines += block(":root", scheme: "light", dark: false)
        case .dark:
            lines += block(":root", scheme: "dark", dark: true)
        case .auto, .toggle:
            lines += block(":root", scheme: "light dark", dark: false)
            lines += ["", "@media (prefers-color-scheme: dark) {"]
            lines += block(":root", scheme: "light dark", dark: true, indent: "  ")
            lines.append("}")
            if theme == .toggle {
                lines += ["", "/* A browser's chosen theme (html[data-theme]); native clients follow the system. */"]
                lines += block(":root[data-theme=\"light\"]", scheme: "light", dark: false)
                lines += block(":root[data-theme=\"dark\"]", scheme: "dark", dark: true)
            }
        }
        return RailsText.file(lines)
    }

    /// WCAG relative luminance of an sRGB color.
    static func luminance(_ c: RGBColor) -> Double {
        func channel(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.039_28 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
    }

    // MARK: Initializers

    static func identity(_ app: App) -> [UInt8] {
        RailsText.file([
            "# The display name; a page without a title of its own uses it.",
            "Rails.application.config.x.application_name = \(RailsText.ruby(app.name))",
        ])
    }

    /// With theme `toggle`: the browser's choice (light, dark or the system's) in localStorage,
    /// applied as `html[data-theme]`. Only the web header renders the selector, so native clients
    /// follow the system appearance.
    static func themeController() -> [UInt8] {
        RailsText.file([
            "import { Controller } from \"@hotwired/stimulus\"",
            "",
            "// The browser's theme choice, kept in localStorage and applied as html[data-theme].",
            "export default class extends Controller {",
            "  connect() {",
            "    this.element.value = localStorage.getItem(\"theme\") || \"\"",
            "  }",
            "",
            "  choose() {",
            "    const theme = this.element.value",
            "    if (theme) {",
            "      localStorage.setItem(\"theme\", theme)",
            "    } else {",
            "      localStorage.removeItem(\"theme\")",
            "    }",
            "    document.documentElement.dataset.theme = theme",
            "  }",
            "}",
        ])
    }

    /// Every entity's plural as the Plan spells it, so route helpers, table names and model names agree.
    static func inflections(_ app: App) -> [UInt8] {
        var lines = ["# Each entity's singular and plural key as the Plan names them.",
                     "ActiveSupport::Inflector.inflections(:en) do |inflect|"]
        for r in app.resources {
            lines.append("  inflect.irregular \(RailsText.ruby(r.key)), \(RailsText.ruby(r.pluralKey))")
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    // MARK: README.md

    static func readme(_ app: App) -> [UInt8] {
        var lines = ["# \(RailsText.markdown(app.name))", "",
                     "A Rails 8 application generated by orchestrate. Edit the Plan and compile again rather than",
                     "editing generated files; files the Plan does not own are yours.", "",
                     "## Run it", "",
                     "```sh", "bin/setup   # installs gems, prepares the database and starts the server", "bin/dev     # starts the server again later", "```", "",
                     "Then open http://localhost:3000. Request specs run with `bundle exec rspec`."]
        if app.hasAccount {
            lines += ["", "## Accounts", "",
                      "Sign-up, sign-in and sign-out are Rodauth routes (`/create-account`, `/login`, `/logout`);",
                      "every sign-in is remembered for a year, and using the app extends it."]
        }
        if !app.push.isEmpty {
            lines += [""] + RailsPushRenderer.readmeSection(app.push)
        }
        if !app.clients.isEmpty {
            let guides = app.clients.map { "[\(RailsNativeRenderer.guide($0))](\(RailsNativeRenderer.guide($0)))" }
            lines += ["", "## Native clients", ""]
            for (client, guide) in zip(app.clients, guides) {
                let title = client == .ios ? "iPhone" : "Android"
                lines.append("* \(title): `\(client)/` holds the Hotwire Native project. Preview it with `bin/\(client) preview revyl <public-url>`; \(guide) walks through it.")
            }
            lines += ["", "Each client loads its path configuration from this app at `/configurations/<client>_v1`: Rails",
                      "sends the very file bundled in the client, so deploy the app together with its client trees.",
                      "GitHub Actions tests and builds a client only when its native input digest changed; Rails-only",
                      "commits reuse an earlier build.", "",
                      "### Remote previews", "",
                      "Keep the development server private: in a Codespace, port 3000 stays private by default. A native",
                      "preview needs a temporary exception (a public port, a quick tunnel, a tunnel host admitted with",
                      "`RAILS_DEVELOPMENT_HOSTS`); " + guides.joined(separator: " and ") + " say" + (guides.count == 1 ? "s" : "")
                        + " when to open one and how to clean up after the preview."]
        }
        if let apps = app.appLinks {
            let domain = apps.domain
            lines += ["", "### Links into the apps", "",
                      "Links to https://\(RailsText.markdown(domain)) open in the apps once this server vouches for them. It serves the",
                      "association files from its environment, never from the repository, and claims nothing until they are set:"]
            if apps.iosBundleIdentifier != nil {
                lines += ["", "* `APPLE_TEAM_ID` (Apple Developer, Membership) and `APP_LINK_PATHS` (comma-separated, such as",
                          "  `/movies/*,!/movies/new`): `/.well-known/apple-app-site-association`, for Universal Links."]
            }
            if apps.androidPackage != nil {
                lines += ["", "* `ANDROID_CERT_SHA256_FINGERPRINTS` (comma-separated; Play Console, App integrity, app signing key):",
                          "  `/.well-known/assetlinks.json`, for App Links."]
            }
            lines += ["", "Without them (or with a malformed value) both files are valid and claim nothing, so a link opens",
                      "the browser; `spec/requests/native/app_links_spec.rb` checks both states."]
        }
        return RailsText.file(lines)
    }
}
