import Hashing

/// A file of the pinned Core, as read from its verified archive.
public struct CoreFile: Hashable, Sendable {
    public let path: String
    public let digest: Digest
    public let mode: UInt16

    public init(path: String, digest: Digest, mode: UInt16) {
        self.path = path
        self.digest = digest
        self.mode = mode
    }
}

/// A seam task's output, as the executor produced it (path with the mount).
public struct SeamOutput: Hashable, Sendable {
    public let path: String
    public let digest: Digest
    public let mode: UInt16
    /// The task's family, which must equal the seam's owner.
    public let owner: String
    public let taskKey: Digest
    public let renderedIn: Digest?
    /// The named input digests the task key was built from (projections, dependency outputs,
    /// pinned objects); recorded in provenance so a reuse check can say which input moved.
    public let inputs: [String: Digest]

    public init(path: String, digest: Digest, mode: UInt16, owner: String, taskKey: Digest, renderedIn: Digest?,
                inputs: [String: Digest] = [:]) {
        self.path = path
        self.digest = digest
        self.mode = mode
        self.owner = owner
        self.taskKey = taskKey
        self.renderedIn = renderedIn
        self.inputs = inputs
    }
}

/// One file of a composed tree (path relative to the mount).
public struct ComposedFile: Hashable, Sendable {
    public enum Origin: String, Hashable, Sendable { case core, replaced, added }
    public let path: String
    public let digest: Digest
    public let mode: UInt16
    public let origin: Origin
    public let owner: String
    public let taskKey: Digest?
    public let renderedIn: Digest?
    /// The task's named inputs (empty for Core files).
    public var inputs: [String: Digest] = [:]
}

/// A composed tree: its files, its native input digest, and its `FOUNDATION_PROVENANCE.json`.
public struct Composition: Hashable, Sendable {
    public let platform: String
    public let mount: String
    public let files: [ComposedFile]
    public let nativeInputDigest: Digest
    public let provenance: [UInt8]

    /// Output path of the provenance file.
    public var provenancePath: String { mounted(mount, TreeDigest.provenanceFile) }
}

/// Mounts a verified Core, overlays the seam outputs and re-checks every rule: each required
/// `.replaces` seam has exactly one output, from its owner, with its mode; nothing undeclared is
/// added; no add collides with a Core file. Pure: values in, values out.
public enum Composer {
    public struct Context: Sendable {
        public var platform: String
        public var pin: CorePin
        public var planDigest: Digest
        public var projectionDigest: Digest?
        public var release: String
        /// Paths under the mount that belong to other trees (the root tree excludes `ios/`, `android/`).
        public var foreignRoots: [String]
        /// The lowering's projections; those a seam output reads are recorded in provenance with
        /// their per-field digests and Plan sources.
        public var projections: [String: Projection]

        public init(platform: String, pin: CorePin, planDigest: Digest, projectionDigest: Digest?, release: String, foreignRoots: [String] = [],
                    projections: [String: Projection] = [:]) {
            self.platform = platform
            self.pin = pin
            self.planDigest = planDigest
            self.projectionDigest = projectionDigest
            self.release = release
            self.foreignRoots = foreignRoots
            self.projections = projections
        }
    }

    public static func compose(_ ctx: Context, core: [CoreFile], outputs: [SeamOutput]) throws -> Composition {
        let p = ctx.platform
        let mount = ctx.pin.mount
        let prefix = mount.isEmpty ? "" : mount + "/"
        var coreByPath: [String: CoreFile] = [:]
        for f in core { coreByPath[f.path] = f }
        var byPath: [String: ComposedFile] = [:]
        for f in core {
            byPath[f.path] = ComposedFile(path: f.path, digest: f.digest, mode: f.mode, origin: .core,
                                          owner: "core:\(ctx.pin.name)", taskKey: nil, renderedIn: nil)
        }
        var seen: Set<String> = []
        var replaced: Set<String> = []
        for o in outputs.sorted(by: { $0.path < $1.path }) {
            guard o.path.hasPrefix(prefix) else { throw CompositionError.outsideMount(platform: p, path: o.path, mount: mount) }
            let rel = String(o.path.dropFirst(prefix.count))
            if ctx.foreignRoots.contains(where: { rel == $0 || rel.hasPrefix($0 + "/") }) {
                throw CompositionError.outsideMount(platform: p, path: o.path, mount: mount)
            }
            guard seen.insert(rel).inserted else { throw CompositionError.duplicateOutput(platform: p, path: rel) }
            // The most specific seam wins, whatever the declaration order: an exact path over any
            // pattern (`app/models/account.rb` is the account model, not an `{entity}.rb`), and
            // the pattern with the most literal characters over a looser one
            // (`{timestamp}_create_rodauth.rb` over `{timestamp}_create_{plural}.rb`).
            guard let seam = ctx.pin.seams.filter({ $0.matches(rel) }).max(by: { $0.specificity < $1.specificity }) else {
                throw CompositionError.undeclaredOutput(platform: p, path: rel, owner: o.owner)
            }
            guard seam.owner == o.owner else {
                throw CompositionError.wrongOwner(platform: p, path: rel, expected: seam.owner, actual: o.owner)
            }
            guard seam.mode == o.mode else {
                throw CompositionError.wrongMode(platform: p, path: rel, expected: seam.mode, actual: o.mode)
            }
            let origin: ComposedFile.Origin
            switch seam.origin {
            case .replaces:
                guard coreByPath[rel] != nil else { throw CompositionError.replacesMissingCoreFile(platform: p, path: rel) }
                replaced.insert(seam.path)
                origin = .replaced
            case .adds:
                if coreByPath[rel] != nil { throw CompositionError.addCollidesWithCore(platform: p, path: rel, owner: o.owner) }
                origin = .added
            }
            byPath[rel] = ComposedFile(path: rel, digest: o.digest, mode: o.mode, origin: origin, owner: o.owner,
                                       taskKey: o.taskKey, renderedIn: o.renderedIn, inputs: o.inputs)
        }
        for seam in ctx.pin.seams where seam.origin == .replaces && !seam.optional && !replaced.contains(seam.path) {
            throw CompositionError.missingSeam(platform: p, path: seam.path, owner: seam.owner)
        }
        let files = byPath.values.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        let digest = TreeDigest.digest(files.map { TreeDigest.Entry(path: $0.path, executable: $0.mode == 0o755, digest: $0.digest) })
        let read = Set(outputs.flatMap(\.inputs.values))
        let projections = ctx.projections.filter { read.contains($0.value.digest) }
        let provenance = ProvenanceDocument(
            platform: p, nativeInputDigest: digest, planDigest: ctx.planDigest, projectionDigest: ctx.projectionDigest,
            release: ctx.release, pin: ctx.pin, files: files, projections: projections).encoded()
        return Composition(platform: p, mount: mount, files: files, nativeInputDigest: digest, provenance: provenance)
    }
}
