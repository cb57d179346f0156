#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hashing
import Tasks

/// A document re-encoded in place: an incremental compile changes a few records of a document
/// that is megabytes long (6.3 MB at 1,000 entities, which `encoded()` writes in about 15 ms).
extension ProvenanceDocument {
    /// The bytes `encoded()` gives for the document whose encoding is `old`, with `planDigest`
    /// (and `nativeInputDigest`, when given) in its header, each of `files` in place of the record
    /// of the same path, and each of `projections` in place of the record of the same name. nil when
    /// `old` is not in the shape `encoded()` writes, or a path or name is not found exactly once:
    /// the caller then encodes the document whole.
    ///
    /// `old` is not parsed. A record is found by its path line (a projection's by its key line) at
    /// the writer's indentation, searched for in its own section only; it spans the lines around
    /// that one indented deeper, between the lines opening and closing it, and is written again by
    /// `writeFile` or `writeProjection`. Paths and names match byte for byte, and a projection is
    /// keyed by its record's name (as a composition keys them). Only the header's lines after the
    /// files and the records replaced are checked: the records left as they are are not.
    ///
    /// The line is found by binary search (`KeyLines.searched`), as a composition orders its files
    /// by path and the writer its projections by name; where the search is unsure, by reading
    /// every line of the section. So a path written twice far apart, in files out of order (no
    /// composition writes them so), can be replaced at one of its records instead of giving nil.
    public static func patched(_ old: [UInt8], planDigest: Digest, nativeInputDigest: Digest?,
                               files: [File], projections: [ProjectionRecord]) -> [UInt8]? {
        patch(old, planDigest: planDigest, nativeInputDigest: nativeInputDigest, files: files, projections: projections)?.applied(to: old)
    }

    /// `patched`'s edits, for a caller that hashes and writes the new document in pieces (the old
    /// document's bytes between them) rather than have it copied whole: at 6.3 MB a fresh copy
    /// costs more than finding the records.
    public static func patch(_ old: [UInt8], planDigest: Digest, nativeInputDigest: Digest?,
                             files: [File], projections: [ProjectionRecord]) -> Patch? {
        old.withUnsafeBufferPointer { b -> Patch? in
            guard let sections = PatchSections.locate(in: b) else { return nil }
            var edits: [(old: Range<Int>, new: [UInt8])] = []
            edits.reserveCapacity(files.count + projections.count + 2)
            edits.append((sections.planDigest, hex(planDigest)))
            if let nativeInputDigest { edits.append((sections.nativeInputDigest, hex(nativeInputDigest))) }
            if !files.isEmpty {
                guard let found = fileRecords(files.map(\.path), in: b, sections, .binaryElseLinear) else { return nil }
                for (range, f) in zip(found, files) {
                    var w = StableJSONWriter(capacity: 1024, inside: [true, false])
                    writeFile(f, into: &w)
                    edits.append((range, w.bytes))
                }
            }
            if !projections.isEmpty {
                guard let found = projectionRecords(projections.map(\.name), in: b, sections, .binaryElseLinear) else { return nil }
                for (range, r) in zip(found, projections) {
                    var w = StableJSONWriter(capacity: 4096, inside: [true, false])
                    writeProjection(r.name, r, into: &w)
                    edits.append((range, w.bytes))
                }
            }
            return Patch(edits, count: b.count, nativeInputDigestAt: sections.nativeInputDigest.lowerBound)
        }
    }

    /// `patch` made with no native input digest, given one: the same as `patch` with it.
    public static func withNativeInputDigest(_ patch: Patch, _ digest: Digest) -> Patch? {
        Patch(patch.edits + [(patch.nativeInputDigestAt ..< patch.nativeInputDigestAt + 64, hex(digest))], count: patch.oldCount,
              nativeInputDigestAt: patch.nativeInputDigestAt)
    }

    /// Ranges of an old document and what replaces each, in order and apart.
    public struct Patch: Sendable {
        let edits: [(old: Range<Int>, new: [UInt8])]
        /// The new document's size.
        public let count: Int
        /// Where the header's native input digest starts in the old document. Everything before it
        /// is the same in two patches that differ only in that digest, so a caller may hash that
        /// part before the digest is known (`forEachPiece(of:in:_:)`).
        public let nativeInputDigestAt: Int
        /// The old document's size.
        let oldCount: Int

