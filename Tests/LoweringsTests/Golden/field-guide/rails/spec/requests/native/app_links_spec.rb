require "rails_helper"

RSpec.describe "Universal Links and App Links association files", type: :request do
  def configure(values)
    allow(Native::AppLinksController).to receive(:environment).and_return(values)
  end

  describe "apple-app-site-association" do
    it "claims nothing when the server configures no Team ID or paths" do
      configure({})
      get "/.well-known/apple-app-site-association"

      expect(response).to have_http_status(:ok)
      expect(response.media_type).to eq("application/json")
      expect(JSON.parse(response.body)).to eq("applinks" => { "details" => [] })
    end

    it "claims nothing when the Team ID is malformed" do
      configure("APPLE_TEAM_ID" => "not-a-team", "APP_LINK_PATHS" => "/*")
      get "/.well-known/apple-app-site-association"

      expect(JSON.parse(response.body)).to eq("applinks" => { "details" => [] })
    end

    it "claims the configured paths for the app, byte for byte at both addresses" do
      configure("APPLE_TEAM_ID" => "ABCDE12345", "APP_LINK_PATHS" => "/*, !/account")
      get "/.well-known/apple-app-site-association"
      well_known = response.body
      get "/apple-app-site-association"

      expect(response).to have_http_status(:ok)
      expect(response.body).to eq(well_known)
      expect(JSON.parse(response.body)).to eq(
        "applinks" => { "details" => [{ "appIDs" => ["ABCDE12345.org.example.fieldguide.field-guide"],
                                      "components" => [{ "/" => "/*" }, { "/" => "/account", "exclude" => true }] }] }
      )
    end
  end

  describe "assetlinks.json" do
    it "claims nothing when the server configures no certificate fingerprint" do
      configure({})
      get "/.well-known/assetlinks.json"

      expect(response).to have_http_status(:ok)
      expect(response.media_type).to eq("application/json")
      expect(JSON.parse(response.body)).to eq([])
    end

    it "claims nothing when a fingerprint is malformed" do
      configure("ANDROID_CERT_SHA256_FINGERPRINTS" => "AB:CD")
      get "/.well-known/assetlinks.json"

      expect(JSON.parse(response.body)).to eq([])
    end

    it "delegates the domain's links to the app signed with the configured certificates" do
      fingerprint = (["ab"] * 32).join(":")
      configure("ANDROID_CERT_SHA256_FINGERPRINTS" => fingerprint)
      get "/.well-known/assetlinks.json"

      expect(JSON.parse(response.body)).to eq([
        { "relation" => ["delegate_permission/common.handle_all_urls"],
          "target" => { "namespace" => "android_app", "package_name" => "org.example.fieldguide.field_guide",
                        "sha256_cert_fingerprints" => [fingerprint.upcase] } }
      ])
    end
  end
end
