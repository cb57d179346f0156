require "rails_helper"

RSpec.describe "Trails", type: :request do
  describe "GET /trails" do
    it "answers with the list" do
      get trails_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Trails</title>")
    end
  end
end
