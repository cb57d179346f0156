/// One field of an entity or of the account.
public struct Field: Hashable, Sendable {
    public var key: String
    public var type: FieldType
    /// The referenced entity's key; present exactly when `type` is `.reference`.
    public var to: String?
    public var required: Bool
    /// Where the field was written, e.g. `/entities/0/fields/3`.
    public var pointer: JSONPointer

    public init(key: String, type: FieldType, to: String? = nil, required: Bool = false, pointer: JSONPointer) {
        self.key = key
        self.type = type
        self.to = to
        self.required = required
        self.pointer = pointer
    }
}
