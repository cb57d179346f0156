import Cache
import Foundation
import Lowerings
import Tasks

/// An in-toto Statement v1 with an SLSA Provenance v1 predicate for one compile (`compile
/// --slsa FILE`). Subjects are the composed trees by native input digest (and their provenance
/// files by SHA-256); resolved dependencies are the Plan file, the pinned Core archives and every
/// pinned object a task copied (the monogram PNGs), by digest.
///
/// Field names follow in-toto `spec/v1/statement.md` and SLSA `docs/spec/v1.0/provenance.md`
/// (`schema/provenance.proto`, serialized in lowerCamelCase). Built from the compile's result in
/// memory (the Plan's bytes, the composed trees' provenance), never read back from the output.
public enum SLSAProvenance {
    static let statementType = "https://in-toto.io/Statement/v1"
    static let predicateType = "https://slsa.dev/provenance/v1"
    /// Our build type: a compile of a Plan into output trees (DESIGN.md, "CLI contract").
    static let buildType = "urn:orchestrate:buildtype:compile:v1"
    /// The builder, unless `ORCHESTRATE_BUILDER_ID` names the platform that ran us (e.g. a CI workflow URI).
    public static let defaultBuilderID = "urn:orchestrate:builder:cli"

    struct ResourceDescriptor: Encodable, Equatable {
        var name: String?
        var uri: String?
        var digest: [String: String]
        var annotations: [String: String]?
    }

    struct Statement: Encodable {
        let _type = SLSAProvenance.statementType
        var subject: [ResourceDescriptor]
        let predicateType = SLSAProvenance.predicateType
        var predicate: Predicate
    }

    struct Predicate: Encodable {
        var buildDefinition: BuildDefinition
        var runDetails: RunDetails
    }

    struct BuildDefinition: Encodable {
        var buildType: String
        var externalParameters: ExternalParameters
        var internalParameters: InternalParameters
        var resolvedDependencies: [ResourceDescriptor]
    }

    struct ExternalParameters: Encodable {
        /// The Plan as given on the command line, and its canonical digest.
        var plan: String?
        var planDigest: String?
        var demo: Int?
    }

    struct InternalParameters: Encodable {
        /// Lowering release per emitted tree, from its provenance.
        var loweringReleases: [String: String]
        /// `emitted`, `declined` or `omitted` per tree.
        var platforms: [String: String]
        var treeDigest = "tree digest v1"
        /// The run's history, which the trees and their provenance never record.
        var outputs: Outputs
    }

    /// How the run obtained its task outputs: rendered, or reused from which cache layer; and,
    /// by Plan digest, the runs that first rendered them (this run's own among them).
    struct Outputs: Encodable {
        var rendered: Int
        var reusedLocal: Int
        var reusedSeed: Int
        var reusedRemote: Int
        var renderedIn: [String: Int]

        init(_ summary: RunSummary) {
            rendered = summary.totals.rendered
            reusedLocal = summary.totals.reusedLocal
            reusedSeed = summary.totals.reusedSeed
            reusedRemote = summary.totals.reusedRemote
            var runs: [String: Int] = [:]
            for t in summary.tasks { if let d = t.renderedIn { runs[d.hex, default: 0] += 1 } }
            renderedIn = runs
        }
    }

    struct RunDetails: Encodable {
        var builder: Builder
        var metadata: Metadata
        var byproducts: [ResourceDescriptor]
    }

    public struct Builder: Encodable, Sendable {
        public var id: String
        public var version: [String: String]

        public init(id: String, version: [String: String]) {
            self.id = id
            self.version = version
        }
    }

    struct Metadata: Encodable {
        var invocationId: String
        var startedOn: String
        var finishedOn: String
    }

    struct Run {
        var source: CompileSource?
        var set: TaskSet
        var summary: CompileSummary
        var composed: ComposedOutput
        /// The summary as named by the caller, and the digest of its bytes (nil: not written).
        var summaryName: String?
        var summaryDigest: Digest?
        var builder: Builder
        var started: Date
        var finished: Date
        var invocationID = UUID().uuidString.lowercased()
    }

