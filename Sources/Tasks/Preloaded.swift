import Foundation

/// A value computed on another thread from the moment it is made; `value` waits for it.
public final class Preloaded<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: T?

    public init(_ body: @escaping @Sendable () -> T) {
        DispatchQueue.global().async {
            self.result = body()
            self.done.signal()
        }
    }

    public var value: T {
        done.wait()
        done.signal()
        return result!
    }
}
