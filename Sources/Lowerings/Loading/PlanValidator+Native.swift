/// The rules of `/application/native` (issue 16, seed 003): declared type names are plain
/// identifiers of their language; screen ids and component names are URI-safe ids; packages are
/// pinned; rules route a path to a screen every client they route on declares.
extension PlanValidator {
    /// Screen ids the Cores use themselves (`hotwire://fragment/web`, Core's More list).
    static let reservedScreenIDs: Set<String> = ["web"]
    static let reservedScreenIDPrefix = "firstdraft"

    mutating func validateNative(_ plan: Plan) {
        let native = plan.application.native
        let base = JSONPointer(tokens: ["application", "native"])
        for platform in Platform.clients {
            guard let client = native.client(platform) else { continue }
            validateClient(client, platform, bridge: plan.application.bridge, at: base.appending(platform.rawValue))
        }
        validateRules(plan, at: base.appending("rules"))
    }

    private mutating func validateClient(_ client: NativeClient, _ platform: Platform, bridge: Bridge, at pointer: JSONPointer) {
        let language = platform == .ios ? "Swift" : "Kotlin"
        for (kind, list) in [("component name", client.components), ("screen id", client.screens)] {
            for d in list {
                if !Self.isNativeID(d.id) {
                    report(.nativeIDInvalid, d.pointer, "\(kind) \"\(d.id)\" must match ^[a-z][a-z0-9_-]*$ (at most 63 bytes): it goes into URIs and the web's bridge names")
                } else if kind == "component name", let builtIn = BuiltInBridgeComponent(rawValue: d.id), bridge.enabled(builtIn) {
                    report(.nativeComponentBuiltIn, d.pointer,
                           "component \"\(d.id)\" is orchestrate's built-in \(d.id) component (/application/bridge/\(d.id)); rename yours, or set \"bridge\": { \"\(d.id)\": false } to use your own")
                } else if kind == "screen id", Self.reservedScreenIDs.contains(d.id) || d.id.hasPrefix(Self.reservedScreenIDPrefix) {
                    report(.nativeIDReserved, d.pointer, "screen id \"\(d.id)\" is the Core's own (web, firstdraft*): choose another id")
                }
                checkType(d, language: language)
            }
        }
        if let splash = client.splash { checkType(splash, language: language) }
        if client.splashMinimumMilliseconds != nil, client.splash == nil {
            report(.nativeSplashSecondsWithoutSplash, pointer.appending("splash_min_seconds"),
                   "splash_min_seconds applies to a declared splash: add \"splash\": \"<type>\" or remove it")
        }
        if platform == .android {
            // A Fragment carries one @HotwireDestinationDeepLink, so it can serve one screen id.
            var seen: [String: String] = [:]
            for d in client.screens {
                if let first = seen[d.type] {
                    report(.nativeScreenTypeDuplicate, d.pointer,
                           "\(d.type) already serves screen \"\(first)\"; an Android Fragment has one @HotwireDestinationDeepLink uri, so give each screen id its own Fragment")
                } else { seen[d.type] = d.id }
            }
        }
        validatePackages(client.packages)
    }

    private mutating func checkType(_ d: NativeDeclaration, language: String) {
        if !Self.isIdentifier(d.type) || Self.swiftKeywords.contains(d.type) || Self.kotlinKeywords.contains(d.type) {
            report(.nativeTypeInvalid, d.pointer,
                   "\"\(d.type)\" is not a plain \(language) type name: a letter or '_', then letters, digits or '_', not a keyword (no module prefix, no generics)")
        }
    }

