import Hashing

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

    /// Bump when what `check` looks at or how it decides changes: a memo of passed checks by `key`
    /// must never vouch for files an older check would have passed and this one refuses.
    public static let version: UInt32 = 1

    /// What `check` is a function of, hashed: its version, the components and platforms, and per
    /// composed tree its platform, mount and native input digest (`TreeDigest` over every file's
    /// path, mode and digest, so every byte `check` can read). A memo of keys that passed lets a
    /// compile whose trees did not move skip reading every view again; a tree that moved moves the key.
    public static func key(_ components: [BuiltInBridgeComponent], platforms: Set<Platform>,
                           trees: [(platform: Platform, mount: String, nativeInputDigest: Digest)]) -> Digest {
        var b = DigestBuilder(domain: "orchestrate.bridge-check", version: version)
        b.add(UInt64(components.count))
        for c in components.sorted() { b.add(c.name) }
        let sortedPlatforms = platforms.map(\.rawValue).sorted()
        b.add(UInt64(sortedPlatforms.count))
        for p in sortedPlatforms { b.add(p) }
        b.add(UInt64(trees.count))
        for t in trees.sorted(by: { $0.platform.rawValue < $1.platform.rawValue }) {
            b.add(t.platform.rawValue)
            b.add(t.mount)
            b.add(t.nativeInputDigest)
        }
        return b.finalize()
    }

    /// The Stimulus identifiers of the app's bridge controllers (`bridge--<id>`), from the
    /// composed paths under `app/javascript/controllers/bridge/`.
    public static func controllerIdentifiers(_ paths: [String]) -> Set<String> {
        let controllers = controllerDirectory
        return Set(paths.filter { $0.hasPrefix(controllers) && $0.hasSuffix("_controller.js") }.map {
            "bridge--" + $0.dropFirst(controllers.count).dropLast("_controller.js".count)
                .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: "/", with: "--")
        })
    }

    /// Whether a view passes is a function of its bytes and the controllers' identifiers alone:
    /// a memo of the view digests that passed is kept under this key, so a compile that changed
    /// a few views scans those only.
    public static func viewsKey(identifiers: Set<String>) -> Digest {
        var b = DigestBuilder(domain: "orchestrate.bridge-check.views", version: version)
        let sorted = identifiers.sorted()
        b.add(UInt64(sorted.count))
        for id in sorted { b.add(id) }
        return b.finalize()
    }

    /// The directory (with its `/`) of the bridge's Stimulus controllers, whose files give the
    /// identifiers views may opt in to (`controllerIdentifiers`).
    public static let controllerDirectory = WebExtensionPaths.controllers + "/"

    /// Whether `path` is a view the opt-in rule scans.
    public static func isView(_ path: String) -> Bool { path.hasPrefix("app/views/") && path.hasSuffix(".erb") }

    /// `paths`: every composed output path (mounted); `read` gives a path's bytes. `skipView`: views
    /// known to pass with these controllers (their bytes are not read). `knownOptIns`: a view's
    /// `optIns`, where they were taken from its bytes already (nil: its bytes are read).
    public static func check(_ components: [BuiltInBridgeComponent], platforms: Set<Platform>, paths: [String],
                             skipView: (String) -> Bool = { _ in false },
                             knownOptIns: (String) -> [String]? = { _ in nil },
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
        let identifiers = controllerIdentifiers(paths)
        for path in paths where isView(path) && !skipView(path) {
            let ids: [String]
            if let known = knownOptIns(path) {
                ids = known
            } else {
                guard let view = try read(path) else { continue }
                ids = optIns(view)
            }
            for id in ids where !identifiers.contains(id) {
                let name = String(id.dropFirst("bridge--".count))
                problems.append(Mismatch(component: name, path: path, problem: "opts in to \(id), which no controller under \(controllers) defines"))
            }
        }
        return problems
    }

    /// The `bridge--<id>` identifiers a view's text names (`data-controller="bridge--x"`,
    /// `controller: "bridge--x"`): after each `bridge--`, the longest run of letters, digits, `-`
    /// and `_` (Unicode letters and digits count, as `Character.isLetter`/`isNumber` decide).
    static func optIns(_ view: String) -> [String] { optIns(Array(view.utf8)) }

    /// `optIns` over UTF-8 bytes: a view is scanned for `b` bytes only, and decoded only around a hit.
    public static func optIns(_ bytes: [UInt8]) -> [String] {
        let marker = Array("bridge--".utf8)
        var out: [String] = []
        var i = 0
        let n = bytes.count, m = marker.count
        while i + m <= n {
            guard bytes[i] == marker[0] else { i += 1; continue }
            var j = 1
            while j < m && bytes[i + j] == marker[j] { j += 1 }
            guard j == m else { i += 1; continue }
            // The identifier ends at the first byte that is ASCII and not [A-Za-z0-9_-]; a
            // non-ASCII scalar is decided by Character, as before.
            var end = i + m
            while end < n {
                let c = bytes[end]
                if c >= 0x80 { break }
                if (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F {
                    end += 1
                } else { break }
            }
            if end < n && bytes[end] >= 0x80 {
                // Non-ASCII: Characters decide, from the marker on (a combining mark joins the
                // letter before it).
                let rest = String(decoding: bytes[i...], as: UTF8.self)
                // A mark right after the marker joins its last `-`: no `bridge--` there.
                guard rest.hasPrefix("bridge--") else { i += m; continue }
                out.append(String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }))
            } else {
                out.append(String(decoding: bytes[i..<end], as: UTF8.self))
            }
            i += m
        }
        return out
    }
}
