import Foundation

/// `(0..<count).map(body)` with the calls spread over every core in chunks; results in order.
/// `body` must be safe to call from several threads at once (pure, or reads only).
public func concurrentMap<T>(count: Int, chunk: Int = 128, _ body: (Int) -> T) -> [T] {
    guard count > chunk else { return (0..<count).map(body) }
    return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
        let base = buffer.baseAddress!
        DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
            for i in c * chunk ..< Swift.min(count, (c + 1) * chunk) {
                (base + i).initialize(to: body(i))
            }
        }
        initialized = count
    }
}
