/// Names Rails itself gives meaning to, checked against the Rails source (rails/rails at
/// 2a2db1e8d6d104ee0611efcae7eb023af65cff34), and ActiveSupport's spelling of class names. The
/// generated app runs Rails 8; `PlanValidator` rejects Plans that would use these names.
enum ActiveRecordNames {
    /// Attribute names Active Record refuses: `instance_method_already_implemented?` raises
    /// `DangerousAttributeError` when `dangerous_attribute_method?` holds
    /// (activerecord/lib/active_record/attribute_methods.rb:164-167, 182-184), i.e. for every name in
    /// `dangerous_attribute_methods` (attribute_methods.rb:30-38): Base's public and private instance
    /// methods less Object's, plus `__id__ dup freeze frozen? hash class clone`.
    ///
    /// That set is computed at run time, so this list was computed: the 208 snake-case members of
    /// `ActiveRecord::AttributeMethods.dangerous_attribute_methods` evaluated under activerecord
    /// 6.1.7.10 (the newest a Ruby here loads), plus the instance methods the modules Base includes
    /// (activerecord/lib/active_record/base.rb:283-331) define at the commit above and 6.1 did not,
    /// and the explicit additions of attribute_methods.rb:36. Only snake-case names matter: a field
    /// key is `^[a-z][a-z0-9]*(_[a-z0-9]+)*$`.
    ///
    /// `RESTRICTED_CLASS_METHODS` (attribute_methods.rb:23: private public protected allocate new
    /// name superclass) is not applied: `dangerous_class_method?` (attribute_methods.rb:200-213)
    /// guards class-level names such as scopes and enum values, and the generated app defines none
    /// from a Plan key. A field named `name` is an ordinary attribute.
    static let dangerousAttributeNames: Set<String> = [
        "accessed_fields", "add_to_transaction", "aggregate_reflections", "all_attributes_for_inspect",
        "all_timestamp_attributes_in_model", "around_save_collection_association", "assign_attributes",
        "assign_multiparameter_attributes", "assign_nested_attributes_for_collection_association",
        "assign_nested_attributes_for_one_to_one_association", "assign_nested_parameter_attributes",
        "assign_to_or_mark_for_destruction", "associated_records_to_validate_or_save", "association",
        "association_instance_get", "association_instance_set", "attribute", "attribute_aliases",
        "attribute_before_last_save", "attribute_before_type_cast", "attribute_change",
        "attribute_change_to_be_saved", "attribute_for_database", "attribute_for_inspect", "attribute_in_database",
        "attribute_method_matchers", "attribute_missing", "attribute_names", "attribute_names_for_partial_inserts",
        "attribute_names_for_partial_updates", "attribute_names_for_partial_writes",
        "attribute_names_for_serialization", "attribute_previous_change", "attribute_previously_was", "attribute_was",
        "attribute_writer_missing", "attributes", "attributes_before_type_cast", "attributes_for_create",
        "attributes_for_database", "attributes_for_inspect", "attributes_for_update", "attributes_in_database",
        "attributes_with_values", "autosave_belongs_to_association", "becomes", "belongs_to_touch_method",
        "build_decrypt_attribute_assignments", "build_encrypt_attribute_assignments", "cache_key",
        "cache_key_with_version", "cache_timestamp_format", "cache_version", "cache_versioning", "call_reject_if",
        "cant_modify_encrypted_attributes_when_frozen", "changed", "changed_attribute_names_to_save",
        "changed_attributes", "changes", "changes_applied", "changes_to_save", "ciphertext_for", "class",
        "clear_association_cache", "clear_attribute_change", "clear_attribute_changes", "clear_changes_information",
        "clear_timestamp_attributes", "clear_transaction_record_state", "clone", "collection_cache_versioning",
        "column_for_attribute", "connection_handler", "context_for_validation", "create_or_update",
        "current_time_from_proper_timezone", "decrement", "decrypt", "decrypt_attributes",
        "default_connection_handler", "default_role", "default_scope_override", "default_scopes", "default_shard",
        "default_timezone", "default_validation_context", "defined_enums", "delete",
        "deprecated_associations_api_guard", "destroy", "destroy_association_async_job", "destroy_associations",
        "destroy_row", "destroyed_by_association", "dump_schema_after_migration", "dump_schemas", "dup",
        "each_counter_cached_associations", "encode_with", "encrypt", "encrypt_attributes", "ensure_proper_type",
        "error_on_ignored_order", "errors", "execute_callstack_for_multiparameter_attributes",
        "extract_callstack_for_multiparameter_attributes", "find_parameter_position", "find_record_by_id",
        "force_clear_transaction_record_state", "forget_attribute_assignments", "format_for_inspect", "freeze",
        "from_json", "full_inspect", "generate_token_for", "halted_callback_hook", "hash", "id",
        "id_before_type_cast", "id_for_database", "id_in_database", "id_was", "implicit_persistence_transaction",
        "include_root_in_json", "increment", "index_nested_attribute_errors", "init_attributes", "init_internals",
        "init_with", "init_with_attributes", "initialize_internals_callback", "inspect_with_attributes",
        "inspection_filter", "legacy_connection_handling", "lock_optimistically", "logger", "mark_for_destruction",
        "marshal_load", "matched_attribute_method", "max_updated_column_timestamp", "missing_attribute", "model_name",
        "mutations_before_last_save", "mutations_from_database", "nested_attributes_options",
        "normalize_reflection_attribute", "partial_writes", "perform_validations", "pluralize_table_names",
        "populate_with_current_scope_attributes", "pretty_print", "previous_changes", "primary_key_prefix_type",
        "query_attribute", "query_cast_attribute", "raise_int_wider_than_64bit", "raise_validation_error",
        "raw_timestamp_to_cache_version", "read_attribute", "read_attribute_before_type_cast",
        "read_attribute_for_database", "read_attribute_for_serialization", "read_attribute_for_validation",
        "read_store_attribute", "record_timestamps", "record_update_timestamps", "reload",
        "remember_transaction_record_state", "report_deprecated_association", "restore_attributes",
        "restore_transaction_record_state", "run_callbacks", "sanitize_for_mass_assignment",
        "sanitize_forbidden_attributes", "save", "save_belongs_to_association", "save_collection_association",
        "save_has_one_association", "saved_change_to_attribute", "saved_changes", "schema_format",
        "serializable_add_includes", "serializable_attributes", "serializable_hash", "signed_id",
        "signed_id_verifier_secret", "skip_time_zone_conversion_for_attributes", "slice", "store_accessor_for",
        "store_full_class_name", "store_full_sti_class", "strict_loaded_associations",
        "suppress_multiple_database_warning", "surreptitiously_touch", "table_name_prefix", "table_name_suffix",
        "time_zone_aware_attributes", "time_zone_aware_types", "timestamp_attributes_for_create_in_model",
        "timestamp_attributes_for_update_in_model", "timestamped_migrations", "to_ary", "to_key", "to_model",
        "to_partial_path", "toggle", "touch", "touch_deferred_attributes", "touch_later", "transaction",
        "type_cast_attribute_value", "type_for_attribute", "update", "update_attribute", "update_column",
        "update_columns", "use_yaml_unsafe_load", "validate", "validate_belongs_to_association",
        "validate_collection_association", "validate_encryption_allowed", "validate_has_one_association",
        "validate_single_association", "validates_absence_of", "validates_acceptance_of", "validates_confirmation_of",
        "validates_exclusion_of", "validates_format_of", "validates_inclusion_of", "validates_length_of",
        "validates_numericality_of", "validates_presence_of", "validates_size_of", "validates_with",
        "validation_context", "values_at", "verbose_query_logs", "verify_readonly_attribute",
        "warn_on_records_fetched_greater_than", "with_lock", "with_transaction_returning_status", "write_attribute",
        "write_attribute_without_type_cast", "write_store_attribute", "yaml_column_permitted_classes",
    ]

