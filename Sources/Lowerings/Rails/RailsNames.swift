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
        // Push (Action Push Native): its module and the classes its install adds (RailsPushRenderer),
        // reserved whether or not this Plan asks for push, so turning push on never breaks a Plan.
        "action_push_native", "application_push_device", "application_push_notification", "application_push_notification_job",
    ]

    /// Plural keys whose table or controller is already taken.
    static let reservedPluralKeys: Set<String> = [
        "accounts", "account_remember_keys", "ar_internal_metadata", "schema_migrations", "rodauth", "native",
        "applications", "configurations_native", "legal",
        // The Core's ApplicationController (app/controllers/application_controller.rb) and its
        // layouts folder (app/views/layouts/).
        "application", "layouts",
        // Action Push Native's device table.
        "action_push_native_devices",
    ]

    /// Locals of the generated views an entity key would shadow or repeat: the block parameter
    /// `form` (`form_with … do |form|`), `error` (`errors.each do |error|`) and the form partial's
    /// `url:` and `cancel:` locals (RailsViewRenderer).
    static let templateLocals: Set<String> = ["form", "error", "url", "cancel"]

    /// Names an account field cannot take: the accounts table's own columns (`status`, `email`,
    /// `password_hash`; RailsAccountRenderer.migration), Rodauth's sign-up parameters (`login`,
    /// `password`), and what the generated `before_create_account` block calls, where each field
    /// becomes a local variable (`account`, `param_or_nil`, `throw_error_status`).
    static let accountFieldNames: Set<String> = [
        "status", "email", "password_hash", "login", "password", "account", "param_or_nil", "throw_error_status",
    ]

    /// Route helper names the generated routes already define (without `_path`/`_url`;
    /// RailsApplicationRenderer.routes). Rodauth's own paths are called on `rodauth.`, so they are free.
    static let routeHelpers: Set<String> = ["root", "rails_health_check", "account", "edit_account", "native_session_changed",
                                            "account_push_device", "account_push_test_notification"]

    /// Method names the generated entity model defines itself (`def to_s`), which a field would override.
    static let modelMethods: Set<String> = ["to_s"]
}
