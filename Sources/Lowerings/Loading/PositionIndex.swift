/// Where each value of a Plan document sits (line and column), found by its JSON pointer.
/// Answers by walking the document along the pointer's tokens: no table of every value is built
/// (positions are asked for only when there is something to say, and a 5,000-entity Plan has
/// hundreds of thousands of values).
public struct PositionIndex: Hashable, Sendable {
    private var root: JSONValue?

    public init(_ root: JSONValue) { self.root = root }

    public init() {}

    /// The position of the value at `pointer`, or of its nearest existing ancestor.
    public func position(of pointer: JSONPointer) -> SourcePosition {
        let (deepest, _) = walk(pointer)
        return deepest?.position ?? .start
    }

    /// true when the document has a value at `pointer`.
    public func contains(_ pointer: JSONPointer) -> Bool { walk(pointer).complete }

    /// The deepest value on the way to `pointer`, and whether it is the value at `pointer`.
    private func walk(_ pointer: JSONPointer) -> (JSONValue?, complete: Bool) {
        guard var node = root else { return (nil, false) }
        for token in pointer.tokens {
            switch node.kind {
            case .object:
                guard let next = node[token] else { return (node, false) }
                node = next
            case .array(let elements):
                guard let i = Int(token), String(i) == token, elements.indices.contains(i) else { return (node, false) }
                node = elements[i]
            default:
                return (node, false)
            }
        }
        return (node, true)
    }
}