    /// The timestamp columns: `t.timestamps` adds created_at/updated_at to every entity table, and
    /// Active Record sets created_at/created_on and updated_at/updated_on itself
    /// (activerecord/lib/active_record/timestamp.rb:93, 97).
    static let timestampColumns: Set<String> = ["created_at", "created_on", "updated_at", "updated_on"]

    /// A `type` column turns on single-table inheritance (`inheritance_column` defaults to "type",
    /// activerecord/lib/active_record/model_schema.rb:175); `lock_version` turns on optimistic
    /// locking (activerecord/lib/active_record/locking/optimistic.rb:197).
    static let behaviourColumns: Set<String> = ["type", "lock_version"]

    /// Ruby's keywords that are snake case (a field or entity key becomes a local variable or a bare
    /// method call in the generated code, where a keyword is a syntax error or means something else).
    static let rubyKeywords: Set<String> = [
        "alias", "and", "begin", "break", "case", "class", "def", "defined", "do", "else", "elsif", "end", "ensure",
        "false", "for", "if", "in", "module", "next", "nil", "not", "or", "redo", "rescue", "retry", "return", "self",
        "super", "then", "true", "undef", "unless", "until", "when", "while", "yield",
    ]

    /// ActiveSupport's `camelize` of a snake-case word without acronyms: the first run of
    /// `[a-z\d]` and every run after `_` capitalized (activesupport/lib/active_support/inflector/methods.rb:80-96).
    static func camelize(_ snake: String) -> String {
        snake.split(separator: "_", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// ActiveSupport's `underscore` without acronyms: `_` between an uppercase letter and an
    /// uppercase-lowercase pair and between a lowercase letter or digit and an uppercase letter, then
    /// lowercased (methods.rb:113-121, the regex at :117). Rails derives table names, param keys,
    /// route keys and view paths from class names this way.
    static func underscore(_ camel: String) -> String {
        let s = Array(camel.unicodeScalars)
        func upper(_ c: Unicode.Scalar) -> Bool { c.value >= 0x41 && c.value <= 0x5A }
        func lowerOrDigit(_ c: Unicode.Scalar) -> Bool { (c.value >= 0x61 && c.value <= 0x7A) || (c.value >= 0x30 && c.value <= 0x39) }
        var out = ""
        for (i, c) in s.enumerated() {
            if i > 0 {
                let before = s[i - 1]
                let upperPair = upper(before) && upper(c) && i + 1 < s.count && s[i + 1].value >= 0x61 && s[i + 1].value <= 0x7A
                if upperPair || (lowerOrDigit(before) && upper(c)) { out += "_" }
            }
            out.unicodeScalars.append(c)
        }
        return out.lowercased()
    }

    /// true when Rails reads the class name of `key` back as `key` (`a_1` → `A1` → `a1` does not).
    static func roundTrips(_ key: String) -> Bool { underscore(camelize(key)) == key }
}
