/// Universal Links (iOS) and App Links (Android), the server's half (issue 17; seed 002,
/// "Universal Links And AASA"): `/.well-known/apple-app-site-association` (and the byte-identical
/// `/apple-app-site-association`) and `/.well-known/assetlinks.json`. What they claim is the
/// server's configuration, read from the environment on each request, never the tree's; with
/// nothing (or something malformed) configured they **fail closed**: a valid payload that claims
/// nothing (`{"applinks":{"details":[]}}`, `[]`), never a fake claim.
///
/// Formats: Apple's "Supporting associated domains" (`applinks.details[].appIDs` = `<Team ID>.<bundle
/// ID>`, `components[]` with `/` patterns, `exclude`); Google's Digital Asset Links statement list
/// (`relation` `delegate_permission/common.handle_all_urls`, `target.namespace` `android_app`,
/// `package_name`, `sha256_cert_fingerprints` as colon-separated uppercase hex).
enum RailsAppLinksRenderer {
    /// The identities the Plan gives each client whose tree was emitted (nil: no such route).
    struct Apps: Hashable, Sendable {
        /// The authored domain whose links the apps claim.
        var domain: String
        var iosBundleIdentifier: String?
        var androidPackage: String?

        /// nil without an authored domain or an emitted client whose identity it forms.
        init?(plan: Plan, clients: [Platform]) {
            let app = plan.application
            guard let domain = app.domain else { return nil }
            self.domain = domain
            if clients.contains(.ios) {
                iosBundleIdentifier = BundleIdentity.derive(key: app.key, domain: domain).identity?.bundleIdentifier
            }
            if clients.contains(.android), case .success(let identity) = AndroidIdentity.derive(key: app.key, domain: domain) {
                androidPackage = identity.applicationID
            }
            if iosBundleIdentifier == nil && androidPackage == nil { return nil }
        }
    }

    static let applePath = "/.well-known/apple-app-site-association"
    static let appleAliasPath = "/apple-app-site-association"
    static let androidPath = "/.well-known/assetlinks.json"

    /// The route lines `config/routes.rb` draws (before every scaffold route; no helpers).
    static func routes(_ apps: Apps) -> [String] {
        var lines = ["  # Universal Links / App Links association files (app/controllers/native/app_links.rb).",
                     "  # format: false, so only these exact paths match."]
        if apps.iosBundleIdentifier != nil {
            for path in [applePath, appleAliasPath] {
                lines.append("  get \(RailsText.ruby(path)), to: \"native/app_links#apple_app_site_association\", format: false, as: nil")
            }
        }
        if apps.androidPackage != nil {
            lines.append("  get \(RailsText.ruby(androidPath)), to: \"native/app_links#assetlinks\", format: false, as: nil")
        }
        return lines
    }

