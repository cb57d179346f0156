/// The Android application identity of release `android-application-2026-11.1`: the application ID
/// and the HTTPS Rails origin. The ID is kept apart from the fixed Kotlin namespace
/// (`dev.firstdraft.app`), so a new domain rewrites `application.properties` and no Kotlin source.
///
/// * With a domain: the labels reversed, `-` written `_h`, a digit-leading label prefixed `d_`, then
///   the application key; origin `https://<domain>`. DNS labels hold no `_`, so distinct domains
///   keep distinct IDs.
/// * Without one: the placeholders `invalid.firstdraft.<key>` and `https://<key with - for _>.invalid`.
public struct AndroidIdentity: Hashable, Sendable {
    /// Android's package-name limit (`FrameworkParsingPackageUtils.MAX_FILE_NAME_SIZE`).
    public static let maximumLength = 223
    /// The longest DNS label the placeholder origin's host may have.
    public static let maximumLabelLength = 63

    public let applicationID: String
    public let origin: String
    /// True when the Plan has no domain and the placeholders are in use.
    public let isPlaceholder: Bool

    /// Why a key and domain cannot form an identity. The pointer says which authored value to change.
    public enum Problem: Hashable, Sendable {
        /// The domain cannot be an origin (the same DNS rules as the iOS identity).
        case domain(DomainProblem)
        /// A segment is not a Java identifier that starts with a letter.
        case invalidSegment(segment: String, pointer: String)
        /// The whole ID is longer than 223 bytes.
        case tooLong(applicationID: String, pointer: String)
        /// Without a domain, the key does not fit one DNS label of the placeholder origin.
        case placeholderLabelTooLong(label: String)

        public var pointer: String {
            switch self {
            case .domain: return "/application/domain"
            case .invalidSegment(_, let p), .tooLong(_, let p): return p
            case .placeholderLabelTooLong: return "/application/key"
            }
        }
    }

    /// The identity for `key` and `domain`, or every problem that prevents one.
    public static func derive(key: String, domain: String?) -> Result<AndroidIdentity, ProblemList> {
        var problems: [Problem] = []
        let segments: [(segment: String, pointer: String)]
        let origin: String
        if let domain {
            problems += DomainProblem.check(domain).map(Problem.domain)
            let labels = domain.split(separator: ".", omittingEmptySubsequences: false).reversed()
            segments = labels.map { (segment(forLabel: String($0)), "/application/domain") } + [(key, "/application/key")]
            origin = "https://" + domain
        } else {
            let host = key.replacingOccurrences("_", with: "-")
            if host.utf8.count > maximumLabelLength { problems.append(.placeholderLabelTooLong(label: host)) }
            segments = [("invalid", "/application/key"), ("firstdraft", "/application/key"), (key, "/application/key")]
            origin = "https://" + host + ".invalid"
        }
        // Keywords are fine: the Kotlin namespace is fixed (dev.firstdraft.app), so the
        // application ID never becomes a package name (000 has no keyword rule).
        for (segment, pointer) in segments where !isJavaIdentifierStartingWithLetter(segment) {
            // A bad domain label is reported once, as a domain problem.
            if pointer == "/application/domain", problems.contains(where: { if case .domain = $0 { return true } else { return false } }) { continue }
            problems.append(.invalidSegment(segment: segment, pointer: pointer))
        }
        let applicationID = segments.map(\.segment).joined(separator: ".")
        if applicationID.utf8.count > maximumLength {
            problems.append(.tooLong(applicationID: applicationID, pointer: domain == nil ? "/application/key" : "/application/domain"))
        }
        guard problems.isEmpty else { return .failure(ProblemList(problems: problems)) }
        return .success(AndroidIdentity(applicationID: applicationID, origin: origin, isPlaceholder: domain == nil))
    }

    /// One DNS label as a package segment: `-` → `_h`, digit first → `d_` prefix.
    public static func segment(forLabel label: String) -> String {
        var out = label.replacingOccurrences("-", with: "_h")
        if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = "d_" + out }
        return out
    }

    /// `[A-Za-z][A-Za-z0-9_]*`: what Android accepts as a package segment (a subset of Java identifiers).
    static func isJavaIdentifierStartingWithLetter(_ s: String) -> Bool {
        let scalars = Array(s.unicodeScalars)
        guard let first = scalars.first, first.isASCIILetter else { return false }
        return scalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The problems of one failed derivation (a `Result` failure needs an `Error`).
    public struct ProblemList: Error, Hashable, Sendable {
        public let problems: [Problem]
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension AndroidIdentity {
    /// `android_identity`: what `application.properties` carries besides the definition digest.
    public var projection: Projection {
        Projection(name: "android_identity", fields: [
            "application_id": .string(applicationID), "origin": .string(origin), "placeholder": .bool(isPlaceholder),
        ], sources: [
            "application_id": ["/application/domain", "/application/key"],
            "origin": ["/application/domain", "/application/key"],
            "placeholder": ["/application/domain"],
        ])
    }
}
