require "rails_helper"

RSpec.describe "Reviews", type: :request do
  describe "GET /reviews" do
    it "sends a guest to sign-in" do
      get reviews_path

      expect(response).to redirect_to("/login")
    end
  end
end
