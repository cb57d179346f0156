import Archive
import Cache
import Foundation
import Lowerings

/// The files of the pinned Cores, kept in the store like every other derived output: the one
/// place a pinned archive becomes Core files.
///
/// A Core archive is a pinned object, found through the store by its digest as a copy task finds
/// the monogram it copies. It is inflated once per store: read through the archive policy
/// (digest, revision, paths, modes, limits), its files put into the store as objects, and an
/// entry under `key(pin)` lists them (path, digest, size, mode). Later compiles read that entry
/// and touch no archive: a no-op compile neither inflates nor hashes a Core. The entry is trusted
/// as recorded (it is written only after a verified inflation, under a key naming the archive
/// digest, revision and policy); bytes are verified whenever they are read, and a file whose
/// object is gone or damaged is inflated again from the archive.
public final class CoreTrees: @unchecked Sendable {
    /// A Core as composition reads it: its files, and their sizes for the writer.
    public struct Tree: Sendable {
        public let pin: CorePin
        public let files: [CoreFile]
        public let sizes: [Digest: UInt64]
    }

    /// Recorded with inflation entries.
    public static let release = "core-files/1"

    /// The key of a Core's inflation: the archive and how it is read. Bump the version when the
    /// reading changes (the archive policy, what counts as a file).
    public static func key(_ pin: CorePin) -> Digest {
        var b = DigestBuilder(domain: "orchestrate.core-files", version: 1)
        b.add(pin.digest)
        b.add(pin.revision)
        b.add(UInt64(pin.excludedRoots.count))
        for root in pin.excludedRoots { b.add(root) }
        return b.finalize()
    }

    /// A pinned archive read through the policy: every regular file with its bytes. The one
    /// archive → Core files conversion (composition, audit and `core verify` all come here).
    public static func files(of pin: CorePin, archive: [UInt8]) throws -> [(file: CoreFile, bytes: [UInt8])] {
        let verified = try ArchiveReader(policy: .pinned(digest: pin.digest, revision: pin.revision, excludedRoots: pin.excludedRoots))
            .read(archive)
        return verified.entries.filter { $0.kind == .file }.map { e in
            (CoreFile(path: e.path, digest: Digest.of(e.bytes), mode: FileMode(executable: e.isExecutable)), e.bytes)
        }
    }

    private let store: any CompileStore
    private let lock = NSRecursiveLock()
    private var trees: [Digest: Tree] = [:]
    /// The bytes of every file inflated in this run (the store may refuse to keep them).
    private var inflated: [Digest: [UInt8]] = [:]
    /// The Core each known file came from, to inflate again when its object is gone.
    private var owners: [Digest: CorePin] = [:]

    public init(store: any CompileStore) { self.store = store }

    /// The files of `pin`'s Core: as the store recorded them, else inflated now (and recorded).
    /// Throws `CompositionError.coreMissing` when no layer has the archive (`coreDamaged` when one
    /// has it damaged), and `ArchiveError` when the archive breaks the policy.
    public func tree(_ pin: CorePin) throws -> Tree {
        lock.lock(); defer { lock.unlock() }
        if let known = trees[pin.digest] { return known }
        let tree: Tree
        if let entry = store.recorded(Self.key(pin)) {
            tree = Tree(pin: pin,
                        files: entry.outputs.map { CoreFile(path: $0.path, digest: $0.digest, mode: FileMode(executable: $0.executable)) },
                        sizes: Dictionary(entry.outputs.map { ($0.digest, $0.size) }, uniquingKeysWith: { a, _ in a }))
        } else {
            tree = try inflate(pin)
        }
        for f in tree.files { owners[f.digest] = pin }
        trees[pin.digest] = tree
        return tree
    }

    /// The bytes of a Core file: inflated in this run, else the store's (verified), else inflated
    /// again from the archive of the Core that lists it. Nil for a digest no Core read here lists.
    public func bytes(_ digest: Digest) throws -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        if let b = inflated[digest] { return b }
        if let (b, _) = store.object(digest) { return b }
        guard let pin = owners[digest] else { return nil }
        _ = try inflate(pin)
        return inflated[digest]
    }

    private func inflate(_ pin: CorePin) throws -> Tree {
        guard let (archive, _) = store.object(pin.digest) else {
            throw store.foundCorrupt(pin.digest) ? CompositionError.coreDamaged(platform: pin.platform, digest: pin.digest)
                                                 : CompositionError.coreMissing(platform: pin.platform, digest: pin.digest)
        }
        let files = try Self.files(of: pin, archive: archive)
        for f in files { inflated[f.file.digest] = f.bytes }
        // Best effort: a store that cannot keep them (read-only, full) inflates again next time.
        try? store.record(key: Self.key(pin), outputs: files.map { ($0.file.path, $0.bytes, $0.file.mode.isExecutable) }, release: Self.release)
        return Tree(pin: pin, files: files.map(\.file),
                    sizes: Dictionary(files.map { ($0.file.digest, UInt64($0.bytes.count)) }, uniquingKeysWith: { a, _ in a }))
    }
}
