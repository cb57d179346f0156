import Hashing
import Foundation
import Tasks

/// `FOUNDATION_GAPS.json` at the output root: every gap of the compile, one task.
public enum GapSetFile {
    public static let path = "FOUNDATION_GAPS.json"
    public static let release = "gapset-2026-09"

    /// Gaps in a stable order (code, pointer, clients); gaps with one code and pointer raised by
    /// several clients (the theme-toggle gap) become one entry naming all of them.
    public static func sorted(_ gaps: [RunSummary.Gap]) -> [RunSummary.Gap] {
        var merged: [String: RunSummary.Gap] = [:]
        var order: [String] = []
        for g in gaps {
            let k = g.code + "\u{0}" + g.pointer
            if var existing = merged[k], existing.clients != nil, g.clients != nil, existing.status == g.status {
                existing.clients = Array(Set(existing.clients! + g.clients!)).sorted()
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
        return order.compactMap { merged[$0] }.sorted { ($0.code, $0.pointer, ($0.clients ?? []).joined(separator: ",")) < ($1.code, $1.pointer, ($1.clients ?? []).joined(separator: ",")) }
    }

    static func mergedMessage(_ a: RunSummary.Gap, _ b: RunSummary.Gap) -> String {
        a.message == b.message ? a.message : a.message + " " + b.message
    }

    public static func render(_ gaps: [RunSummary.Gap]) -> [UInt8] {
        struct Doc: Encodable {
            let schema = "orchestrate.gapset/1"
            let gaps: [RunSummary.Gap]
        }
        return try! StableJSON.encode(Doc(gaps: sorted(gaps)))
    }

    public static func task(_ gaps: [RunSummary.Gap]) -> FileTask {
        let bytes = render(gaps)
        return FileTask(id: "rails.gapset", family: "rails.gapset", platform: "rails", release: release, path: path,
                        inputs: ["gapset": Digest.of(bytes)]) { _ in bytes }
    }
}