    /// `Native::AppLinks`: the two payloads as plain Ruby (JSON only), so they are checked without
    /// a running app too.
    static func payloads() -> [UInt8] {
        RailsText.file([
            "require \"json\"",
            "",
            "module Native",
            "  # The Universal Links (iOS) and App Links (Android) association payloads, from the server's",
            "  # configuration (the environment), never from the repository. Fails closed: unless everything a",
            "  # claim needs is configured and well-formed, the payload is valid and claims nothing.",
            "  #",
            "  #   APPLE_TEAM_ID                     the Apple Developer Team ID (10 characters, A-Z and 0-9)",
            "  #   APP_LINK_PATHS                    the paths the iOS app opens, comma-separated (\"/movies/*,/people/*\";",
            "  #                                     \"!/movies/new\" excludes); the Android app claims its whole domain",
            "  #   ANDROID_CERT_SHA256_FINGERPRINTS  the SHA-256 fingerprints of the certificates that sign the",
            "  #                                     Android app, comma-separated (AA:BB:…, 32 bytes; the Play Console",
            "  #                                     lists the app signing key's under Test and release > App integrity)",
            "  module AppLinks",
            "    TEAM_ID = /\\A[A-Z0-9]{10}\\z/",
            "    FINGERPRINT = /\\A[0-9A-F]{2}(?::[0-9A-F]{2}){31}\\z/",
            "    PATH = %r{\\A!?/[^\\s?#]*\\z}",
            "",
            "    module_function",
            "",
            "    # The apple-app-site-association document for the app with this bundle identifier.",
            "    def apple(env, bundle_identifier)",
            "      team_id = env[\"APPLE_TEAM_ID\"].to_s.strip",
            "      paths = list(env[\"APP_LINK_PATHS\"])",
            "      details =",
            "        if team_id.match?(TEAM_ID) && paths.any? && paths.all? { |path| path.match?(PATH) }",
            "          [{ \"appIDs\" => [\"#{team_id}.#{bundle_identifier}\"], \"components\" => paths.map { |path| component(path) } }]",
            "        else",
            "          []",
            "        end",
            "      JSON.generate(\"applinks\" => { \"details\" => details })",
            "    end",
            "",
            "    # The assetlinks.json statement list for the app with this package name.",
            "    def android(env, package_name)",
            "      fingerprints = list(env[\"ANDROID_CERT_SHA256_FINGERPRINTS\"]).map(&:upcase)",
            "      statements =",
            "        if fingerprints.any? && fingerprints.all? { |fingerprint| fingerprint.match?(FINGERPRINT) }",
            "          [{ \"relation\" => [\"delegate_permission/common.handle_all_urls\"],",
            "             \"target\" => { \"namespace\" => \"android_app\", \"package_name\" => package_name,",
            "                           \"sha256_cert_fingerprints\" => fingerprints } }]",
            "        else",
            "          []",
            "        end",
            "      JSON.generate(statements)",
            "    end",
            "",
            "    def list(value)",
            "      value.to_s.split(\",\").map(&:strip).reject(&:empty?)",
            "    end",
            "",
            "    def component(path)",
            "      path.start_with?(\"!\") ? { \"/\" => path.delete_prefix(\"!\"), \"exclude\" => true } : { \"/\" => path }",
            "    end",
            "  end",
            "end",
        ])
    }

    static func controller(_ apps: Apps) -> [UInt8] {
        var lines = [
            "module Native",
            "  # Serves the association files Apple's and Google's verifiers fetch from https://<domain>",
            "  # before they let the app open that domain's links (Native::AppLinks builds them). No session,",
            "  # no browser check: the verifiers are not browsers.",
            "  class AppLinksController < ActionController::API",
        ]
        if let bundle = apps.iosBundleIdentifier {
            lines += ["    IOS_BUNDLE_IDENTIFIER = \(RailsText.ruby(bundle))"]
        }
        if let package = apps.androidPackage {
            lines += ["    ANDROID_PACKAGE = \(RailsText.ruby(package))"]
        }
        lines += ["", "    # The configuration the payloads read; a spec stubs it.", "    def self.environment", "      ENV", "    end"]
        if apps.iosBundleIdentifier != nil {
            lines += ["", "    def apple_app_site_association",
                      "      render json: AppLinks.apple(self.class.environment, IOS_BUNDLE_IDENTIFIER)", "    end"]
        }
        if apps.androidPackage != nil {
            lines += ["", "    def assetlinks", "      render json: AppLinks.android(self.class.environment, ANDROID_PACKAGE)", "    end"]
        }
        lines += ["  end", "end"]
        return RailsText.file(lines)
    }

