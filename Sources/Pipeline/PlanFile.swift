/// A Plan as read, before the load stage: its bytes and the name diagnostics give it (the path as
/// the user wrote it).
public struct PlanFile: Sendable {
    public var bytes: [UInt8]
    public var name: String

    public init(bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }
}
