require "rails_helper"

RSpec.describe "Movies", type: :request do
  describe "GET /movies" do
    it "answers with the list" do
      get movies_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Movies</title>")
    end
  end

  describe "GET /movies/new" do
    it "answers with the form" do
      get new_movie_path

      expect(response).to have_http_status(:ok)
    end
  end
end
