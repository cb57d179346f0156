/// What a client's registry is generated from: `native.<platform>`'s components, screens and
/// splash (projection `<platform>_extensions`), apart from its packages (`<platform>_packages`),
/// so a new package regenerates the manifest, not the registry, and a file's bytes regenerate
/// neither.
public struct ExtensionDeclarations: Hashable, Sendable {
    public let platform: Platform
    public let components: [NativeDeclaration]
    public let screens: [NativeDeclaration]
    public let splash: NativeDeclaration?
    public let splashMilliseconds: Int
    public let projection: Projection

    public init(_ client: NativeClient, platform: Platform) {
        self.platform = platform
        components = client.components
        screens = client.screens
        splash = client.splash
        splashMilliseconds = client.effectiveSplashMilliseconds
        let base = platform.clientPointer
        func pairs(_ list: [NativeDeclaration]) -> ProjectionValue {
            .array(list.map { .object(["id": .string($0.id), "type": .string($0.type)]) })
        }
        projection = Projection(name: "\(platform.rawValue)_extensions", fields: [
            "components": pairs(components), "screens": pairs(screens), "splash": .optional(splash?.type),
            "splash_min_ms": .int(splashMilliseconds),
        ], sources: [
            "components": [base + "/components"], "screens": [base + "/screens"], "splash": [base + "/splash"],
            "splash_min_ms": [base + "/splash_min_seconds"],
        ])
    }

    /// Whether there is anything to register.
    public var isEmpty: Bool { components.isEmpty && screens.isEmpty && splash == nil }

    /// `1500` → `1.5`, `1000` → `1.0`.
    public var splashSeconds: String {
        var fraction = String(splashMilliseconds % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(splashMilliseconds / 1000).\(fraction)"
    }
}

/// The packages a client links (projection `<platform>_packages`).
public struct PackageDeclarations: Hashable, Sendable {
    public let packages: [NativePackage]
    public let projection: Projection

    public init(_ client: NativeClient, platform: Platform) {
        packages = client.packages
        projection = Projection(name: "\(platform.rawValue)_packages", fields: [
            "packages": .array(packages.map { package in
                switch package {
                case .swift(let p):
                    return .object(["url": .string(p.url), "requirement": .string(p.requirement?.key ?? ""),
                                    "version": .string(p.requirement?.value ?? ""), "products": .array(p.effectiveProducts.map { .string($0) })])
                case .maven(let c): return .string(c.coordinate)
                }
            }),
        ], sources: ["packages": [platform.clientPointer + "/packages"]])
    }

    public var swiftPackages: [SwiftPackage] { packages.compactMap { if case .swift(let p) = $0 { return p } else { return nil } } }
    public var mavenCoordinates: [MavenCoordinate] { packages.compactMap { if case .maven(let c) = $0 { return c } else { return nil } } }
}
