require "rails_helper"

RSpec.describe "Watchlist", type: :request do
  describe "GET /watchlist_items" do
    it "sends a guest to sign-in" do
      get watchlist_items_path

      expect(response).to redirect_to("/login")
    end
  end
end
