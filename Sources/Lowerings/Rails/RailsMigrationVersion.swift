import Hashing

/// Migration timestamps derived from the Plan, never from the clock.
///
/// An entity's version is `2026-01-01T00:00:00Z + depth × 30 days + h` where `depth` is the length
/// of the longest chain of references leaving the entity (0 when it references nothing but itself)
/// and `h` is the SHA-256 of its uuid reduced to a second within the 30-day window. So a referenced
/// table is always created first, the version never moves when an unrelated entity changes, and it
/// moves only when the entity's own reference depth does. References that close a cycle do not add
/// depth. The Account tables come first, at a fixed `20251231000000`.
enum RailsMigrationVersion {
    static let accountVersion = "20251231000000"
    /// Action Push Native's device table: after the accounts it belongs to, before every entity.
    static let pushVersion = "20251231000001"
    /// 2026-01-01 as days since 1970-01-01.
    static let baseDay = 20454
    static let windowDays = 30

    /// Versions by entity key.
    static func versions(for plan: Plan) -> [String: String] {
        let depths = referenceDepths(plan)
        var out: [String: String] = [:]
        for entity in plan.entities { out[entity.key] = version(entity, depth: depths[entity.key] ?? 0) }
        return out
    }

    /// One entity's version, at its reference depth.
    static func version(_ entity: Entity, depth: Int) -> String {
        let hash = Digest.of("orchestrate.rails.migration_version/1\u{0}" + entity.uuid).bytes
        let value = hash.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let window = UInt64(windowDays * 86_400)
        let seconds = Int(value % window) + depth * windowDays * 86_400
        return timestamp(day: baseDay + seconds / 86_400, second: seconds % 86_400)
    }

    /// The longest reference chain leaving each entity.
    static func referenceDepths(_ plan: Plan) -> [String: Int] {
        var depth: [String: Int] = [:]
        var visiting: Set<String> = []
        // By key, first one wins (as `Plan.entity`): a lookup per visit, not a scan.
        let byKey = Dictionary(plan.entities.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func visit(_ key: String) -> Int {
            if let known = depth[key] { return known }
            guard let entity = byKey[key], !visiting.contains(key) else { return -1 }
            visiting.insert(key)
            var best = 0
            for field in entity.fields where field.type == .reference {
                guard let to = field.to, to != key else { continue }
                let below = visit(to)
                if below >= 0 { best = max(best, below + 1) }
            }
            visiting.remove(key)
            depth[key] = best
            return best
        }
        for entity in plan.entities { _ = visit(entity.key) }
        return depth
    }

    /// `YYYYMMDDHHMMSS` (UTC) for a day count since 1970-01-01 and a second of that day.
    static func timestamp(day: Int, second: Int) -> String {
        let (y, m, d) = civil(fromDays: day)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)" + two(m) + two(d) + two(second / 3600) + two(second / 60 % 60) + two(second % 60)
    }

    /// Gregorian calendar date of a day count since 1970-01-01 (days ≥ 0).
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
