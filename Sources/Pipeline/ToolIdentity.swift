import Foundation

/// What identifies the running orchestrate for the compile memo: two builds that could compile a
/// Plan differently must never share it.
///
/// It is the executable's GNU build ID, read from its ELF program headers: the linker hashes the
/// whole output into it, so every rebuild that changes a byte changes it. The shared objects it
/// runs with (the Swift runtime and Foundation when it is linked dynamically) are added the same
/// way, each by path and build ID. Without a build ID (a binary linked without one,
/// another system) it is the executable's device, inode, size, mtime and ctime — the check ccache
/// makes by default — which a rebuild or a copy moves too. Nil when neither can be read: then the
/// memo is never used.
public enum ToolIdentity {
    public static let current: [UInt8]? = {
        guard let main = buildID().map({ Array("build-id:".utf8) + $0 }) ?? executableStat() else { return nil }
        return main + sharedObjects()
    }()

    /// The shared objects mapped into this process (`/proc/self/maps`: the Swift runtime,
    /// Foundation, libcrypto, zlib, SQLite…), each by path and build ID (or device, inode, size,
    /// mtime and ctime without one), sorted by path: a toolchain or system library upgraded in
    /// place changes code the executable's own build ID does not cover. Empty when the map cannot
    /// be read (then only the executable counts).
    static func sharedObjects(maps: String = "/proc/self/maps") -> [UInt8] {
        // Read to its end (a `/proc` file reports a size of 0).
        guard let bytes = ComposedTrees.readWithoutFollowing(maps) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var paths: Set<Substring> = []
        for line in text.split(separator: "\n") {
            // address perms offset dev inode path
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            if path.contains(".so"), !path.hasSuffix(" (deleted)") { paths.insert(path) }
        }
        var out: [UInt8] = []
        for path in paths.sorted() {
            let p = String(path)
            out += Array("\nso:".utf8) + Array(p.utf8) + Array("=".utf8)
            out += buildID(path: p) ?? executableStat(path: p) ?? Array("unreadable".utf8)
        }
        return out
    }

    /// The GNU build ID note of `/proc/self/exe` (the file the kernel mapped, even if it was
    /// replaced on disk since): the ELF header's program headers, then each `PT_NOTE` segment's
    /// notes, for the one named "GNU" of type 3 (`NT_GNU_BUILD_ID`). Nil for anything else.
    static func buildID(path: String = "/proc/self/exe") -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard count >= 0, count <= 1 << 16 else { return nil }
            var out = [UInt8](repeating: 0, count: count)
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? out : nil
        }
        func int(_ b: [UInt8], _ at: Int, _ size: Int) -> Int {
            (0 ..< size).reduce(0) { $0 | Int(b[at + $1]) << ($1 * 8) }
        }
        // ELF, 64-bit (class 2), little-endian (data 1).
        guard let header = read(0, 64), header[0 ..< 4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
        let phoff = int(header, 0x20, 8), phentsize = int(header, 0x36, 2), phnum = int(header, 0x38, 2)
        guard phentsize >= 56, phnum <= 256, let table = read(phoff, phentsize * phnum) else { return nil }
        for i in 0 ..< phnum {
            let p = i * phentsize
            guard int(table, p, 4) == 4 /* PT_NOTE */, let notes = read(int(table, p + 8, 8), int(table, p + 32, 8)) else { continue }
            // Each note: name size, descriptor size, type (4 bytes each), then the name and the
            // descriptor, each padded to 4 bytes.
            var at = 0
            while notes.count - at >= 12 {
                let nameSize = int(notes, at, 4), descSize = int(notes, at + 4, 4), type = int(notes, at + 8, 4)
                let name = at + 12, desc = name + (nameSize + 3) & ~3
                guard desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name ..< name + 4] == [0x47, 0x4E, 0x55, 0], descSize > 0 {
                    return Array(notes[desc ..< desc + descSize])
                }
                at = desc + (descSize + 3) & ~3
            }
        }
        return nil
    }

    static func executableStat(path: String = "/proc/self/exe") -> [UInt8]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let fields: [Int64] = [Int64(st.st_dev), Int64(bitPattern: UInt64(st.st_ino)), Int64(st.st_size),
                               Int64(st.st_mtim.tv_sec), Int64(st.st_mtim.tv_nsec), Int64(st.st_ctim.tv_sec), Int64(st.st_ctim.tv_nsec)]
        return Array("exe-stat:".utf8) + fields.flatMap { v in (0 ..< 8).map { UInt8(truncatingIfNeeded: v >> ($0 * 8)) } }
    }
}
