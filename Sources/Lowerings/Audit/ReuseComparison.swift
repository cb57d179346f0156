import Hashing

/// Compares a base and a head tree of one platform: reuse when their native input digests,
/// recomputed from the files, are equal and each agrees with its own provenance. Otherwise every
/// changed file is named with its owner, the task inputs that moved, and, through the projection
/// records of the provenance, the Plan pointers behind them. Pure: snapshots in, a report out.
public enum ReuseComparison {
    public static func compare(base: TreeSnapshot, head: TreeSnapshot) throws -> ReuseReport {
        let baseDoc = try base.provenance.map(ProvenanceDocument.decode)
        let headDoc = try head.provenance.map(ProvenanceDocument.decode)
        var report = ReuseReport(platform: head.platform, reuse: true, baseDigest: base.digest, headDigest: head.digest,
                                 changes: [], notes: [])
        for (side, tree, doc) in [("base", base, baseDoc), ("head", head, headDoc)] {
            guard let doc else { continue }
            if doc.nativeInputDigest != tree.digest {
                report.reuse = false
                report.notes.append("\(side): \(tree.provenancePath) records native input digest \(doc.nativeInputDigest.hex), but the files hash to \(tree.digest.hex); run `orchestrate audit` on it")
            }
        }
        if let b = baseDoc, let h = headDoc {
            if b.loweringRelease != h.loweringRelease { report.notes.append("lowering release \(b.loweringRelease) → \(h.loweringRelease)") }
            if b.core.archiveDigest != h.core.archiveDigest { report.notes.append("pinned Core \(b.core.revision) → \(h.core.revision)") }
        }
        if report.baseDigest != report.headDigest { report.reuse = false }

        let baseFiles = Dictionary(base.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let headFiles = Dictionary(head.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let baseRecords = records(baseDoc)
        let headRecords = records(headDoc)
        let paths = Set(baseFiles.keys).union(headFiles.keys).sorted { $0.utf8Precedes($1) }
        for path in paths {
            let kind: ReuseReport.Change.Kind
            switch (baseFiles[path], headFiles[path]) {
            case let (b?, h?):
                if b.digest != h.digest { kind = .modified } else if b.mode != h.mode { kind = .mode } else { continue }
            case (nil, _?): kind = .added
            case (_?, nil): kind = .removed
            case (nil, nil): continue
            }
            let b = baseRecords[path], h = headRecords[path]
            let trace = trace(base: b?.inputs ?? [:], head: h?.inputs ?? [:],
                              baseProjection: { projection($0, in: baseDoc) }, headProjection: { projection($0, in: headDoc) })
            report.changes.append(ReuseReport.Change(
                path: path, owner: h?.owner ?? b?.owner ?? "unknown", change: kind,
                inputsChanged: trace.inputs, planPointers: trace.pointers, projectionFields: trace.fields))
        }
        return report
    }

    private static func records(_ doc: ProvenanceDocument?) -> [String: ProvenanceDocument.File] {
        Dictionary((doc?.files ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The inputs that differ, and for those that are projections (found by digest in each side's
    /// records: a provenance's, or a run summary's), the fields that moved and their Plan pointers
    /// (all of the projection's pointers when field digests are not recorded).
    public static func trace(base: [String: Digest], head: [String: Digest],
                             baseProjection: (Digest) -> ProvenanceDocument.ProjectionRecord?,
                             headProjection: (Digest) -> ProvenanceDocument.ProjectionRecord?)
        -> (inputs: [String], fields: [String], pointers: [String]) {
        let names = Set(base.keys).union(head.keys).filter { base[$0] != head[$0] }.sorted()
        var fields: [String] = []
        var pointers: [String] = []
        func add(_ p: String) { if !pointers.contains(p) { pointers.append(p) } }
        for name in names {
            let b = base[name].flatMap(baseProjection)
            let h = head[name].flatMap(headProjection)
            guard b != nil || h != nil else { continue }
            let sources = (h?.sources ?? [:]).merging(b?.sources ?? [:]) { head, _ in head }
            if let b, let h {
                let moved = Set(b.fields.keys).union(h.fields.keys).filter { b.fields[$0] != h.fields[$0] }
                for field in moved.sorted() where field != "projection" && field != "version" {
                    fields.append("\(h.name).\(field)")
                    for p in suspects(field, moved: moved, sources: sources) { add(p) }
                }
            } else {
                for field in sources.keys.sorted() {
                    fields.append("\((h ?? b)!.name).\(field)")
                    for p in sources[field]! { add(p) }
                }
            }
        }
        return (names, fields, pointers)
    }

    /// The Plan pointers that may have moved `field`: its sources, less those another field of
    /// the projection also derives from without having moved (a derived digest over five Plan
    /// values names only the one whose own field moved). Never empty when the field has sources.
    public static func suspects(_ field: String, moved: Set<String>, sources: [String: [String]]) -> [String] {
        let all = sources[field] ?? []
        let witnessed = Set(sources.filter { $0.key != field && !moved.contains($0.key) }.flatMap(\.value))
        let kept = all.filter { !witnessed.contains($0) }
        return kept.isEmpty ? all : kept
    }

    private static func projection(_ digest: Digest, in doc: ProvenanceDocument?) -> ProvenanceDocument.ProjectionRecord? {
        doc?.projections?.values.first { $0.digest == digest }
    }
}
