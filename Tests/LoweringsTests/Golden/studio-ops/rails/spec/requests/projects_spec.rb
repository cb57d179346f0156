require "rails_helper"

RSpec.describe "Projects", type: :request do
  describe "GET /projects" do
    it "answers with the list" do
      get projects_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Projects</title>")
    end
  end

  describe "GET /projects/new" do
    it "answers with the form" do
      get new_project_path

      expect(response).to have_http_status(:ok)
    end
  end

  describe "POST /projects" do
    it "creates a record and shows it" do
      expect {
        post projects_path, params: { project: { name: "Example", due_on: "2026-01-02" } }
      }.to change(Project, :count).by(1)

      expect(response).to redirect_to(Project.last)
    end
  end
end
