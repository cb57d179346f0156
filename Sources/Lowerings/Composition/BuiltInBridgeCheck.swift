/// After composition: every built-in bridge component on spells one name in all its pieces
/// (seed 001: "A single typo across the three silently disables the bridge"), and every view that
/// opts in to a bridge controller names one the app has. The pieces are orchestrate's (renderers
/// and Cores), so a mismatch is orchestrate's bug, reported as a composition error naming the
/// component, the file and what it found; the app's own components are checked when the native
/// directory loads (`NativeExtensions.checkBridgeNames`).
///
/// Per component `<name>` (Swift/Kotlin type `<Type>`):
/// * `app/javascript/controllers/bridge/<name>_controller.js`: `static component = "<name>"`;
/// * `app/assets/stylesheets/bridge.css`: `[data-bridge-components~="<name>"] [data-controller~="bridge--<name>"]`;
/// * with an iOS tree: `ios/Generated/BridgeRegistry.swift` registers `<Type>.self`, and the Swift
///   file declaring `class <Type>` says `class var name: String { "<name>" }`;
/// * with an Android tree: `…/generated/BridgeRegistry.kt` has `BridgeComponentFactory("<name>", ::<Type>)`;
/// * every `bridge--<id>` a view opts in to has `app/javascript/controllers/bridge/<id>_controller.js`
///   (Stimulus' identifier: `_` in the file name is `-`).
public enum BuiltInBridgeCheck {
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        public let component: String
        public let path: String
        public let problem: String

        public var description: String {
            "bridge component \"\(component)\": \(path) \(problem); its pieces must share one name or the bridge is silently off. This is orchestrate's own file: fix the renderer or Core (and re-pin it)"
        }
    }

    /// `paths`: every composed output path (mounted); `read` gives a path's bytes.
    public static func check(_ components: [BuiltInBridgeComponent], platforms: Set<Platform>, paths: [String],
                             read: (String) throws -> [UInt8]?) rethrows -> [Mismatch] {
        var problems: [Mismatch] = []
        func text(_ path: String) throws -> String? { try read(path).map { String(decoding: $0, as: UTF8.self) } }
        let controllers = WebExtensionPaths.controllers + "/"
        let css = CoreCatalog.seam(.railsBridgeCss).outputPath
        let iosRegistry = CoreCatalog.seam(.iosBridgeRegistry).outputPath
        let androidRegistry = CoreCatalog.seam(.androidBridgeRegistry).outputPath
        for c in components {
            let name = c.name
            func mismatch(_ path: String, _ problem: String) { problems.append(Mismatch(component: name, path: path, problem: problem)) }
            let web = CoreCatalog.seam(c.webSeam).outputPath
            if let bytes = try read(web) {
                let found = BridgeNames.webName(bytes)?.name
                if found != name { mismatch(web, "says static component = \(found.map { "\"\($0)\"" } ?? "nothing")") }
            } else { mismatch(web, "is missing") }
            let rule = "[data-bridge-components~=\"\(name)\"] [data-controller~=\"\(c.stimulusIdentifier)\"]"
            if try text(css)?.contains(rule) != true { mismatch(css, "has no rule \(rule)") }
            if platforms.contains(.ios) {
                if try text(iosRegistry)?.contains(c.nativeType + ".self") != true {
                    mismatch(iosRegistry, "does not register \(c.nativeType).self")
                }
                var named: String?
                for path in paths where path.hasPrefix(Platform.ios.rawValue + "/") && path.hasSuffix(".swift") {
                    guard let bytes = try read(path), let found = BridgeNames.swiftName(bytes, type: c.nativeType) else { continue }
                    named = found.name
                    if found.name != name { mismatch(path, "names \(c.nativeType) \"\(found.name)\"") }
                    break
                }
                if named == nil { mismatch(Platform.ios.rawValue + "/", "has no class \(c.nativeType) with class var name") }
            }
            if platforms.contains(.android) {
                let factory = "BridgeComponentFactory(\"\(name)\", ::\(c.nativeType))"
                if try text(androidRegistry)?.contains(factory) != true { mismatch(androidRegistry, "has no \(factory)") }
            }
        }
        // Opt-ins: each `bridge--<id>` in a view names a controller of the app.
        let identifiers = Set(paths.filter { $0.hasPrefix(controllers) && $0.hasSuffix("_controller.js") }.map {
            "bridge--" + $0.dropFirst(controllers.count).dropLast("_controller.js".count)
                .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: "/", with: "--")
        })
        for path in paths where path.hasPrefix("app/views/") && path.hasSuffix(".erb") {
            guard let view = try text(path) else { continue }
            for id in optIns(view) where !identifiers.contains(id) {
                let name = String(id.dropFirst("bridge--".count))
                problems.append(Mismatch(component: name, path: path, problem: "opts in to \(id), which no controller under \(controllers) defines"))
            }
        }
        return problems
    }

    /// The `bridge--<id>` identifiers a view's text names (`data-controller="bridge--x"`,
    /// `controller: "bridge--x"`).
    static func optIns(_ view: String) -> [String] {
        var out: [String] = []
        var rest = Substring(view)
        while let r = rest.range(of: "bridge--") {
            let id = rest[r.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            out.append(String(id))
            rest = rest[r.upperBound...]
        }
        return out
    }
}
