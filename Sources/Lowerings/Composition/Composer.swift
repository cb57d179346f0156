import Hashing
import Tasks

/// Mounts a verified Core, overlays the seam outputs and re-checks every rule: each required
/// `.replaces` seam has exactly one output, from its owner, with its mode; nothing undeclared is
/// added; no add collides with a Core file. Pure: values in, values out.
public enum Composer {
    public struct Context: Sendable {
        public var pin: CorePin
        public var planDigest: Digest
        public var projectionDigest: Digest?
        public var release: String
        /// Paths under the mount that belong to other trees (the root tree excludes `ios/`, `android/`).
        public var foreignRoots: [String]
        /// The lowering's projections; those a seam output reads are recorded in provenance with
        /// their per-field digests and Plan sources.
        public var projections: [String: Projection]

        public init(pin: CorePin, planDigest: Digest, projectionDigest: Digest?, release: String, foreignRoots: [String] = [],
                    projections: [String: Projection] = [:]) {
            self.pin = pin
            self.planDigest = planDigest
            self.projectionDigest = projectionDigest
            self.release = release
            self.foreignRoots = foreignRoots
            self.projections = projections
        }
    }

    /// - Parameters:
    ///   - known: a memo of provenance documents by `provenanceKey`; when it knows the key, the
    ///     document is not encoded (its digest and size come from the memo).
    ///   - keepProvenanceBytes: the largest document the composition keeps once encoded
    ///     (`Composition.keptProvenance`).
    public static func compose(_ ctx: Context, core: [CoreFile], outputs: [SeamOutput],
                               known: ((Digest) -> ProvenanceFacts?)? = nil,
                               keepProvenanceBytes: Int = Composition.keepProvenanceBytes) throws -> Composition {
        let p = ctx.pin.platform
        let mount = ctx.pin.mount
        let prefix = mount.isEmpty ? "" : mount + "/"
        // Exact paths by path (the first declaration of a path wins, as `max` keeps the first of
        // equals); patterns from the most specific down, declaration order among equals.
        var exact: [String: CoreSeam] = [:]
        for seam in ctx.pin.seams where !seam.isPattern && exact[seam.path] == nil { exact[seam.path] = seam }
        let patterns = ctx.pin.seams.enumerated().filter { $0.element.isPattern }
            .sorted { ($0.element.specificity, $1.offset) > ($1.element.specificity, $0.offset) }.map(\.element)
        let foreignPrefixes = ctx.foreignRoots.map { $0 + "/" }
        // The path's bytes are made once for all the patterns.
        func matchingPattern(_ rel: [UInt8]) -> CoreSeam? { patterns.first { $0.matches(utf8: rel) } }
        // Overlays the outputs in `order`; the first rule broken throws. The files are kept in one
        // array (the Core's first), found by path through an index: a file is copied once.
        func overlay(_ order: [Int]) throws -> (files: [ComposedFile], replaced: Set<String>) {
            var all: [ComposedFile] = []
            all.reserveCapacity(core.count + outputs.count)
            var byPath: [String: Int] = Dictionary(minimumCapacity: core.count + outputs.count)
            // A path given again replaces the file there.
            func place(_ file: ComposedFile, at path: String, over earlier: Int?) {
                if let earlier { all[earlier] = file } else { byPath[path] = all.count; all.append(file) }
            }
            for f in core {
                place(ComposedFile(path: f.path, digest: f.digest, mode: f.mode, origin: .core, owner: .core(p), taskKey: nil),
                      at: f.path, over: byPath[f.path])
            }
            var replaced: Set<String> = []
            for index in order {
                let o = outputs[index]
                // (Mounts by their UTF-8 bytes, as the tree digests list paths: `ComposedTrees.treeEntries`.)
                guard o.path.utf8HasPrefix(prefix) else { throw CompositionError.outsideMount(platform: p, path: o.path, mount: mount) }
                let rel = prefix.isEmpty ? o.path : String(decoding: o.path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
                if ctx.foreignRoots.contains(rel) || foreignPrefixes.contains(where: { rel.utf8HasPrefix($0) }) {
                    throw CompositionError.outsideMount(platform: p, path: o.path, mount: mount)
                }
                // A path already there is a Core file (which a seam may replace) or an earlier output.
                let earlier = byPath[rel]
                if let earlier, all[earlier].origin != .core { throw CompositionError.duplicateOutput(platform: p, path: rel) }
                // The most specific seam wins, whatever the declaration order: an exact path over any
                // pattern (`app/models/account.rb` is the account model, not an `{entity}.rb`), and
                // the pattern with the most literal characters over a looser one
                // (`{timestamp}_create_rodauth.rb` over `{timestamp}_create_{plural}.rb`).
                guard let seam = exact[rel] ?? matchingPattern(Array(rel.utf8)) else {
                    throw CompositionError.undeclaredOutput(platform: p, path: rel, seam: o.seam)
                }
                guard seam.id == o.seam else {
                    throw CompositionError.wrongSeam(platform: p, path: rel, expected: seam.id, actual: o.seam)
                }
                guard seam.mode == o.mode else {
                    throw CompositionError.wrongMode(platform: p, path: rel, expected: seam.mode, actual: o.mode)
                }
                let origin: ComposedFile.Origin
                switch seam.origin {
                case .replaces:
                    guard earlier != nil else { throw CompositionError.replacesMissingCoreFile(platform: p, path: rel) }
                    replaced.insert(seam.path)
                    origin = .replaced
                case .adds:
                    if earlier != nil { throw CompositionError.addCollidesWithCore(platform: p, path: rel, seam: o.seam) }
                    origin = .added
                }
                place(ComposedFile(path: rel, digest: o.digest, mode: o.mode, origin: origin, owner: .seam(o.seam),
                                   taskKey: o.taskKey, inputs: o.inputs), at: rel, over: earlier)
            }
            return (all, replaced)
        }
        // In the order given; when a rule is broken, again in path order, so the error reported is
        // the first by path whatever order the outputs came in (and the run that succeeds sorts nothing).
        let unsorted: [ComposedFile], replaced: Set<String>
        do {
            (unsorted, replaced) = try overlay(Array(outputs.indices))
        } catch {
            _ = try overlay(outputs.indices.sorted { outputs[$0].path < outputs[$1].path })
            throw error
        }
        for seam in ctx.pin.seams where seam.origin == .replaces && !seam.optional && !replaced.contains(seam.path) {
            throw CompositionError.missingSeam(platform: p, path: seam.path, seam: seam.id)
        }
        // Indices are sorted, not the files: moving an index moves one word, a file many fields.
        let files = unsorted.indices.sorted { unsorted[$0].path.utf8Precedes(unsorted[$1].path) }.map { unsorted[$0] }
        let digest = TreeDigest.digest(files.lazy.map { TreeDigest.Entry(path: $0.path, mode: $0.mode, digest: $0.digest) })
        var read: Set<Digest> = []
        for o in outputs { for d in o.inputs.values { read.insert(d) } }
        let projections = ctx.projections.filter { read.contains($0.value.digest) }
        let sources = Composition.DocumentSources(planDigest: ctx.planDigest, projectionDigest: ctx.projectionDigest,
                                                  release: ctx.release, pin: ctx.pin, projections: projections)
        let key = provenanceKey(platform: p, nativeInputDigest: digest, sources: sources, files: files)
        return Composition(platform: p, mount: mount, files: files, nativeInputDigest: digest, provenanceKey: key,
                           sources: sources, known: known?(key), keepBytes: keepProvenanceBytes)
    }

    /// Bump when what `ProvenanceDocument.encoded()` writes for the same fields changes (its
    /// schema, its formatting, how a projection's fields or sources are derived): a memo of
    /// documents by key must never name the bytes of an older encoding.
    /// `ProvenanceDocumentTests` pins the encoded bytes of a fixed document beside this number.
    public static let provenanceEncoding: UInt32 = 1

    /// What a tree's provenance document is a function of, hashed (a few hundred kilobytes for a
    /// thousand-entity Rails tree, where the document is megabytes of JSON): the schema and
    /// encoding; platform, Plan digest, projection digest, release, the Core pin; the native input
    /// digest, which covers every file's path, mode and digest; per file its origin, owner and task
    /// key, which covers the task's named inputs (`TaskKey` hashes them); per projection read, its
    /// name and digest. The rest of the document derives from these: a projection's field digests
    /// from its fields (its digest), its sources from the Plan (its digest) by the release.
    /// Hashed from the parts the document is built from, field for field what the document holds
    /// (`ProvenanceDocumentTests` reads the same key off a built document), so the document itself
    /// is built only when its bytes are needed.
    static func provenanceKey(platform: Platform, nativeInputDigest: Digest, sources: Composition.DocumentSources,
                              files: [ComposedFile]) -> Digest {
        var b = DigestBuilder(domain: "orchestrate.provenance-key", version: provenanceEncoding)
        b.add(ProvenanceDocument.schemaID)
        b.add(platform.rawValue)
        b.add(nativeInputDigest)
        b.add(sources.planDigest)
        b.add(sources.projectionDigest != nil)
        if let p = sources.projectionDigest { b.add(p) }
        b.add(sources.release)
        let core = ProvenanceDocument.Core(sources.pin)
        b.add(core.archiveDigest)
        b.add(core.revision)
        b.add(core.archiveRoot)
        b.add(core.mountedPath)
        b.add(UInt64(core.excludedPaths.count))
        for e in core.excludedPaths { b.add(e) }
        b.add(UInt64(files.count))
        // Hashed as it goes: the preimage of a large tree is megabytes.
        let hasher = SHA256Hasher()
        for (i, f) in files.enumerated() {
            b.add(f.path)
            b.add(f.origin.rawValue)
            b.add(f.owner.description)
            b.add(f.taskKey != nil)
            if let k = f.taskKey { b.add(k) }
            b.add(f.origin != .core)
            if i % 512 == 511 { b.drain(into: hasher) }
        }
        b.add(!sources.projections.isEmpty)
        b.add(named: sources.projections.mapValues(\.digest))
        b.drain(into: hasher)
        return hasher.finalize()
    }
}
