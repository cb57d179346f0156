import Cache
import Foundation
import Lowerings
import Tasks

/// Reads composed trees from an output directory into `TreeSnapshot`s: the root tree (Rails)
/// is the root without the other trees' mounts, `.orchestrate/` and its provenance file; a
/// mounted tree (`ios/`, `android/`) is its folder without its provenance file.
public enum ComposedTrees {
    /// Every regular file below `root`, paths relative to it, without `.orchestrate/` (the
    /// materializer's state and temporary files).
    static func allFiles(_ root: String) throws -> [TreeDigest.Entry] {
        try TreeDigest.entries(ofDirectory: root).filter {
            !$0.path.hasPrefix(Materializer.stateDirectory + "/") && !($0.path.split(separator: "/").last ?? "").hasPrefix(Materializer.tempPrefix)
        }
    }

    /// The entries of the tree mounted at `mount`, relative to it, in a listing of the whole
    /// output: those below the mount, less those below `foreign` (the mounts of the trees inside
    /// it, for the root tree).
    static func treeEntries(_ all: [TreeDigest.Entry], mount: String, foreign: [String]) -> [TreeDigest.Entry] {
        let prefix = mount.isEmpty ? "" : mount + "/"
        let foreignPrefixes = foreign.map { $0 + "/" }
        return all.compactMap { e in
            guard e.path.utf8HasPrefix(prefix), !foreignPrefixes.contains(where: e.path.utf8HasPrefix) else { return nil }
            return prefix.isEmpty ? e : TreeDigest.Entry(path: String(decoding: e.path.utf8.dropFirst(prefix.utf8.count), as: UTF8.self), mode: e.mode, digest: e.digest)
        }
    }

    /// The mounts inside the root tree, every pin's.
    static let mountsInsideRoot = CorePins.all.map(\.mount).filter { !$0.isEmpty }

    /// The tree of `pin` inside `root`, from a listing of the whole root (`allFiles`). Nil when
    /// a mounted tree's folder is absent.
    static func snapshot(root: String, pin: CorePin, all: [TreeDigest.Entry]) -> TreeSnapshot? {
        guard pin.mount.isEmpty || isDirectory(root + "/" + pin.mount) else { return nil }
        let files = treeEntries(all, mount: pin.mount, foreign: pin.mount.isEmpty ? mountsInsideRoot : [])
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
            let mine = treeEntries(files, mount: pin.mount, foreign: pin.mount.isEmpty ? mountsInsideRoot : [])
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

    /// The tree of `pin` inside `root`, reading only that tree (`name`: `root` as the caller named it,
    /// for messages); a missing folder is `PipelineError.inputMissing`.
    public static func snapshot(root: String, name: String, pin: CorePin) throws -> TreeSnapshot {
        guard isDirectory(root) else { throw PipelineError.inputMissing(path: name, what: "output directory") }
        let dir = pin.mount.isEmpty ? root : root + "/" + pin.mount
        guard isDirectory(dir) else { throw PipelineError.inputMissing(path: mounted(name, pin.mount), what: "\(pin.name) tree") }
        let listing = pin.mount.isEmpty
            ? try allFiles(root)
            : try TreeDigest.entries(ofDirectory: dir).map { TreeDigest.Entry(path: pin.mount + "/" + $0.path, mode: $0.mode, digest: $0.digest) }
        return snapshot(root: root, pin: pin, all: listing)!
    }

    /// The snapshot's provenance, decoded (`name`: the output directory as the caller named it).
    public static func provenance(_ tree: TreeSnapshot, name: String) throws -> ProvenanceDocument? {
        guard let bytes = tree.provenance else { return nil }
        do {
            return try ProvenanceDocument.decode(bytes)
        } catch {
            throw PipelineError.invalidProvenance(path: mounted(name, tree.provenancePath), reason: "\(error)")
        }
    }

    /// `digest`: a tree's native input digest recomputed from its files, beside the one its
    /// provenance records (nil without provenance).
    public struct DigestCheck: Sendable {
        public let tree: TreeSnapshot
        public let digest: Digest
        public let recorded: Digest?
    }

    public static func digestCheck(root: String, name: String, pin: CorePin) throws -> DigestCheck {
        let tree = try snapshot(root: root, name: name, pin: pin)
        return DigestCheck(tree: tree, digest: tree.digest, recorded: try provenance(tree, name: name)?.nativeInputDigest)
    }

    /// `reuse-check`: may a native build of the `pin` tree of `base` be reused for `head`? Both
    /// trees must be there and their provenance (if any) valid.
    public static func reuse(base: (root: String, name: String), head: (root: String, name: String), pin: CorePin) throws -> ReuseReport {
        let b = try snapshot(root: base.root, name: base.name, pin: pin)
        let h = try snapshot(root: head.root, name: head.name, pin: pin)
        _ = try provenance(b, name: base.name)
        _ = try provenance(h, name: head.name)
        return try ReuseComparison.compare(base: b, head: h)
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}
