import Foundation
import XCTest
@testable import CLI

/// `orchestrate completions bash|zsh|fish`, sourced in the real shells and asked for
/// completions as a user's Tab would. What each command should complete to is read from its
/// option table here, apart from the generator, so a command or option the scripts lose fails.
final class CompletionsCommandTests: XCTestCase {
    private var h: CLIHarness!

    override func setUpWithError() throws {
        h = try CLIHarness()
        try FileManager.default.createDirectory(atPath: h.root + "/somedir", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: h.root + "/somefile.json", contents: Data("{}".utf8))
    }

    override func tearDown() { h.cleanUp() }

    /// Every option a command declares, as typed: `--name`, or `--name=false` for one on by default.
    static func declaredOptions(_ c: Command.Type) -> Set<String> {
        Set(c.options.map { o in
            if case .onByDefault = o.value { return "--\(o.name)=false" }
            return "--" + o.name
        } + ["--help"])
    }

    /// The first positional words that pick a mode, as the commands' validate steps accept them.
    static let subcommands: [String: Set<String>] = [
        "store": ["stats", "verify", "gc"], "core": ["pack", "verify"], "icons": ["draw", "verify"],
        "artifact": ["put", "get"], "completions": ["bash", "zsh", "fish"],
    ]

    /// A command line typed up to the cursor, and what Tab must offer there.
    struct Question {
        let line: [String]
        let expected: Set<String>
        init(_ line: [String], _ expected: Set<String>) {
            self.line = line
            self.expected = expected
        }
    }

    /// The questions every shell is asked, each with the answer it must give.
    func questions() -> [Question] {
        var q: [Question] = []
        // fish offers options only once a `-` is typed, so the empty word asks for commands only.
        q.append(Question(["orchestrate", ""], Set(CLI.commands.map { $0.name }).union(["help"])))
        q.append(Question(["orchestrate", "--"], ["--help", "--version"]))
        q.append(Question(["orchestrate", "comp"], ["compile", "completions"]))
        q.append(Question(["orchestrate", "help", "re"], ["reuse-check", "report"]))
        for c in CLI.commands {
            q.append(Question(["orchestrate", c.name, "--"], Self.declaredOptions(c)))
            if let subs = Self.subcommands[c.name] { q.append(Question(["orchestrate", c.name, ""], subs)) }
        }
        q.append(Question(["orchestrate", "graph", "--format", ""], ["json", "dot"]))
        q.append(Question(["orchestrate", "reuse-check", "--platform", ""], ["ios", "android"]))
        q.append(Question(["orchestrate", "digest", "out", "--platform", ""], ["ios", "android", "rails"]))
        q.append(Question(["orchestrate", "compile", "--out", "some"], ["somedir"]))
        q.append(Question(["orchestrate", "compile", "some"], ["somedir", "somefile.json"]))
        return q
    }

