import Cache
import Foundation
import Lowerings
import Tasks

/// Reads composed trees from an output directory into `TreeSnapshot`s: the root tree (Rails)
/// is the root without the other trees' mounts, `.orchestrate/` and its provenance file; a
/// mounted tree (`ios/`, `android/`) is its folder without its provenance file.
enum ComposedTrees {
    /// The pin of a `--platform` value, or a usage error.
    static func pin(_ platform: String?, command: String, allowed: [String] = CorePins.all.map(\.name)) throws -> CorePin {
        guard let platform else {
            throw CLIError.usage("\(command): --platform \(allowed.joined(separator: "|")) is required", hint: "run `orchestrate \(command) --help`")
        }
        guard allowed.contains(platform), let pin = CorePins.pin(for: platform) else {
            throw CLIError.usage("\(command): unknown platform \"\(platform)\"; use \(allowed.joined(separator: ", "))", hint: nil)
        }
        return pin
    }

    /// Every regular file below `root`, paths relative to it, without `.orchestrate/` (the
    /// materializer's state and temporary files).
    static func allFiles(_ root: String) throws -> [TreeDigest.Entry] {
        try TreeDigest.entries(ofDirectory: root).filter {
            !$0.path.hasPrefix(Materializer.stateDirectory + "/") && !($0.path.split(separator: "/").last ?? "").hasPrefix(".orchestrate-tmp-")
        }
    }

    /// The tree of `pin` inside `root`, from a listing of the whole root (`allFiles`). Nil when
    /// a mounted tree's folder is absent.
    static func snapshot(root: String, pin: CorePin, all: [TreeDigest.Entry]) -> TreeSnapshot? {
        let files: [TreeDigest.Entry]
        if pin.mount.isEmpty {
            let foreign = CorePins.all.map(\.mount).filter { !$0.isEmpty }.map { $0 + "/" }
            files = all.filter { e in !foreign.contains { e.path.hasPrefix($0) } }
        } else {
            let prefix = pin.mount + "/"
            guard isDirectory(root + "/" + pin.mount) else { return nil }
            files = all.filter { $0.path.hasPrefix(prefix) }.map {
                TreeDigest.Entry(path: String($0.path.dropFirst(prefix.count)), executable: $0.executable, digest: $0.digest)
            }
        }
        let ignoreFile = pin.mount.isEmpty ? nil
            : FileManager.default.contents(atPath: root + "/" + mounted(pin.mount, ".gitignore")).map { String(decoding: $0, as: UTF8.self) }
        return TreeSnapshot(platform: pin.name, mount: pin.mount,
                            files: files.filter { $0.path != TreeDigest.provenanceFile },
                            provenance: FileManager.default.contents(atPath: root + "/" + mounted(pin.mount, TreeDigest.provenanceFile)).map { [UInt8]($0) },
                            ignoreFile: ignoreFile)
    }

    /// The tree of `pin` inside `root`, reading only that tree; a missing folder is exit 66.
    static func snapshot(root: String, pin: CorePin, display: String) throws -> TreeSnapshot {
        guard isDirectory(root) else { throw CLIError.inputMissing(path: display, what: "output directory") }
        let dir = pin.mount.isEmpty ? root : root + "/" + pin.mount
        guard isDirectory(dir) else { throw CLIError.inputMissing(path: mounted(display, pin.mount), what: "\(pin.name) tree") }
        let listing = pin.mount.isEmpty
            ? try allFiles(root)
            : try TreeDigest.entries(ofDirectory: dir).map { TreeDigest.Entry(path: pin.mount + "/" + $0.path, executable: $0.executable, digest: $0.digest) }
        return snapshot(root: root, pin: pin, all: listing)!
    }

    /// The snapshot's provenance, decoded; invalid provenance is exit 65.
    static func provenance(_ tree: TreeSnapshot, display: String) throws -> ProvenanceDocument? {
        guard let bytes = tree.provenance else { return nil }
        do {
            return try ProvenanceDocument.decode(bytes)
        } catch {
            throw CLIError.invalidInput("\(mounted(display, tree.provenancePath)): not valid provenance: \(error)")
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
