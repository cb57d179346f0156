import Hashing

/// Which trees of an output must have a `FOUNDATION_PROVENANCE.json`, and a finding for each that
/// has none. A mounted tree (ios/, android/) is expected when its folder (or anything at its name)
/// is there, or when the root provenance records the copy of that client's path configuration
/// Rails serves, which the Rails lowering adds only for an emitted client. The root tree is
/// expected when it has files of its own (a folder holding only a copied ios/ needs no root
/// provenance). Pure.
public enum ProvenanceCoverage {
    /// `trees` holds one snapshot per pin whose tree was read (provenance nil when absent);
    /// `present` the top-level names found in the output.
    public static func audit(trees: [TreeSnapshot], present: Set<String>, pins: [CorePin] = CorePins.all) -> [AuditFinding] {
        let root = trees.first { $0.mount.isEmpty }
        let rootDoc = root?.provenance.flatMap { try? ProvenanceDocument.decode($0) }
        var findings: [AuditFinding] = []
        for pin in pins {
            let tree = trees.first { $0.platform == pin.name }
            guard tree?.provenance == nil else { continue }
            let path = mounted(pin.mount, TreeDigest.provenanceFile)
            var reasons: [String] = []
            if pin.mount.isEmpty {
                if let root, !root.files.isEmpty { reasons.append("the root holds \(root.files.count) files") }
            } else {
                if present.contains(pin.mount) { reasons.append("the \(pin.mount)/ folder is there") }
                let config = RailsLowering.clientMarkerPath(pin.name)
                if rootDoc?.files.contains(where: { $0.path == config && $0.owner == RailsLowering.clientMarkerOwner(pin.name) }) == true {
                    reasons.append("the root provenance records \(config), which the Rails tree holds only for an emitted \(pin.name) client")
                }
            }
            guard !reasons.isEmpty else { continue }
            findings.append(AuditFinding(.provenanceMissing, tree: pin.name, path: path,
                                         "the \(pin.name) tree has no provenance, so none of its files can be checked; \(reasons.joined(separator: "; "))"))
        }
        return findings.sorted()
    }
}
