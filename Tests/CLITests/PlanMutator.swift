import Foundation

/// A fixed-seed generator (SplitMix64), so every fuzz run sees the same inputs.
struct SplitMix64 {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}

/// One mutation of a Plan's bytes, named for the failure message. Byte-level mutations make
/// mostly invalid JSON; value-level ones (through JSONSerialization) keep the JSON and bend the
/// Plan: type swaps, tricky keys and names, duplicated entities, deep nesting, toggled facts.
enum PlanMutator {
    static let trickyKeys = [
        "class", "application", "a_1", "a1", "type", "id", "created_at", "end", "form", "sheep", "new_movie", "x_ray",
        "v2_item", "ab_c_d", String(repeating: "k", count: 63), String(repeating: "k", count: 64), "account", "accounts",
        "layouts", "to_s", "errors", "save", "status", "email", "movie_id", "item_2", "up", "__firstdraft_x", "configuration",
        "lock_version", "hash", "movie", "movies", "person", "people", "Title", "a-b", "", "ünïcode", "a__b", "x",
    ]

    static let names = [
        "", " ", "\u{0}", "a\nb", "\u{202E}evil", "e\u{301}", "😀", "\u{FEFF}", "$(FOO)//bar", "\\", "trailing\\",
        String(repeating: "N", count: 257), String(repeating: "é", count: 128), "#{system('id')}", "<script>alert(1)</script>",
        "\"quoted\"", "%>", "'", "\u{2028}", "\u{85}", "Ω≈ç√", "🏳️‍🌈", "\t", "naïve café", "مرحبا", "  padded  ", "A&B <C>",
    ]

    static let weirdValues: [Any] = [
        NSNull(), true, false, 0, -1, 1.5, 1e300, "", "x", [Any](), [String: Any](), ["a"], String(repeating: "x", count: 2000),
        "#FFFFFF", "00000000-0000-4000-8000-000000000000", ["light": "#000000", "dark": "#FFFFFF"], "public", "film",
    ]