        init?(_ edits: [(old: Range<Int>, new: [UInt8])], count old: Int, nativeInputDigestAt: Int) {
            let edits = edits.sorted { $0.old.lowerBound < $1.old.lowerBound }
            var size = old, previous = 0
            for e in edits {
                guard e.old.lowerBound >= previous, e.old.upperBound <= old else { return nil }
                previous = e.old.upperBound
                size += e.new.count - e.old.count
            }
            self.edits = edits
            count = size
            oldCount = old
            self.nativeInputDigestAt = nativeInputDigestAt
        }

        /// The native input digest this patch writes (`withNativeInputDigest`): where it starts in
        /// the new document, and its bytes; nil for a patch made without one. What mends bytes
        /// written from the patch made without it (which hold the old digest there) into this one's.
        public var nativeInputDigestWritten: (offset: Int, bytes: [UInt8])? {
            guard let e = edits.first(where: { $0.old.lowerBound == nativeInputDigestAt }), e.old.count == e.new.count,
                  let offset = newOffset(ofOld: nativeInputDigestAt) else { return nil }
            return (offset, e.new)
        }

        /// Where `offset` of the old document is in the new one (an edit that starts there comes
        /// after it); nil when an edit covers it.
        func newOffset(ofOld offset: Int) -> Int? {
            var moved = 0
            for e in edits {
                if e.old.upperBound <= offset && e.old.lowerBound < offset {
                    moved += e.new.count - e.old.count
                } else if e.old.lowerBound < offset {
                    return nil
                } else {
                    break
                }
            }
            return offset + moved
        }

        /// The new document's bytes in order: `old`'s between the edits, and the edits.
        public func forEachPiece(of old: [UInt8], _ body: (UnsafeRawBufferPointer) -> Void) {
            forEachPiece(of: old, in: 0 ..< old.count, body)
        }

        /// The new document's bytes that stand for `range` of the old one, in order: `old`'s
        /// between the edits, and each edit whose old range starts in `range` (whole; at the end of
        /// `old`, an edit that starts there too). So calls over ranges that meet, each at an offset
        /// no edit spans, give together the pieces of one call over all of them.
        public func forEachPiece(of old: [UInt8], in range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
            let range = range.clamped(to: 0 ..< old.count)
            old.withUnsafeBytes { b in
                var from = range.lowerBound
                for e in edits {
                    if e.old.lowerBound < range.lowerBound {
                        from = max(from, e.old.upperBound)
                        continue
                    }
                    // An edit at the very end belongs to the range that ends there (a non-empty
                    // one, unless the document is empty), so that it is given once.
                    let atEnd = e.old.lowerBound == old.count && range.upperBound == old.count && (range.lowerBound < old.count || old.isEmpty)
                    if e.old.lowerBound >= range.upperBound && !atEnd { break }
                    if e.old.lowerBound > from { body(UnsafeRawBufferPointer(rebasing: b[from ..< e.old.lowerBound])) }
                    e.new.withUnsafeBytes(body)
                    from = e.old.upperBound
                }
                if from < range.upperBound { body(UnsafeRawBufferPointer(rebasing: b[from ..< range.upperBound])) }
            }
        }

        /// The new document.
        public func applied(to old: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            forEachPiece(of: old) { out.append(contentsOf: $0) }
            return out
        }
    }

    /// How `patched` finds the records it replaces: by binary search, or by reading the section
    /// whole when the search is unsure (what `patched` does); only one of the two (for tests).
    enum RecordSearch { case binaryElseLinear, binary, linear }

    /// The ranges `patched` replaces for the records of `paths` and `names` in `old`, found by
    /// `search`: nil for either when `patched` would give nil; nil for both when `old` is not in
    /// the writer's shape.
    static func recordRanges(_ old: [UInt8], paths: [String], names: [String], search: RecordSearch)
        -> (files: [Range<Int>]?, projections: [Range<Int>]?)? {
        old.withUnsafeBufferPointer { b in
            guard let sections = PatchSections.locate(in: b) else { return nil }
            return (fileRecords(paths, in: b, sections, search), projectionRecords(names, in: b, sections, search))
        }
    }

    private static func fileRecords(_ paths: [String], in b: UnsafeBufferPointer<UInt8>, _ sections: PatchSections,
                                    _ search: RecordSearch) -> [Range<Int>]? {
        records(named: paths, in: KeyLines(b: b, body: sections.files, lead: fileKeyLead, anchor: fileKeyAnchor, trail: fileKeyTrail),
                keyLineOpens: false, search)
    }

