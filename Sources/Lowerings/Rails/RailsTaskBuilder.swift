import Hashing
import Tasks

/// Collects the Rails file tasks and the projections they read. A task's inputs are named after
/// the projections (`entity:movie`, `rails.routes`, …), so `explain` can say which one moved.
struct RailsTaskBuilder {
    let release: String
    private(set) var tasks: [FileTask] = []
    private(set) var projections: [String: Projection] = [:]

    init(release: String) { self.release = release }

    /// A task whose family is its id (application-wide seams) or `family` (per-entity seams).
    mutating func add(id: String, family: String? = nil, path: String, mode: FileMode = .regular, reads: [Projection],
                      dependencies: [String: String] = [:], render: @escaping @Sendable (RenderContext) throws -> [UInt8]) {
        var inputs: [String: Digest] = [:]
        for projection in reads {
            inputs[projection.name] = projection.digest
            projections[projection.name] = projection
        }
        tasks.append(FileTask(id: id, family: family ?? id, platform: "rails", release: release, path: path, mode: mode,
                              inputs: inputs, dependencies: dependencies, render: render))
    }

    /// A task that renders from captured values only.
    mutating func add(id: String, family: String? = nil, path: String, mode: FileMode = .regular, reads: [Projection],
                      render: @escaping @Sendable () -> [UInt8]) {
        add(id: id, family: family, path: path, mode: mode, reads: reads, dependencies: [:]) { _ in render() }
    }

    /// A task built elsewhere (the monogram copies), with the projections it reads.
    mutating func append(_ task: FileTask, reads: [Projection]) {
        for projection in reads { projections[projection.name] = projection }
        tasks.append(task)
    }
}
