/// The structure of Plan format v1, declared once: every object's keys (which are required), and
/// each value's JSON type, closed set, pattern and length limit. `PlanDecoder` checks each object's
/// keys against these declarations (it has no key lists of its own), and `PlanSchema` writes the
/// JSON Schema (`orchestrate schema`) from them, so a key added to the loader is a key of the
/// schema. The value rules the decoder and validator check in code (types, closed sets, patterns)
/// are tested against the schema by a corpus of mutated Plans (`PlanSchemaTests`,
/// `PlanSchemaCorpusTests`).
///
/// What stays the loader's alone (cross-field and lexical rules JSON Schema cannot say, or says
/// differently): references to entities (`home`, `parent`, `to`), duplicates (keys, UUIDs, native
/// ids, packages), parent cycles, reserved words and routes, Rails name collisions, push needing a
/// client and an account, `to` only on reference fields, display names being non-blank single
/// lines without control characters, UTF-8 byte limits (the schema's `maxLength` counts
/// characters: exact for the ASCII keys, looser for names), native type names, package URLs and
/// versions, rule paths and screens, and `splash_min_seconds` steps of 0.001.
struct PlanShape: Sendable {
    /// One value's rule.
    indirect enum Value: Sendable {
        /// A string of `kind`'s length limit, matching `pattern` (ECMA-262, anchored) when given.
        case string(PlanDecoder.StringKind, pattern: String?)
        /// One of a closed set of strings.
        case choice([String])
        case boolean
        /// Exactly this whole number (`plan_format`).
        case constant(Int)
        /// A number in `minimum...maximum`.
        case number(minimum: Int, maximum: Int)
        case array(Value)
        case object(PlanShape)
        /// An object of any keys (matching `keyPattern`) to values of one rule.
        case map(keyPattern: String?, Value)
        /// Exactly one of these.
        case either([Value])

        static let text = Value.string(.other, pattern: nil)
        static let name = Value.string(.name, pattern: nil)
    }

    struct Property: Sendable {
        let key: String
        let isRequired: Bool
        let value: Value
        /// The schema's `description`.
        let about: String

        static func required(_ key: String, _ value: Value, _ about: String) -> Property {
            Property(key: key, isRequired: true, value: value, about: about)
        }

        static func optional(_ key: String, _ value: Value, _ about: String) -> Property {
            Property(key: key, isRequired: false, value: value, about: about)
        }
    }

    /// The name under the schema's `$defs`.
    let name: String
    let about: String
    let properties: [Property]
    /// Keys of which exactly one must be given (a Swift package's version requirement).
    var exactlyOne: [String] = []

    var required: [String] { properties.filter(\.isRequired).map(\.key) }
}

// MARK: patterns (each the regular expression of a `PlanValidator`/`RGBColor` check; `PlanShapeTests` compares them)

extension PlanShape {
    /// `PlanValidator.isUUID`.
    static let uuidPattern = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
    /// `PlanValidator.isApplicationKey`.
    static let applicationKeyPattern = "^[a-z][a-z0-9_]*$"
    /// `PlanValidator.isSnakeCase` (entity keys, plural keys, field keys).
    static let snakeCasePattern = "^[a-z][a-z0-9]*(_[a-z0-9]+)*$"
    /// `RGBColor(hex:)`.
    static let colorPattern = "^#[0-9A-Fa-f]{6}$"
    /// `Links.isScheme` (RFC 3986 §3.1, lowercase).
    static let schemePattern = "^[a-z][a-z0-9+.-]*$"
    /// `PlanValidator.isNativeID` (screen ids, component names).
    static let nativeIDPattern = "^[a-z][a-z0-9_-]{0,62}$"
    /// `ReleaseVersion.isValid` (`/application/version`).
    static let releaseVersionPattern = "^(0|[1-9][0-9]{0,8})(\\.(0|[1-9][0-9]{0,8})){0,2}$"
}

// MARK: Plan format v1

extension PlanShape {
    /// The document: `/`.
    static let plan = PlanShape(name: "plan", about: "An app Plan, format 1.", properties: [
        .optional("$schema", .text, "The JSON Schema editors validate this file with; not part of the Plan (its digest leaves it out)."),
        .required("plan_format", .constant(1), "The Plan format; this orchestrate reads 1."),
        .required("project_id", .string(.other, pattern: uuidPattern), "The project's UUID (lowercase 8-4-4-4-12 hex)."),
        .required("application", .object(application), "The application: its key, name, appearance and native clients."),
        .required("entities", .array(.object(entity)), "The entities, in navigation order."),
        .optional("account", .object(account), "Present: the app has accounts (Rodauth) and /account in navigation."),
    ])

    static let application = PlanShape(name: "application", about: "/application.", properties: [
        .required("key", .string(.other, pattern: applicationKeyPattern), "The application key: lowercase letters, digits and '_', starting with a letter."),
        .required("name", .name, "The display name (one line)."),
        .optional("domain", .text, "The domain the native clients' identities derive from (e.g. example.com)."),
        .optional("home", .text, "The key of the entity whose index opens first."),
        .optional("appearance", .object(appearance), "Theme and colors."),
        .optional("native", .object(native), "The native clients requested, and what their shells hook up."),
        .optional("push", .object(push), "Push notifications per client (needs the client and an account)."),
        .optional("version", .string(.other, pattern: releaseVersionPattern),
                  "The marketing version both stores show (iOS CFBundleShortVersionString, Android versionName): one to three period-separated integers, no leading zeros; default 1.0.0."),
        .optional("bridge", .object(bridge), "The built-in bridge components (each on by default with a native client)."),
        .optional("links", .object(links), "How links reach the app: its custom URL scheme."),
    ])

