import Archive
import Cache
import Foundation
import Lowerings

/// Packing and checking Core archives; shared by `core` and the tests that guard the pins.
public enum CoreArchives {
    public static func pack(directory: String) throws -> (bytes: [UInt8], revision: String?) {
        let bytes = try ArchiveWriter().pack(directory: directory, excludedRoots: [".github"])
        let revision = (try? String(contentsOfFile: directory + "/REVISION", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return (bytes, revision)
    }

    /// Packs `directory` and writes the archive into the seed store at `seed`.
    public static func pack(directory: String, into seed: String) throws -> (digest: Digest, revision: String?, size: Int) {
        let packed = try pack(directory: directory)
        return (try SeedStore.write(packed.bytes, into: seed), packed.revision, packed.bytes.count)
    }

    public struct Verification {
        public var problem: String?
        public var files = 0
        public var sourceChecked = false
    }

    /// `verify` for every pinned Core, in pin order.
    public static func verifyAll(seed: String) -> [(pin: CorePin, result: Verification)] {
        CorePins.all.map { ($0, verify($0, seed: seed)) }
    }

    public static func verify(_ pin: CorePin, seed: String) -> Verification {
        var v = Verification()
        let store = SeedStore(root: seed)
        guard let bytes = (try? store.get(pin.digest)) ?? nil else {
            v.problem = "object is missing from \(seed) or does not hash to its name; run `orchestrate core pack Cores/\(pin.name)`"
            return v
        }
        do {
            v.files = try CoreTrees.files(of: pin, archive: bytes).count
        } catch {
            v.problem = "\(error)"
            return v
        }
        let source = URL(fileURLWithPath: seed).deletingLastPathComponent().appendingPathComponent("Cores/\(pin.name)").path
        if FileManager.default.fileExists(atPath: source) {
            v.sourceChecked = true
            do {
                let packed = try pack(directory: source)
                let d = Digest.of(packed.bytes)
                if d != pin.digest {
                    v.problem = "Cores/\(pin.name) packs to \(d.hex), not the pinned digest; run `orchestrate core pack Cores/\(pin.name)` and pin the printed digest in Sources/Lowerings/CorePins.swift"
                } else if packed.revision != pin.revision {
                    v.problem = "Cores/\(pin.name)/REVISION says \(packed.revision ?? "nothing"), the pin says \(pin.revision)"
                }
            } catch {
                v.problem = "packing Cores/\(pin.name) failed: \(error)"
            }
        }
        return v
    }
}
