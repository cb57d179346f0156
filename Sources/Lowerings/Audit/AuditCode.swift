/// The stable codes of provenance audit findings (`orchestrate audit`). Workflows match on them,
/// so a code is never renamed; new kinds of finding get new codes.
public enum AuditCode: String, Codable, Hashable, Sendable, CaseIterable {
    /// A file's bytes differ from the digest its provenance records.
    case fileModified = "audit.file_modified"
    /// A file the provenance records is not in the tree.
    case fileDeleted = "audit.file_deleted"
    /// A file in the tree that the provenance does not record.
    case fileUndeclared = "audit.file_undeclared"
    /// A file's executable bit differs from the mode its provenance records.
    case modeChanged = "audit.mode_changed"
    /// A file recorded as coming from the pinned Core differs from the Core archive's bytes.
    case coreFileDiffers = "audit.core_file_differs"
    /// A file of the pinned Core archive that the provenance does not account for.
    case coreFileMissing = "audit.core_file_missing"
    /// `FOUNDATION_PROVENANCE.json` is not valid provenance (JSON, schema, fields).
    case provenanceUnparseable = "audit.provenance_unparseable"
    /// An owner that is neither `core:<name>` nor a seam owner of `CoreCatalog`.
    case unknownOwner = "audit.unknown_owner"
    /// A known seam owner recorded for a path whose seam has another owner.
    case ownerMismatch = "audit.owner_mismatch"
    /// An origin that does not fit the path: `core` for a file the Core does not ship,
    /// `replaced`/`added` where the seam says otherwise, or an unknown origin.
    case originMismatch = "audit.origin_mismatch"
    /// The provenance names a Core archive that is not the current pin of its platform.
    case corePinUnknown = "audit.core_pin_unknown"
    /// The provenance's platform is not the tree it sits in.
    case platformMismatch = "audit.platform_mismatch"
    /// The recorded native input digest differs from the one recomputed from the files (or from
    /// the provenance's own file list).
    case nativeDigestMismatch = "audit.native_digest_mismatch"
    /// With `--plan`: the tree is not exactly what that Plan compiles to.
    case notFromPlan = "audit.not_from_plan"
    /// An entry that is not a regular file or a directory: a symbolic link (to a file or a
    /// directory; never followed), a FIFO, a socket or a device. A compile writes none.
    case notRegularFile = "audit.not_regular_file"
    /// A name a compiled tree never holds: a materializer temporary (`.orchestrate-tmp-…`), a name
    /// that is not UTF-8, or one with a control character.
    case unexpectedName = "audit.unexpected_name"
    /// A file with the setuid, setgid or sticky bit or writable by everyone, or a directory
    /// writable by everyone or setuid. A compile writes 0644/0755 files.
    case unsafeMode = "audit.unsafe_mode"
    /// A tree that should have a `FOUNDATION_PROVENANCE.json` has none: its folder is there, or
    /// the root provenance records files Rails adds only for that emitted client.
    case provenanceMissing = "audit.provenance_missing"
}
