require "rails_helper"

RSpec.describe "Native path configurations", type: :request do
  # The client's bundled file, which the server sends. A deploy without the client tree cannot
  # serve it, so a missing file fails here instead of being skipped.
  def bundled(path)
    file = Rails.root.join(path)
    expect(file).to be_file, "#{path} is missing: the server sends the client's bundled copy, " \
                             "so the client tree must be checked out and deployed with the app"
    file.binread
  end

  it "serves the iOS client's bundled configuration byte for byte without signing in" do
    get "/configurations/ios_v1.json"

    expect(response).to have_http_status(:ok)
    expect(response.media_type).to eq("application/json")
    expect(response.body.b).to eq(bundled("ios/Resources/ios_v1.json"))
  end

  it "serves the Android client's bundled configuration byte for byte without signing in" do
    get "/configurations/android_v1.json"

    expect(response).to have_http_status(:ok)
    expect(response.media_type).to eq("application/json")
    expect(response.body.b).to eq(bundled("android/app/src/main/assets/json/android_v1.json"))
  end
end
