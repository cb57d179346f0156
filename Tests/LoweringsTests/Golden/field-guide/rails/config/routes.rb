Rails.application.routes.draw do
  # Path configuration of the native clients, served to them at launch. Listed before every
  # scaffold route so none can claim these paths; nothing links here, so no helpers.
  get "/configurations/ios_v1", to: "native/configurations#ios_v1", as: nil
  get "/configurations/android_v1", to: "native/configurations#android_v1", as: nil

  get "up" => "rails/health#show", as: :rails_health_check
  get "privacy", to: "legal#privacy", as: nil
  get "terms", to: "legal#terms", as: nil

  resources :sightings

  resources :trails, only: %i[index show]

  root "sightings#index"
end
