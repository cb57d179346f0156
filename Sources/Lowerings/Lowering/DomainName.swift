/// Why an authored domain cannot be a client's origin and identifier prefix. The Plan admits any
/// string (000: a domain that cannot form a client's identity omits that client, with a GapSet
/// entry, while the Rails app still compiles); each native lowering checks it with these rules.
public enum DomainProblem: Hashable, Sendable {
    /// More than 253 bytes.
    case tooLong(bytes: Int)
    /// A label that is empty, longer than 63 bytes, or not lowercase letters, digits and inner hyphens.
    case labelInvalid(label: String)
    /// The final label (the top-level domain) does not start with a letter.
    case finalLabelNotLetter(label: String)
    /// Under `.invalid`, which the placeholder identities own.
    case reservedInvalid

    public static let maximumBytes = 253
    public static let maximumLabelBytes = 63

    /// Every problem of `domain`, in a fixed order.
    public static func check(_ domain: String) -> [DomainProblem] {
        var problems: [DomainProblem] = []
        let bytes = domain.utf8.count
        if bytes > maximumBytes { problems.append(.tooLong(bytes: bytes)) }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for label in labels where !isLDHLabel(label) { problems.append(.labelInvalid(label: label)) }
        if let last = labels.last, let first = last.unicodeScalars.first, !("a"..."z").contains(first) {
            problems.append(.finalLabelNotLetter(label: last))
        }
        if labels.last == "invalid" { problems.append(.reservedInvalid) }
        return problems
    }

    /// Lowercase letters, digits and hyphens, 1–63 bytes, no hyphen at either end.
    public static func isLDHLabel(_ label: String) -> Bool {
        let scalars = Array(label.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= maximumLabelBytes, scalars.first != "-", scalars.last != "-" else { return false }
        return scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// What is wrong and what to do, for a diagnostic at `/application/domain`.
    public var message: String {
        switch self {
        case .tooLong(let bytes):
            return "the domain is \(bytes) bytes; a DNS name holds at most \(DomainProblem.maximumBytes); use a shorter domain"
        case .labelInvalid(let label):
            let why = label.isEmpty ? "an empty label (a leading, trailing or doubled '.')"
                : label.utf8.count > DomainProblem.maximumLabelBytes ? "label \"\(label)\" of \(label.utf8.count) bytes (at most \(DomainProblem.maximumLabelBytes))"
                : "label \"\(label)\", which is not lowercase letters, digits and inner hyphens (write internationalized names in punycode)"
            return "the domain has \(why); fix the domain"
        case .finalLabelNotLetter(let label):
            return "the final label \"\(label)\" must start with a letter (a top-level domain); use a registered domain name"
        case .reservedInvalid:
            return "domains under .invalid are reserved for the placeholder identity; use your real domain or omit the key"
        }
    }
}
