/// The web half of the built-in bridge components (issue 17; seed 001, "Bridge components"): the
/// Stimulus controller each one loads as `bridge--<name>`, the conditional rule that hides the
/// HTML control a native client promoted, and the opt-in attribute the form views put on their
/// control. One name per component (`BuiltInBridgeComponent.name`) spells all of them.
///
/// The base class is `BridgeComponent` of `@hotwired/hotwire-native-bridge` (pinned 1.2.2 in the
/// Core's `config/importmap.rb`), read at `hotwired/hotwire-native-bridge` `7839c71`:
/// `src/bridge_component.js:5-6` (`extends Controller`, `static component`), `:8-10`
/// (`shouldLoad` only in a Hotwire Native app, so browsers never connect it), `:18-23`
/// (`connect()`, `disconnect()` removing pending callbacks and messages: call both supers),
/// `:44-57` (`send(event, data, callback)`), `:67-69` (`bridgeElement`);
/// `src/bridge_element.js:8-15` (`title`: `data-bridge-title`, `aria-label`, text, value), `:52-61`
/// (`click()`); `src/bridge.js:84-87` (the adapter stamps `<html data-bridge-components="…">` with
/// the components the native side registered, which the hide rule keys on).
enum RailsBridgeRenderer {
    /// `data: { controller: "bridge--<name>" }`, the options a form builder's `button` takes as its
    /// first argument when it has no label of its own (Action View `FormBuilder#button`: a Hash
    /// value is the options), or after the label.
    static func optIn(_ components: [BuiltInBridgeComponent], _ component: BuiltInBridgeComponent) -> String? {
        components.contains(component) ? "data: { controller: \(RailsText.ruby(component.stimulusIdentifier)) }" : nil
    }

    static func controller(_ component: BuiltInBridgeComponent) -> [UInt8] {
        switch component {
        case .submit: return submitController()
        }
    }

    /// `submit`: sends the button's title when it connects; the native bar button's tap comes back
    /// as the reply to that message, which clicks the original button, so the form submits (and
    /// Turbo handles it) exactly as on the web. `disconnect` tells the native side to remove the
    /// bar button when the form leaves the page.
    static func submitController() -> [UInt8] {
        let name = BuiltInBridgeComponent.submit.name
        return RailsText.file([
            "// The web half of the built-in \"\(name)\" bridge component. In a Hotwire Native client that",
            "// registered it, the form's submit button becomes a native bar button the keyboard cannot",
            "// cover; tapping it clicks this button, so the form submits exactly as on the web. Browsers",
            "// and clients without the component keep the HTML button (app/assets/stylesheets/bridge.css",
            "// hides it only where the native side supports \"\(name)\").",
            "import { BridgeComponent } from \"@hotwired/hotwire-native-bridge\"",
            "",
            "export default class extends BridgeComponent {",
            "  static component = \(jsString(name))",
            "",
            "  connect() {",
            "    super.connect()",
            "    this.send(\"connect\", { title: this.bridgeElement.title }, () => {",
            "      this.bridgeElement.click()",
            "    })",
            "  }",
            "",
            "  disconnect() {",
            "    super.disconnect()",
            "    this.send(\"disconnect\")",
            "  }",
            "}",
        ])
    }

    /// Hides each promoted control only where the native side registered its component (the
    /// bridge stamps `html[data-bridge-components]`), so browsers and older builds keep it.
    static func css(_ components: [BuiltInBridgeComponent]) -> [UInt8] {
        var lines = [
            "/*",
            " * The HTML controls the built-in bridge components promote to native ones. Each rule",
            " * applies only when the native client registered that component: the bridge lists them",
            " * in html[data-bridge-components]. Browsers and builds without it keep the control.",
            " */",
        ]
        for c in components {
            lines += ["", "[data-bridge-components~=\(jsString(c.name))] [data-controller~=\(jsString(c.stimulusIdentifier))] {",
                      "  display: none !important;", "}"]
        }
        return RailsText.file(lines)
    }

    /// A double-quoted JavaScript/CSS string of a bridge name (`^[a-z][a-z0-9_-]*$`: nothing to escape).
    static func jsString(_ name: String) -> String { "\"" + name + "\"" }
}
