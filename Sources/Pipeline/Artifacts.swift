import Cache
import Foundation

/// Native build artifacts (an APK, a zipped simulator app) kept in the store chain like rendered
/// files, under a key made of (platform, native input digest): an entry with one output.
/// Streamed both ways (hashed as it goes), so an artifact is never held whole.
public enum Artifacts {
    /// Recorded with artifact entries.
    public static let release = "artifact/1"

    /// The action-cache key of (platform, native input digest): domain-separated from task keys.
    public static func key(platform: String, nativeInputDigest: Digest) -> Digest {
        var b = DigestBuilder(domain: "orchestrate.artifact", version: 1)
        b.add(platform)
        b.add(nativeInputDigest)
        return b.finalize()
    }

    /// Stores the regular file at `path` under `name` for (platform, digest); returns what was
    /// recorded.
    public static func put(_ path: String, name: String, platform: String, nativeInputDigest: Digest,
                           into chain: StoreChain) throws -> OutputFile {
        let entry = try chain.store(key: key(platform: platform, nativeInputDigest: nativeInputDigest),
                                    files: [(name, path, false)], release: release, renderedIn: nil)
        return entry.outputs[0]
    }

    /// Writes the artifact stored for (platform, digest) to `destination` (a regular file,
    /// replaced only once every byte verified); nil when no layer has one intact.
    public static func get(platform: String, nativeInputDigest: Digest, from chain: StoreChain, to destination: String) throws -> OutputFile? {
        guard let (entry, _) = chain.lookup(key(platform: platform, nativeInputDigest: nativeInputDigest)), entry.outputs.count == 1,
              try chain.export(entry.outputs[0].digest, size: entry.outputs[0].size, to: destination) != nil else { return nil }
        return entry.outputs[0]
    }
}