    /// Both states for each file: nothing configured (a valid claim of nothing) and configured.
    static func spec(_ apps: Apps) -> [UInt8] {
        var lines = ["require \"rails_helper\"", "", "RSpec.describe \"Universal Links and App Links association files\", type: :request do",
                     "  def configure(values)",
                     "    allow(Native::AppLinksController).to receive(:environment).and_return(values)",
                     "  end"]
        if let bundle = apps.iosBundleIdentifier {
            lines += [
                "",
                "  describe \"apple-app-site-association\" do",
                "    it \"claims nothing when the server configures no Team ID or paths\" do",
                "      configure({})",
                "      get \(RailsText.ruby(applePath))",
                "",
                "      expect(response).to have_http_status(:ok)",
                "      expect(response.media_type).to eq(\"application/json\")",
                "      expect(JSON.parse(response.body)).to eq(\"applinks\" => { \"details\" => [] })",
                "    end",
                "",
                "    it \"claims nothing when the Team ID is malformed\" do",
                "      configure(\"APPLE_TEAM_ID\" => \"not-a-team\", \"APP_LINK_PATHS\" => \"/*\")",
                "      get \(RailsText.ruby(applePath))",
                "",
                "      expect(JSON.parse(response.body)).to eq(\"applinks\" => { \"details\" => [] })",
                "    end",
                "",
                "    it \"claims the configured paths for the app, byte for byte at both addresses\" do",
                "      configure(\"APPLE_TEAM_ID\" => \"ABCDE12345\", \"APP_LINK_PATHS\" => \"/*, !/account\")",
                "      get \(RailsText.ruby(applePath))",
                "      well_known = response.body",
                "      get \(RailsText.ruby(appleAliasPath))",
                "",
                "      expect(response).to have_http_status(:ok)",
                "      expect(response.body).to eq(well_known)",
                "      expect(JSON.parse(response.body)).to eq(",
                "        \"applinks\" => { \"details\" => [{ \"appIDs\" => [\(RailsText.ruby("ABCDE12345." + bundle))],",
                "                                      \"components\" => [{ \"/\" => \"/*\" }, { \"/\" => \"/account\", \"exclude\" => true }] }] }",
                "      )",
                "    end",
                "  end",
            ]
        } else {
            lines += notServed("apple-app-site-association", at: applePath, client: .ios)
        }
        if let package = apps.androidPackage {
            lines += [
                "",
                "  describe \"assetlinks.json\" do",
                "    it \"claims nothing when the server configures no certificate fingerprint\" do",
                "      configure({})",
                "      get \(RailsText.ruby(androidPath))",
                "",
                "      expect(response).to have_http_status(:ok)",
                "      expect(response.media_type).to eq(\"application/json\")",
                "      expect(JSON.parse(response.body)).to eq([])",
                "    end",
                "",
                "    it \"claims nothing when a fingerprint is malformed\" do",
                "      configure(\"ANDROID_CERT_SHA256_FINGERPRINTS\" => \"AB:CD\")",
                "      get \(RailsText.ruby(androidPath))",
                "",
                "      expect(JSON.parse(response.body)).to eq([])",
                "    end",
                "",
                "    it \"delegates the domain's links to the app signed with the configured certificates\" do",
                "      fingerprint = ([\"ab\"] * 32).join(\":\")",
                "      configure(\"ANDROID_CERT_SHA256_FINGERPRINTS\" => fingerprint)",
                "      get \(RailsText.ruby(androidPath))",
                "",
                "      expect(JSON.parse(response.body)).to eq([",
                "        { \"relation\" => [\"delegate_permission/common.handle_all_urls\"],",
                "          \"target\" => { \"namespace\" => \"android_app\", \"package_name\" => \(RailsText.ruby(package)),",
                "                        \"sha256_cert_fingerprints\" => [fingerprint.upcase] } }",
                "      ])",
                "    end",
                "  end",
            ]
        } else {
            lines += notServed("assetlinks.json", at: androidPath, client: .android)
        }
        lines.append("end")
        return RailsText.file(lines)
    }

    /// The example for a file whose client's tree was not emitted: there is no route.
    private static func notServed(_ file: String, at path: String, client: Platform) -> [String] {
        ["", "  it \"serves no \(file) without an \(client.displayName) client\" do",
         "    get \(RailsText.ruby(path))", "", "    expect(response).to have_http_status(:not_found)", "  end"]
    }
}
