import Foundation

/// Writes verified entries to disk without ever leaving the target: everything goes into a
/// fresh sibling temporary directory, each component is opened with O_NOFOLLOW relative to its
/// parent's descriptor, files are created with O_EXCL, and the directory is renamed onto the
/// target only when every entry is written. On failure the temporary directory is removed.
struct SafeExtractor {
    func extract(_ entries: [ArchiveEntry], into target: String) throws {
        var target = target
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        let url = URL(fileURLWithPath: target)
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        try checkTarget(target)

        var template = Array("\(parent)/.\(name).extract-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ArchiveError.io(operation: "mkdtemp in", path: parent, errno: errno)
        }
        let temp = String(cString: made)
        do {
            guard chmod(temp, 0o755) == 0 else { throw ArchiveError.io(operation: "chmod", path: temp, errno: errno) }
            let root = open(temp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard root >= 0 else { throw ArchiveError.io(operation: "open", path: temp, errno: errno) }
            defer { close(root) }
            for entry in entries { try write(entry, root: root, temp: temp) }
            guard rename(temp, target) == 0 else {
                let e = errno
                throw e == ENOTEMPTY || e == EEXIST || e == ENOTDIR || e == EISDIR
                    ? ArchiveError.targetExists(path: target)
                    : ArchiveError.io(operation: "rename into", path: target, errno: e)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw error
        }
    }

    /// The target may be missing or an empty directory (which rename replaces atomically).
    private func checkTarget(_ target: String) throws {
        var st = stat()
        if lstat(target, &st) != 0 {
            if errno == ENOENT { return }
            throw ArchiveError.io(operation: "lstat", path: target, errno: errno)
        }
        guard st.st_mode & S_IFMT == S_IFDIR,
              let contents = try? FileManager.default.contentsOfDirectory(atPath: target), contents.isEmpty
        else { throw ArchiveError.targetExists(path: target) }
    }

    private func write(_ entry: ArchiveEntry, root: Int32, temp: String) throws {
        let components = try PathRules.validate(entry.path)
        var dir = root
        defer { if dir != root { close(dir) } }
        for component in components.dropLast() {
            let next = try openDirectory(component, in: dir, creating: true, where: temp + "/" + entry.path)
            if dir != root { close(dir) }
            dir = next
        }
        let last = components[components.count - 1]
        let full = temp + "/" + entry.path
        switch entry.kind {
        case .directory:
            if mkdirat(dir, last, 0o755) != 0 && errno != EEXIST {
                throw ArchiveError.io(operation: "mkdir", path: full, errno: errno)
            }
            let fd = try openDirectory(last, in: dir, creating: false, where: full)
            defer { close(fd) }
            guard fchmod(fd, mode_t(entry.mode)) == 0 else { throw ArchiveError.io(operation: "chmod", path: full, errno: errno) }
        case .file:
            let fd = openat(dir, last, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o600))
            guard fd >= 0 else { throw ArchiveError.io(operation: "create", path: full, errno: errno) }
            defer { close(fd) }
            try entry.bytes.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let n = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw ArchiveError.io(operation: "write", path: full, errno: errno) }
                    done += n
                }
            }
            guard fchmod(fd, mode_t(entry.mode)) == 0 else { throw ArchiveError.io(operation: "chmod", path: full, errno: errno) }
        }
    }

    private func openDirectory(_ name: String, in dir: Int32, creating: Bool, where path: String) throws -> Int32 {
        var created = false
        if creating {
            if mkdirat(dir, name, 0o755) == 0 {
                created = true
            } else if errno != EEXIST {
                throw ArchiveError.io(operation: "mkdir", path: path, errno: errno)
            }
        }
        let fd = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw ArchiveError.io(operation: "open directory", path: path, errno: errno) }
        if created && fchmod(fd, 0o755) != 0 {  // mkdirat's mode is masked by the umask
            let e = errno
            close(fd)
            throw ArchiveError.io(operation: "chmod", path: path, errno: e)
        }
        return fd
    }
}
