/// The size limits of Plan format v1. Each exists because a Plan past it loaded and then broke the
/// compile (a 50 MB name took 29 s and wrote 301 MB; a 230-byte plural key failed writing with
/// ENAMETOOLONG after 65 files), so the loader rejects it first, with a positioned diagnostic.
public enum PlanLimits {
    /// The Plan file: `plan.file.too_large` past 4 MiB (the largest example is under 8 KiB).
    public static let fileBytes = 4 << 20

    /// An entity key, plural key or field key (`plan.entity.key_too_long`, `plan.field.key_too_long`).
    ///
    /// Keys go into file names. The longest component a key appears in is the migration
    /// `db/migrate/<14-digit version>_create_<plural_key>.rb` (the key plus 25 bytes); the other
    /// entity files add less (`app/models/<key>.rb`, `app/controllers/<plural_key>_controller.rb`,
    /// `spec/requests/<plural_key>_spec.rb`, `app/views/<plural_key>/_form.html.erb`), and the
    /// materializer writes each file first as `.orchestrate-tmp-<pid>-<counter>-<name>` beside it
    /// (Tasks/Materializer.swift; at most 40 bytes more with a 7-digit pid and a 10-digit counter).
    /// NAME_MAX (255) − 25 − 40 leaves 190 bytes. The cap is lower, 63: PostgreSQL's identifier
    /// limit (a plural key is a table name, a field key a column), so an app that moves off SQLite
    /// keeps its names. With it the longest component is 128 bytes and the longest relative path
    /// (`app/views/<plural_key>/_form.html.erb` and the like) under 110.
    /// `PlanLimitsTests` lowers a Plan whose every key is at the cap and checks both numbers.
    public static let keyBytes = 63

    /// A display name (application, entity name and plural): `plan.name.too_long`. It lands in page
    /// titles, navigation labels, an xcconfig line and Android strings.
    public static let nameBytes = 256

    /// Every other string (domain, home, parent, to, colors, closed-set values, UUIDs):
    /// `plan.string.too_long`. Each has its own format rule; this bounds the work before it.
    public static let stringBytes = 1024
}
