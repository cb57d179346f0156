/// Who produced a file of a composed tree: its pinned Core (`core:ios`) or the task that filled a
/// seam (the seam's id). Written into provenance as that text; read back with `init?(_:)`, which
/// is nil for anything else (a tampered or foreign provenance file).
public enum FileOwner: Hashable, Sendable, CustomStringConvertible {
    case core(Platform)
    case seam(SeamID)

    public init?(_ text: String) {
        if let platform = Platform.allCases.first(where: { $0.coreOwner == text }) {
            self = .core(platform)
        } else if let seam = SeamID(rawValue: text) {
            self = .seam(seam)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .core(let platform): return platform.coreOwner
        case .seam(let seam): return seam.rawValue
        }
    }
}
