require "rails_helper"

RSpec.describe "Invoices", type: :request do
  describe "GET /invoices" do
    it "sends a guest to sign-in" do
      get invoices_path

      expect(response).to redirect_to("/login")
    end
  end
end
