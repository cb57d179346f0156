import Hashing
import Tasks

/// Checks one composed tree against its provenance: every file's digest, mode, origin and owner;
/// files missing or undeclared; Core files against the pinned Core archive; the Core pin; the
/// native input digest. Pure: a snapshot in, findings out.
public enum TreeAudit {
    /// `coreFiles` gives the files of a pinned Core archive (nil when it cannot be read; the
    /// Core byte checks are then skipped).
    public static func audit(_ tree: TreeSnapshot, pins: [CorePin] = CorePins.all,
                             coreFiles: (CorePin) -> [String: CoreFile]?) -> [AuditFinding] {
        guard let bytes = tree.provenance else { return [] }
        var findings: [AuditFinding] = []
        func add(_ code: AuditCode, _ path: String, _ message: String) {
            findings.append(AuditFinding(code, tree: tree.platform, path: tree.outputPath(path), message))
        }
        let doc: ProvenanceDocument
        do {
            doc = try ProvenanceDocument.decode(bytes)
        } catch {
            add(.provenanceUnparseable, TreeDigest.provenanceFile, "not valid provenance: \(error)")
            return findings
        }
        if doc.platform != tree.platform.rawValue {
            add(.platformMismatch, TreeDigest.provenanceFile, "records platform \"\(doc.platform)\" but sits in the \(tree.platform) tree")
        }
        let pin = pins.first { $0.platform == tree.platform }
        var core: [String: CoreFile]?
        if let pin, pin.digest == doc.core.archiveDigest {
            core = coreFiles(pin)
        } else {
            let current = pin.map { "the current \(tree.platform) pin is \($0.digest.hex) (\($0.revision))" } ?? "no Core is pinned for \(tree.platform)"
            add(.corePinUnknown, TreeDigest.provenanceFile,
                "names Core archive \(doc.core.archiveDigest.hex) (\(doc.core.revision)); \(current)")
        }
        let disk = Dictionary(tree.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var recorded: Set<String> = []
        for f in doc.files {
            recorded.insert(f.path)
            checkOrigin(f, pin: pin, core: core, pins: pins, add: add)
            guard let found = disk[f.path] else {
                add(.fileDeleted, f.path, "recorded (owner \(f.owner), sha256 \(f.sha256.hex)) but not in the tree")
                continue
            }
            if f.origin == ComposedFile.Origin.core.rawValue, let coreFile = core?[f.path] {
                if found.digest != coreFile.digest {
                    add(.coreFileDiffers, f.path, "has sha256 \(found.digest.hex); the pinned Core \(doc.core.revision) ships \(coreFile.digest.hex)")
                } else if f.sha256 != coreFile.digest {
                    add(.coreFileDiffers, f.path, "provenance records sha256 \(f.sha256.hex); the pinned Core \(doc.core.revision) ships \(coreFile.digest.hex)")
                }
            } else if found.digest != f.sha256 {
                add(.fileModified, f.path, "has sha256 \(found.digest.hex); provenance records \(f.sha256.hex) (owner \(f.owner))")
            }
            if found.mode != f.mode {
                add(.modeChanged, f.path, "has mode \(found.mode.octal); provenance records \(f.mode.octal)")
            }
        }
        for f in tree.files where !recorded.contains(f.path) {
            add(.fileUndeclared, f.path, "is in the tree but not in its provenance (sha256 \(f.digest.hex))")
        }
        if let core {
            for path in core.keys.sorted() where !recorded.contains(path) {
                add(.coreFileMissing, path, "the pinned Core \(doc.core.revision) ships this file; the provenance does not account for it")
            }
        }
        let recomputed = tree.digest
        if recomputed != doc.nativeInputDigest {
            add(.nativeDigestMismatch, TreeDigest.provenanceFile,
                "records native input digest \(doc.nativeInputDigest.hex); the files hash to \(recomputed.hex)")
        }
        let listed = TreeDigest.digest(doc.files.map { TreeDigest.Entry(path: $0.path, mode: $0.mode, digest: $0.sha256) })
        if listed != doc.nativeInputDigest {
            add(.nativeDigestMismatch, TreeDigest.provenanceFile,
                "records native input digest \(doc.nativeInputDigest.hex); its own file list hashes to \(listed.hex)")
        }
        return findings.sorted()
    }

    /// Origin and owner of one record against the pin's seams and the Core's files.
    private static func checkOrigin(_ f: ProvenanceDocument.File, pin: CorePin?, core: [String: CoreFile]?, pins: [CorePin],
                                    add: (AuditCode, String, String) -> Void) {
        let known: Bool
        switch FileOwner(f.owner) {
        case .core(let platform)?: known = pins.contains { $0.platform == platform }
        case .seam(let seam)?: known = pins.contains { $0.seams.contains { $0.id == seam } }
        case nil: known = false
        }
        guard known else {
            add(.unknownOwner, f.path, "owner \"\(f.owner)\" is neither a pinned Core nor a seam owner of CoreCatalog")
            return
        }
        guard let pin else { return }
        let seam = pin.seam(at: f.path)
        switch ComposedFile.Origin(rawValue: f.origin) {
        case .core?:
            if FileOwner(f.owner) != .core(pin.platform) {
                add(.ownerMismatch, f.path, "origin core with owner \(f.owner); Core files of this tree belong to \(pin.platform.coreOwner)")
            } else if let core, core[f.path] == nil {
                add(.originMismatch, f.path, "origin core, but the pinned Core \(pin.revision) has no such file")
            } else if let seam, seam.origin == .replaces, !seam.optional {
                add(.originMismatch, f.path, "origin core, but seam \(seam.id) must replace this file")
            }
        case let origin?:
            guard let seam else {
                add(.originMismatch, f.path, "origin \(origin.rawValue), but no seam of the \(pin.name) Core declares this path")
                return
            }
            if FileOwner(f.owner) != .seam(seam.id) {
                add(.ownerMismatch, f.path, "owner \(f.owner); the seam at this path belongs to \(seam.id)")
            }
            let expected: ComposedFile.Origin = seam.origin == .replaces ? .replaced : .added
            if origin != expected {
                add(.originMismatch, f.path, "origin \(origin.rawValue); seam \(seam.id) \(seam.origin.rawValue) (origin \(expected.rawValue))")
            }
        case nil:
            add(.originMismatch, f.path, "unknown origin \"\(f.origin)\" (expected core, replaced or added)")
        }
    }
}
