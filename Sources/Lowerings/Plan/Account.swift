/// `/account`: its presence realizes an Account (Rodauth) with `/account` in navigation.
public struct Account: Hashable, Sendable {
    /// A lowercase UUID; the navigation id is `account-self:<subjectUUID>`.
    public var subjectUUID: String
    /// Adds `/account/edit`.
    public var editable: Bool
    public var fields: [Field]
    /// `/account`.
    public var pointer: JSONPointer

    public init(subjectUUID: String, editable: Bool = false, fields: [Field] = [],
                pointer: JSONPointer = JSONPointer(tokens: ["account"])) {
        self.subjectUUID = subjectUUID
        self.editable = editable
        self.fields = fields
        self.pointer = pointer
    }
}
