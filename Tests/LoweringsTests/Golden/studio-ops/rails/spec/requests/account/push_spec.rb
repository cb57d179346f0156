require "rails_helper"
require "bcrypt"

RSpec.describe "Push registration", type: :request do
  around do |example|
    adapter = ActiveJob::Base.queue_adapter
    ActiveJob::Base.queue_adapter = :test
    example.run
  ensure
    ActiveJob::Base.queue_adapter = adapter
  end

  let(:password) { "correct horse battery" }

  def sign_in(email)
    account = Account.new(email: email, status: "verified", password_hash: BCrypt::Password.create(password))
    account.save!(validate: false)
    post "/login", params: { email: email, password: password }
    account
  end

  def register(token, platform: "apple")
    post account_push_device_path, params: { token: token, platform: platform, name: "Phone" }.to_json,
                                   headers: { "Content-Type" => "application/json", "Accept" => "application/json" }
  end

  it "answers 401 to a guest, so the apps never ask for permission before sign-in" do
    get account_push_device_path
    expect(response).to have_http_status(:unauthorized)

    register("guest-token")
    expect(response).to have_http_status(:unauthorized)
    expect(ApplicationPushDevice.count).to eq(0)
  end

  it "stores a token for the signed-in account and updates it when registered again" do
    account = sign_in("owner@example.com")
    get account_push_device_path
    expect(response).to have_http_status(:ok)

    register("token-1")
    expect(response).to have_http_status(:created)
    register("token-1")
    expect(response).to have_http_status(:ok)

    expect(ApplicationPushDevice.where(token: "token-1").count).to eq(1)
    expect(ApplicationPushDevice.find_by(token: "token-1").owner).to eq(account)
  end

  it "moves a known token to the account that registers it" do
    first = sign_in("first@example.com")
    register("shared-phone")
    post "/logout"
    second = sign_in("second@example.com")
    register("shared-phone")

    device = ApplicationPushDevice.find_by!(token: "shared-phone")
    expect(device.owner).to eq(second)
    expect(first.push_devices.count).to eq(0)
  end

  it "forgets the device of a signed-out app that sends its token" do
    sign_in("owner@example.com")
    register("leaving-phone")
    register("other-phone")
    post "/logout"

    delete account_push_device_path, params: { token: "leaving-phone" }.to_json,
                                     headers: { "Content-Type" => "application/json" }
    expect(response).to have_http_status(:no_content)
    expect(ApplicationPushDevice.pluck(:token)).to eq(["other-phone"])
  end

  it "refuses an unknown platform and a body that is not JSON" do
    sign_in("owner@example.com")
    register("token-2", platform: "windows")
    expect(response).to have_http_status(:unprocessable_content)

    post account_push_device_path, params: { token: "token-3", platform: "apple" }
    expect(response).to have_http_status(:unsupported_media_type)
    expect(ApplicationPushDevice.count).to eq(0)
  end

  it "deletes a device whose token the push service rejects" do
    account = sign_in("owner@example.com")
    register("stale-token")
    device = account.push_devices.sole
    service = Object.new
    def service.push(_notification) = raise(ActionPushNative::TokenError, "Unregistered")
    allow(ActionPushNative).to receive(:service_for).and_return(service)

    device.push(ApplicationPushNotification.new(title: "Hello"))
    expect(ApplicationPushDevice.exists?(device.id)).to be(false)
  end

  describe "the Account page's test send" do
    it "says when no device is registered" do
      sign_in("owner@example.com")
      post account_push_test_notification_path
      expect(response).to redirect_to(account_path)
      expect(flash[:alert]).to include("No device is registered yet")
    end

    it "names the missing credentials instead of sending" do
      sign_in("owner@example.com")
      register("token-4")
      allow(ApplicationPushNotification).to receive(:missing_credentials).and_return(["APNS_KEY_ID"])

      post account_push_test_notification_path
      expect(flash[:alert]).to include("APNS_KEY_ID")
      expect(ActiveJob::Base.queue_adapter.enqueued_jobs).to be_empty
    end

    it "enqueues one notification for the account's devices" do
      sign_in("owner@example.com")
      register("token-5")
      allow(ApplicationPushNotification).to receive(:missing_credentials).and_return([])

      expect { post account_push_test_notification_path }
        .to have_enqueued_job(ApplicationPushNotificationJob).exactly(:once)
      expect(flash[:notice]).to eq("Sent a test notification to 1 device.")
    end
  end
end
