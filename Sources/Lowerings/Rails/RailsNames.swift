/// Entity keys and plural keys the generated Rails app cannot use: a key names a model class and a
/// plural key a table and a controller, so neither may collide with the Core, Rodauth, Rails or
/// Ruby's own classes. `PlanValidator` reports them (`rails.entity.key_reserved`,
/// `rails.entity.plural_key_reserved`) so a Plan the Rails app cannot hold never loads: compile,
/// graph and audit --plan reject it alike, before anything is written.
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
}