    static let appearance = PlanShape(name: "appearance", about: "/application/appearance.", properties: [
        .optional("theme", .choice(Theme.allCases.map(\.rawValue)), "The theme (default light)."),
        .optional("accent", color, "The accent color."),
        .optional("background", color, "The background color."),
    ])

    static let color = Value.either([.string(.other, pattern: colorPattern), .object(colorPair)])

    static let colorPair = PlanShape(name: "color_pair", about: "A color per mode.", properties: [
        .required("light", .string(.other, pattern: colorPattern), "The color in light mode (#RRGGBB)."),
        .required("dark", .string(.other, pattern: colorPattern), "The color in dark mode (#RRGGBB)."),
    ])

    static let native = PlanShape(name: "native", about: "/application/native: an object's presence requests that client.", properties: [
        .optional("ios", .object(iosClient), "Requests the iOS client."),
        .optional("android", .object(androidClient), "Requests the Android client."),
        .optional("rules", .array(.object(nativeRule)), "Paths routed to native screens."),
    ])

    static let iosClient = nativeClient(.ios)
    static let androidClient = nativeClient(.android)

    private static func nativeClient(_ platform: Platform) -> PlanShape {
        let package: Value = platform == .ios ? .object(swiftPackage) : .text
        return PlanShape(name: "native_\(platform.rawValue)", about: "/application/native/\(platform.rawValue).", properties: [
            .optional("components", .map(keyPattern: nativeIDPattern, .text), "Bridge components: component name → type."),
            .optional("screens", .map(keyPattern: nativeIDPattern, .text), "Native screens: screen id → type."),
            .optional("splash", .text, "The splash type."),
            .optional("splash_min_seconds", .number(minimum: 0, maximum: NativeClient.maximumSplashMilliseconds / 1000),
                      "The least time the splash stays up, in seconds (default 1)."),
            .optional("packages", .array(package), platform == .ios
                ? "Swift packages to link." : "Maven coordinates group:artifact:version to apply."),
        ])
    }

    static let swiftPackage = PlanShape(name: "swift_package", about: "A Swift package dependency.", properties: [
        .required("url", .text, "The package's git URL."),
        .optional("from", .text, "Up to the next major version from this one."),
        .optional("exact", .text, "Exactly this version."),
        .optional("branch", .text, "This branch."),
        .optional("revision", .text, "This commit."),
        .optional("products", .array(.text), "The products to link (default: the repository's name)."),
    ], exactlyOne: ["from", "exact", "branch", "revision"])

    static let nativeRule = PlanShape(name: "native_rule", about: "/application/native/rules/N: one path routed to a native screen.", properties: [
        .required("path", .text, "A Rails-style path; a :name segment matches one segment."),
        .required("view_controller", .text, "The screen id (a key of the clients' screens)."),
        .optional("title", .name, "Android's toolbar title."),
        .optional("platforms", .array(.choice(Platform.clients.map(\.rawValue))), "The clients it routes on (default: every requested one)."),
        .optional("tab", .object(nativeTab), "A tab that opens the screen."),
    ])

    static let nativeTab = PlanShape(name: "native_tab", about: "A tab opening a rule's screen.", properties: [
        .required("label", .name, "The tab's label."),
        .optional("icon", .choice(IconToken.allCases.map(\.rawValue)), "The icon (default grid)."),
    ])

    static let push = PlanShape(name: "push", about: "/application/push.", properties: [
        .optional("ios", .boolean, "Push on iOS."),
        .optional("android", .boolean, "Push on Android."),
    ])

    static let bridge = PlanShape(name: "bridge", about: "/application/bridge: the built-in bridge components.", properties: [
        .optional(BuiltInBridgeComponent.submit.name, .boolean,
                  "A form's submit button as a native bar button (default true with a native client)."),
    ])

    static let links = PlanShape(name: "links", about: "/application/links.", properties: [
        .optional("scheme", .string(.other, pattern: schemePattern),
                  "The custom URL scheme both clients register (RFC 3986, lowercase; default: the key with '_' as '-')."),
    ])

    static let account = PlanShape(name: "account", about: "/account.", properties: [
        .required("subject_uuid", .string(.other, pattern: uuidPattern), "The account's UUID."),
        .optional("editable", .boolean, "Adds /account/edit."),
        .optional("fields", .array(.object(field)), "The account's own fields."),
    ])

    static let entity = PlanShape(name: "entity", about: "/entities/N.", properties: [
        .required("key", .string(.entityKey, pattern: snakeCasePattern), "The entity key (snake case): the model's name."),
        .required("plural_key", .string(.entityKey, pattern: snakeCasePattern), "The plural key (snake case): the table and route."),
        .required("uuid", .string(.other, pattern: uuidPattern), "The entity's UUID."),
        .required("name", .name, "The display name."),
        .required("plural", .name, "The plural display name."),
        .required("index", .choice(EntityIndex.allCases.map(\.rawValue)), "Whether the index is in navigation (protected: behind sign-in)."),
        .optional("icon", .choice(IconToken.allCases.map(\.rawValue)), "The icon (default grid)."),
        .optional("forms", .boolean, "true: new and edit routes."),
        .optional("parent", .text, "The key of the entity the new route nests below."),
        .optional("fields", .array(.object(field)), "The fields."),
    ])

    static let field = PlanShape(name: "field", about: "One field.", properties: [
        .required("key", .string(.fieldKey, pattern: snakeCasePattern), "The field key (snake case): the column."),
        .required("type", .choice(FieldType.allCases.map(\.rawValue)), "The field type."),
        .optional("to", .text, "For a reference field: the key of the entity it refers to."),
        .optional("required", .boolean, "true: the field must be filled in."),
    ])
}
