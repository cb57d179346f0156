import Hashing
import Foundation
import Tasks

/// `FOUNDATION_GAPS.json` at the output root: every gap of the compile, one task.
public enum GapSetFile {
    public static var path: String { CoreCatalog.seam(.railsGapSet).outputPath }
    public static let release = "gapset-2026-09"

    /// Gaps in a stable order (code, pointer, clients); gaps with one code and pointer raised by
    /// several clients (the theme-toggle gap) become one entry naming all of them.
    public static func sorted(_ gaps: [Gap]) -> [Gap] {
        var merged: [String: Gap] = [:]
        var order: [String] = []
        for g in gaps {
            let k = g.code.rawValue + "\u{0}" + g.pointer
            if var existing = merged[k], let mine = existing.clients, let theirs = g.clients, existing.status == g.status {
                existing.clients = Array(Set(mine + theirs)).sorted { $0.rawValue < $1.rawValue }
                existing.message = Self.mergedMessage(existing, g)
                merged[k] = existing
            } else if merged[k] == nil {
                merged[k] = g
                order.append(k)
            } else {
                merged[k + "\u{0}\(order.count)"] = g
                order.append(k + "\u{0}\(order.count)")
            }
        }
        func names(_ g: Gap) -> String { (g.clients ?? []).map(\.rawValue).joined(separator: ",") }
        return order.compactMap { merged[$0] }.sorted { ($0.code.rawValue, $0.pointer, names($0)) < ($1.code.rawValue, $1.pointer, names($1)) }
    }

    static func mergedMessage(_ a: Gap, _ b: Gap) -> String {
        a.message == b.message ? a.message : a.message + " " + b.message
    }

    public static func render(_ gaps: [Gap]) -> [UInt8] {
        struct Doc: Encodable {
            let schema = "orchestrate.gapset/1"
            let gaps: [Gap]
        }
        return try! StableJSON.encode(Doc(gaps: sorted(gaps)))
    }

    public static func task(_ gaps: [Gap]) -> FileTask {
        let bytes = render(gaps)
        let seam = CoreCatalog.seam(.railsGapSet)
        return FileTask(id: seam.id.rawValue, family: seam.id.rawValue, platform: seam.platform.rawValue, release: release,
                        path: seam.outputPath, mode: seam.mode, inputs: ["gapset": Digest.of(bytes)]) { _ in bytes }
    }
}
