module Native
  # The path configuration of each native client: the very file bundled in the client, sent byte
  # for byte, so the app and the server share one copy. Clients fetch it at launch, before anyone
  # signs in, so it reads no record and needs no session.
  class ConfigurationsController < ApplicationController
    def ios_v1
      render_bundled "ios", "Resources", "ios_v1.json"
    end

    def android_v1
      render_bundled "android", "app", "src", "main", "assets", "json", "android_v1.json"
    end

    private

    # render json: sends a String as it is, with the application/json content type.
    def render_bundled(*path)
      render json: Rails.root.join(*path).binread
    end
  end
end
