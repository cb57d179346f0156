// The web half of the built-in "submit" bridge component. In a Hotwire Native client that
// registered it, the form's submit button becomes a native bar button the keyboard cannot
// cover; tapping it clicks this button, so the form submits exactly as on the web. Browsers
// and clients without the component keep the HTML button (app/assets/stylesheets/bridge.css
// hides it only where the native side supports "submit").
import { BridgeComponent } from "@hotwired/hotwire-native-bridge"

export default class extends BridgeComponent {
  static component = "submit"

  connect() {
    super.connect()
    this.send("connect", { title: this.bridgeElement.title }, () => {
      this.bridgeElement.click()
    })
  }

  disconnect() {
    super.disconnect()
    this.send("disconnect")
  }
}
