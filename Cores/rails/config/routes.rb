# Seam placeholder (owner: rails.routes). The renderer writes the native
# configuration routes first, then every scaffold route.
Rails.application.routes.draw do
  get "up" => "rails/health#show", as: :rails_health_check
end
