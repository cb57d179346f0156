/// Classifies the app's native files per client (seed 003's filename API) and checks them:
///
/// * `ios/**/*.swift` → `Extensions/**` (one module with the shell: a Swift file name must be
///   unique in the app target, and the Core's own names are taken);
/// * `android/**/*.kt` → the extension package's folder; each file must declare
///   `package dev.firstdraft.app.extensions` first;
/// * `ios/assets/**` (PNG, JPEG, SVG, PDF) → one imageset per name, single scale unless `@2x` /
///   `@3x` siblings exist, vectors kept as vectors;
/// * `android/assets/**` (PNG, JPEG, WebP, VectorDrawable XML) → drawables (`drawable-nodpi`
///   single scale, `-mdpi`/`-xhdpi`/`-xxhdpi` with scale siblings, `drawable` for XML);
///   names `[a-z][a-z0-9_]*`.
///
/// Names are global (an asset catalog, the `R` class): the same name in two folders is an error,
/// as are the names the Cores stamp. Files with nothing declared compile in, with a warning.
/// Markdown files (`*.md`, any case) are notes for people: left out, without a warning.
public struct NativeExtensions: Hashable, Sendable {
    public var ios = ClientExtensions()
    public var android = ClientExtensions()
    /// `web/**/*_controller.js`: Stimulus controllers (a bridge component's web half) for the Rails
    /// app, copied into `app/javascript/controllers/bridge/`.
    public var web: [ExtensionFile] = []

    public init() {}

    public subscript(_ platform: Platform) -> ClientExtensions {
        platform == .android ? android : ios
    }

    /// Swift file names the iOS Core's app target already has (`Cores/ios/App`, `Generated`).
    public static let iosCoreSwiftNames: Set<String> = [
        "AppDelegate.swift", "AppRootURL.swift", "AppShell.swift", "AppWebView.swift", "AppWebViewController.swift",
        "CodespacesPreview.swift", "ExtensionHosting.swift", "InterfaceTheme+UIKit.swift", "InterfaceTheme.swift",
        "LazyTabBarController.swift", "MoreListViewController.swift", "NavigationContainer.swift",
        "NavigationEntry+UIKit.swift", "NavigationEntry.swift", "PathConfigurationSources.swift", "SceneDelegate.swift",
        "SplashPresenter.swift", "TabLayout.swift", "TryAgainErrorView.swift", "DeepLink.swift", "SubmitComponent.swift",
        "ApplicationDefinition.swift", "NavigationDefinition.swift", "ExtensionRegistry.swift", "BridgeRegistry.swift",
        "PushRegistration.swift",
    ]
    /// Asset names the iOS Core stamps (case-insensitively reserved).
    public static let iosReservedImageNames = ["AppIcon", "AccentColor", "FoundationBackground"]
    /// Drawable names (or prefixes) the Android Core stamps.
    public static let androidReservedImagePrefixes = ["ic_launcher", "ic_tab_"]

    static let iosImageTypes: Set<String> = ["png", "jpg", "jpeg", "svg", "pdf"]
    static let iosVectorTypes: Set<String> = ["svg", "pdf"]
    static let androidImageTypes: Set<String> = ["png", "jpg", "jpeg", "webp", "xml"]

