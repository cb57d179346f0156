import Hashing
import Foundation
import Tasks

/// `FOUNDATION_PROVENANCE.json`, schema `orchestrate.provenance/1`: which task produced each file
/// of a composed tree, from which inputs, in which run.
public struct ProvenanceDocument: Codable, Hashable, Sendable {
    public static let schemaID = "orchestrate.provenance/1"

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
        public var mode: String
        public var origin: String
        public var owner: String
        public var taskKey: Digest?
        public var renderedIn: Digest?
        /// The named input digests of the task that produced the file (absent for Core files and
        /// in provenance written before inputs were recorded).
        public var inputs: [String: Digest]?

        enum CodingKeys: String, CodingKey {
            case path, sha256, mode, origin, owner, inputs
            case taskKey = "task_key", renderedIn = "rendered_in"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encode(sha256, forKey: .sha256)
            try c.encode(mode, forKey: .mode)
            try c.encode(origin, forKey: .origin)
            try c.encode(owner, forKey: .owner)
            try c.encode(taskKey, forKey: .taskKey)
            try c.encode(renderedIn, forKey: .renderedIn)
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

        public init(_ projection: Projection) {
            name = projection.name
            digest = projection.digest
            var fields: [String: Digest] = [:]
            if case let .object(members) = projection.value {
                for (field, value) in members { fields[field] = Digest.of(value.canonical) }
            }
            self.fields = fields
            sources = projection.sources
        }
    }

    public var schema: String
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

    init(platform: String, nativeInputDigest: Digest, planDigest: Digest, projectionDigest: Digest?, release: String,
         pin: CorePin, files: [ComposedFile], projections: [String: Projection] = [:]) {
        schema = Self.schemaID
        self.platform = platform
        self.nativeInputDigest = nativeInputDigest
        self.planDigest = planDigest
        self.projectionDigest = projectionDigest
        loweringRelease = release
        core = Core(archiveDigest: pin.digest, revision: pin.revision, archiveRoot: "", excludedPaths: pin.excludedRoots, mountedPath: pin.mount)
        self.files = files.map {
            File(path: $0.path, sha256: $0.digest, mode: $0.mode == 0o755 ? "100755" : "100644", origin: $0.origin.rawValue,
                 owner: $0.owner, taskKey: $0.taskKey, renderedIn: $0.renderedIn, inputs: $0.origin == .core ? nil : $0.inputs)
        }
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

    public func encoded() -> [UInt8] {
        try! StableJSON.encode(self)
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
        guard d.schema == schemaID else { throw ProvenanceError(reason: "schema is \"\(d.schema)\", expected \"\(schemaID)\"") }
        return d
    }
}

/// A provenance file that does not parse, with the reason.
public struct ProvenanceError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
