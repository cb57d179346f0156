import Hashing
import Foundation
import Tasks

/// `FOUNDATION_PROVENANCE.json`, schema `orchestrate.provenance/2`: which task produced each file
/// of a composed tree and from which inputs (its key and named input digests), on which pinned
/// Core, for which Plan. A pure function of the Plan, the Cores and the tool: the same Plan gives
/// the same bytes whatever the store saw before. Which run first rendered a file, and which cache
/// layer served it, is run history: the run summary and the SLSA statement carry it.
///
/// `/1` also recorded `rendered_in` per file (the Plan digest of the run that first rendered it),
/// so its bytes depended on the store; a `/1` file is still read (that field ignored).
public struct ProvenanceDocument: Codable, Hashable, Sendable {
    public static let schemaID = "orchestrate.provenance/2"
    /// Schemas `decode` reads: this one and the one before it.
    public static let readableSchemas = [schemaID, "orchestrate.provenance/1"]

    public struct Core: Codable, Hashable, Sendable {
        public var archiveDigest: Digest
        public var revision: String
        public var archiveRoot: String
        public var excludedPaths: [String]
        public var mountedPath: String

        enum CodingKeys: String, CodingKey {
            case revision
            case archiveDigest = "archive_digest", archiveRoot = "archive_root", excludedPaths = "excluded_paths", mountedPath = "mounted_path"
        }
    }

    public struct File: Codable, Hashable, Sendable {
        public var path: String
        public var sha256: Digest
        /// Written `100644` or `100755`.
        public var mode: FileMode
        /// `core`, `replaced` or `added` (`ComposedFile.Origin`); kept as read, so a check can
        /// report an unknown one.
        public var origin: String
        /// `core:<platform>` or a seam id (`FileOwner`); kept as read, so a check can report an
        /// unknown one.
        public var owner: String
        public var taskKey: Digest?
        /// The named input digests of the task that produced the file (absent for Core files and
        /// in provenance written before inputs were recorded).
        public var inputs: [String: Digest]?

        enum CodingKeys: String, CodingKey {
            case path, sha256, mode, origin, owner, inputs
            case taskKey = "task_key"
        }

        /// The record of a composed file (a Core file's has no inputs).
        init(_ f: ComposedFile) {
            self.init(path: f.path, sha256: f.digest, mode: f.mode, origin: f.origin.rawValue, owner: f.owner.description,
                      taskKey: f.taskKey, inputs: f.origin == .core ? nil : f.inputs)
        }

        public init(path: String, sha256: Digest, mode: FileMode, origin: String, owner: String, taskKey: Digest?, inputs: [String: Digest]?) {
            self.path = path
            self.sha256 = sha256
            self.mode = mode
            self.origin = origin
            self.owner = owner
            self.taskKey = taskKey
            self.inputs = inputs
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            path = try c.decode(String.self, forKey: .path)
            sha256 = try c.decode(Digest.self, forKey: .sha256)
            let text = try c.decode(String.self, forKey: .mode)
            guard let mode = FileMode(octal: text) else {
                throw DecodingError.dataCorruptedError(forKey: .mode, in: c, debugDescription: "mode \"\(text)\" is neither 100644 nor 100755")
            }
            self.mode = mode
            origin = try c.decode(String.self, forKey: .origin)
            owner = try c.decode(String.self, forKey: .owner)
            taskKey = try c.decodeIfPresent(Digest.self, forKey: .taskKey)
            inputs = try c.decodeIfPresent([String: Digest].self, forKey: .inputs)
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encode(sha256, forKey: .sha256)
            try c.encode(mode.octal, forKey: .mode)
            try c.encode(origin, forKey: .origin)
            try c.encode(owner, forKey: .owner)
            try c.encode(taskKey, forKey: .taskKey)
            try c.encodeIfPresent(inputs, forKey: .inputs)
        }
    }

    /// A projection some file of the tree was rendered from: its digest, the digest of each
    /// top-level field, and the Plan pointers each field was derived from.
    public struct ProjectionRecord: Codable, Hashable, Sendable {
        public var name: String
        public var digest: Digest
        public var fields: [String: Digest]
        public var sources: [String: [String]]

