require "rails_helper"

RSpec.describe "Clients", type: :request do
  describe "GET /clients" do
    it "answers with the list" do
      get clients_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Clients</title>")
    end
  end

  describe "GET /clients/new" do
    it "answers with the form" do
      get new_client_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /clients" do
    it "creates a record and shows it" do
      expect {
        post clients_path, params: { client: { name: "Example", due_on: "2026-01-02" } }
      }.to change(Client, :count).by(1)

      expect(response).to redirect_to(Client.last)
    end
  end
end