    private static func projectionRecords(_ names: [String], in b: UnsafeBufferPointer<UInt8>, _ sections: PatchSections,
                                          _ search: RecordSearch) -> [Range<Int>]? {
        guard let body = sections.projections else { return nil }
        return records(named: names, in: KeyLines(b: b, body: body, lead: projectionKeyLead, anchor: 0, trail: projectionKeyTrail),
                       keyLineOpens: true, search)
    }

    /// Where the parts `patched` replaces are in a document's bytes: the inside of its "files"
    /// array and of its "projections" object (from the newline after the opening bracket to the
    /// newline before the closing one), and the hex digits of the header's two digests.
    private struct PatchSections {
        var files: Range<Int>
        var nativeInputDigest: Range<Int>
        var planDigest: Range<Int>
        var projections: Range<Int>?

        /// The sections of `b`, nil unless its first line, its end, the "files" key and everything
        /// from the end of the files to the projections are exactly what the writer writes.
        static func locate(in b: UnsafeBufferPointer<UInt8>) -> PatchSections? {
            let head = Array("{\n  \"core\" : {\n".utf8)
            var tail = Array("\n  \"schema\" : ".utf8)
            JSONText.appendString(ProvenanceDocument.schemaID, to: &tail)
            tail += "\n}\n".utf8
            guard b.count >= head.count + tail.count, matches(b, 0, head), matches(b, b.count - tail.count, tail) else { return nil }
            let end = b.count - tail.count // the newline before "schema"
            // The end of the files is searched for by its `]` (in a record, only a string may hold one).
            let filesKey = Array("\n  \"files\" : [".utf8), filesEnd = Array("\n  ],\n  \"lowering_release\" : ".utf8)
            guard let key = find(filesKey, in: b, from: head.count - 1, to: end),
                  let close = find(filesEnd, anchor: 3, in: b, from: key + filesKey.count, to: end), close > key + filesKey.count else { return nil }
            // The header's members after the files, a line each.
            var at = close + 5
            func line(_ lead: String) -> Range<Int>? {
                let lead = Array(lead.utf8)
                guard matches(b, at, lead), let newline = find([0x0a], in: b, from: at + lead.count, to: end + 1) else { return nil }
                defer { at = newline }
                return at + lead.count ..< newline
            }
            guard let release = line("\n  \"lowering_release\" : \""), endsString(b, release),
                  let native = line("\n  \"native_input_digest\" : \""), isDigestString(b, native),
                  let plan = line("\n  \"plan_digest\" : \""), isDigestString(b, plan),
                  let platform = line("\n  \"platform\" : \""), endsString(b, platform),
                  let projectionDigest = line("\n  \"projection_digest\" : ")
            else { return nil }
            let null = Array("null,".utf8)
            guard (projectionDigest.count == null.count && matches(b, projectionDigest.lowerBound, null))
                || (projectionDigest.count == 67 && b[projectionDigest.lowerBound] == UInt8(ascii: "\"")
                    && isDigestString(b, projectionDigest.dropFirst())) else { return nil }
            var projections: Range<Int>?
            if at != end {
                let objectEnd = Array("\n  },".utf8)
                guard let opened = line("\n  \"projections\" : {"), opened.isEmpty,
                      end - objectEnd.count > at, matches(b, end - objectEnd.count, objectEnd) else { return nil }
                projections = at ..< end - objectEnd.count
            }
            return PatchSections(files: key + filesKey.count ..< close, nativeInputDigest: native.lowerBound ..< native.lowerBound + 64,
                                 planDigest: plan.lowerBound ..< plan.lowerBound + 64, projections: projections)
        }

