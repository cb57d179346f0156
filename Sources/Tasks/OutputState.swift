import Hashing
import Foundation

/// What we left at a path: its digest, and the stat facts that let a later run trust it unread.
/// `ctimeNs` is nil in states written before it was recorded (then the file is hashed once).
struct OutputState: Codable, Equatable {
    var path: String
    var digest: Digest
    var mode: UInt16
    var size: UInt64
    var mtimeNs: Int64
    var inode: UInt64
    var ctimeNs: Int64?

    init(path: String, digest: Digest, mode: UInt16, size: UInt64, mtimeNs: Int64, inode: UInt64, ctimeNs: Int64? = nil) {
        self.path = path
        self.digest = digest
        self.mode = mode
        self.size = size
        self.mtimeNs = mtimeNs
        self.inode = inode
        self.ctimeNs = ctimeNs
    }

    init(file: TreeFile, facts: FileFacts) {
        path = file.path
        digest = file.digest
        mode = file.mode.rawValue
        size = facts.size
        mtimeNs = facts.mtimeNs
        inode = facts.inode
        ctimeNs = facts.ctimeNs
    }

    /// Size, inode, mtime and ctime as recorded. The ctime is what a person cannot set back: a
    /// same-size edit with its mtime restored (`touch -r`, `utimensat`) still moves it (git
    /// compares it for the same reason).
    func matches(_ st: stat) -> Bool {
        UInt64(st.st_size) == size && UInt64(st.st_ino) == inode && Self.ns(st.st_mtim) == mtimeNs
            && ctimeNs == Self.ns(st.st_ctim)
    }

    static func ns(_ t: timespec) -> Int64 { Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec) }
}

/// What the materializer keeps of a target's `stat` between probing and recording it: its type
/// and permission bits and the facts the state records (40 bytes where a `stat` is 144, for every
/// file of the tree at once).
struct FileFacts {
    var mode: mode_t = 0
    var size: UInt64 = 0
    var inode: UInt64 = 0
    var mtimeNs: Int64 = 0
    var ctimeNs: Int64 = 0

    init() {}

    init(_ st: stat) {
        mode = st.st_mode
        size = UInt64(st.st_size)
        inode = UInt64(st.st_ino)
        mtimeNs = OutputState.ns(st.st_mtim)
        ctimeNs = OutputState.ns(st.st_ctim)
    }
}
