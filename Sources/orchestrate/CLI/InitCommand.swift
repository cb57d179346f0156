import Foundation
import Pipeline

/// `orchestrate init [DIR|FILE] [--name NAME]`
public enum InitCommand: Command {
    public static let name = "init"
    public static let abstract = "write a small valid Plan and its native/ folders to start from"

    static let appName = Option<String>("name", "NAME", "the app's display name (default: from the directory's name); its key is\nderived: \"Field Notes\" → field_notes")

    public static let options = [appName.declaration]
    public static let positionals = 0...1
    public static let usage: [Usage] = [.all("[DIR|FILE]")]
    public static let discussion = """
    Writes a Plan with one entity (Item: a required title and a body) that requests both native
    clients, its JSON Schema beside it (plan-v1.schema.json, named by the Plan's "$schema", so
    an editor checks it), and native/ios and native/android, each with a README saying what goes
    there. DIR (default: the current directory, created when missing) gets <key>.plan.json; a
    FILE ending in .json is the Plan's own path. The project and entity ids are fresh random
    UUIDs. Nothing is written over: when any of the files exists, nothing is written.
    Then: orchestrate compile <plan> --out app/
    """
    public static let epilogue = """
    exit codes: 0 written, 64 usage (a name with no letter to start a key), 74 a file exists or
    cannot be written.
    """

    public static func validate(_ args: Arguments) throws {
        if let n = try args.value(appName), StarterProject.key(forName: n) == nil {
            throw CLIError.usage("init: --name \"\(n)\" gives no application key (lowercase letters, digits and '_', starting with a letter)",
                                 hint: "orchestrate init --name \"Field Notes\"")
        }
    }

    public static func run(_ args: Arguments, _ ctx: Context) throws -> Int32 {
        let target = args.positionals.first ?? "."
        let isFile = target.hasSuffix(".json")
        let directory = isFile ? (target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : ".") : target
        let directoryName = URL(fileURLWithPath: ctx.path(directory)).lastPathComponent
        let name = try args.value(appName) ?? StarterProject.name(forDirectory: directoryName)
        guard let key = StarterProject.key(forName: name) else {
            throw CLIError.usage("init: the directory name \"\(directoryName)\" gives no application key", hint: "orchestrate init \(target) --name \"My App\"")
        }
        let planName = isFile ? String(target.split(separator: "/").last!) : key.replacingOccurrences(of: "_", with: "-") + ".plan.json"
        let project = StarterProject(name: name, key: key, projectID: UUID().uuidString.lowercased(),
                                     entityUUID: UUID().uuidString.lowercased(), planName: planName)
        let shown = { (path: String) in directory == "." ? path : directory + "/" + path }
        let root = ctx.path(directory)
        // Refuse before writing anything; `create` refuses again if one appears meanwhile.
        for f in project.files {
            var st = stat()
            if lstat(root + "/" + f.path, &st) == 0 { throw CLIError.exists(path: shown(f.path), what: what(f.path)) }
        }
        var made: [String] = []
        do {
            for f in project.files {
                let path = root + "/" + f.path
                made += try makeDirectories(String(path[..<path.lastIndex(of: "/")!]), display: shown(f.path))
                try UserFile.create(f.bytes, at: path, display: shown(f.path), what: what(f.path))
                made.append(path)
            }
        } catch {
            // No partial project: remove what this run wrote, files before their directories.
            for path in made.reversed() { _ = path.hasSuffix("/") ? rmdir(path) : unlink(path) }
            throw error
        }
        for f in project.files { ctx.out("wrote \(shown(f.path))\n") }
        ctx.out("next: orchestrate compile \(shown(planName)) --out app/\n")
        return ExitCode.success
    }

    static func what(_ path: String) -> String {
        path == StarterProject.schemaName ? "schema" : path.hasSuffix(".json") ? "Plan" : "README"
    }

    /// Creates `directory` and the missing directories above it; returns those it created, each
    /// ending in `/`, outermost first.
    static func makeDirectories(_ directory: String, display: String) throws -> [String] {
        var missing: [String] = []
        var dir = directory
        var st = stat()
        while !dir.isEmpty, stat(dir, &st) != 0 {
            missing.insert(dir, at: 0)
            dir = String(dir[..<(dir.lastIndex(of: "/") ?? dir.startIndex)])
        }
        var made: [String] = []
        for d in missing {
            guard mkdir(d, 0o777) == 0 || errno == EEXIST else {
                let e = errno
                for m in made.reversed() { rmdir(m) }
                throw CLIError.writeFailed(path: display, what: "starter project", errno: e)
            }
            made.append(d + "/")
        }
        return made
    }
}
