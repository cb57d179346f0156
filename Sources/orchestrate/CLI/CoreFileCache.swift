import Cache
import Lowerings
import Tasks

/// The files of each pinned Core archive, read once from the seed store through the archive
/// policy (digest, revision, paths, modes).
final class CoreFileCache: @unchecked Sendable {
    private let seed: SeedStore?
    private var read: [Digest: [String: CoreFile]?] = [:]

    init(seed: SeedStore?) { self.seed = seed }

    func files(_ pin: CorePin) -> [String: CoreFile]? {
        if let known = read[pin.digest] { return known }
        var out: [String: CoreFile]?
        if let seed, let archive = try? CoreArchives.read(pin, from: { (try? seed.get($0)) ?? nil }) {
            var files: [String: CoreFile] = [:]
            for e in archive.entries where e.kind == .file {
                files[e.path] = CoreFile(path: e.path, digest: Digest.of(e.bytes), mode: FileMode(executable: e.isExecutable))
            }
            out = files
        }
        read[pin.digest] = out
        return out
    }
}
