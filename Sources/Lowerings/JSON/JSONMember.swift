/// One `"key": value` pair of an object.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    /// The position of the key's opening quote.
    public var keyPosition: SourcePosition
    public var value: JSONValue

    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
