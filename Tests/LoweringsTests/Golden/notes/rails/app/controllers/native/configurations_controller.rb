module Native
  # The path configuration of each native client, byte for byte the copy bundled in the client
  # (config/native/<client>_v1.json). Clients fetch it at launch, before anyone signs in, so it
  # reads no record and needs no session.
  class ConfigurationsController < ApplicationController
    def ios_v1
      render_configuration "ios_v1.json"
    end

    private

    def render_configuration(name)
      render json: Rails.root.join("config/native", name).binread
    end
  end
end
