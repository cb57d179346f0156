#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ProvenanceDocument {
    /// The key lines of one section of an encoded document (a file record's path line, a
    /// projection's key line): every line that starts with `lead` inside `body`, which holds a key
    /// (escaped, as the writer writes it) and ends with `trail`. `linear` reads every one of them;
    /// `searched` finds a key by binary search, in a section whose keys are in the writer's order.
    struct KeyLines {
        let b: UnsafeBufferPointer<UInt8>
        let body: Range<Int>
        let lead: [UInt8], anchor: Int, trail: [UInt8]

        /// The key line of each of `keys` (escaped), by the newline that starts it: nil unless each
        /// is on exactly one, and every key line ends with the trail.
        func linear(_ keys: [[UInt8]]) -> [Int]? {
            guard let base = b.baseAddress else { return nil }
            var byLength: [Int: [Int]] = [:]
            for (i, k) in keys.enumerated() { byLength[k.count, default: []].append(i) }
            var lines = [Int?](repeating: nil, count: keys.count)
            var from = body.lowerBound
            while let h = ProvenanceDocument.find(lead, anchor: anchor, in: b, from: from, to: body.upperBound) {
                guard let key = key(at: h) else { return nil }
                for i in byLength[key.count] ?? [] where memcmp(base + key.lowerBound, keys[i], key.count) == 0 {
                    guard lines[i] == nil else { return nil }
                    lines[i] = h
                }
                from = key.upperBound + trail.count
            }
            return lines.contains(nil) ? nil : lines.map { $0! }
        }

        /// The key line of each of `keys` (escaped, and the UTF-8 bytes of the strings they escape)
        /// found by binary search, as the writer orders a section (by those bytes, `utf8Precedes`):
        /// the first key line that does not sort before the key, when it holds the key and the next
        /// one sorts after it. nil when not so for some key (one not there, one there twice side by
        /// side, lines out of order where the search looked, a key the writer would not write): the
        /// caller then reads every line (`linear`). In a section in order this finds what `linear`
        /// finds; out of order, a key written twice far apart can be found at one of its lines.
        func searched(_ keys: [[UInt8]], utf8: [[UInt8]]) -> [Int]? {
            var lines: [Int] = []
            lines.reserveCapacity(keys.count)
            for (key, wanted) in zip(keys, utf8) {
                guard let line = search(key, wanted) else { return nil }
                lines.append(line)
            }
            return lines
        }

        private func search(_ escapedKey: [UInt8], _ wanted: [UInt8]) -> Int? {
            // The key lines before `lo` sort before the key, those from `hi` on do not.
            var lo = body.lowerBound, hi = body.upperBound
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                guard let line = next(from: mid, before: hi) else {
                    hi = mid
                    continue
                }
                guard let held = key(at: line), let order = compare(held, wanted) else { return nil }
                if order < 0 { lo = line + 1 } else { hi = mid }
            }
            // The line before the one found (if any) is the last one the search found to sort
            // before the key; the one after must sort after it.
            guard let line = next(from: lo), let held = key(at: line), held.count == escapedKey.count,
                  memcmp(b.baseAddress! + held.lowerBound, escapedKey, held.count) == 0 else { return nil }
            if let after = next(from: line + 1) {
                guard let k = key(at: after), compare(k, wanted) == 1 else { return nil }
            }
            return line
        }

        /// The key of the key line whose newline is at `line`: the bytes between its lead and its
        /// trail. nil when the line does not end with the trail.
        func key(at line: Int) -> Range<Int>? {
            let start = line + lead.count
            guard start < body.upperBound, let base = b.baseAddress,
                  let hit = memchr(base + start, 0x0a, body.upperBound - start) else { return nil }
            let newline = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            let end = newline - trail.count
            guard start <= end, ProvenanceDocument.matches(b, end, trail) else { return nil }
            return start ..< end
        }

        /// The first key line starting at or after `from` (and before `before`).
        private func next(from: Int, before: Int? = nil) -> Int? {
            let to = before.map { min(body.upperBound, $0 - 1 + lead.count) } ?? body.upperBound
            return ProvenanceDocument.find(lead, anchor: anchor, in: b, from: from, to: to)
        }

        /// How the string `key` escapes sorts against `wanted` (the writer's order: UTF-8 bytes,
        /// shorter first): -1, 0 or 1. nil when `key` is not what the writer writes for a string.
        func compare(_ key: Range<Int>, _ wanted: [UInt8]) -> Int? {
            let raw = UnsafeBufferPointer(rebasing: b[key])
            if raw.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) {
                guard let s = Self.unescaped(raw) else { return nil }
                return s.withUnsafeBufferPointer { Self.compare($0, wanted) }
            }
            return Self.compare(raw, wanted)
        }

        private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Int {
            let n = min(a.count, b.count)
            let c = n == 0 ? 0 : memcmp(a.baseAddress!, b, n)
            if c != 0 { return c < 0 ? -1 : 1 }
            return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
        }

        /// The bytes of the string `s` escapes, when `s` is exactly what `JSONText.appendString`
        /// writes for them (so that two keys are the same bytes exactly when their strings are).
        static func unescaped(_ s: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
            var out: [UInt8] = []
            out.reserveCapacity(s.count)
            var i = 0
            while i < s.count {
                let c = s[i]
                guard c != UInt8(ascii: "\""), c >= 0x20 else { return nil }
                guard c == UInt8(ascii: "\\") else {
                    out.append(c)
                    i += 1
                    continue
                }
                guard i + 1 < s.count else { return nil }
                switch s[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(s[i + 1])
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0c)
                case UInt8(ascii: "n"): out.append(0x0a)
                case UInt8(ascii: "r"): out.append(0x0d)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    // `\u00xx` in lowercase, for the controls without a short escape only.
                    let hex = Array("0123456789abcdef".utf8)
                    guard i + 5 < s.count, s[i + 2] == UInt8(ascii: "0"), s[i + 3] == UInt8(ascii: "0"),
                          let high = hex.firstIndex(of: s[i + 4]), high < 2, let low = hex.firstIndex(of: s[i + 5]) else { return nil }
                    let v = UInt8(high * 16 + low)
                    guard ![0x08, 0x09, 0x0a, 0x0c, 0x0d].contains(v) else { return nil }
                    out.append(v)
                    i += 6
                    continue
                default: return nil
                }
                i += 2
            }
            return out
        }
    }
}
