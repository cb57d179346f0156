/// A small, strict argument parser: declared options only, `--name value` or `--name=value`,
/// repeated options collected, positionals in order. Unknown options are usage errors.
public struct Arguments {
    public struct Spec {
        public var valued: Set<String> = []
        public var flags: Set<String> = []
        public var repeatable: Set<String> = []
        public var positionals: ClosedRange<Int> = 0...0

        public init(valued: Set<String> = [], flags: Set<String> = [], repeatable: Set<String> = [], positionals: ClosedRange<Int> = 0...0) {
            self.valued = valued.union(repeatable)
            self.flags = flags.union(["help"])
            self.repeatable = repeatable
            self.positionals = positionals
        }
    }

    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []

    public init(_ args: [String], spec: Spec, command: String) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            if a == "-h" { flags.insert("help"); continue }
            guard a.hasPrefix("--") else {
                throw CLIError.usage("\(command): unknown option \(a)", hint: "run `orchestrate \(command) --help`")
            }
            var name = String(a.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if spec.flags.contains(name) {
                if let inline {
                    switch inline {
                    case "true", "1", "yes": flags.insert(name)
                    case "false", "0", "no": flags.remove(name); values["no-" + name] = [inline]
                    default: throw CLIError.usage("\(command): --\(name) takes true or false, not \"\(inline)\"", hint: nil)
                    }
                } else {
                    flags.insert(name)
                }
            } else if spec.valued.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < args.count else { throw CLIError.usage("\(command): --\(name) needs a value", hint: "run `orchestrate \(command) --help`") }
                    value = args[i]
                    i += 1
                }
                if values[name] != nil && !spec.repeatable.contains(name) {
                    throw CLIError.usage("\(command): --\(name) given twice", hint: nil)
                }
                values[name, default: []].append(value)
            } else {
                throw CLIError.usage("\(command): unknown option --\(name)", hint: "run `orchestrate \(command) --help`")
            }
        }
        if flags.contains("help") { return }
        if !spec.positionals.contains(positionals.count) {
            let want = spec.positionals.lowerBound == spec.positionals.upperBound
                ? "\(spec.positionals.lowerBound)" : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)"
            throw CLIError.usage("\(command): expected \(want) argument(s), got \(positionals.count)", hint: "run `orchestrate \(command) --help`")
        }
    }

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// A flag that defaults to true and can be turned off with `--name=false`.
    public func flag(_ name: String, default def: Bool) -> Bool {
        if flags.contains(name) { return true }
        if values["no-" + name] != nil { return false }
        return def
    }
}
