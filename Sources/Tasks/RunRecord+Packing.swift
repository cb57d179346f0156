import Hashing

extension RunRecord {
    /// The results packed (`BytePacker`), for `init(unpacking:renderedBytes:)` to read back; the
    /// rendered bytes are not. Strings many results share (families, platforms, releases, input
    /// names) and equal input tables are written once, and read back as one value each. Nil when a
    /// result failed or its key names another path or mode than the result: the record then stays
    /// as it is.
    public func packedResults() -> [UInt8]? {
        var names: [String: Int] = [:]
        var nameList: [String] = []
        func name(_ s: String) -> Int {
            if let n = names[s] { return n }
            names[s] = nameList.count
            nameList.append(s)
            return nameList.count - 1
        }
        var tables: [[String: Digest]: Int] = [:]
        var tableList: [[String: Digest]] = []
        // Each result's family, platform, release and input table by number. Neighbours mostly
        // share them (one entity's tasks, one input table): compared with the last one first,
        // which for one table or string is one pointer comparison, before anything is hashed.
        var codes: [(family: Int, platform: Int, release: Int, table: Int)] = []
        codes.reserveCapacity(results.count)
        var last: (result: TaskResult, code: (family: Int, platform: Int, release: Int, table: Int))?
        var bodyBytes = 0
        for r in results {
            guard r.error == nil, r.key.path == r.path, r.key.mode == r.mode else { return nil }
            var code: (family: Int, platform: Int, release: Int, table: Int)
            if let last, last.result.family == r.family, last.result.platform == r.platform, last.result.key.release == r.key.release {
                code = last.code
            } else {
                code = (name(r.family), name(r.platform), name(r.key.release), -1)
            }
            if let last, last.result.key.inputs == r.key.inputs {
                code.table = last.code.table
            } else if let t = tables[r.key.inputs] {
                code.table = t
            } else {
                code.table = tableList.count
                tables[r.key.inputs] = code.table
                tableList.append(r.key.inputs)
                for n in r.key.inputs.keys { _ = name(n) }
            }
            codes.append(code)
            last = (r, code)
            bodyBytes += r.id.utf8.count + r.path.utf8.count + 3 * 32 + 24
        }
        var out = BytePacker(capacity: bodyBytes + nameList.count * 40 + tableList.count * 120)
        out.count(nameList.count)
        for s in nameList { out.string(s) }
        out.count(tableList.count)
        for t in tableList {
            out.count(t.count)
            for (n, d) in t {
                out.count(names[n]!)
                out.digest(d)
            }
        }
        out.count(results.count)
        for (r, code) in zip(results, codes) {
            out.string(r.id)
            out.string(r.path)
            out.count(code.family)
            out.count(code.platform)
            out.count(code.release)
            out.count(Int(r.mode.rawValue))
            out.digest(r.key.digest)
            out.count(code.table)
            out.count(Self.statuses.firstIndex(of: r.status)!)
            out.count((r.output == nil ? 0 : 1) | (r.renderedIn == nil ? 0 : 2))
            if let d = r.output { out.digest(d) }
            if let d = r.renderedIn { out.digest(d) }
            out.count(Int(r.size))
        }
        return out.bytes
    }

    /// The record `packedResults` packed, with `renderedBytes` beside it: equal results, in
    /// order, each allocated here.
    public init(unpacking bytes: [UInt8], renderedBytes: [Digest: [UInt8]]) {
        var input = ByteUnpacker(bytes)
        let nameList = (0 ..< input.count()).map { _ in input.string() }
        let tableList: [[String: Digest]] = (0 ..< input.count()).map { _ in
            let n = input.count()
            var t: [String: Digest] = [:]
            t.reserveCapacity(n)
            for _ in 0 ..< n {
                let name = nameList[input.count()]
                t[name] = input.digest()
            }
            return t
        }
        let count = input.count()
        var results: [TaskResult] = []
        results.reserveCapacity(count)
        for _ in 0 ..< count {
            let id = input.string(), path = input.string()
            let family = nameList[input.count()], platform = nameList[input.count()], release = nameList[input.count()]
            let mode = FileMode(rawValue: UInt16(input.count()))!
            let key = TaskKey(digest: input.digest(), inputs: tableList[input.count()], release: release, path: path, mode: mode)
            let status = Self.statuses[input.count()]
            let present = input.count()
            let output = present & 1 != 0 ? input.digest() : nil
            let renderedIn = present & 2 != 0 ? input.digest() : nil
            results.append(TaskResult(id: id, family: family, platform: platform, path: path, mode: mode, key: key, output: output,
                                      size: UInt64(input.count()), status: status, renderedIn: renderedIn, error: nil))
        }
        self.init(results: results, renderedBytes: renderedBytes)
    }

    private static let statuses: [TaskStatus] = [.rendered, .local, .seed, .remote, .failed]
}