    public static func classify(_ sources: NativeSources, plan: Plan) -> (NativeExtensions, [Diagnostic]) {
        var out = NativeExtensions()
        var diagnostics = sources.diagnostics
        func report(_ code: DiagnosticCode, _ path: String, line: Int = 1, severity: Diagnostic.Severity = .error, _ message: String) {
            diagnostics.append(Diagnostic(file: sources.display(path), position: SourcePosition(line: line, column: 1, offset: 0),
                                          pointer: .root, code: code, severity: severity, message: message))
        }
        var iosImages: [NativeSources.File] = [], androidImages: [NativeSources.File] = []
        var swiftNames: [String: String] = [:], kotlinNames: [String: String] = [:]
        for file in sources.files {
            // Markdown is notes for people (`orchestrate init` writes a README into each
            // platform's folder): never compiled, and not worth a warning.
            if file.path.lowercased().hasSuffix(".md") { continue }
            let parts = file.path.split(separator: "/").map(String.init)
            if parts.count >= 2, parts[0] == "web" {
                let inside = parts.dropFirst().joined(separator: "/")
                if inside.hasSuffix("_controller.js") {
                    out.web.append(ExtensionFile(file, destination: WebExtensionPaths.controllers + "/" + inside))
                } else {
                    report(.sourceFileIgnored, file.path, severity: .warning,
                           "web/ holds Stimulus controllers (*_controller.js, loaded as bridge--<name>); this file is left out")
                }
                continue
            }
            guard parts.count >= 2, let platform = Platform(rawValue: parts[0]), platform.isClient else {
                report(.sourceFileIgnored, file.path, severity: .warning, "not under ios/, android/ or web/, so nothing reads it; move it or remove it")
                continue
            }
            let inside = parts.dropFirst().joined(separator: "/")
            let name = parts.last!
            if parts.count >= 3, parts[1] == "assets" {
                if platform == .ios { iosImages.append(file) } else { androidImages.append(file) }
                continue
            }
            switch (platform, fileExtension(name)) {
            case (.ios, "swift"):
                if iosCoreSwiftNames.contains(name) {
                    report(.sourceFileNameReserved, file.path, "\(name) is a file of the shell's app target; Swift needs file names unique in a target: rename it")
                } else if let first = swiftNames[name] {
                    report(.sourceFileNameDuplicate, file.path, "\(name) is also \(sources.display(first)); Swift needs file names unique in a target: rename one")
                } else {
                    swiftNames[name] = file.path
                    out.ios.sources.append(ExtensionFile(file, destination: IOSExtensionPaths.sources + "/" + inside))
                }
            case (.android, "kt"):
                if let problem = kotlinPackageProblem(file.bytes) {
                    report(.sourceKotlinPackageMissing, file.path, line: problem.line, problem.message)
                } else if let first = kotlinNames[name] {
                    report(.sourceFileNameDuplicate, file.path, "\(name) is also \(sources.display(first)); both compile into package \(AndroidExtensionPaths.package) and their file classes would clash: rename one")
                } else {
                    kotlinNames[name] = file.path
                    out.android.sources.append(ExtensionFile(file, destination: AndroidExtensionPaths.sources + "/" + inside))
                }
            default:
                report(.sourceFileIgnored, file.path, severity: .warning,
                       "only \(platform == .ios ? ".swift" : ".kt") files and \(platform.rawValue)/assets/ are compiled in; this file is left out")
            }
        }
        out.ios.imageSets = iosImageSets(iosImages, into: &out.ios.images, report)
        out.android.images = androidDrawables(androidImages, report)
        let native = plan.application.native
        for platform in Platform.clients {
            let files = out[platform]
            guard !files.isEmpty else { continue }
            guard let client = native.client(platform) else {
                report(.sourceClientNotRequested, platform.rawValue, severity: .warning,
                       "has files, but the Plan requests no \(platform.displayName) client: they are not compiled; add \"native\": { \"\(platform.rawValue)\": {} } to use them")
                continue
            }
            let declares = !client.components.isEmpty || !client.screens.isEmpty || client.splash != nil
            if !files.sources.isEmpty && !declares {
                report(.sourceNothingDeclared, platform.rawValue, severity: .warning,
                       "has \(platform == .ios ? "Swift" : "Kotlin") files, but \(platform.clientPointer) declares no component, screen or splash: they compile in and nothing is hooked up")
            }
        }
        if !sources.files.isEmpty {
            checkBridgeNames(sources, out, plan: plan) { code, path, line, severity, message in
                report(code, path, line: line, severity: severity, message)
            }
        }
        return (out, diagnostics)
    }

    // MARK: Kotlin