        /// Whether `value` (a member's value after its opening quote, with the line's comma) ends a string.
        private static func endsString(_ b: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> Bool {
            value.count >= 2 && matches(b, value.upperBound - 2, Array("\",".utf8))
        }

        /// Whether `value` is a digest's 64 lowercase hex digits, its closing quote and the line's comma.
        private static func isDigestString(_ b: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> Bool {
            value.count == 66 && endsString(b, value)
                && b[value.lowerBound ..< value.lowerBound + 64].allSatisfy { (0x30 ... 0x39).contains($0) || (0x61 ... 0x66).contains($0) }
        }
    }

    /// The line a file's record is found by (its path member) and a projection's (its key), the
    /// escaped path or name between the two. A file's is searched for by the `h` of "path": a
    /// record has three or four, and a dozen newlines (reading every line at 1,000 entities,
    /// 1.1 ms instead of 1.7).
    private static let fileKeyLead = Array("\n      \"path\" : \"".utf8), fileKeyTrail = Array("\",".utf8)
    private static let fileKeyAnchor = 11
    private static let projectionKeyLead = Array("\n    \"".utf8), projectionKeyTrail = Array("\" : {".utf8)
    /// The line that opens an element of the files array (with the newlines around it), the one
    /// that closes an element of either section (from its newline), and the indentation of the
    /// lines inside one.
    private static let elementOpen = Array("\n    {\n".utf8), elementClose = Array("\n    }".utf8)
    private static let insideElement = [UInt8](repeating: 0x20, count: 6)

    /// The record of each of `keys` in a section: the element whose key line holds the key, from
    /// the newline before its first line (the key line when `keyLineOpens`) to its closing brace.
    /// nil unless each key names exactly one, in the shape the writer gives it.
    private static func records(named keys: [String], in lines: KeyLines, keyLineOpens: Bool, _ search: RecordSearch) -> [Range<Int>]? {
        let escapedKeys = keys.map(escaped)
        guard Set(escapedKeys).count == keys.count else { return nil }
        let found: [Int]?
        switch search {
        case .binaryElseLinear: found = lines.searched(escapedKeys, utf8: keys.map { Array($0.utf8) }) ?? lines.linear(escapedKeys)
        case .binary: found = lines.searched(escapedKeys, utf8: keys.map { Array($0.utf8) })
        case .linear: found = lines.linear(escapedKeys)
        }
        guard let found else { return nil }
        let b = lines.b, body = lines.body
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(keys.count)
        for line in found {
            guard let open = keyLineOpens ? line : elementOpened(above: line, in: b, body),
                  open == body.lowerBound || b[open - 1] == UInt8(ascii: ","),
                  let close = elementClosed(below: line, in: b, body) else { return nil }
            let end = close + elementClose.count
            guard end == body.upperBound || b[end] == UInt8(ascii: ",") else { return nil }
            ranges.append(open ..< end)
        }
        return ranges
    }

    /// The newline before the line opening the files' element that holds the line after `line`:
    /// the nearest line above it that is not inside an element (deeper) or empty, when that is
    /// the element's opening brace.
    private static func elementOpened(above line: Int, in b: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> Int? {
        var i = line - 1
        while i >= body.lowerBound {
            if b[i] == 0x0a, b[i + 1] != 0x0a, !matches(b, i + 1, insideElement) {
                return matches(b, i, elementOpen) ? i : nil
            }
            i -= 1
        }
        return nil
    }

    /// The newline before the line closing the element that holds the line after `line`: the
    /// nearest line below it that is not inside an element (deeper) or empty, when that is a
    /// closing brace.
    private static func elementClosed(below line: Int, in b: UnsafeBufferPointer<UInt8>, _ body: Range<Int>) -> Int? {
        var at = line + 1
        while let i = find([0x0a], in: b, from: at, to: body.upperBound) {
            if b[i + 1] != 0x0a, !matches(b, i + 1, insideElement) {
                return matches(b, i, elementClose) ? i : nil
            }
            at = i + 1
        }
        return nil
    }

    /// A string as the writer writes it, without its quotes.
    private static func escaped(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONText.appendString(s, to: &out)
        return Array(out.dropFirst().dropLast())
    }

    /// A digest's 64 hex digits.
    private static func hex(_ d: Digest) -> [UInt8] {
        var out: [UInt8] = []
        d.appendHex(to: &out)
        return out
    }

    /// Where `needle` first starts in `b[from ..< to]`, wholly inside it: compared wherever
    /// `memchr` finds its byte at `anchor` (one that is rare where it is searched for, so that few
    /// places are compared).
    static func find(_ needle: [UInt8], anchor: Int = 0, in b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = b.baseAddress, from >= 0, to <= b.count, to - from >= needle.count, needle.indices.contains(anchor) else { return nil }
        let last = to - needle.count // the last place it may start
        return needle.withUnsafeBufferPointer { n -> Int? in
            var at = from
            while at <= last {
                guard let hit = memchr(base + at + anchor, Int32(n[anchor]), last - at + 1) else { return nil }
                let start = UnsafeRawPointer(hit) - UnsafeRawPointer(base) - anchor
                if memcmp(base + start, n.baseAddress!, n.count) == 0 { return start }
                at = start + 1
            }
            return nil
        }
    }

    /// Whether `b` holds `bytes` at `at`.
    static func matches(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ bytes: [UInt8]) -> Bool {
        guard at >= 0, at <= b.count - bytes.count, let base = b.baseAddress else { return false }
        return memcmp(base + at, bytes, bytes.count) == 0
    }
}
