/// Entity keys and plural keys the generated Rails app cannot use: a key names a model class and a
/// plural key a table and a controller, so neither may collide with the Core, Rodauth, Rails or
/// Ruby's own classes.
enum RailsNames {
    /// Keys whose class name (`Account`, `Native`, `String`, …) is already taken.
    static let reservedKeys: Set<String> = [
        "account", "account_remember_key", "application", "application_controller", "application_helper",
        "application_record", "native", "rodauth", "rodauth_app", "rodauth_controller", "rodauth_main",
        "rails", "sequel", "turbo", "stimulus", "active_record", "active_support", "action_controller", "action_view",
        "array", "basic_object", "binding", "class", "comparable", "complex", "data", "date", "date_time", "dir",
        "encoding", "enumerable", "enumerator", "exception", "fiber", "file", "float", "gc", "hash", "integer", "io",
        "kernel", "marshal", "math", "method", "module", "numeric", "object", "proc", "process", "random", "range",
        "rational", "regexp", "set", "signal", "string", "struct", "symbol", "thread", "time", "uri",
    ]

    /// Plural keys whose table or controller is already taken.
    static let reservedPluralKeys: Set<String> = [
        "accounts", "account_remember_keys", "ar_internal_metadata", "schema_migrations", "rodauth", "native",
        "applications", "configurations_native", "legal",
    ]

    static func problems(in loaded: LoadedPlan) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for entity in loaded.plan.entities {
            if reservedKeys.contains(entity.key) {
                out.append(loaded.diagnostic(.railsEntityKeyReserved, at: entity.pointer.appending("key"),
                    "entity key \"\(entity.key)\" would name the model \(RailsText.camelize(entity.key)), which the generated Rails app already defines; choose another key"))
            }
            if reservedPluralKeys.contains(entity.pluralKey) {
                out.append(loaded.diagnostic(.railsEntityPluralKeyReserved, at: entity.pointer.appending("plural_key"),
                    "plural key \"\(entity.pluralKey)\" would name the table or controller \(entity.pluralKey), which the generated Rails app already uses; choose another plural key"))
            }
        }
        return out.sorted()
    }
}
