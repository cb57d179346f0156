require "rails_helper"

RSpec.describe "Meetings", type: :request do
  describe "GET /meetings" do
    it "answers with the list" do
      get meetings_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Meetings</title>")
    end
  end

  describe "GET /meetings/new" do
    it "answers with the form" do
      get new_meeting_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /meetings" do
    it "creates a record and shows it" do
      expect {
        post meetings_path, params: { meeting: { name: "Example", due_on: "2026-01-02" } }
      }.to change(Meeting, :count).by(1)

      expect(response).to redirect_to(Meeting.last)
    end
  end
end