    /// The first line that is not blank, a comment or a file annotation must be the extension
    /// package line; nil when it is.
    static func kotlinPackageProblem(_ bytes: [UInt8]) -> (line: Int, message: String)? {
        let text = String(decoding: bytes, as: UTF8.self)
        var inBlock = false
        let expected = "package \(AndroidExtensionPaths.package)"
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(raw.trimmingCharacters(in: [" ", "\t", "\r", "\u{FEFF}"]))
            if inBlock {
                guard let end = line.range(of: "*/") else { continue }
                line = line[end.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
                inBlock = false
            }
            while line.hasPrefix("/*") {
                guard let end = line.range(of: "*/") else { inBlock = true; break }
                line = line[end.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
            }
            if inBlock || line.isEmpty || line.hasPrefix("//") || line.hasPrefix("@file:") || (index == 0 && line.hasPrefix("#!")) { continue }
            if line == expected || line.hasPrefix(expected + ";") || line.hasPrefix(expected + " ") || line.hasPrefix(expected + "//") {
                return nil
            }
            let found = line.hasPrefix("package ") ? "it declares `\(line.prefix(120))`" : "it starts with `\(line.prefix(60))`"
            return (index + 1, "every Kotlin file in native/android must begin with `\(expected)`, the package the generated registry imports; \(found)")
        }
        return (1, "every Kotlin file in native/android must begin with `\(expected)`, the package the generated registry imports; this file has none")
    }

    // MARK: images

    /// `logo@2x.png` → ("logo", 2, "png"); `logo.png` → ("logo", nil, "png").
    static func imageName(_ file: String) -> (name: String, scale: Int?, type: String) {
        let type = fileExtension(file)
        var stem = type.isEmpty ? file : String(file.dropLast(type.count + 1))
        var scale: Int?
        for s in [2, 3] where stem.hasSuffix("@\(s)x") {
            scale = s
            stem.removeLast(3)
        }
        return (stem, scale, type)
    }

    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func folder(_ path: String) -> String { path.split(separator: "/").dropLast().joined(separator: "/") }

    private typealias Report = (DiagnosticCode, String, Int, Diagnostic.Severity, String) -> Void

    private static func iosImageSets(_ files: [NativeSources.File], into images: inout [ExtensionFile],
                                     _ report: (DiagnosticCode, String, Int, Diagnostic.Severity, String) -> Void) -> [ImageSet] {
        var groups: [String: [(file: NativeSources.File, scale: Int?, type: String)]] = [:]
        var order: [String] = []
        var folders: [String: String] = [:]
        for file in files {
            let base = String(file.path.split(separator: "/").last!)
            let (name, scale, type) = imageName(base)
            guard iosImageTypes.contains(type) else {
                report(.sourceImageTypeUnsupported, file.path, 1, .error, "an iOS image is PNG, JPEG, SVG or PDF (.png, .jpg, .jpeg, .svg, .pdf); convert it or move it out of ios/assets")
                continue
            }
            if name.isEmpty || name.hasPrefix(".") || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "/" || $0 == "\\" }) {
                report(.sourceImageNameInvalid, file.path, 1, .error, "\"\(name)\" cannot name an image in the asset catalog: give the file a plain name")
                continue
            }
            if let reserved = iosReservedImageNames.first(where: { $0.lowercased() == name.lowercased() }) {
                report(.sourceImageNameReserved, file.path, 1, .error, "\(reserved) is stamped by the shell from the Plan (icon, accent, background): rename the image")
                continue
            }
            let key = name.lowercased()
            if let first = folders[key], first != folder(file.path) {
                report(.sourceImageNameDuplicate, file.path, 1, .error,
                       "image \"\(name)\" is also in \(first)/; names are global to the asset catalog: rename one")
                continue
            }
            folders[key] = folder(file.path)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((file, scale, type))
        }
        var sets: [ImageSet] = []
        for key in order {
            let group = groups[key]!
            let name = imageName(String(group[0].file.path.split(separator: "/").last!)).name
            let vector = group.contains { iosVectorTypes.contains($0.type) }
            if vector && group.count > 1 {
                for item in group where iosVectorTypes.contains(item.type) || item.scale != nil {
                    report(.sourceImageScaleInvalid, item.file.path, 1, .error,
                           "\(name) is a vector (SVG or PDF), which is scale-free: keep the one vector file and remove the other \(name) files")
                }
                continue
            }
            var byScale: [Int: NativeSources.File] = [:]
            var clash = false
            for item in group {
                let scale = item.scale ?? 1
                if let other = byScale[scale] {
                    report(.sourceImageNameDuplicate, item.file.path, 1, .error,
                           "\(name) at \(scale)x is also \(String(other.path.split(separator: "/").last!)): keep one file per scale")
                    clash = true
                }
                byScale[scale] = item.file
            }
            if clash { continue }
            let dir = IOSExtensionPaths.imageSet(name)
            let single = group.count == 1 && group[0].scale == nil
            var list: [ImageSet.Image] = []
            for scale in byScale.keys.sorted() {
                let file = byScale[scale]!
                let ext = ExtensionFile(file, destination: dir + "/" + String(file.path.split(separator: "/").last!))
                images.append(ext)
                list.append(ImageSet.Image(scale: single ? nil : scale, file: ext))
            }
            sets.append(ImageSet(name: name, images: list, vector: vector))
        }
        return sets.sorted { $0.name.utf8Precedes($1.name) }
    }

    /// The Android spelling of an image name: camel case split with `_`, lowercase, other
    /// characters `_`, a leading digit prefixed.
    public static func androidSpelling(_ name: String) -> String {
        var out = ""
        var previousLower = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isUppercase, scalar.isASCII {
                if previousLower { out += "_" }
                out += scalar.properties.lowercaseMapping
                previousLower = false
            } else if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
                previousLower = true
            } else {
                if !out.hasSuffix("_") { out += "_" }
                previousLower = false
            }
        }
        while out.hasSuffix("_") { out.removeLast() }
        if let first = out.unicodeScalars.first, !("a"..."z").contains(first) { out = "img_" + out }
        return out.isEmpty ? "image" : out
    }

    private static func androidDrawables(_ files: [NativeSources.File],
                                         _ report: (DiagnosticCode, String, Int, Diagnostic.Severity, String) -> Void) -> [ExtensionFile] {
        var seen: [String: String] = [:]
        var groups: [String: [(file: NativeSources.File, scale: Int?, type: String)]] = [:]
        var order: [String] = []
        for file in files {
            let base = String(file.path.split(separator: "/").last!)
            let (name, scale, type) = imageName(base)
            guard androidImageTypes.contains(type) else {
                report(.sourceImageTypeUnsupported, file.path, 1, .error,
                       "an Android drawable is PNG, JPEG, WebP or a VectorDrawable .xml (no SVG or PDF: convert it with Android Studio's Vector Asset)")
                continue
            }
            guard PlanValidator.isAndroidResourceName(name) else {
                let fixed = androidSpelling(name) + (scale.map { "@\($0)x" } ?? "") + "." + type
                report(.sourceImageNameInvalid, file.path, 1, .error,
                       "\"\(name)\" is not an Android resource name (lowercase letters, digits and '_', starting with a letter): rename the file \(fixed)")
                continue
            }
            if androidReservedImagePrefixes.contains(where: { name.hasPrefix($0) }) {
                report(.sourceImageNameReserved, file.path, 1, .error, "ic_launcher* and ic_tab_* drawables are stamped by the shell: rename the image")
                continue
            }
            if type == "xml" && scale != nil {
                report(.sourceImageScaleInvalid, file.path, 1, .error, "an XML drawable is scale-free: drop the @\(scale!)x suffix")
                continue
            }
            if let first = seen[name], first != folder(file.path) {
                report(.sourceImageNameDuplicate, file.path, 1, .error, "drawable \"\(name)\" is also in \(first)/; R.drawable names are global: rename one")
                continue
            }
            seen[name] = folder(file.path)
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append((file, scale, type))
        }
        var out: [ExtensionFile] = []
        for name in order {
            let group = groups[name]!
            var byScale: [Int: NativeSources.File] = [:]
            var bad = false
            for item in group {
                let scale = item.scale ?? 1
                if byScale[scale] != nil || (group.count > 1 && item.type == "xml") {
                    report(.sourceImageNameDuplicate, item.file.path, 1, .error, "drawable \"\(name)\" is given twice (one file per scale; an XML drawable alone): keep one")
                    bad = true
                }
                byScale[scale] = item.file
            }
            if bad { continue }
            let single = group.count == 1 && group[0].scale == nil
            for (scale, file) in byScale.sorted(by: { $0.key < $1.key }) {
                let type = imageName(String(file.path.split(separator: "/").last!)).type
                let folder: String
                if type == "xml" { folder = "drawable" } else if single { folder = "drawable-nodpi" } else {
                    folder = ["drawable-mdpi", "drawable-xhdpi", "drawable-xxhdpi"][scale - 1]
                }
                // aapt reads `.jpg`, so a `.jpeg` keeps its bytes under that name.
                out.append(ExtensionFile(file, destination: "\(AndroidExtensionPaths.resources)/\(folder)/\(name).\(type == "jpeg" ? "jpg" : type)"))
            }
        }
        return out
    }
}

extension PlanValidator {
    static func isAndroidResourceName(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard let f = b.first, isLowerASCII(f) else { return false }
        return b.allSatisfy { isLowerASCII($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }
}
