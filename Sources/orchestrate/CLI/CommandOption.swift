/// One option a command declares: its name, its value's placeholder (nil for a flag) and its
/// help. A command's `Arguments.Spec`, usage line and options section are generated from one list
/// of these, so the help cannot lose an option the parser accepts.
struct CommandOption {
    let name: String
    let value: String?
    /// One or more lines; the first goes beside the option.
    let help: String
    var required = false
    /// In the first usage line (options of a second form, such as `--demo`, are not).
    var inUsage = true

    init(_ name: String, value: String? = nil, _ help: String, required: Bool = false, inUsage: Bool = true) {
        self.name = name
        self.value = value
        self.help = help
        self.required = required
        self.inUsage = inUsage
    }

    /// `--name VALUE`, or `--name` for a flag.
    var synopsis: String { "--" + name + (value.map { " " + $0 } ?? "") }
}

extension Array where Element == CommandOption {
    var valued: Set<String> { Set(filter { $0.value != nil }.map(\.name)) }
    var flags: Set<String> { Set(filter { $0.value == nil }.map(\.name)) }

    /// `--out DIR [--store DIR] [--force] …`, in declaration order.
    var usage: String {
        filter(\.inUsage).map { $0.required ? $0.synopsis : "[" + $0.synopsis + "]" }.joined(separator: " ")
    }

    /// The options section: each synopsis in a column of 16, its help beside it and below.
    var section: String {
        let indent = String(repeating: " ", count: 20)
        return map { o in
            let lines = o.help.split(separator: "\n", omittingEmptySubsequences: false)
            var s = "  " + o.synopsis
            if o.synopsis.count <= 16 {
                s += String(repeating: " ", count: 18 - o.synopsis.count) + lines[0]
            } else {
                s += "\n" + indent + lines[0]
            }
            for l in lines.dropFirst() { s += "\n" + indent + l }
            return s + "\n"
        }.joined()
    }
}
