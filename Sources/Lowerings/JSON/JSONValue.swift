/// A parsed JSON value that remembers where it came from: the position of its first character
/// (the opening quote, bracket or brace, or the first character of a number or literal) and its
/// RFC 6901 pointer from the document root.
public struct JSONValue: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        /// Members in source order. Duplicate keys are reported by the reader and only the first is kept.
        case object([JSONMember])
    }

    public var kind: Kind
    public var position: SourcePosition
    public var pointer: JSONPointer

    public init(kind: Kind, position: SourcePosition, pointer: JSONPointer) {
        self.kind = kind
        self.position = position
        self.pointer = pointer
    }

    /// The value of the first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// A short name of the value's JSON type, for messages: "a string", "an object", …
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