    private mutating func validatePackages(_ packages: [NativePackage]) {
        var identities: [String: JSONPointer] = [:]
        var products: [String: JSONPointer] = [:]
        var modules: [String: JSONPointer] = [:]
        for package in packages {
            switch package {
            case .swift(let p):
                let urlPointer = p.pointer.appending("url")
                if !Self.isPackageURL(p.url) {
                    report(.nativePackageURLInvalid, urlPointer,
                           "\"\(p.url)\" is not a package URL Swift Package Manager can fetch here: write https://host/owner/repo (no spaces, no query)")
                } else if let first = identities[p.identity] {
                    report(.nativePackageDuplicate, urlPointer,
                           "a package named \"\(p.repositoryName)\" is already pinned at \(place(first)); SwiftPM identifies a package by its repository name, so pin it once")
                } else { identities[p.identity] = p.pointer }
                if let r = p.requirement {
                    let at = p.pointer.appending(r.key)
                    switch r {
                    case .from(let v), .exact(let v):
                        if !Self.isSemanticVersion(v) {
                            report(.nativePackageVersionInvalid, at, "\"\(v)\" is not a semantic version: write MAJOR.MINOR.PATCH, e.g. \"1.1.0\"")
                        }
                    case .branch(let v):
                        if v.isEmpty || v.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F }) {
                            report(.nativePackageVersionInvalid, at, "branch \"\(v)\" is not a branch name: no spaces, quotes or backslashes")
                        }
                    case .revision(let v):
                        if v.utf8.count != 40 || !v.utf8.allSatisfy({ Self.isLowerHex($0) }) {
                            report(.nativePackageVersionInvalid, at, "revision \"\(v)\" is not a full commit hash: write its 40 lowercase hex digits")
                        }
                    }
                }
                if let authored = p.products, authored.isEmpty {
                    report(.nativePackageProductInvalid, p.pointer.appending("products"), "products is empty: name the products to link, or omit it to link the one named after the repository")
                }
                for (i, product) in p.effectiveProducts.enumerated() {
                    let at = p.products == nil ? urlPointer : p.pointer.appending("products").appending(String(i))
                    if !Self.isIdentifier(product) || Self.swiftKeywords.contains(product) {
                        report(.nativePackageProductInvalid, at, p.products == nil
                               ? "the repository name \"\(product)\" is not a Swift module name, so it cannot be the default product: list the products to link under \"products\""
                               : "product \"\(product)\" is not a Swift module name (letters, digits, '_'): NativeExtensions re-exports each product with `@_exported import`")
                    } else if let first = products[product] {
                        report(.nativePackageDuplicate, at, "product \"\(product)\" is already linked at \(place(first)): link it once")
                    } else { products[product] = at }
                }
            case .maven(let c):
                if !Self.isMavenCoordinate(c.coordinate) {
                    report(.nativeMavenCoordinateInvalid, c.pointer,
                           "\"\(c.coordinate)\" is not a pinned Maven coordinate: write \"group:artifact:version\" with an exact version (no '+', ranges or latest.*)")
                } else if let first = modules[c.module] {
                    report(.nativePackageDuplicate, c.pointer, "\(c.module) is already a dependency at \(place(first)): give it once")
                } else { modules[c.module] = c.pointer }
            }
        }
    }

    private mutating func validateRules(_ plan: Plan, at base: JSONPointer) {
        let native = plan.application.native
        var paths: [String: JSONPointer] = [:]
        let entityRoots = Set(plan.entities.map(\.pluralKey))
        var routed: Set<String> = []
        for rule in native.rules {
            let p = rule.pointer
            let pathPointer = p.appending("path")
            if !Self.isRulePath(rule.path) {
                report(.nativeRulePathInvalid, pathPointer,
                       "path \"\(rule.path)\" must be an absolute path of segments [A-Za-z0-9._~-] or :name parameters, not \"/\" (e.g. \"/native/map\", \"/builds/:id\")")
            } else {
                let first = rule.path.split(separator: "/").first.map(String.init) ?? ""
                if PlanValidator.reservedRoutes.contains(first) || first == "configurations" || first.hasPrefix(PlanValidator.reservedPrefix) {
                    report(.nativeRulePathCollision, pathPointer, "/\(first) belongs to the generated app (account, configurations, …): route a path of your own")
                } else if entityRoots.contains(first) {
                    report(.nativeRulePathCollision, pathPointer, "/\(first) is an entity's route; a native screen takes a path of its own")
                } else if let earlier = paths[rule.route.template] {
                    report(.nativeRulePathDuplicate, pathPointer, "path \(rule.path) is already routed at \(place(earlier)): one rule per path")
                } else { paths[rule.route.template] = p }
                if rule.tab != nil, rule.route.segments.contains(where: { if case .parameter = $0 { return true } else { return false } }) {
                    report(.nativeTabPathParameter, p.appending("tab"), "a tab opens one page, and \(rule.path) has a parameter: give the tab's rule a path without :name segments")
                }
            }
            if let title = rule.title { validateName(title, at: p.appending("title")) }
            if let tab = rule.tab { validateName(tab.label, at: tab.pointer.appending("label")) }
            let id = rule.viewController
            let declaring = Platform.clients.filter { native.client($0)?.screen(id) != nil }
            let vcPointer = p.appending("view_controller")
            let clients = rule.platforms ?? Platform.clients.filter { native.requests($0) }
            if let list = rule.platforms {
                for (i, platform) in list.enumerated() where !native.requests(platform) {
                    report(.nativeRulePlatformNotRequested, p.appending("platforms").appending(String(i)),
                           "the rule routes on \(platform.displayName), but the Plan requests no \(platform.displayName) client: add \"native\": { \"\(platform.rawValue)\": {} } or remove it here")
                }
                if list.isEmpty { report(.nativeRulePlatformNotRequested, p.appending("platforms"), "platforms is empty: name the clients the rule routes on, or omit it for every requested client") }
            } else if clients.isEmpty {
                report(.nativeRulePlatformNotRequested, p, "the rule routes to a native screen, but the Plan requests no native client: add application.native.ios or .android")
            }
            if declaring.isEmpty {
                let known = Set(Platform.clients.flatMap { native.client($0)?.screens.map(\.id) ?? [] }).sorted()
                report(.nativeRuleScreenUnknown, vcPointer, "view_controller \"\(id)\" names no screen: declare it under native.ios.screens / native.android.screens"
                       + (known.isEmpty ? "" : " (declared: \(known.joined(separator: ", ")))"))
            } else {
                for platform in clients where native.requests(platform) && !declaring.contains(platform) {
                    let other = declaring.map { "native.\($0.rawValue).screens" }.joined(separator: " and ")
                    report(.nativeRuleScreenUndeclared, vcPointer,
                           "screen \"\(id)\" is declared under \(other) but not native.\(platform.rawValue).screens, and this rule routes on \(platform.displayName): declare it there or add \"platforms\": [\(declaring.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]")
                }
                routed.insert(id)
            }
        }
        for platform in Platform.clients {
            for screen in native.client(platform)?.screens ?? [] where !routed.contains(screen.id) {
                report(.nativeScreenUnrouted, screen.pointer,
                       "screen \"\(screen.id)\" is declared but no rule routes to it: add a rule under /application/native/rules with \"view_controller\": \"\(screen.id)\"",
                       severity: .warning)
            }
        }
    }

    // MARK: lexical rules

    static func isNativeID(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard let first = b.first, isLowerASCII(first), b.count <= 63 else { return false }
        return b.allSatisfy { isLowerASCII($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    static func isIdentifier(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard let first = b.first, first == UInt8(ascii: "_") || isASCIILetter(first), s != "_", b.count <= 255 else { return false }
        return b.allSatisfy { isASCIILetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    static func isASCIILetter(_ b: UInt8) -> Bool { isLowerASCII(b) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) }
    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    static func isLowerHex(_ b: UInt8) -> Bool { isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f")) }

    static func isSemanticVersion(_ s: String) -> Bool {
        let core = s.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isDigit) && ($0 == "0" || $0.first != "0") }
            && s.utf8.allSatisfy { isASCIILetter($0) || isDigit($0) || ".-+".utf8.contains($0) }
    }

    static func isPackageURL(_ s: String) -> Bool {
        guard s.hasPrefix("https://") else { return false }
        let rest = s.dropFirst("https://".count)
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.allSatisfy { !$0.isEmpty }
            && rest.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && !"\"\\?#<>{}|^`".unicodeScalars.contains($0) }
    }

    static func isMavenCoordinate(_ s: String) -> Bool {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return false }
        let allowed: (UInt8) -> Bool = { isASCIILetter($0) || isDigit($0) || "._-".utf8.contains($0) }
        guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(allowed) }) else { return false }
        return !parts[2].hasPrefix("latest.")
    }

    static func isRulePath(_ s: String) -> Bool {
        guard s.hasPrefix("/"), s.count > 1, !s.hasSuffix("/") else { return false }
        for segment in s.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if segment.hasPrefix(":") {
                let name = segment.dropFirst()
                guard let f = name.utf8.first, isLowerASCII(f), name.utf8.allSatisfy({ isLowerASCII($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else { return false }
            } else {
                guard !segment.isEmpty, segment != ".", segment != "..",
                      segment.utf8.allSatisfy({ isASCIILetter($0) || isDigit($0) || "._~-".utf8.contains($0) }) else { return false }
            }
        }
        return true
    }

    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]
    static let kotlinKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object",
        "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while",
    ]
}
