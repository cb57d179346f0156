import Cache

/// The store chain is the executor's store: `lookup(_:)`, the batch `lookup(keys:)`, `object` and
/// `store` are all `Cache`'s, with the answers and failure semantics its README states.
extension StoreChain: TaskCache {}