        init(name: String, digest: Digest, fields: [String: Digest], sources: [String: [String]]) {
            self.name = name
            self.digest = digest
            self.fields = fields
            self.sources = sources
        }

        public init(_ projection: Projection) {
            name = projection.name
            digest = projection.digest
            fields = projection.fieldDigests
            sources = projection.sources
        }
    }

    public var schema: String
    /// The tree's platform (`Platform`); kept as read, so a check can report a foreign one.
    public var platform: String
    public var nativeInputDigest: Digest
    public var planDigest: Digest
    public var projectionDigest: Digest?
    public var loweringRelease: String
    public var core: Core
    public var files: [File]
    /// The projections the tree's seam files read, by the lowering's name for them (absent in
    /// provenance written before projections were recorded).
    public var projections: [String: ProjectionRecord]?

    enum CodingKeys: String, CodingKey {
        case schema, platform, core, files, projections
        case nativeInputDigest = "native_input_digest", planDigest = "plan_digest", projectionDigest = "projection_digest"
        case loweringRelease = "lowering_release"
    }

    /// The document of a composition: its header, and a record per file and per projection read.
    init(_ h: Header, files: [ComposedFile], projections: [String: Projection] = [:]) {
        schema = h.schema
        platform = h.platform
        nativeInputDigest = h.nativeInputDigest
        planDigest = h.planDigest
        projectionDigest = h.projectionDigest
        loweringRelease = h.loweringRelease
        core = h.core
        self.files = files.map(File.init)
        self.projections = projections.isEmpty ? nil : projections.mapValues(ProjectionRecord.init)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(platform, forKey: .platform)
        try c.encode(nativeInputDigest, forKey: .nativeInputDigest)
        try c.encode(planDigest, forKey: .planDigest)
        try c.encode(projectionDigest, forKey: .projectionDigest)
        try c.encode(loweringRelease, forKey: .loweringRelease)
        try c.encode(core, forKey: .core)
        try c.encode(files, forKey: .files)
        try c.encodeIfPresent(projections, forKey: .projections)
    }

    /// An upper estimate of `encoded()`'s size, so its buffer is allocated once (a Rails tree's
    /// provenance is megabytes; growing it by doubling held two copies at the peak).
    var estimatedSize: Int {
        var n = 1024 + core.excludedPaths.reduce(0) { $0 + $1.utf8.count + 16 }
        for f in files {
            // Two-space indents, keys, quotes and separators: under 260 bytes per file and 120
            // per input besides the names, digests and paths themselves.
            n += 260 + 3 * 64 + f.path.utf8.count + f.owner.utf8.count + f.origin.utf8.count
            for (name, _) in f.inputs ?? [:] { n += 120 + name.utf8.count }
        }
        for (name, record) in projections ?? [:] {
            n += 200 + 2 * name.utf8.count + record.name.utf8.count
            for (field, _) in record.fields { n += 120 + field.utf8.count }
            for (field, pointers) in record.sources {
                n += 40 + field.utf8.count + pointers.reduce(0) { $0 + $1.utf8.count + 16 }
            }
        }
        return n
    }

    /// StableJSON's bytes of the document (what `StableJSON.encode(self)` gives, written
    /// directly: a Rails tree's provenance is megabytes, and every compile writes or compares it).
    public func encoded() -> [UInt8] {
        var w = StableJSONWriter(capacity: estimatedSize)
        Self.write(header, files: files, projections: projections.map(StableJSONWriter.sortedMembers), into: &w) { _ in }
        return w.finish()
    }

    /// Everything of a document but its files and projections.
    struct Header {
        var schema: String
        var platform: String
        var nativeInputDigest: Digest
        var planDigest: Digest
        var projectionDigest: Digest?
        var loweringRelease: String
        var core: Core
    }

    /// No file's record is shorter in the form `stream` writes (its digest's 64 hex digits, six
    /// keys, indentation).
    static let leastFileRecordBytes = 200

    var header: Header {
        Header(schema: schema, platform: platform, nativeInputDigest: nativeInputDigest, planDigest: planDigest,
               projectionDigest: projectionDigest, loweringRelease: loweringRelease, core: core)
    }

