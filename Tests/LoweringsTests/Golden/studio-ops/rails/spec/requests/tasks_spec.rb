require "rails_helper"

RSpec.describe "Tasks", type: :request do
  describe "GET /tasks" do
    it "answers with the list" do
      get tasks_path

      expect(response).to have_http_status(:ok)
      expect(response.body).to include("<title>Tasks</title>")
    end
  end
end
