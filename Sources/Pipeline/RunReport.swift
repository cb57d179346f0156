import Foundation
import Hashing
import Lowerings
import Tasks

/// `orchestrate report`: one self-contained HTML page about a run, from its summary (and a base
/// run's): the counts, each tree's native input digest and (given a base) reuse verdict, the task
/// graph as Graphviz SVG colored by how each output was obtained, the gaps and diagnostics, and
/// why each task re-rendered, traced to the Plan pointers that moved it (`Explanation` says which
/// inputs changed, `ReuseComparison.trace` which Plan pointers are behind them).
///
/// Pure: `dot()` and `html(svg:)` are functions of the summaries; running Graphviz is
/// `Graphviz.svg`. The page loads nothing (a Content-Security-Policy of `default-src 'none'`
/// says so to the browser), has no script, and escapes every text it takes from a summary.
public struct RunReport: Sendable {
    public let head: CompileSummary
    public let base: CompileSummary?
    /// How the summaries were named (shown, escaped).
    public let headName: String
    public let baseName: String?
    /// What re-rendered against the base and why (nil without a base), made once for the graph
    /// and the page.
    let explanation: Explanation?

    /// Past this many tasks the graph shows one node per family and platform (with the task
    /// counts per status as stripes) instead of one per task: `dot` lays out 10,000 tasks in
    /// minutes and nobody reads them; a few hundred families take a second.
    public static let groupingThreshold = 300

    public init(head: CompileSummary, base: CompileSummary? = nil, headName: String, baseName: String? = nil) {
        self.head = head
        self.base = base
        self.headName = headName
        self.baseName = baseName
        explanation = base.map { Explanation(base: $0.run, head: head.run) }
    }

    /// The ways a task's output was obtained, in legend order, with their colors.
    public static let statuses: [(status: TaskStatus, label: String, color: String)] = [
        (.rendered, "rendered", "#f28e2b"), (.local, "reused (local store)", "#59a14f"),
        (.seed, "reused (seed)", "#4e79a7"), (.remote, "reused (remote)", "#b07aa1"), (.failed, "failed", "#e15759"),
    ]

    static func color(_ status: TaskStatus) -> String { statuses.first { $0.status == status }!.color }

    public var grouped: Bool { head.tasks.count > Self.groupingThreshold }

    // MARK: the graph