    /// The bytes of the document `header`, `files` and `projections` (sorted by name) make, handed
    /// to `emit` in pieces of about `chunk` bytes: the same bytes as `encoded()` of that document,
    /// without the document or its bytes ever whole in memory (a composition's files and
    /// projections are mapped to records one at a time, as they are written).
    static func stream<Files: Sequence, Records: Sequence>(
        _ header: Header, files: Files, projections: Records?, chunk: Int = 1 << 16,
        _ emit: (UnsafeRawBufferPointer) -> Void
    ) where Files.Element == File, Records.Element == (key: String, value: ProjectionRecord) {
        var w = StableJSONWriter(capacity: chunk + 4096)
        write(header, files: files, projections: projections, into: &w) { w in
            if w.bytes.count >= chunk { w.drain(emit) }
        }
        w.finish(emit)
    }

    /// The bytes of the same document as `stream`, in the same order, its file and projection
    /// records written on every core: `block` file records or a quarter as many projection
    /// records (each about four times as long) at a time each, a few blocks at once (never the
    /// whole document in memory), each block handed to `emit` as its own piece as soon as the
    /// blocks before it were. A Rails tree's document is a record per file and per entity's
    /// projection (6.3 MB at 1,000 entities, a third of it projections; 30 MB at 5,000), encoded
    /// one record after another on one core otherwise.
    static func streamInParallel<Files: RandomAccessCollection, Records: RandomAccessCollection>(
        _ header: Header, files: Files, record: (Files.Element) -> File, projections: Records?,
        projectionRecord: (Records.Element) -> (key: String, value: ProjectionRecord),
        block: Int = 256, chunk: Int = 1 << 16, _ emit: (UnsafeRawBufferPointer) -> Void
    ) where Files.Index == Int, Records.Index == Int {
        var w = StableJSONWriter(capacity: chunk + 4096)
        writeHead(header, into: &w)
        w.drain(emit)
        writeInParallel(count: files.count, block: block, emit) { i, bw in
            writeFile(record(files[files.startIndex + i]), into: &bw)
        }
        if !files.isEmpty { w.continueAfterElements() }
        writeMiddle(header, projections: projections != nil, into: &w)
        if let projections {
            w.drain(emit)
            writeInParallel(count: projections.count, block: max(1, block / 4), emit) { i, bw in
                let (name, r) = projectionRecord(projections[projections.startIndex + i])
                writeProjection(name, r, into: &bw)
            }
            if !projections.isEmpty { w.continueAfterElements() }
        }
        writeEnd(header, projections: projections != nil, into: &w)
        w.finish(emit)
    }

    /// `count` records of the innermost open container of a document, `write(i, &writer)` each,
    /// in blocks on every core, handed to `emit` in order. Each block's writer starts inside the
    /// document's object (which has members already) and that container (which has elements from
    /// the second block on).
    private static func writeInParallel(count: Int, block: Int, _ emit: (UnsafeRawBufferPointer) -> Void,
                                        _ write: (Int, inout StableJSONWriter) -> Void) {
        let blocks = (count + block - 1) / block
        let window = 4 * ProcessInfo.processInfo.activeProcessorCount
        for start in stride(from: 0, to: blocks, by: window) {
            let written = concurrentMap(count: min(window, blocks - start), chunk: 1) { n -> [UInt8] in
                let b = start + n
                var bw = StableJSONWriter(capacity: block * 800, inside: [true, b > 0])
                for i in b * block ..< min(count, (b + 1) * block) { write(i, &bw) }
                return bw.bytes
            }
            for piece in written { piece.withUnsafeBytes(emit) }
        }
    }

    /// The one writer of the document's form, for `encoded()` and `stream`: `flush` is called
    /// after each file and each projection.
    private static func write<Files: Sequence, Records: Sequence>(
        _ h: Header, files: Files, projections: Records?, into w: inout StableJSONWriter,
        flush: (inout StableJSONWriter) -> Void
    ) where Files.Element == File, Records.Element == (key: String, value: ProjectionRecord) {
        writeHead(h, into: &w)
        for f in files {
            writeFile(f, into: &w)
            flush(&w)
        }
        writeMiddle(h, projections: projections != nil, into: &w)
        if let projections {
            for (name, record) in projections {
                writeProjection(name, record, into: &w)
                flush(&w)
            }
        }
        writeEnd(h, projections: projections != nil, into: &w)
    }

