import Cache
import Lowerings
import Tasks

/// Judges every entry of an output directory, found without following links, before any file is
/// compared with provenance: what a compile never writes is a finding wherever it sits. A
/// compile writes regular files (0644/0755) and directories, under names it chose. Pure: a
/// listing in, findings out.
public enum ListingAudit {
    public static func audit(_ entries: [DirectoryListing.Entry], pins: [CorePin] = CorePins.all) -> [AuditFinding] {
        var findings: [AuditFinding] = []
        func add(_ code: AuditCode, _ path: String, _ message: String) {
            findings.append(AuditFinding(code, tree: CorePins.tree(of: path, pins), path: path, message))
        }
        for e in entries {
            switch e.kind {
            case .regular, .directory: break
            case .symlink:
                add(.notRegularFile, e.path, "is a symbolic link to \(e.linkTarget ?? "(unreadable)"); a compiled tree holds regular files and directories only, and links are never followed")
            default:
                add(.notRegularFile, e.path, "is a \(e.kind.rawValue); a compiled tree holds regular files and directories only")
            }
            if let problem = nameProblem(e) { add(.unexpectedName, e.path, problem) }
            if let problem = modeProblem(e) { add(.unsafeMode, e.path, problem) }
        }
        return findings.sorted()
    }

    static func nameProblem(_ e: DirectoryListing.Entry) -> String? {
        let name = e.path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? e.path
        if !e.validName { return "the name is not UTF-8; a compile writes UTF-8 names only" }
        if let c = name.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the name holds control character U+\(String(c.value, radix: 16, uppercase: true).leftPadded(4)); a compile never writes one"
        }
        if name.hasPrefix(Materializer.tempPrefix) {
            return "is a materializer temporary, which exists only while a compile writes a file: an interrupted compile left it, or it was planted"
        }
        return nil
    }

    static func modeProblem(_ e: DirectoryListing.Entry) -> String? {
        var reasons: [String] = []
        switch e.kind {
        case .regular:
            if e.permissions & 0o4000 != 0 { reasons.append("setuid") }
            if e.permissions & 0o2000 != 0 { reasons.append("setgid") }
            if e.permissions & 0o1000 != 0 { reasons.append("sticky") }
            if e.permissions & 0o002 != 0 { reasons.append("world-writable") }
        case .directory:
            // setgid on a directory is inherited from its parent on many systems; it is left alone.
            if e.permissions & 0o4000 != 0 { reasons.append("setuid") }
            if e.permissions & 0o002 != 0 { reasons.append("world-writable") }
        default:
            return nil
        }
        guard !reasons.isEmpty else { return nil }
        return "has mode \(String(e.permissions, radix: 8).leftPadded(4)) (\(reasons.joined(separator: ", "))); a compile writes files 0644 or 0755"
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
