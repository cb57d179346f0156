import Cache
import Foundation
import Lowerings
import Tasks
import XCTest
@testable import CLI

/// A bounded Plan fuzzer (issue 12). Inputs: the crafted corpus in
/// `Tests/LoweringsTests/Fixtures/fuzz/` (named `accept--<what>.json` or
/// `reject--<code>--<what>.json`) and mutants of the example Plans from a fixed seed (byte flips,
/// truncations, inserted bytes, deep nesting, huge numbers, Unicode edge cases, duplicate keys,
/// type swaps, tricky keys and names). Every input goes through the loader and, when it loads,
/// every lowering and every renderer:
///
/// * nothing crashes and no input takes more than `perInputSeconds`;
/// * a rejection is a non-empty list of error diagnostics, each with a stable code and a
///   position inside the file (what `compile` turns into exit 65 with nothing written);
/// * an acceptance emits the Rails tree, with unique output paths every disk can hold, and
///   renders every task; for a sample its Ruby and ERB compile with `ruby` (as `ruby -c` does);
/// * for a smaller sample the CLI itself compiles (exit 0, a clean audit) or refuses (exit 65,
///   no output directory).
final class PlanFuzzTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LoweringsTests/Fixtures/fuzz")
    static let seed: UInt64 = 0x5EED_0012_F022_2026
    static let mutantsPerExample = 250
    static let perInputSeconds = 5.0
    /// The Ruby check runs on every accepted corpus Plan, every accepted mutant whose names or
    /// keys were bent, and every `rubyEvery`-th other accepted mutant.
    static let rubyEvery = 20

    struct Input {
        var name: String
        var bytes: [UInt8]
        /// nil for a mutant; for a corpus file, nil = must load, else a code it must be rejected with.
        var expected: String??
    }

    private var h: CLIHarness!
    override func setUpWithError() throws { h = try CLIHarness() }
    override func tearDown() { h.cleanUp() }

    func testFuzzedPlansLoadAndRenderOrAreRejectedWithPositionedDiagnostics() throws {
        let started = Date()
        let inputs = try Self.corpusInputs() + Self.mutants()
        var accepted: [(Input, [String: [UInt8]])] = []
        var rejected: [(Input, [Diagnostic])] = []
        var rubyTrees: [(String, [String: [UInt8]])] = [], acceptedMutants = 0
        for input in inputs {
            let t0 = Date()
            switch PlanLoader.load(bytes: input.bytes, file: input.name) {
            case .failed(let diagnostics):
                checkRejection(input, diagnostics)
                rejected.append((input, diagnostics))
            case .loaded(let loaded):
                if case let .some(.some(code)) = input.expected { XCTFail("\(input.name) loaded; expected \(code)") }
                let rails = try lowerAndRender(input, loaded)
                accepted.append((input, rails))
                if input.expected == nil { acceptedMutants += 1 }
                let bent = input.name.contains("-name ") || input.name.contains("-key ")
                if input.expected != nil || bent || acceptedMutants % Self.rubyEvery == 1 { rubyTrees.append((input.name, rails)) }
            }
            XCTAssertLessThan(Date().timeIntervalSince(t0), Self.perInputSeconds, "\(input.name) took too long")
        }
        try checkRuby(rubyTrees)
        let fuzzed = Date().timeIntervalSince(started)

        // The CLI on a sample: every accepted corpus Plan and the first accepted mutants compile
        // and audit clean; rejected inputs of distinct first codes exit 65 and write nothing.
        var compiled = 0, refused = 0
        for (input, _) in accepted where input.expected != nil || compiled < 6 {
            try Data(input.bytes).write(to: URL(fileURLWithPath: h.root + "/plan.json"))
            let out = "out\(compiled)"
            XCTAssertEqual(h.run("compile", "plan.json", "--out", out, "--store", "store"), 0, "\(input.name): \(h.err)")
            XCTAssertEqual(h.run("audit", out, "--plan", "plan.json"), 0, "\(input.name): \(h.out)")
            compiled += 1
        }
        var codes: Set<String> = []
        for (input, diagnostics) in rejected where codes.insert(diagnostics[0].code.rawValue).inserted && refused < 12 {
            try Data(input.bytes).write(to: URL(fileURLWithPath: h.root + "/plan.json"))
            XCTAssertEqual(h.run("compile", "plan.json", "--out", "refused", "--store", "store"), 65, "\(input.name): \(h.err.prefix(300))")
            XCTAssertTrue(h.err.contains("nothing was written"), "\(input.name): \(h.err.prefix(300))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: h.root + "/refused"), input.name)
            refused += 1
        }
        XCTAssertGreaterThan(accepted.count, 40, "the mutators keep enough Plans valid to exercise the renderers")
        XCTAssertGreaterThan(rejected.count, 200)
        print("fuzz: \(inputs.count) inputs (\(try Self.corpusInputs().count) corpus), \(accepted.count) accepted, \(rejected.count) rejected "
            + "with \(Set(rejected.flatMap { $0.1.map(\.code) }).count) codes; ruby on \(rubyTrees.count) trees; loader+lowering+render+ruby "
            + String(format: "%.1f s", fuzzed) + "; CLI \(compiled) compiled, \(refused) refused; total "
            + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }

    // MARK: checks

    private func checkRejection(_ input: Input, _ diagnostics: [Diagnostic]) {
        XCTAssertFalse(diagnostics.isEmpty, input.name)
        XCTAssertTrue(diagnostics.contains { $0.severity == .error }, input.name)
        let lines = input.bytes.filter { $0 == 0x0A }.count + 1
        for d in diagnostics {
            XCTAssertGreaterThanOrEqual(d.line, 1, "\(input.name): \(d)")
            XCTAssertLessThanOrEqual(d.line, lines, "\(input.name): \(d)")
            XCTAssertGreaterThanOrEqual(d.column, 1, "\(input.name): \(d)")
            XCTAssertTrue((0...input.bytes.count).contains(d.position.offset), "\(input.name): \(d)")
            XCTAssertTrue(d.description.hasPrefix("\(input.name):\(d.line):\(d.column): error[\(d.code.rawValue)]: "), "\(input.name): \(d)")
            XCTAssertFalse(d.message.isEmpty, input.name)
            XCTAssertLessThan(d.message.utf8.count, 4096, "\(input.name): a diagnostic echoes at most a bounded value")
        }
        if case let .some(.some(code)) = input.expected {
            XCTAssertTrue(diagnostics.contains { $0.code.rawValue == code }, "\(input.name): \(diagnostics.map(\.description))")
        } else if case .some(.none) = input.expected {
            XCTFail("\(input.name) must load: \(diagnostics.map(\.description))")
        }
    }

    /// Lowers and renders every task (native path configurations first, as the executor would);
    /// returns the Rails tree's files.
    private func lowerAndRender(_ input: Input, _ loaded: LoadedPlan) throws -> [String: [UInt8]] {
        let lowerings = PlanLowering.lower(loaded)
        XCTAssertEqual(lowerings.first { $0.platform == .rails }?.status, .emitted, input.name)
        let tasks = lowerings.flatMap(\.tasks)
        var paths = Set<String>()
        for t in tasks {
            XCTAssertTrue(paths.insert(t.path).inserted, "\(input.name): two tasks write \(t.path)")
            XCTAssertFalse(t.path.hasPrefix("/") || t.path.split(separator: "/").contains(".."), "\(input.name): \(t.path)")
            XCTAssertLessThanOrEqual(t.path.utf8.count, 1024, "\(input.name): \(t.path)")
            for c in t.path.split(separator: "/") {
                XCTAssertLessThanOrEqual(c.utf8.count + 40, 255, "\(input.name): \(t.path)")
            }
        }
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var outputs: [String: [UInt8]] = [:]
        let seed = SyntheticCompile.seed
        func render(_ task: FileTask) throws -> [UInt8] {
            if let done = outputs[task.id] { return done }
            var deps: [String: [UInt8]] = [:]
            for (input, id) in task.dependencies { deps[input] = try render(byID[id]!) }
            let bytes: [UInt8]
            if let pinned = task.pinnedOutput {
                bytes = try XCTUnwrap(try seed.get(pinned), "\(task.id): pinned object \(pinned.hex)")
            } else {
                bytes = try task.render(RenderContext(taskID: task.id, dependencyOutputs: deps))
            }
            outputs[task.id] = bytes
            return bytes
        }
        var rails: [String: [UInt8]] = [:]
        for t in tasks {
            let bytes = try render(t)
            if t.platform == "rails" { rails[t.path] = bytes }
        }
        return rails
    }

    /// Compiles every Ruby file, `bin/` script and ERB template of the given Rails trees in one Ruby
    /// process (`RubyVM::InstructionSequence`, the compiler `ruby -c` runs; ERB through Action
    /// View's Erubi handler, as RailsRubyToolTests does). Skips when Ruby is missing.
    private func checkRuby(_ trees: [(String, [String: [UInt8]])]) throws {
        guard let ruby = ["/usr/bin/ruby", "/usr/local/bin/ruby"].first(where: FileManager.default.isExecutableFile) else { return }
        let dir = h.root + "/ruby"
        var checked: [String] = []
        for (i, (name, files)) in trees.enumerated() {
            var count = 0
            for (path, bytes) in files where path.hasSuffix(".rb") || path.hasSuffix(".erb") || path.hasPrefix("bin/") {
                let url = URL(fileURLWithPath: "\(dir)/\(i)/\(path)")
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
                checked.append(url.path)
                count += 1
            }
            XCTAssertGreaterThan(count, 10, name)
        }
        let script = """
        begin; require "action_view"; rescue LoadError; end
        bad = ARGV.filter_map do |f|
          src = File.read(f)
          if f.end_with?(".erb")
            next unless defined?(ActionView)
            src = ActionView::Template::Handlers::ERB::Erubi.new(src, trim: true).src
          end
          RubyVM::InstructionSequence.compile(src, f)
          nil
        rescue SyntaxError => e
          "#{f}: #{e.message}"
        end
        puts "checked #{ARGV.size}"
        puts bad
        exit(bad.empty? ? 0 : 1)
        """
        let listFile = dir + "/files.txt"
        try checked.joined(separator: "\n").write(toFile: listFile, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ruby)
        p.arguments = ["-e", "ARGV.replace(File.read(ARGV[0]).split(\"\\n\")); " + script, listFile]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        var output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        for (i, (name, _)) in trees.enumerated() { output = output.replacingOccurrences(of: "\(dir)/\(i)/", with: "[\(name)] ") }
        XCTAssertEqual(p.terminationStatus, 0, output)
        XCTAssertTrue(output.hasPrefix("checked \(checked.count)\n"), output)
    }

    // MARK: inputs

    static func corpusInputs() throws -> [Input] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let parts = name.components(separatedBy: "--")
            let expected: String? = parts[0] == "reject" ? parts[1] : nil
            precondition(parts[0] == "reject" || parts[0] == "accept", "corpus file \(name) is neither accept-- nor reject--")
            return Input(name: "fuzz/" + name, bytes: Array(try Data(contentsOf: corpus.appendingPathComponent(name))), expected: .some(expected))
        }
    }

    static func mutants() throws -> [Input] {
        var rng = SplitMix64(seed)
        var out: [Input] = []
        for example in ["movie-catalog.plan.json", "notes.plan.json", "studio-ops.plan.json"] {
            let bytes = Array(try Data(contentsOf: PlanCompileTests.examples.appendingPathComponent(example)))
            for i in 0..<mutantsPerExample {
                let (what, mutated) = PlanMutator.mutate(bytes, &rng)
                out.append(Input(name: "\(example)#\(i)-\(what)", bytes: mutated, expected: nil))
            }
        }
        return out
    }
}
