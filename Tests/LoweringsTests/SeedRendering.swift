import Cache
import Foundation
import Tasks

/// Renders a task as the executor would without a store: a copy task's bytes come from the
/// repository's seed store `cas/`.
enum SeedRendering {
    static let seed = SeedStore(root: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("cas").path)

    static func render(_ task: FileTask, dependencies: [String: [UInt8]] = [:]) throws -> [UInt8] {
        if let pinned = task.pinnedOutput {
            guard let bytes = try seed.get(pinned) else { throw TaskError.pinnedObjectMissing(taskID: task.id, digest: pinned) }
            return bytes
        }
        return try task.render(RenderContext(taskID: task.id, dependencyOutputs: dependencies))
    }
}
