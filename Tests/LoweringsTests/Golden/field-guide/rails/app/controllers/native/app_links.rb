require "json"

module Native
  # The Universal Links (iOS) and App Links (Android) association payloads, from the server's
  # configuration (the environment), never from the repository. Fails closed: unless everything a
  # claim needs is configured and well-formed, the payload is valid and claims nothing.
  #
  #   APPLE_TEAM_ID                     the Apple Developer Team ID (10 characters, A-Z and 0-9)
  #   APP_LINK_PATHS                    the paths the iOS app opens, comma-separated ("/movies/*,/people/*";
  #                                     "!/movies/new" excludes); the Android app claims its whole domain
  #   ANDROID_CERT_SHA256_FINGERPRINTS  the SHA-256 fingerprints of the certificates that sign the
  #                                     Android app, comma-separated (AA:BB:…, 32 bytes; the Play Console
  #                                     lists the app signing key's under Test and release > App integrity)
  module AppLinks
    TEAM_ID = /\A[A-Z0-9]{10}\z/
    FINGERPRINT = /\A[0-9A-F]{2}(?::[0-9A-F]{2}){31}\z/
    PATH = %r{\A!?/[^\s?#]*\z}

    module_function

    # The apple-app-site-association document for the app with this bundle identifier.
    def apple(env, bundle_identifier)
      team_id = env["APPLE_TEAM_ID"].to_s.strip
      paths = list(env["APP_LINK_PATHS"])
      details =
        if team_id.match?(TEAM_ID) && paths.any? && paths.all? { |path| path.match?(PATH) }
          [{ "appIDs" => ["#{team_id}.#{bundle_identifier}"], "components" => paths.map { |path| component(path) } }]
        else
          []
        end
      JSON.generate("applinks" => { "details" => details })
    end

    # The assetlinks.json statement list for the app with this package name.
    def android(env, package_name)
      fingerprints = list(env["ANDROID_CERT_SHA256_FINGERPRINTS"]).map(&:upcase)
      statements =
        if fingerprints.any? && fingerprints.all? { |fingerprint| fingerprint.match?(FINGERPRINT) }
          [{ "relation" => ["delegate_permission/common.handle_all_urls"],
             "target" => { "namespace" => "android_app", "package_name" => package_name,
                           "sha256_cert_fingerprints" => fingerprints } }]
        else
          []
        end
      JSON.generate(statements)
    end

    def list(value)
      value.to_s.split(",").map(&:strip).reject(&:empty?)
    end

    def component(path)
      path.start_with?("!") ? { "/" => path.delete_prefix("!"), "exclude" => true } : { "/" => path }
    end
  end
end
