Rails.application.routes.draw do
  # Path configuration of the native clients, served to them at launch. Listed before every
  # scaffold route so none can claim these paths; nothing links here, so no helpers.
  get "/configurations/ios_v1", to: "native/configurations#ios_v1", as: nil
  get "/configurations/android_v1", to: "native/configurations#android_v1", as: nil

  # Universal Links / App Links association files (app/controllers/native/app_links.rb).
  # format: false, so only these exact paths match.
  get "/.well-known/apple-app-site-association", to: "native/app_links#apple_app_site_association", format: false, as: nil
  get "/apple-app-site-association", to: "native/app_links#apple_app_site_association", format: false, as: nil
  get "/.well-known/assetlinks.json", to: "native/app_links#assetlinks", format: false, as: nil

  get "up" => "rails/health#show", as: :rails_health_check
  get "privacy", to: "legal#privacy", as: nil
  get "terms", to: "legal#terms", as: nil

  resources :sightings

  resources :trails, only: %i[index show]

  root "sightings#index"
end
