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

    public static func compose(_ ctx: Context, core: [CoreFile], outputs: [SeamOutput]) throws -> Composition {
        let p = ctx.pin.platform
        let mount = ctx.pin.mount
        let prefix = mount.isEmpty ? "" : mount + "/"
        var coreByPath: [String: CoreFile] = [:]
        for f in core { coreByPath[f.path] = f }
        var byPath: [String: ComposedFile] = [:]
        for f in core {
            byPath[f.path] = ComposedFile(path: f.path, digest: f.digest, mode: f.mode, origin: .core,
                                          owner: .core(p), taskKey: nil)
        }
        // Exact paths by path (the first declaration of a path wins, as `max` keeps the first of
        // equals); patterns from the most specific down, declaration order among equals.
        var exact: [String: CoreSeam] = [:]
        for seam in ctx.pin.seams where !seam.isPattern && exact[seam.path] == nil { exact[seam.path] = seam }
        let patterns = ctx.pin.seams.enumerated().filter { $0.element.isPattern }
            .sorted { ($0.element.specificity, $1.offset) > ($1.element.specificity, $0.offset) }.map(\.element)
        let foreignPrefixes = ctx.foreignRoots.map { $0 + "/" }
        var seen: Set<String> = []
        var replaced: Set<String> = []
        for o in outputs.sorted(by: { $0.path < $1.path }) {
            guard o.path.hasPrefix(prefix) else { throw CompositionError.outsideMount(platform: p, path: o.path, mount: mount) }
            let rel = String(o.path.dropFirst(prefix.count))
            if ctx.foreignRoots.contains(rel) || foreignPrefixes.contains(where: { rel.hasPrefix($0) }) {
                throw CompositionError.outsideMount(platform: p, path: o.path, mount: mount)
            }
            guard seen.insert(rel).inserted else { throw CompositionError.duplicateOutput(platform: p, path: rel) }
            // The most specific seam wins, whatever the declaration order: an exact path over any
            // pattern (`app/models/account.rb` is the account model, not an `{entity}.rb`), and
            // the pattern with the most literal characters over a looser one
            // (`{timestamp}_create_rodauth.rb` over `{timestamp}_create_{plural}.rb`).
            guard let seam = exact[rel] ?? patterns.first(where: { $0.matches(rel) }) else {
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
                guard coreByPath[rel] != nil else { throw CompositionError.replacesMissingCoreFile(platform: p, path: rel) }
                replaced.insert(seam.path)
                origin = .replaced
            case .adds:
                if coreByPath[rel] != nil { throw CompositionError.addCollidesWithCore(platform: p, path: rel, seam: o.seam) }
                origin = .added
            }
            byPath[rel] = ComposedFile(path: rel, digest: o.digest, mode: o.mode, origin: origin, owner: .seam(o.seam),
                                       taskKey: o.taskKey, inputs: o.inputs)
        }
        for seam in ctx.pin.seams where seam.origin == .replaces && !seam.optional && !replaced.contains(seam.path) {
            throw CompositionError.missingSeam(platform: p, path: seam.path, seam: seam.id)
        }
        // The paths are sorted, not the files: moving a path moves one string, a file many fields.
        let files = byPath.keys.sorted { $0.utf8Precedes($1) }.map { byPath[$0]! }
        let digest = TreeDigest.digest(files.map { TreeDigest.Entry(path: $0.path, mode: $0.mode, digest: $0.digest) })
        let read = Set(outputs.flatMap(\.inputs.values))
        let projections = ctx.projections.filter { read.contains($0.value.digest) }
        let provenance = ProvenanceDocument(
            platform: p, nativeInputDigest: digest, planDigest: ctx.planDigest, projectionDigest: ctx.projectionDigest,
            release: ctx.release, pin: ctx.pin, files: files, projections: projections).encoded()
        return Composition(platform: p, mount: mount, files: files, nativeInputDigest: digest, provenance: provenance)
    }
}
