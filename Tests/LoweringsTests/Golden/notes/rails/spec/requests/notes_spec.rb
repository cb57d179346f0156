require "rails_helper"

RSpec.describe "Notes", type: :request do
  describe "GET /notes" do
    it "answers with the list" do
      get notes_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Notes</title>")
    end
  end

  describe "GET /notes/new" do
    it "answers with the form" do
      get new_note_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /notes" do
    it "creates a record and shows it" do
      expect {
        post notes_path, params: { note: { title: "Example", body: "Some longer example text." } }
      }.to change(Note, :count).by(1)

      expect(response).to redirect_to(Note.last)
    end
  end
end