    static func statement(_ run: Run) -> Statement {
        var subjects: [ResourceDescriptor] = []
        var dependencies: [ResourceDescriptor] = []
        var releases: [String: String] = [:]
        var planName: String?
        var demo: Int?
        switch run.source {
        case let .plan(file):
            planName = file.name
            dependencies.append(ResourceDescriptor(name: "plan", uri: fileURI(file.name), digest: ["sha256": Digest.of(file.bytes).hex],
                                                   annotations: run.summary.planDigest.map { ["canonicalDigest": $0.hex] }))
        case let .demo(count, _):
            demo = count
        case nil:
            break
        }
        for platform in Platform.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let p = run.summary.platforms[platform], let nid = p.nativeInputDigest else { continue }
            let pin = CorePins.pin(for: platform)
            subjects.append(ResourceDescriptor(name: platform.rawValue, uri: nil, digest: ["sha256": nid.hex],
                                               annotations: ["digestAlgorithm": "orchestrate tree digest v1",
                                                             "path": pin.mount.isEmpty ? "." : pin.mount]))
            if let tree = run.composed.tree(platform) {
                subjects.append(ResourceDescriptor(name: tree.composition.provenancePath, uri: nil,
                                                   digest: ["sha256": tree.composition.provenanceDigest.hex]))
                releases[platform.rawValue] = tree.release
            }
            dependencies.append(ResourceDescriptor(name: "core:\(pin.name)", uri: casURI(pin.digest), digest: ["sha256": pin.digest.hex],
                                                   annotations: ["revision": pin.revision]))
        }
        let pinned = run.set.outline.pinned
        dependencies += pinned.keys.sorted().map { path in
            ResourceDescriptor(name: path, uri: casURI(pinned[path]!), digest: ["sha256": pinned[path]!.hex])
        }
        // The app's own native files (issue 16), by origin: what the copies were made from.
        var native: [String: String] = [:]
        for tree in run.set.trees {
            for (name, projection) in tree.projections where name.hasPrefix("native_file:") {
                if case let .object(fields) = projection.value, case let .string(hex)? = fields["sha256"] {
                    native[String(name.dropFirst("native_file:".count))] = hex
                }
            }
        }
        dependencies += native.keys.sorted().map { ResourceDescriptor(name: $0, uri: nil, digest: ["sha256": native[$0]!]) }
        var byproducts: [ResourceDescriptor] = []
        if let name = run.summaryName, let d = run.summaryDigest {
            byproducts.append(ResourceDescriptor(name: "summary", uri: fileURI(name), digest: ["sha256": d.hex]))
        }
        return Statement(
            subject: subjects,
            predicate: Predicate(
                buildDefinition: BuildDefinition(
                    buildType: buildType,
                    externalParameters: ExternalParameters(plan: planName, planDigest: run.summary.planDigest?.hex, demo: demo),
                    internalParameters: InternalParameters(loweringReleases: releases,
                                                           platforms: Dictionary(uniqueKeysWithValues: run.summary.platforms.map { ($0.key.rawValue, $0.value.status.rawValue) }),
                                                           outputs: Outputs(run.summary.run)),
                    resolvedDependencies: dependencies),
                runDetails: RunDetails(
                    builder: run.builder,
                    metadata: Metadata(invocationId: run.invocationID, startedOn: timestamp(run.started), finishedOn: timestamp(run.finished)),
                    byproducts: byproducts)))
    }

    /// RFC 3339, UTC, `Z`, whole seconds.
    static func timestamp(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    /// A committed object of the seed store, by digest.
    static func casURI(_ digest: Digest) -> String { "orchestrate:cas/sha256/\(digest.hex)" }

    /// A path as given on the command line (relative to the working directory of the run).
    static func fileURI(_ path: String) -> String {
        let allowed = CharacterSet.urlPathAllowed
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)
    }
}