    /// The document up to its "files" array, opened.
    private static func writeHead(_ h: Header, into w: inout StableJSONWriter) {
        w.beginObject()
        w.key("core")
        w.beginObject()
        w.member("archive_digest", h.core.archiveDigest)
        w.member("archive_root", h.core.archiveRoot)
        w.key("excluded_paths")
        w.strings(h.core.excludedPaths)
        w.member("mounted_path", h.core.mountedPath)
        w.member("revision", h.core.revision)
        w.endObject()
        w.key("files")
        w.beginArray()
    }

    /// One file's record, an element of the "files" array (also how `patched` writes one again).
    static func writeFile(_ f: File, into w: inout StableJSONWriter) {
        w.element()
        w.beginObject()
        if let inputs = f.inputs {
            w.key("inputs")
            w.beginObject()
            for (name, digest) in StableJSONWriter.sortedMembers(inputs) { w.member(name, digest) }
            w.endObject()
        }
        w.member("mode", f.mode.octal)
        w.member("origin", f.origin)
        w.member("owner", f.owner)
        w.member("path", f.path)
        w.member("sha256", f.sha256)
        w.member("task_key", f.taskKey)
        w.endObject()
    }

    /// From the end of the "files" array to the "projections" object, opened when there is one.
    private static func writeMiddle(_ h: Header, projections: Bool, into w: inout StableJSONWriter) {
        w.endArray()
        w.member("lowering_release", h.loweringRelease)
        w.member("native_input_digest", h.nativeInputDigest)
        w.member("plan_digest", h.planDigest)
        w.member("platform", h.platform)
        w.member("projection_digest", h.projectionDigest)
        if projections {
            w.key("projections")
            w.beginObject()
        }
    }

    /// One projection's record, a member of the "projections" object (also how `patched` writes one
    /// again).
    static func writeProjection(_ name: String, _ record: ProjectionRecord, into w: inout StableJSONWriter) {
        w.key(name)
        w.beginObject()
        w.member("digest", record.digest)
        w.key("fields")
        w.beginObject()
        for (field, digest) in StableJSONWriter.sortedMembers(record.fields) { w.member(field, digest) }
        w.endObject()
        w.member("name", record.name)
        w.key("sources")
        w.beginObject()
        for (field, pointers) in StableJSONWriter.sortedMembers(record.sources) {
            w.key(field)
            w.strings(pointers)
        }
        w.endObject()
        w.endObject()
    }

    /// The document from the end of its "projections" object (when there is one) on.
    private static func writeEnd(_ h: Header, projections: Bool, into w: inout StableJSONWriter) {
        if projections { w.endObject() }
        w.member("schema", h.schema)
        w.endObject()
    }

    /// Parses a provenance file; the error says why it is not one.
    public static func decode(_ bytes: [UInt8]) throws -> ProvenanceDocument {
        let d: ProvenanceDocument
        do {
            d = try JSONDecoder().decode(ProvenanceDocument.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw ProvenanceError(reason: "missing \((ctx.codingPath + [key]).map(\.stringValue).joined(separator: "/"))")
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx), let DecodingError.dataCorrupted(ctx) {
            throw ProvenanceError(reason: "/\(ctx.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")): \(ctx.debugDescription)")
        }
        guard readableSchemas.contains(d.schema) else {
            throw ProvenanceError(reason: "schema is \"\(d.schema)\", expected \"\(schemaID)\"")
        }
        return d
    }
}

/// A provenance file that does not parse, with the reason.
public struct ProvenanceError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

extension ProvenanceDocument.Core {
    /// The Core a pin names, as a tree's document records it.
    init(_ pin: CorePin) {
        self.init(archiveDigest: pin.digest, revision: pin.revision, archiveRoot: "", excludedPaths: pin.excludedRoots, mountedPath: pin.mount)
    }
}

extension ProvenanceDocument.Header {
    /// The header of a tree composed on `pin` (this schema).
    init(platform: Platform, nativeInputDigest: Digest, planDigest: Digest, projectionDigest: Digest?, release: String, pin: CorePin) {
        self.init(schema: ProvenanceDocument.schemaID, platform: platform.rawValue, nativeInputDigest: nativeInputDigest,
                  planDigest: planDigest, projectionDigest: projectionDigest, loweringRelease: release, core: .init(pin))
    }
}
