# Pins for the browser's import map.
pin "application"
pin "@hotwired/turbo-rails", to: "turbo.min.js"
pin "@hotwired/stimulus", to: "stimulus.min.js"
pin "@hotwired/stimulus-loading", to: "stimulus-loading.js"
pin_all_from "app/javascript/controllers", under: "controllers"
# The web half of bridge components (the app's native/web/*_controller.js, copied into
# app/javascript/controllers/bridge/): its BridgeComponent base class, an ES module that
# imports @hotwired/stimulus from the pin above.
pin "@hotwired/hotwire-native-bridge", to: "https://cdn.jsdelivr.net/npm/@hotwired/hotwire-native-bridge@1.2.2/dist/hotwire-native-bridge.js"
