require "rails_helper"

RSpec.describe "Native path configurations", type: :request do
  describe "GET /configurations/ios_v1" do
    let(:served) { Rails.root.join("config/native/ios_v1.json").binread }

    it "serves the iOS configuration byte for byte without signing in" do
      get "/configurations/ios_v1.json"

      expect(response).to have_http_status(:ok)
      expect(response.media_type).to eq("application/json")
      expect(response.body.b).to eq(served)
    end

    it "is the file bundled in the iOS client" do
      bundled = Rails.root.join("ios/Resources/ios_v1.json")
      skip "the ios/ tree is not in this checkout" unless bundled.exist?

      expect(served).to eq(bundled.binread)
    end
  end

  it "has no Android configuration, because the Plan selects no Android client" do
    get "/configurations/android_v1.json"

    expect(response).to have_http_status(:not_found)
  end
end
