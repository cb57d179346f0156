/// The settings of one requested native client (`/application/native/ios`, `…/android`): what the
/// shell hooks up of the app's own native code under `native/<platform>/` (seed 003). Every field
/// is optional; `{}` requests the client with nothing hooked up.
public struct NativeClient: Hashable, Sendable {
    /// Bridge components to register: component name (the Stimulus half's `static component`) →
    /// `BridgeComponent` subclass.
    public var components: [NativeDeclaration]
    /// Native screens: screen id (what a rule's `view_controller` names) → type.
    public var screens: [NativeDeclaration]
    /// The splash type (iOS: a SwiftUI View or UIViewController with `init()`; Android: a View
    /// with a `(Context)` constructor).
    public var splash: NativeDeclaration?
    /// `splash_min_seconds` in milliseconds (at most 8 000); nil when omitted (the default, 1 000).
    public var splashMinimumMilliseconds: Int?
    /// Swift packages (iOS) or Maven coordinates (Android), in Plan order.
    public var packages: [NativePackage]

    public static let defaultSplashMilliseconds = 1_000
    public static let maximumSplashMilliseconds = 8_000

    public init(components: [NativeDeclaration] = [], screens: [NativeDeclaration] = [], splash: NativeDeclaration? = nil,
                splashMinimumMilliseconds: Int? = nil, packages: [NativePackage] = []) {
        self.components = components
        self.screens = screens
        self.splash = splash
        self.splashMinimumMilliseconds = splashMinimumMilliseconds
        self.packages = packages
    }

    /// The minimum time a declared splash stays up.
    public var effectiveSplashMilliseconds: Int { splashMinimumMilliseconds ?? Self.defaultSplashMilliseconds }

    /// Whether the client declares anything for the shell to hook up.
    public var declaresAnything: Bool { !components.isEmpty || !screens.isEmpty || splash != nil || !packages.isEmpty }

    /// The type a screen id names on this client.
    public func screen(_ id: String) -> NativeDeclaration? { screens.first { $0.id == id } }
}

/// One declared type: `"map": "MapScreen"` (id → type), or a splash (no id).
public struct NativeDeclaration: Hashable, Sendable {
    /// The screen id or component name ("" for a splash).
    public var id: String
    /// A plain Swift or Kotlin identifier naming a type in the app's native sources.
    public var type: String
    /// Where the type is written (`/application/native/ios/screens/map`).
    public var pointer: JSONPointer

    public init(id: String, type: String, pointer: JSONPointer) {
        self.id = id
        self.type = type
        self.pointer = pointer
    }
}

/// One package a client links.
public enum NativePackage: Hashable, Sendable {
    case swift(SwiftPackage)
    case maven(MavenCoordinate)
}

/// A Swift package dependency: a URL, exactly one version requirement, the products to link
/// (each re-exported by the generated `NativeExtensions` package).
public struct SwiftPackage: Hashable, Sendable {
    public enum Requirement: Hashable, Sendable {
        case from(String), exact(String), branch(String), revision(String)
        /// The Plan key (`from`, `exact`, `branch`, `revision`).
        public var key: String {
            switch self {
            case .from: return "from"
            case .exact: return "exact"
            case .branch: return "branch"
            case .revision: return "revision"
            }
        }
        public var value: String {
            switch self {
            case let .from(v), let .exact(v), let .branch(v), let .revision(v): return v
            }
        }
    }

    public var url: String
    /// nil when the Plan gave none or more than one (a diagnostic says which).
    public var requirement: Requirement?
    /// Authored products; nil when omitted (then the repository's name).
    public var products: [String]?
    public var pointer: JSONPointer

    public init(url: String, requirement: Requirement?, products: [String]?, pointer: JSONPointer) {
        self.url = url
        self.requirement = requirement
        self.products = products
        self.pointer = pointer
    }

    /// The repository name: the URL's last path component without `.git`.
    public var repositoryName: String {
        var last = url.split(separator: "/").last.map(String.init) ?? url
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// SwiftPM's identity of the package: the repository name, lowercased.
    public var identity: String { repositoryName.lowercased() }

    /// The products linked: the authored ones, else the repository's name.
    public var effectiveProducts: [String] { products ?? [repositoryName] }
}

/// A Maven coordinate `group:artifact:version`, applied by the generated Gradle script.
public struct MavenCoordinate: Hashable, Sendable {
    public var coordinate: String
    public var pointer: JSONPointer

    public init(coordinate: String, pointer: JSONPointer) {
        self.coordinate = coordinate
        self.pointer = pointer
    }

    /// `group:artifact` (a module may be named once).
    public var module: String { coordinate.split(separator: ":", omittingEmptySubsequences: false).prefix(2).joined(separator: ":") }
}
