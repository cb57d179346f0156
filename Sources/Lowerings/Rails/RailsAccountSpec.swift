/// What the Account (Rodauth) renderers read: the account's fields, whether it is editable and
/// whether a native client needs the native-only session redirects.
struct RailsAccountSpec: Hashable, Sendable {
    var editable: Bool
    var fields: [RailsEntitySpec.Field]
    var nativeSession: Bool

    init(account: Account, nativeSession: Bool) {
        editable = account.editable
        fields = account.fields.map { RailsEntitySpec.Field(key: $0.key, type: $0.type, required: $0.required, target: nil) }
        self.nativeSession = nativeSession
    }

    var projection: Projection {
        Projection(name: "rails.account", fields: [
            "editable": .bool(editable),
            "fields": .array(fields.map {
                .object(["key": .string($0.key), "type": .string($0.type.rawValue), "required": .bool($0.required)])
            }),
            "native_session": .bool(nativeSession),
        ], sources: ["editable": ["/account/editable"], "fields": ["/account/fields"],
                     "native_session": ["/account", "/application/native"]])
    }
}
