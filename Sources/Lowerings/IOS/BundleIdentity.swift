/// The release identity of the iOS client (release `ios-application-2026-11.1`): the application
/// key as one DNS label, the Rails origin and the bundle identifier.
///
/// * key component: `application.key` with `_` → `-`, one DNS label (letters, digits, inner
///   hyphens) of at most 63 bytes;
/// * with a domain (at most 253 bytes, labels of 1–63 bytes, a final label that starts with a
///   letter, not under `.invalid`): origin `https://<domain>`, bundle id
///   `<labels reversed>.<key component>`;
/// * without one: the placeholder origin `https://<key component>.invalid` and bundle id
///   `invalid.firstdraft.<key component>`, which the GapSet discloses.
public struct BundleIdentity: Hashable, Sendable {
    public static let maximumLabelBytes = 63
    public static let maximumDomainBytes = 253
    public static let placeholderPrefix = "invalid.firstdraft"

    public let keyComponent: String
    public let bundleIdentifier: String
    public let origin: String
    public let isPlaceholder: Bool

    /// The identity, or every reason the key and domain cannot form one.
    public static func derive(key: String, domain: String?) -> (identity: BundleIdentity?, problems: [IOSProblem]) {
        var problems: [IOSProblem] = []
        let component = key.replacingOccurrences(of: "_", with: "-")
        if let problem = keyProblem(component, key: key) { problems.append(problem) }
        if let domain { problems += domainProblems(domain) }
        guard problems.isEmpty else { return (nil, problems) }
        guard let domain else {
            return (BundleIdentity(keyComponent: component, bundleIdentifier: placeholderPrefix + "." + component,
                                   origin: "https://\(component).invalid", isPlaceholder: true), [])
        }
        let prefix = domain.split(separator: ".").reversed().joined(separator: ".")
        return (BundleIdentity(keyComponent: component, bundleIdentifier: prefix + "." + component,
                               origin: "https://" + domain, isPlaceholder: false), [])
    }

    private static func keyProblem(_ component: String, key: String) -> IOSProblem? {
        let bytes = component.utf8.count
        if bytes > maximumLabelBytes {
            return IOSProblem(.iosKeyTooLong, at: "/application/key",
                              "key component \"\(component)\" is \(bytes) bytes; the iOS identity needs one DNS label of at most 63 bytes, so shorten the application key")
        }
        if !isLDHLabel(component) {
            return IOSProblem(.iosKeyNotDNSLabel, at: "/application/key",
                              "key \"\(key)\" becomes \"\(component)\", which is not a DNS label (letters and digits, hyphens only inside); remove the leading or trailing underscore")
        }
        return nil
    }

    private static func domainProblems(_ domain: String) -> [IOSProblem] {
        DomainProblem.check(domain).map { problem in
            let code: DiagnosticCode
            switch problem {
            case .tooLong: code = .iosDomainTooLong
            case .labelInvalid: code = .iosDomainLabelInvalid
            case .finalLabelNotLetter: code = .iosDomainFinalLabelNotLetter
            case .reservedInvalid: code = .iosDomainReservedInvalid
            }
            return IOSProblem(code, at: "/application/domain", problem.message)
        }
    }

    static func isLDHLabel(_ label: String) -> Bool { DomainProblem.isLDHLabel(label) }
}
