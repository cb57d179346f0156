import Hashing
import Tasks

/// Why a Core and its seam outputs could not be composed into a tree.
public enum CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingSeam(platform: Platform, path: String, seam: SeamID)
    case undeclaredOutput(platform: Platform, path: String, seam: SeamID)
    case wrongSeam(platform: Platform, path: String, expected: SeamID, actual: SeamID)
    case wrongMode(platform: Platform, path: String, expected: FileMode, actual: FileMode)
    case duplicateOutput(platform: Platform, path: String)
    case replacesMissingCoreFile(platform: Platform, path: String)
    case addCollidesWithCore(platform: Platform, path: String, seam: SeamID)
    case outsideMount(platform: Platform, path: String, mount: String)
    case coreMissing(platform: Platform, digest: Digest)
    /// A task of the platform's lowering whose family is no seam (a task built outside
    /// `SeamTaskBuilder`).
    case notASeam(platform: Platform, taskID: String, family: String)
    /// The pinned Core was found, but its bytes hash to another digest (and no layer had it intact).
    case coreDamaged(platform: Platform, digest: Digest)
    /// A built-in bridge component whose pieces do not share its name (`BuiltInBridgeCheck`).
    case bridgeNameMismatch(BuiltInBridgeCheck.Mismatch)

    public var description: String {
        switch self {
        case let .missingSeam(p, path, seam):
            return "\(p): seam \(path) (owner \(seam)) has no output; the lowering must render every declared seam"
        case let .undeclaredOutput(p, path, seam):
            return "\(p): \(path) from \(seam) is not a seam the Core declares; declare it in CoreCatalog or stop rendering it"
        case let .wrongSeam(p, path, expected, actual):
            return "\(p): \(path) belongs to \(expected) but was rendered by \(actual)"
        case let .wrongMode(p, path, expected, actual):
            return "\(p): \(path) must have mode \(String(expected.rawValue, radix: 8)), the output has \(String(actual.rawValue, radix: 8))"
        case let .duplicateOutput(p, path):
            return "\(p): two outputs for \(path)"
        case let .replacesMissingCoreFile(p, path):
            return "\(p): seam \(path) replaces a Core file, but the pinned Core has no such file; fix CoreCatalog or re-pin the Core"
        case let .addCollidesWithCore(p, path, seam):
            return "\(p): \(seam) adds \(path), which the Core already has; declare it as a replacing seam"
        case let .outsideMount(p, path, mount):
            return "\(p): output \(path) is outside the tree's mount \(mount.isEmpty ? "(root)" : mount + "/")"
        case let .coreMissing(p, d):
            return "\(p): the pinned Core \(d.hex) is not in cas/ or the store; restore cas/ from the repository (`orchestrate core verify`)"
        case let .coreDamaged(p, d):
            return "\(p): the pinned Core \(d.hex) is damaged (its bytes hash to another digest) and no store layer has it intact; restore cas/ from the repository (`orchestrate core verify`)"
        case let .bridgeNameMismatch(m):
            return m.description
        case let .notASeam(p, id, family):
            return "\(p): task \(id) has family \(family), which is no seam of CoreCatalog; build seam tasks with SeamTaskBuilder"
        }
    }
}
