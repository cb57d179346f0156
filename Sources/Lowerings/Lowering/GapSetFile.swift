import Cache
import Foundation
import Tasks

/// `FOUNDATION_GAPS.json` at the output root: every gap of the compile, one task.
public enum GapSetFile {
    public static let path = "FOUNDATION_GAPS.json"
    public static let release = "gapset-2026-09"

    /// Gaps in a stable order (code, pointer, clients).
    public static func sorted(_ gaps: [RunSummary.Gap]) -> [RunSummary.Gap] {
        gaps.sorted { ($0.code, $0.pointer, ($0.clients ?? []).joined(separator: ",")) < ($1.code, $1.pointer, ($1.clients ?? []).joined(separator: ",")) }
    }

    public static func render(_ gaps: [RunSummary.Gap]) -> [UInt8] {
        struct Doc: Encodable {
            let schema = "orchestrate.gapset/1"
            let gaps: [RunSummary.Gap]
        }
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return [UInt8](try! e.encode(Doc(gaps: sorted(gaps)))) + [0x0a]
    }

    public static func task(_ gaps: [RunSummary.Gap]) -> FileTask {
        let bytes = render(gaps)
        return FileTask(id: "rails.gapset", family: "rails.gapset", platform: "rails", release: release, path: path,
                        inputs: ["gapset": Digest.of(bytes)]) { _ in bytes }
    }
}