    private func script(_ shell: String) throws -> String {
        XCTAssertEqual(h.run("completions", shell), 0, h.err)
        let path = h.root + "/orchestrate-completion.\(shell)"
        try Data(h.out.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testBashCompletesEveryCommandOptionAndValue() throws {
        let bash = try ExternalTool.find("bash")
        let file = try script("bash")
        var driver = """
        source \(CompletionScript.bashQuote(file)) || exit 3
        complete -p orchestrate
        ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _orchestrate; printf '%s\\n' "${COMPREPLY[@]}"; }

        """
        let qs = questions()
        for (i, q) in qs.enumerated() {
            driver += "echo '@@\(i)'; ask \(q.line.map(CompletionScript.bashQuote).joined(separator: " "))\n"
        }
        let r = try bash.run(["--norc", "--noprofile", "-c", driver], in: h.root)
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.hasPrefix("complete -o filenames -F _orchestrate orchestrate\n"), r.out)
        let answers = Self.answers(r.out, count: qs.count)
        for (i, q) in qs.enumerated() { XCTAssertEqual(Self.commandsOnly(answers[i] ?? [], q), q.expected, "bash: \(q.line.joined(separator: " "))⇥") }
    }

    func testFishCompletesEveryCommandOptionAndValue() throws {
        let fish = try ExternalTool.find("fish", installedBy: "scripts/test.sh installs it (Debian fish)")
        let file = try script("fish")
        var driver = "source \(CompletionScript.bashQuote(file)); or exit 3\n"
        let qs = questions()
        for (i, q) in qs.enumerated() {
            let line = q.line.joined(separator: " ")
            driver += "echo '@@\(i)'; complete -C \(CompletionScript.bashQuote(line))\n"
        }
        let r = try fish.run(["--no-config", "-c", driver], in: h.root, environment: ["HOME": h.root, "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(r.status, 0, r.err)
        // fish prints `candidate<TAB>description`; it adds `/` to directories.
        let answers = Self.answers(r.out, count: qs.count) { String($0.split(separator: "\t", maxSplits: 1)[0]).trimmingCharacters(in: ["/"]) }
        for (i, q) in qs.enumerated() {
            var got = answers[i] ?? []
            // fish offers `--name=false` flags as `--name` (the value completes after `=`).
            if q.line.last == "--" { got = Set(got.map { (o: String) -> String in q.expected.contains(o + "=false") ? o + "=false" : o }) }
            XCTAssertEqual(Self.commandsOnly(got, q), q.expected, "fish: \(q.line.joined(separator: " "))⇥")
        }
    }

    func testZshCompletesEveryCommandOptionAndValue() throws {
        let zsh = try ExternalTool.find("zsh", installedBy: "scripts/test.sh installs it (Debian zsh)")
        let file = try script("zsh")
        let fpath = h.root + "/zfunc"
        try FileManager.default.createDirectory(atPath: fpath, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: file, toPath: fpath + "/_orchestrate")
        let qs = questions()
        // An interactive zsh on a pseudo-terminal (zpty), compinit with our function on $fpath;
        // compadd is wrapped to print every candidate a completion adds. Ctrl-T runs a widget that
        // puts the next question in the line, completes it (what Tab does) and prints a marker;
        // the driver sends the next Ctrl-T only once it has read that marker, so no keystroke is
        // ever typed ahead of a completion.
        let setup = h.root + "/setup.zsh"
        try Data("""
        PS1='' PROMPT='' RPROMPT=''
        fpath=(\(CompletionScript.bashQuote(fpath)) $fpath)
        autoload -Uz compinit && compinit -u -D
        cd \(CompletionScript.bashQuote(h.root))
        compadd () {
            if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return; fi
            local -a __hits; builtin compadd -O __hits "$@"
            local x; for x in $__hits; do print -r -- "<<$x>>"; done
            builtin compadd "$@"
        }
        zstyle ':completion:*' list-grouped false
        questions=(\(qs.map { CompletionScript.bashQuote($0.line.joined(separator: " ")) }.joined(separator: " ")))
        integer qi=0
        ask() { (( qi++ )); BUFFER=$questions[qi]; CURSOR=$#BUFFER; zle complete-word; print -r -- "@@-$(( qi + 999 ))"; BUFFER= }
        zle -N ask
        bindkey '^T' ask

        """.utf8).write(to: URL(fileURLWithPath: setup))
        var driver = """
        zmodload zsh/zpty || exit 3
        zpty z zsh -f -i
        zpty -w z "source \(setup); print SETUP-\\$((1+1))"
        zpty -r z line '*SETUP-2*'

        """
        for i in qs.indices {
            driver += "zpty -n -w z $'\\C-t'\n"
            driver += "zpty -r z out '*@@-\(i + 1000)*'; print -r -- \"$out\"\n"
        }
        driver += "zpty -d z\n"
        let r = try zsh.run(["-f", "-c", driver], in: h.root, environment: ["HOME": h.root, "PATH": "/usr/bin:/bin", "TERM": "dumb"])
        XCTAssertEqual(r.status, 0, r.err)
        var answers: [Int: Set<String>] = [:]
        var current = Set<String>()
        var index = 0
        for piece in r.out.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n") {
            if let marker = piece.range(of: "@@-"), let n = Int(piece[marker.upperBound...].prefix(4)), n >= 1000 {
                answers[n - 1000] = current
                current = []
                index = n - 999
                continue
            }
            var rest = Substring(piece)
            while let open = rest.range(of: "<<"), let close = rest.range(of: ">>", range: open.upperBound..<rest.endIndex) {
                current.insert(String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: ["/"]))
                rest = rest[close.upperBound...]
            }
        }
        XCTAssertEqual(index, qs.count, "zsh answered \(index) of \(qs.count) questions:\n\(r.out)\n\(r.err)")
        for (i, q) in qs.enumerated() {
            var got = answers[i] ?? []
            // zsh completes `--name=false` flags as `--name=` … then the value.
            if q.line.last == "--" { got = Set(got.map { (o: String) -> String in q.expected.contains(o + "=false") ? o + "=false" : o }) }
            XCTAssertEqual(Self.commandsOnly(got, q), q.expected, "zsh: \(q.line.joined(separator: " "))⇥")
        }
    }

    func testTheScriptsAreDeterministicAndAnUnknownShellIsAUsageError() throws {
        for shell in ["bash", "zsh", "fish"] {
            XCTAssertEqual(h.run("completions", shell), 0)
            let first = h.out
            XCTAssertEqual(h.run("completions", shell), 0)
            XCTAssertEqual(h.out, first, shell)
        }
        XCTAssertEqual(h.run("completions", "powershell"), 64)
        XCTAssertTrue(h.err.contains("unknown shell \"powershell\""), h.err)
        XCTAssertEqual(h.out, "")
    }

    /// The model lists every declared option of every command, so nothing is completed that the
    /// parser refuses and nothing the parser takes is left out.
    func testTheModelHasEveryCommandAndEveryDeclaredOption() {
        let model = CompletionModel(CLI.commands)
        XCTAssertEqual(model.commands.map(\.name), CLI.commands.map { $0.name })
        for (entry, c) in zip(model.commands, CLI.commands) {
            XCTAssertEqual(Set(entry.options.map(\.word) + ["--help"]), Self.declaredOptions(c), c.name)
            XCTAssertEqual(Set(entry.subcommands), Self.subcommands[c.name] ?? [], c.name)
        }
        let positionals = Dictionary(uniqueKeysWithValues: model.commands.map { ($0.name, $0.positionals) })
        XCTAssertEqual(positionals["compile"], .files)
        XCTAssertEqual(positionals["init"], .files)
        XCTAssertEqual(positionals["artifact"], .files)
        XCTAssertEqual(positionals["digest"], .directories)
        XCTAssertEqual(positionals["core"], .directories)
        XCTAssertEqual(positionals["store"], CompletionModel.Values.none)
        XCTAssertEqual(positionals["explain"], CompletionModel.Values.none)
        XCTAssertEqual(positionals["completions"], CompletionModel.Values.none)
    }

    /// At `orchestrate ⇥` bash and zsh offer `--help` and `--version` too; the question there is
    /// about the commands.
    static func commandsOnly(_ answer: Set<String>, _ q: Question) -> Set<String> {
        q.line == ["orchestrate", ""] ? answer.filter { !$0.hasPrefix("-") } : answer
    }

    /// Answers between `@@<n>` markers: the lines after marker n, each through `word`.
    static func answers(_ out: String, count: Int, word: (String) -> String = { $0 }) -> [Int: Set<String>] {
        var answers: [Int: Set<String>] = [:]
        var current: Int?
        for line in out.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix("@@"), let n = Int(line.dropFirst(2)) { current = n; answers[n] = []; continue }
            if let n = current { answers[n]!.insert(word(line)) }
        }
        return answers
    }
}
