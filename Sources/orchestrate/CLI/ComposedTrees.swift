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
        guard allowed.contains(platform), let known = Platform(rawValue: platform) else {
            throw CLIError.usage("\(command): unknown platform \"\(platform)\"; use \(allowed.joined(separator: ", "))", hint: nil)
        }
        return CorePins.pin(for: known)
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
                TreeDigest.Entry(path: String($0.path.dropFirst(prefix.count)), mode: $0.mode, digest: $0.digest)
            }
        }
        let ignoreFile = pin.mount.isEmpty ? nil
            : FileManager.default.contents(atPath: root + "/" + mounted(pin.mount, ".gitignore")).map { String(decoding: $0, as: UTF8.self) }
        return TreeSnapshot(platform: pin.platform,
                            files: files.filter { $0.path != TreeDigest.provenanceFile },
                            provenance: FileManager.default.contents(atPath: root + "/" + mounted(pin.mount, TreeDigest.provenanceFile)).map { [UInt8]($0) },
                            ignoreFile: ignoreFile)
    }

    /// The output as `audit` reads it: every entry below `root`, links never followed; the regular
    /// files outside `.orchestrate/` (materializer temporaries included: they are findings, not
    /// noise); and one snapshot per pin whose tree is there, its provenance read only when it is
    /// a regular file.
    struct Scan {
        var entries: [DirectoryListing.Entry]
        var files: [TreeDigest.Entry]
        var trees: [TreeSnapshot]
        /// The top-level names of the output.
        var present: Set<String>
    }

    static func scan(_ root: String) throws -> Scan {
        let entries = try DirectoryListing.entries(of: root)
        let files = entries.compactMap { e -> TreeDigest.Entry? in
            guard e.kind == .regular, let digest = e.digest, !e.path.hasPrefix(Materializer.stateDirectory + "/") else { return nil }
            return TreeDigest.Entry(path: e.path, mode: FileMode(executable: e.executable), digest: digest)
        }
        let kinds = Dictionary(entries.map { ($0.path, $0.kind) }, uniquingKeysWith: { a, _ in a })
        var trees: [TreeSnapshot] = []
        for pin in CorePins.all {
            if !pin.mount.isEmpty && kinds[pin.mount] != .directory { continue }
            let foreign = pin.mount.isEmpty ? CorePins.all.map(\.mount).filter { !$0.isEmpty }.map { $0 + "/" } : []
            let prefix = pin.mount.isEmpty ? "" : pin.mount + "/"
            let mine = files.filter { $0.path.hasPrefix(prefix) && !foreign.contains(where: $0.path.hasPrefix) }.map {
                TreeDigest.Entry(path: String($0.path.dropFirst(prefix.count)), mode: $0.mode, digest: $0.digest)
            }
            let provenancePath = mounted(pin.mount, TreeDigest.provenanceFile)
            let provenance = kinds[provenancePath] == .regular ? readWithoutFollowing(root + "/" + provenancePath) : nil
            trees.append(TreeSnapshot(platform: pin.platform, files: mine.filter { $0.path != TreeDigest.provenanceFile },
                                      provenance: provenance))
        }
        let present = Set(entries.map { String($0.path.prefix { $0 != "/" }) })
        return Scan(entries: entries, files: files, trees: trees, present: present)
    }

    /// A file's bytes, or nil when it is not there or is a link.
    static func readWithoutFollowing(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out += buffer[..<n]
        }
    }

    /// The tree of `pin` inside `root`, reading only that tree; a missing folder is exit 66.
    static func snapshot(root: String, pin: CorePin, display: String) throws -> TreeSnapshot {
        guard isDirectory(root) else { throw CLIError.inputMissing(path: display, what: "output directory") }
        let dir = pin.mount.isEmpty ? root : root + "/" + pin.mount
        guard isDirectory(dir) else { throw CLIError.inputMissing(path: mounted(display, pin.mount), what: "\(pin.name) tree") }
        let listing = pin.mount.isEmpty
            ? try allFiles(root)
            : try TreeDigest.entries(ofDirectory: dir).map { TreeDigest.Entry(path: pin.mount + "/" + $0.path, mode: $0.mode, digest: $0.digest) }
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
