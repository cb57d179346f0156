require "rails_helper"

RSpec.describe "Reports", type: :request do
  describe "GET /reports" do
    it "sends a guest to sign-in" do
      get reports_path

      expect(response).to redirect_to("/login")
    end
  end
end
