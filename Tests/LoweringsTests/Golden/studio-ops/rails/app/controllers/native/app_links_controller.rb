module Native
  # Serves the association files Apple's and Google's verifiers fetch from https://<domain>
  # before they let the app open that domain's links (Native::AppLinks builds them). No session,
  # no browser check: the verifiers are not browsers.
  class AppLinksController < ActionController::API
    IOS_BUNDLE_IDENTIFIER = "example.42-studio.ops.studio-ops"
    ANDROID_PACKAGE = "example.d_42_hstudio.ops.studio_ops"

    # The configuration the payloads read; a spec stubs it.
    def self.environment
      ENV
    end

    def apple_app_site_association
      render json: AppLinks.apple(self.class.environment, IOS_BUNDLE_IDENTIFIER)
    end

    def assetlinks
      render json: AppLinks.android(self.class.environment, ANDROID_PACKAGE)
    end
  end
end
