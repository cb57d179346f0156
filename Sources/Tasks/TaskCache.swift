import StoreModel

/// What the executor needs from a store: look a key up, fetch a verified object, store outputs.
/// `StoreChain` is the real one; tests may pass a double.
public protocol TaskCache: Sendable {
    func lookup(_ key: Digest) -> (entry: ActionEntry, layer: StoreLayer)?
    /// `lookup` of several keys at once, answers in order. Must answer exactly what `lookup` would
    /// for each key; the executor asks this first, for every task whose key it can compute.
    func lookup(keys: [Digest]) -> [(entry: ActionEntry, layer: StoreLayer)?]
    func object(_ digest: Digest) -> (bytes: [UInt8], layer: StoreLayer)?
    func store(key: Digest, outputs: [(path: String, bytes: [UInt8], executable: Bool)], release: String,
               renderedIn: Digest?) throws -> ActionEntry
    /// Whether `object` found `digest` damaged in some layer (present, but its bytes hash to
    /// another digest), rather than absent: the executor's error then says so.
    func foundCorrupt(_ digest: Digest) -> Bool
}

extension TaskCache {
    public func foundCorrupt(_ digest: Digest) -> Bool { false }

    public func lookup(keys: [Digest]) -> [(entry: ActionEntry, layer: StoreLayer)?] { keys.map { lookup($0) } }
}
