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

  # Sign-in, sign-up and sign-out are Rodauth routes (app/misc/rodauth_main.rb).
  resource :account, only: %i[show]
  get "/native-session-changed", to: "native/sessions#show", as: :native_session_changed
  # Push (Action Push Native): the apps' registration handshake and the Account page's test send.
  namespace :account do
    resource :push_device, only: %i[show create destroy]
    resource :push_test_notification, only: %i[create]
  end

  resources :projects do
    resources :tasks, only: %i[new create]
  end

  resources :tasks, except: %i[new create]

  resources :clients

  resources :invoices

  resources :meetings

  resources :reports

  root "tasks#index"
end
