/// Where each value of a document starts, by pointer. Lets code that holds only a pointer (a
/// validator, a later lowering) position its diagnostics. A pointer that names no value (a missing
/// key) resolves to its nearest existing ancestor.
public struct PositionIndex: Hashable, Sendable {
    var positions: [JSONPointer: SourcePosition] = [:]

    public init(_ root: JSONValue) {
        index(root)
    }

    public init() {}

    private mutating func index(_ value: JSONValue) {
        positions[value.pointer] = value.position
        switch value.kind {
        case .array(let elements): elements.forEach { index($0) }
        case .object(let members): members.forEach { index($0.value) }
        default: break
        }
    }

    /// The position of the value at `pointer`, or of its nearest existing ancestor.
    public func position(of pointer: JSONPointer) -> SourcePosition {
        var p = pointer
        while true {
            if let found = positions[p] { return found }
            if p.isRoot { return .start }
            p = p.parent
        }
    }

    /// true when the document has a value at `pointer`.
    public func contains(_ pointer: JSONPointer) -> Bool { positions[pointer] != nil }
}
