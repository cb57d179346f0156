require "rails_helper"

RSpec.describe "People", type: :request do
  describe "GET /people" do
    it "answers with the list" do
      get people_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>People</title>")
    end
  end

  describe "GET /people/new" do
    it "answers with the form" do
      get new_person_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /people" do
    it "creates a record and shows it" do
      expect {
        post people_path, params: { person: { name: "Example", born_on: "2026-01-02" } }
      }.to change(Person, :count).by(1)

      expect(response).to redirect_to(Person.last)
    end
  end
end