    /// The task graph in DOT: a cluster per platform holding its tasks (or, when `grouped`, one
    /// node per family with its statuses as stripes), filled by status; the named inputs the
    /// tasks read (projections of the Plan: `entity:movie`, `accent`, …; grouped by the part
    /// before `:`) as ellipses with an edge to each task that reads them, outlined in red when
    /// they changed against the base; and an edge per task-to-task dependency.
    public func dot() -> String {
        var lines = ["digraph run {", "  rankdir=LR;", "  ranksep=0.5; nodesep=0.06;",
                     "  node [shape=box, style=\"filled,rounded\", fontname=\"Helvetica\", fontsize=9, height=0.2, penwidth=0.5];",
                     "  edge [arrowsize=0.4, penwidth=0.4, color=\"#99999988\"];"]
        let q = GraphExport.quote
        let grouped = self.grouped
        func node(_ t: RunSummary.Task) -> String { grouped ? "family:" + t.platform + ":" + t.family : "task:" + t.id }
        func inputNode(_ name: String, _ digest: Digest) -> String {
            grouped ? "input:" + (name.split(separator: ":").first.map(String.init) ?? name) : "input:" + name + "@" + String(digest.hex.prefix(16))
        }
        func inputLabel(_ name: String) -> String { grouped ? (name.split(separator: ":").first.map { $0 + (name.contains(":") ? ":*" : "") } ?? name) : name }
        // The inputs each node reads, and which platforms read each input.
        var readers: [String: Set<String>] = [:]   // input node -> platforms
        var labels: [String: String] = [:]
        var edges: [String: Int] = [:]
        let changed = changedInputs()
        var changedNodes: Set<String> = []
        for t in head.tasks {
            let deps = t.dependencies ?? [:]
            for (name, digest) in t.inputs where deps[name] == nil {
                let n = inputNode(name, digest)
                readers[n, default: []].insert(t.platform)
                labels[n] = inputLabel(name)
                if changed.contains(InputUse(task: t.id, name: name)) { changedNodes.insert(n) }
                edges[q(n) + " -> " + q(node(t)), default: 0] += 1
            }
        }
        func inputLine(_ n: String) -> String {
            "\(q(n)) [label=\(q(labels[n]!)), shape=ellipse, style=filled, fillcolor=\"#ffffff\""
                + (changedNodes.contains(n) ? ", color=\"#d32f2f\", penwidth=2, fontcolor=\"#d32f2f\"" : ", color=\"#9e9e9e\"") + "];"
        }
        let byPlatform = Dictionary(grouping: head.tasks, by: \.platform)
        for platform in byPlatform.keys.sorted() {
            let tasks = byPlatform[platform]!
            lines.append("  subgraph \(q("cluster_" + platform)) {")
            lines.append("    label=\(q("\(platform) (\(tasks.count) tasks)")); fontname=\"Helvetica\"; style=rounded; color=\"#bbbbbb\";")
            // Inputs only this platform reads sit in its cluster.
            for n in readers.keys.sorted() where readers[n] == [platform] { lines.append("    " + inputLine(n)) }
            if grouped {
                let families = Dictionary(grouping: tasks, by: \.family)
                for family in families.keys.sorted() {
                    let members = families[family]!
                    let counts = Self.statuses.map { s in (s, members.filter { $0.status == s.status }.count) }.filter { $0.1 > 0 }
                    let stripes = counts.map { "\($0.0.color);\(String(format: "%.3f", Double($0.1) / Double(members.count)))" }
                        .joined(separator: ":")
                    let detail = counts.map { "\($0.1) \($0.0.status.rawValue)" }.joined(separator: ", ")
                    lines.append("    \(q(node(members[0]))) [label=\(q("\(family) ×\(members.count)")), "
                        + "style=\"filled,striped\", fillcolor=\(q(stripes)), tooltip=\(q("\(family): \(detail)"))];")
                }
            } else {
                for t in tasks.sorted(by: { $0.id < $1.id }) {
                    lines.append("    \(q(node(t))) [label=\(q(t.id)), fillcolor=\"\(Self.color(t.status))\", "
                        + "tooltip=\(q("\(t.path) — \(t.status.rawValue)"))];")
                }
            }
            lines.append("  }")
        }
        for n in readers.keys.sorted() where readers[n]!.count > 1 { lines.append("  " + inputLine(n)) }
        let ids = Dictionary(head.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for t in head.tasks {
            for dep in (t.dependencies ?? [:]).values {
                guard let from = ids[dep] else { continue }
                let a = node(from), b = node(t)
                if a != b { edges[q(a) + " -> " + q(b), default: 0] += 1 }
            }
        }
        for (edge, n) in edges.sorted(by: { $0.key < $1.key }) {
            lines.append("  " + edge + (grouped && n > 1 ? " [label=\"\(n)\", fontsize=7];" : ";"))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One task's use of one named input.
    struct InputUse: Hashable { let task: String, name: String }

    /// The inputs that changed against the base, per task that reads them (empty without a base).
    func changedInputs() -> Set<InputUse> {
        guard let explanation else { return [] }
        var out: Set<InputUse> = []
        for group in explanation.rendered {
            for id in group.tasks { for c in group.changes where c.kind != .removed { out.insert(InputUse(task: id, name: c.name)) } }
        }
        return out
    }

    // MARK: the page

    /// A re-rendered group of the head run: why, which inputs, which Plan pointers, which tasks.
    public struct Cause: Sendable, Equatable {
        public var reason: Explanation.Reason
        public var inputs: [String]
        public var fields: [String]
        public var pointers: [String]
        public var releases: [String]?
        public var tasks: [String]
    }

    /// Per `Explanation` group, the Plan pointers and projection fields behind its changed
    /// inputs, traced through the summaries' projection records.
    public func causes() -> [Cause] {
        guard let base, let explanation else { return [] }
        let baseTasks = Dictionary(base.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let headTasks = Dictionary(head.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let baseProjections = Self.byDigest(base.plan.projections)
        let headProjections = Self.byDigest(head.plan.projections)
        return explanation.rendered.map { group in
            var fields: [String] = [], pointers: [String] = []
            for id in group.tasks {
                guard let h = headTasks[id], let b = baseTasks[id] else { continue }
                let trace = ReuseComparison.trace(base: b.inputs, head: h.inputs,
                                                  baseProjection: { baseProjections[$0] }, headProjection: { headProjections[$0] })
                for f in trace.fields where !fields.contains(f) { fields.append(f) }
                for p in trace.pointers where !pointers.contains(p) { pointers.append(p) }
            }
            return Cause(reason: group.reason, inputs: group.changes.map { "\($0.name) \($0.kind.rawValue)" }, fields: fields,
                         pointers: pointers, releases: group.releases, tasks: group.tasks)
        }
    }

    static func byDigest(_ records: [ProvenanceDocument.ProjectionRecord]?) -> [Digest: ProvenanceDocument.ProjectionRecord] {
        Dictionary((records ?? []).map { ($0.digest, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The page, with `svg` (Graphviz's output for `dot()`) inlined.
    public func html(svg: String) -> String {
        var h = HTML()
        h.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        h.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>")
        h.text("orchestrate run report — " + headName)
        h.raw("</title>\n<style>\n" + Self.css + "</style>\n</head>\n<body>\n<h1>orchestrate run report</h1>\n<p class=\"meta\">")
        h.text(headName)
        if let d = head.planDigest { h.raw(" · Plan "); h.code(d.hex) }
        h.text(" · \(head.run.durationMs) ms")
        if let baseName { h.raw(" · base "); h.text(baseName) }
        h.raw("</p>\n")
        counts(&h)
        platforms(&h)
        graph(&h, svg: svg)
        if base != nil { rerendered(&h) }
        gaps(&h)
        taskTable(&h)
        h.raw("</body>\n</html>\n")
        return h.out
    }

    private func counts(_ h: inout HTML) {
        let t = head.totals
        // The legend's statuses, in its order, with their labels and colors.
        let values: [(String, String, Int, String?)] = [("tasks", "tasks", t.tasks, nil)] + Self.statuses.map { s in
            let (key, n): (String, Int)
            switch s.status {
            case .rendered: (key, n) = ("rendered", t.rendered)
            case .local: (key, n) = ("reused_local", t.reusedLocal)
            case .seed: (key, n) = ("reused_seed", t.reusedSeed)
            case .remote: (key, n) = ("reused_remote", t.reusedRemote)
            case .failed: (key, n) = ("failed", t.failed)
            }
            return (key, s.label, n, s.color)
        }
        h.raw("<section id=\"counts\"><h2>Tasks</h2>\n<ul class=\"counts\">\n")
        for (key, label, n, color) in values {
            h.raw("<li><span class=\"swatch\" style=\"background:\(color ?? "transparent")\"></span>")
            h.raw("<b data-count=\"\(key)\">\(n)</b> ")
            h.text(label)
            h.raw("</li>\n")
        }
        h.raw("</ul>\n")
        if let kept = head.kept, !kept.isEmpty {
            h.raw("<p>Generated files left as a person edited them:</p>\n<ul>\n")
            for k in kept { h.raw("<li>"); h.code(k.path); h.text(" (\(k.reason.rawValue))"); h.raw("</li>\n") }
            h.raw("</ul>\n")
        }
        h.raw("</section>\n")
    }

    private func platforms(_ h: inout HTML) {
        h.raw("<section id=\"platforms\"><h2>Trees</h2>\n<table>\n<thead><tr><th>platform</th><th>status</th><th>files</th><th>rendered</th><th>native input digest</th>")
        if base != nil { h.raw("<th>base digest</th><th>native build</th>") }
        h.raw("</tr></thead>\n<tbody>\n")
        for platform in Platform.allCases {
            guard let tree = head.platforms[platform] else { continue }
            h.raw("<tr data-platform=\"\(platform.rawValue)\"><td>\(platform.rawValue)</td><td>\(tree.status.rawValue)</td>")
            h.raw("<td>\(tree.files)</td><td>\(tree.rendered)</td><td>")
            if let d = tree.nativeInputDigest { h.code(d.hex) } else { h.text("—") }
            h.raw("</td>")
            if let base {
                let b = base.platforms[platform]?.nativeInputDigest
                h.raw("<td>")
                if let b { h.code(b.hex) } else { h.text("—") }
                h.raw("</td>")
                let verdict: (String, String)
                switch (b, tree.nativeInputDigest) {
                case let (b?, d?) where b == d: verdict = ("reuse", "reuse the base's build")
                case (_, nil): verdict = ("none", "no tree")
                default: verdict = ("rebuild", "rebuild")
                }
                h.raw("<td class=\"verdict \(verdict.0)\" data-verdict=\"\(verdict.0)\">")
                h.text(verdict.1)
                h.raw("</td>")
            }
            h.raw("</tr>\n")
        }
        h.raw("</tbody>\n</table>\n")
        if base == nil {
            h.raw("<p class=\"note\">Give <code>--base SUMMARY</code> (the base commit's run) for each tree's reuse verdict and why tasks re-rendered.</p>\n")
        }
        h.raw("</section>\n")
    }

    private func graph(_ h: inout HTML, svg: String) {
        h.raw("<section id=\"graph\"><h2>Task graph</h2>\n<p class=\"legend\">")
        for s in Self.statuses {
            h.raw("<span><span class=\"swatch\" style=\"background:\(s.color)\"></span>")
            h.text(s.label)
            h.raw("</span> ")
        }
        h.raw("<span><span class=\"swatch input\"></span>")
        h.text(base == nil ? "an input the tasks read (a slice of the Plan)" : "an input the tasks read; red: changed against the base")
        h.raw("</span></p>\n")
        if grouped {
            h.raw("<p class=\"note\">")
            h.text("\(head.tasks.count) tasks, drawn as one node per family and platform (more than \(Self.groupingThreshold) tasks); "
                + "stripes show the share of each status, edge labels the number of dependencies.")
            h.raw("</p>\n")
        }
        h.raw("<div class=\"svg\">\n")
        h.raw(Self.inlineSVG(svg))
        h.raw("</div>\n</section>\n")
    }

    private func rerendered(_ h: inout HTML) {
        let causes = causes()
        let count = causes.reduce(0) { $0 + $1.tasks.count }
        h.raw("<section id=\"why\"><h2>Why tasks re-rendered</h2>\n<p><b data-count=\"rerendered\">\(count)</b> ")
        h.text("rendered against the base, in \(causes.count) group\(causes.count == 1 ? "" : "s").")
        h.raw("</p>\n")
        if base?.plan.projections == nil || head.plan.projections == nil {
            h.raw("<p class=\"note\">")
            h.text("A summary here records no projections (written by an older orchestrate, or the demo task set): the inputs that changed are named, the Plan pointers behind them are not.")
            h.raw("</p>\n")
        }
        for c in causes {
            h.raw("<details class=\"cause\" open><summary><b>")
            switch c.reason {
            case .newTask: h.text("new tasks (not in the base run)")
            case .keyUnchanged: h.text("key unchanged; the output was not in the store")
            case .pathChanged: h.text("output path or mode changed")
            case .releaseChanged: h.text("renderer release changed " + (c.releases ?? []).joined(separator: " → "))
            case .inputsChanged: h.text("inputs changed")
            }
            h.raw("</b> — \(c.tasks.count) task\(c.tasks.count == 1 ? "" : "s")</summary>\n<dl>\n")
            if !c.inputs.isEmpty { h.raw("<dt>inputs</dt><dd>"); h.codes(c.inputs); h.raw("</dd>\n") }
            if !c.pointers.isEmpty { h.raw("<dt>Plan pointers</dt><dd class=\"pointers\">"); h.codes(c.pointers); h.raw("</dd>\n") }
            if !c.fields.isEmpty { h.raw("<dt>projection fields</dt><dd>"); h.codes(c.fields); h.raw("</dd>\n") }
            h.raw("<dt>tasks</dt><dd>"); h.codes(c.tasks); h.raw("</dd>\n</dl>\n</details>\n")
        }
        let removed = explanation?.removed ?? []
        if !removed.isEmpty {
            h.raw("<p>Tasks of the base run the head no longer has:</p>\n<p>"); h.codes(removed); h.raw("</p>\n")
        }
        h.raw("</section>\n")
    }

    private func gaps(_ h: inout HTML) {
        h.raw("<section id=\"gaps\"><h2>Gaps</h2>\n")
        if head.gaps.isEmpty {
            h.raw("<p>None: every fact of the Plan is realized on every tree.</p>\n")
        } else {
            h.raw("<table>\n<thead><tr><th>code</th><th>Plan pointer</th><th>status</th><th>clients</th><th>message</th></tr></thead>\n<tbody>\n")
            for g in head.gaps {
                h.raw("<tr class=\"gap\"><td>"); h.code(g.code.rawValue); h.raw("</td><td>"); h.code(g.pointer)
                h.raw("</td><td>"); h.text(g.status.rawValue); h.raw("</td><td>")
                h.text((g.clients ?? []).map(\.rawValue).joined(separator: ", "))
                h.raw("</td><td>"); h.text(g.message); h.raw("</td></tr>\n")
            }
            h.raw("</tbody>\n</table>\n")
        }
        if !head.diagnostics.isEmpty {
            h.raw("<h3>Diagnostics</h3>\n<ul>\n")
            for d in head.diagnostics {
                h.raw("<li>"); h.text("\(d.file):\(d.line):\(d.column) \(d.severity.rawValue) "); h.code(d.code.rawValue)
                h.text(" at "); h.code(d.pointer); h.text(": " + d.message); h.raw("</li>\n")
            }
            h.raw("</ul>\n")
        }
        h.raw("</section>\n")
    }

    private func taskTable(_ h: inout HTML) {
        h.raw("<section id=\"tasks\"><details><summary><h2>Every task (\(head.tasks.count))</h2></summary>\n")
        h.raw("<table>\n<thead><tr><th>task</th><th>platform</th><th>path</th><th>status</th><th>key</th></tr></thead>\n<tbody>\n")
        for t in head.tasks {
            h.raw("<tr data-status=\"\(t.status.rawValue)\"><td>"); h.code(t.id); h.raw("</td><td>"); h.text(t.platform)
            h.raw("</td><td>"); h.code(t.path); h.raw("</td><td><span class=\"swatch\" style=\"background:\(Self.color(t.status))\"></span>")
            h.text(t.status.rawValue); h.raw("</td><td>"); h.code(String(t.key.hex.prefix(12))); h.raw("</td></tr>\n")
        }
        h.raw("</tbody>\n</table>\n</details></section>\n")
    }

    /// Graphviz's SVG without its XML declaration, doctype and comments (which HTML does not
    /// take inline); everything from `<svg` on.
    static func inlineSVG(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return "" }
        var s = String(svg[start.lowerBound...])
        while let open = s.range(of: "<!--"), let close = s.range(of: "-->", range: open.upperBound..<s.endIndex) {
            s.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return s
    }

    static let css = """
    body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em; color: #222; }
    h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.15em; margin-top: 1.6em; display: inline-block; }
    .meta, .note { color: #666; } code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; background: #f4f4f4; padding: 0 .2em; border-radius: 3px; word-break: break-all; }
    .counts { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5em 1.5em; } .counts b { font-size: 1.3em; }
    .swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .3em; vertical-align: baseline; border: 1px solid #0002; }
    table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .25em .5em; border-bottom: 1px solid #e4e4e4; vertical-align: top; }
    .verdict.reuse { color: #2e7d32; font-weight: bold; } .verdict.rebuild { color: #c62828; font-weight: bold; }
    .legend > span { margin-right: 1em; } .svg { overflow: auto; border: 1px solid #e4e4e4; border-radius: 4px; padding: .5em; }
    .svg svg { max-width: 100%; height: auto; } details.cause { margin: .6em 0; } dt { font-weight: bold; margin-top: .3em; } dd { margin-left: 1.2em; }
    .pointers code { background: #fff3e0; } .swatch.input { border-radius: 50%; background: #fff; border: 2px solid #d32f2f; width: 1.2em; } summary h2 { margin: 0; }

    """
}

/// HTML text with everything from outside escaped (`text`, `code`); `raw` only for markup written
/// here.
struct HTML {
    var out = ""

    mutating func raw(_ s: String) { out += s }

    mutating func text(_ s: String) { out += HTMLText.escape(s) }

    mutating func code(_ s: String) { out += "<code>" + HTMLText.escape(s) + "</code>" }

    mutating func codes(_ list: [String]) {
        for (i, s) in list.enumerated() {
            if i > 0 { out += " " }
            code(s)
        }
    }

}

/// Graphviz, run as a program: DOT in, SVG out.
public enum Graphviz {
    /// `dot -Tsvg`, found on `PATH` (`environment`'s).
    public static func svg(_ dot: String, environment: [String: String]) throws -> String {
        let dirs = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let program = dirs.map({ $0 + "/dot" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw PipelineError.toolMissing(tool: "dot", install: "install Graphviz (Debian: apt-get install graphviz; macOS: brew install graphviz)")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("orchestrate-report-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("graph.dot"), output = dir.appendingPathComponent("graph.svg")
        let errors = dir.appendingPathComponent("stderr")
        try Data(dot.utf8).write(to: input)
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = ["-Tsvg", input.path, "-o", output.path]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try FileHandle(forWritingTo: errors)
        do { try p.run() } catch {
            throw PipelineError.toolFailed(tool: program, reason: "could not start it: \(error.localizedDescription)")
        }
        p.waitUntilExit()
        let words = String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard p.terminationReason == .exit, p.terminationStatus == 0, let svg = try? Data(contentsOf: output) else {
            throw PipelineError.toolFailed(tool: program, reason: "exit status \(p.terminationStatus)\(words.isEmpty ? "" : ": " + words)")
        }
        return String(decoding: svg, as: UTF8.self)
    }
}
