import Foundation

/// `(0..<count).map(body)` with the calls spread over every core in chunks; results in order.
/// `body` must be safe to call from several threads at once (pure, or reads only).
public func concurrentMap<T>(count: Int, chunk: Int = 128, _ body: (Int) -> T) -> [T] {
    concurrentMap(count: count, chunk: chunk, context: {}) { _, i in body(i) }
}

/// `concurrentMap` whose calls share a context per chunk: `context` is made once for each chunk
/// (on the thread that runs it) and handed to that chunk's calls only, in index order.
func concurrentMap<C, T>(count: Int, chunk: Int, context: () -> C, _ body: (C, Int) -> T) -> [T] {
    guard count > chunk else {
        let shared = context()
        return (0..<count).map { body(shared, $0) }
    }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let base = buffer.baseAddress!
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
            let own = context()
            for i in c * chunk ..< Swift.min(count, (c + 1) * chunk) {
                (base + i).initialize(to: body(own, i))
            }
        }
        initialized = count
    }
}
