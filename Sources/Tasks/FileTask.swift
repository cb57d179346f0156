import Hashing

/// One generated file: what it reads, who renders it, where it goes.
///
/// A task is data plus a pure render function. Everything the render function may read must be
/// named in `inputs` (as digests) or `dependencies` (other tasks' outputs), so that the key covers
/// it. A task with `pinnedOutput` copies a committed object (a Core archive, a monogram) and
/// renders nothing.
///
/// A class: a run passes each task through the graph, the executor and the record many times, and
/// a reference is one count to move where this many strings and tables were one count each.
public final class FileTask: Sendable {
    public let id: String
    /// Renderer family (e.g. `ios.navigation`); groups tasks in `explain`.
    public let family: String
    /// `ios`, `android`, `rails` or any other tree name; used for summaries.
    public let platform: String
    /// The renderer's release id; a bump invalidates every key of that renderer.
    public let release: String
    /// Output path, relative to the output root, `/`-separated.
    public let path: String
    public let mode: FileMode
    /// Named input digests (projection digests, archive digests, ...).
    public let inputs: [String: Digest]
    /// Input name → id of the task whose output digest becomes that named input.
    public let dependencies: [String: String]
    /// For copy tasks: the digest of the committed object that is the output.
    public let pinnedOutput: Digest?
    public let render: @Sendable (RenderContext) throws -> [UInt8]

    public init(
        id: String, family: String, platform: String, release: String, path: String,
        mode: FileMode = .regular, inputs: [String: Digest], dependencies: [String: String] = [:],
        render: @escaping @Sendable (RenderContext) throws -> [UInt8]
    ) {
        self.id = id
        self.family = family
        self.platform = platform
        self.release = release
        self.path = path
        self.mode = mode
        self.inputs = inputs
        self.dependencies = dependencies
        self.pinnedOutput = nil
        self.render = render
    }

    /// A task whose output is a pinned object, found through the store chain.
    public init(
        id: String, family: String, platform: String, release: String, path: String,
        mode: FileMode = .regular, copying object: Digest, inputs: [String: Digest] = [:]
    ) {
        self.id = id
        self.family = family
        self.platform = platform
        self.release = release
        self.path = path
        self.mode = mode
        var named = inputs
        named["pinned_object"] = object
        self.inputs = named
        self.dependencies = [:]
        self.pinnedOutput = object
        self.render = { _ in throw TaskError.pinnedObjectMissing(taskID: id, digest: object) }
    }
}

/// What a render function may see besides its captured values: the outputs of the tasks it
/// declared as dependencies, by input name.
public struct RenderContext: Sendable {
    public let taskID: String
    public let dependencyOutputs: [String: [UInt8]]

    public init(taskID: String, dependencyOutputs: [String: [UInt8]]) {
        self.taskID = taskID
        self.dependencyOutputs = dependencyOutputs
    }

    /// The bytes of the dependency declared under `name`.
    public func output(_ name: String) throws -> [UInt8] {
        guard let bytes = dependencyOutputs[name] else {
            throw TaskError.undeclaredDependency(taskID: taskID, input: name)
        }
        return bytes
    }
}
