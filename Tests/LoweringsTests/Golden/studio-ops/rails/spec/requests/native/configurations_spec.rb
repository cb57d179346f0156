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

  describe "GET /configurations/android_v1" do
    let(:served) { Rails.root.join("config/native/android_v1.json").binread }

    it "serves the Android configuration byte for byte without signing in" do
      get "/configurations/android_v1.json"

      expect(response).to have_http_status(:ok)
      expect(response.media_type).to eq("application/json")
      expect(response.body.b).to eq(served)
    end

    it "is the file bundled in the Android client" do
      bundled = Rails.root.join("android/app/src/main/assets/json/android_v1.json")
      skip "the android/ tree is not in this checkout" unless bundled.exist?

      expect(served).to eq(bundled.binread)
    end
  end
end
