require "rails_helper"

RSpec.describe "Genres", type: :request do
  describe "GET /genres" do
    it "answers with the list" do
      get genres_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Genres</title>")
    end
  end

  describe "GET /genres/new" do
    it "answers with the form" do
      get new_genre_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /genres" do
    it "creates a record and shows it" do
      expect {
        post genres_path, params: { genre: { name: "Example" } }
      }.to change(Genre, :count).by(1)

      expect(response).to redirect_to(Genre.last)
    end
  end
end
