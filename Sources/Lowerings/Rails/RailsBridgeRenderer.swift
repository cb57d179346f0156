/// The web half of the built-in bridge components (issue 17; seed 001, "Bridge components"): the
/// Stimulus controller each one loads as `bridge--<name>`, the conditional rule that hides the
/// HTML control a native client promoted, and the opt-in attribute the form views put on their
/// control. One name per component (`BuiltInBridgeComponent.name`) spells all of them.
///
/// The base class is `BridgeComponent` of `@hotwired/hotwire-native-bridge`, pinned 1.2.2 in the
/// Core's `config/importmap.rb`. Read in the published 1.2.2 `dist/hotwire-native-bridge.js` (its
/// header says "Hotwire Native Bridge 1.2.2"; a vendored copy in the code index): `BridgeComponent
/// extends Controller` with `static component`; `static get shouldLoad()` is
/// `appSupportsBridgeComponent(this.component)`, true only when the User-Agent's
/// `bridge-components: [...]` lists the component (so browsers, and builds that did not register
/// it, never connect the controller); `connect()` installs the `native:restore` listener that calls
/// `connect()` again, `disconnect()` removes pending callbacks, messages and that listener (so
/// both supers must run); `send(event, data = {}, callback)` queues until the native adapter is set;
/// `bridgeElement` wraps `this.element`. `BridgeElement.title` is `data-bridge-title`, then
/// `aria-label`, then the text, then the value; `click()` clicks the element. The `Bridge`'s
/// `adapterDidUpdateSupportedComponents()` stamps `<html data-bridge-components="…">`, which the
/// hide rule keys on. The same members at `hotwired/hotwire-native-bridge` `7839c71` (1.0.0):
/// `src/bridge_component.js:5-23`, `:44-69`; `src/bridge_element.js:8-15`, `:52-61`; `src/bridge.js:84-87`.
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
