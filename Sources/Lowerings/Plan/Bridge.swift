/// `/application/bridge`: the built-in bridge components (seed 001, "Bridge components") the
/// generated web app and native clients share. Each is on by default when a native client is
/// requested; `false` turns one off. Without a native client no component is rendered: there is no
/// native half to promote a control to.
public struct Bridge: Hashable, Sendable {
    /// `submit`: a generated form's submit button promoted to a native bar button; nil when omitted.
    public var submit: Bool?

    public init(submit: Bool? = nil) {
        self.submit = submit
    }

    /// Whether `component` is on (authored, else the default: on).
    public func enabled(_ component: BuiltInBridgeComponent) -> Bool {
        switch component {
        case .submit: return submit ?? true
        }
    }
}

/// The bridge components orchestrate ships: one name shared by the HTML opt-in
/// (`data-controller="bridge--<name>"`), the Stimulus controller (`static component`), the Swift
/// `BridgeComponent` (`class var name`) and the Kotlin `BridgeComponentFactory`, plus the hide rule
/// `[data-bridge-components~="<name>"]`. Composition checks the pieces agree (`BridgeNameCheck`).
public enum BuiltInBridgeComponent: String, CaseIterable, Hashable, Sendable, Comparable {
    case submit

    /// The component's name on the bridge (and its Plan key under `/application/bridge`).
    public var name: String { rawValue }
    /// The Stimulus identifier of its web half (`app/javascript/controllers/bridge/<name>_controller.js`).
    public var stimulusIdentifier: String { "bridge--" + name }
    /// The seam of its web half (`app/javascript/controllers/bridge/<name>_controller.js`).
    public var webSeam: SeamID {
        switch self {
        case .submit: return .railsBridgeSubmitController
        }
    }
    /// The Swift and Kotlin class each Core ships for it.
    public var nativeType: String {
        switch self {
        case .submit: return "SubmitComponent"
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
