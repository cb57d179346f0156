import Archive
import Cache
import Foundation
import Lowerings

/// The files of the pinned Cores: the one place a pinned archive becomes Core files. A Core
/// archive is a pinned object, found through the store by its digest; it is read through the
/// archive policy (digest, revision, paths, modes, limits) once per run.
public final class CoreTrees: @unchecked Sendable {
    /// A Core as composition reads it: its files, and their sizes for the writer.
    public struct Tree: Sendable {
        public let pin: CorePin
        public let files: [CoreFile]
        public let sizes: [Digest: UInt64]
    }

    /// A pinned archive read through the policy: every regular file with its bytes. The one
    /// archive → Core files conversion (composition, audit and `core verify` all come here).
    public static func files(of pin: CorePin, archive: [UInt8]) throws -> [(file: CoreFile, bytes: [UInt8])] {
        let verified = try ArchiveReader(policy: .pinned(digest: pin.digest, revision: pin.revision, excludedRoots: pin.excludedRoots))
            .read(archive)
        return verified.entries.filter { $0.kind == .file }.map { e in
            (CoreFile(path: e.path, digest: Digest.of(e.bytes), mode: e.isExecutable ? 0o755 : 0o644), e.bytes)
        }
    }

    private let store: any CompileStore
    private let lock = NSRecursiveLock()
    private var trees: [Digest: Tree] = [:]
    /// The bytes of every file inflated in this run.
    private var inflated: [Digest: [UInt8]] = [:]

    public init(store: any CompileStore) { self.store = store }

    /// The files of `pin`'s Core.
    /// Throws `CompositionError.coreMissing` when no layer has the archive, and `ArchiveError`
    /// when the archive breaks the policy.
    public func tree(_ pin: CorePin) throws -> Tree {
        lock.lock(); defer { lock.unlock() }
        if let known = trees[pin.digest] { return known }
        let tree = try inflate(pin)
        trees[pin.digest] = tree
        return tree
    }

    /// The bytes of a Core file inflated in this run; nil for a digest no Core read here lists.
    public func bytes(_ digest: Digest) throws -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return inflated[digest]
    }

    private func inflate(_ pin: CorePin) throws -> Tree {
        guard let (archive, _) = store.object(pin.digest) else {
            throw CompositionError.coreMissing(platform: pin.name, digest: pin.digest)
        }
        let files = try Self.files(of: pin, archive: archive)
        for f in files { inflated[f.file.digest] = f.bytes }
        return Tree(pin: pin, files: files.map(\.file),
                    sizes: Dictionary(files.map { ($0.file.digest, UInt64($0.bytes.count)) }, uniquingKeysWith: { a, _ in a }))
    }
}
