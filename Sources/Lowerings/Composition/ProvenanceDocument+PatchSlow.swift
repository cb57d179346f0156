import Hashing
// TEMPORARY: replaced by the byte patch (helper branch prov-patch).
extension ProvenanceDocument {
    public static func patched(_ old: [UInt8], planDigest: Digest, nativeInputDigest: Digest?,
                               files: [File], projections: [ProjectionRecord]) -> [UInt8]? {
        guard var doc = try? decode(old), doc.encoded() == old else { return nil }
        doc.planDigest = planDigest
        if let nativeInputDigest { doc.nativeInputDigest = nativeInputDigest }
        var at: [String: Int] = [:]
        for (i, f) in doc.files.enumerated() { at[f.path] = i }
        for f in files { guard let i = at[f.path] else { return nil }; doc.files[i] = f }
        for p in projections { guard doc.projections?[p.name] != nil else { return nil }; doc.projections?[p.name] = p }
        return doc.encoded()
    }
}
