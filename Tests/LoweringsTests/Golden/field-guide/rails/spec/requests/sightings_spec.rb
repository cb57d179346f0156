require "rails_helper"

RSpec.describe "Sightings", type: :request do
  describe "GET /sightings" do
    it "answers with the list" do
      get sightings_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Sightings</title>")
    end
  end

  describe "GET /sightings/new" do
    it "answers with the form" do
      get new_sighting_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /sightings" do
    it "creates a record and shows it" do
      expect {
        post sightings_path, params: { sighting: { species: "Example", seen_on: "2026-01-02", notes: "Some longer example text." } }
      }.to change(Sighting, :count).by(1)

      expect(response).to redirect_to(Sighting.last)
    end
  end
end