    static let snippets: [[UInt8]] = [
        [0x00], [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], Array("\\u0000".utf8), Array("{".utf8), Array("]".utf8), Array(",".utf8),
        Array("\"".utf8), Array("\\".utf8), Array("/*c*/".utf8), Array("1e999999".utf8), Array("-0".utf8), Array("\u{FEFF}".utf8),
    ]

    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> (String, [UInt8]) {
        var b = bytes
        switch rng.int(18) {
        case 0:
            let i = rng.int(b.count)
            b[i] ^= UInt8(1 << rng.int(8))
            return ("flip@\(i)", b)
        case 1:
            let n = rng.int(b.count)
            return ("truncate@\(n)", Array(b[..<n]))
        case 2:
            let i = rng.int(b.count + 1)
            b.insert(contentsOf: rng.pick(snippets), at: i)
            return ("insert@\(i)", b)
        case 3:
            let i = rng.int(b.count), n = rng.int(64)
            b.removeSubrange(i..<min(b.count, i + n))
            return ("delete@\(i)+\(n)", b)
        case 4:
            let i = rng.int(b.count), n = rng.int(200)
            b.insert(contentsOf: b[i..<min(b.count, i + n)], at: i)
            return ("repeat@\(i)+\(n)", b)
        case 5:
            let text = String(decoding: b, as: UTF8.self)
            let lexeme = rng.pick(["1e999999", "1.0", "-0", "10000000000000000000000", "1E+2", "0.0000000000000000000001", "-1e-999"])
            return ("number \(lexeme)", Array(text.replacingOccurrences(of: "\"plan_format\": 1", with: "\"plan_format\": \(lexeme)").utf8))
        case 6:
            let text = String(decoding: b, as: UTF8.self)
            return ("duplicate key", Array(text.replacingOccurrences(of: "\"key\": ", with: "\"key\": \"dup\", \"key\": ").utf8))
        case 7:
            let text = String(decoding: b, as: UTF8.self)
            let escape = rng.pick(["\\ud800", "\\udfff", "\\u0000", "\\ud83d\\ude00", "\\u202e", "\\x41", "\\u12"])
            return ("escape \(escape)", Array(text.replacingOccurrences(of: "\"name\": \"", with: "\"name\": \"\(escape)").utf8))
        case 8:
            return ("bom or garbage", rng.int(2) == 0 ? [0xEF, 0xBB, 0xBF] + b : b + Array(" x".utf8))
        default:
            break
        }
        guard var root = try? JSONSerialization.jsonObject(with: Data(b)) else { return ("unparsed", b) }
        let all = pointers(root)
        let what: String
        switch rng.int(9) {
        case 0:
            let p = rng.pick(all), v = rng.pick(weirdValues)
            root = set(root, p, v)
            what = "swap /\(p.joined(separator: "/"))"
        case 1:
            let p = rng.pick(all.filter { !$0.isEmpty })
            root = set(root, p, nil)
            what = "remove /\(p.joined(separator: "/"))"
        case 2:
            let objects = all.filter { get(root, $0) is [String: Any] }
            let p = rng.pick(objects)
            root = set(root, p + [rng.pick(["colour", "kee", "extra", "fields", "native"])], "x")
            what = "add under /\(p.joined(separator: "/"))"
        case 3, 4:
            let keys = all.filter { ["key", "plural_key", "to", "parent", "home"].contains($0.last ?? "") }
            let p = rng.pick(keys), k = rng.pick(trickyKeys)
            root = set(root, p, k)
            what = "key /\(p.joined(separator: "/"))=\(k.prefix(20))"
        case 5:
            let names = all.filter { ["name", "plural"].contains($0.last ?? "") }
            let p = rng.pick(names), n = rng.pick(Self.names)
            root = set(root, p, n)
            what = "name /\(p.joined(separator: "/"))"
        case 6:
            var entities = (get(root, ["entities"]) as? [Any]) ?? []
            if let first = entities.first { entities.append(first) }
            root = set(root, ["entities"], entities)
            what = "duplicate entity"
        case 7:
            let depth = 200 + rng.int(200)
            var v: Any = 1
            for _ in 0..<depth { v = [v] }
            let p = rng.pick(all)
            root = set(root, p, v)
            what = "nest \(depth) at /\(p.joined(separator: "/"))"
        default:
            let entities = (get(root, ["entities"]) as? [Any])?.count ?? 0
            guard entities > 0 else { what = "noop"; break }
            let e = String(rng.int(entities))
            switch rng.int(5) {
            case 0: root = set(root, ["entities", e, "forms"], rng.int(2) == 0); what = "forms"
            case 1: root = set(root, ["entities", e, "index"], rng.pick(["public", "protected", "none"])); what = "index"
            case 2: root = set(root, ["entities", e, "icon"], rng.pick(["film", "grid", "star", "bookmark"])); what = "icon"
            case 3:
                let other = (get(root, ["entities", String(rng.int(entities)), "key"]) as? String) ?? "x"
                root = set(root, ["entities", e, "parent"], other); what = "parent"
            default:
                var fields = (get(root, ["entities", e, "fields"]) as? [Any]) ?? []
                let type = rng.pick(["string", "text", "integer", "decimal", "boolean", "date", "datetime", "email", "url"])
                fields.append(["key": "extra_\(type)_\(fields.count)", "type": type, "required": rng.int(2) == 0])
                root = set(root, ["entities", e, "fields"], fields); what = "field \(type)"
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed]) else {
            return (what + " (unserializable)", b)
        }
        return (what, Array(data))
    }

    // MARK: JSON values

    static func pointers(_ value: Any, _ prefix: [String] = []) -> [[String]] {
        var out = [prefix]
        if let o = value as? [String: Any] {
            for (k, v) in o.sorted(by: { $0.key < $1.key }) { out += pointers(v, prefix + [k]) }
        } else if let a = value as? [Any] {
            for (i, v) in a.enumerated() { out += pointers(v, prefix + [String(i)]) }
        }
        return out
    }

    static func get(_ value: Any, _ tokens: [String]) -> Any? {
        guard let t = tokens.first else { return value }
        if let o = value as? [String: Any], let v = o[t] { return get(v, Array(tokens.dropFirst())) }
        if let a = value as? [Any], let i = Int(t), a.indices.contains(i) { return get(a[i], Array(tokens.dropFirst())) }
        return nil
    }

    /// Sets (nil: removes) the value at `tokens`; a path that does not exist is created as objects.
    static func set(_ value: Any, _ tokens: [String], _ new: Any?) -> Any {
        guard let t = tokens.first else { return new ?? NSNull() }
        let rest = Array(tokens.dropFirst())
        if var a = value as? [Any], let i = Int(t), a.indices.contains(i) {
            if rest.isEmpty, new == nil { a.remove(at: i) } else { a[i] = set(a[i], rest, new) }
            return a
        }
        var o = (value as? [String: Any]) ?? [:]
        if rest.isEmpty, new == nil { o[t] = nil } else { o[t] = set(o[t] ?? [String: Any](), rest, new) }
        return o
    }
}
