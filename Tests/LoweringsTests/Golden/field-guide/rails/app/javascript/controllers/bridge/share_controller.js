// The web half of the `share` bridge component: in the native apps, a share button appears in
// place of the page's own link (data-controller="bridge--share").
import { BridgeComponent } from "@hotwired/hotwire-native-bridge"

export default class extends BridgeComponent {
  static component = "share"
  static values = { title: String }

  share(event) {
    event.preventDefault()
    this.send("share", { url: window.location.href, title: this.titleValue })
  }
}
