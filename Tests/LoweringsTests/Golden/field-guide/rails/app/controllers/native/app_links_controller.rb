module Native
  # Serves the association files Apple's and Google's verifiers fetch from https://<domain>
  # before they let the app open that domain's links (Native::AppLinks builds them). No session,
  # no browser check: the verifiers are not browsers.
  class AppLinksController < ActionController::API
    IOS_BUNDLE_IDENTIFIER = "org.example.fieldguide.field-guide"
    ANDROID_PACKAGE = "org.example.fieldguide.field_guide"

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
