import Hashing

/// Why a Core and its seam outputs could not be composed into a tree.
public enum CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingSeam(platform: String, path: String, owner: String)
    case undeclaredOutput(platform: String, path: String, owner: String)
    case wrongOwner(platform: String, path: String, expected: String, actual: String)
    case wrongMode(platform: String, path: String, expected: UInt16, actual: UInt16)
    case duplicateOutput(platform: String, path: String)
    case replacesMissingCoreFile(platform: String, path: String)
    case addCollidesWithCore(platform: String, path: String, owner: String)
    case outsideMount(platform: String, path: String, mount: String)
    case coreMissing(platform: String, digest: Digest)
    /// The pinned Core was found, but its bytes hash to another digest (and no layer had it intact).
    case coreDamaged(platform: String, digest: Digest)

    public var description: String {
        switch self {
        case let .missingSeam(p, path, owner):
            return "\(p): seam \(path) (owner \(owner)) has no output; the lowering must render every declared seam"
        case let .undeclaredOutput(p, path, owner):
            return "\(p): \(path) from \(owner) is not a seam the Core declares; declare it in CoreCatalog or stop rendering it"
        case let .wrongOwner(p, path, expected, actual):
            return "\(p): \(path) belongs to \(expected) but was rendered by \(actual)"
        case let .wrongMode(p, path, expected, actual):
            return "\(p): \(path) must have mode \(String(expected, radix: 8)), the output has \(String(actual, radix: 8))"
        case let .duplicateOutput(p, path):
            return "\(p): two outputs for \(path)"
        case let .replacesMissingCoreFile(p, path):
            return "\(p): seam \(path) replaces a Core file, but the pinned Core has no such file; fix CoreCatalog or re-pin the Core"
        case let .addCollidesWithCore(p, path, owner):
            return "\(p): \(owner) adds \(path), which the Core already has; declare it as a replacing seam"
        case let .outsideMount(p, path, mount):
            return "\(p): output \(path) is outside the tree's mount \(mount.isEmpty ? "(root)" : mount + "/")"
        case let .coreMissing(p, d):
            return "\(p): the pinned Core \(d.hex) is not in cas/ or the store; restore cas/ from the repository (`orchestrate core verify`)"
        case let .coreDamaged(p, d):
            return "\(p): the pinned Core \(d.hex) is damaged (its bytes hash to another digest) and no store layer has it intact; restore cas/ from the repository (`orchestrate core verify`)"
        }
    }
}
