import Lowerings
import Tasks

/// What `orchestrate init` writes: a small valid Plan (one entity, both native clients), the
/// Plan's JSON Schema beside it (named by the Plan's `"$schema"`), and the native directory (`native/ios`, `native/android`, a README in each saying what goes
/// there and how the Plan hooks it up). A pure function of its inputs: the identifiers are given
/// (the CLI draws fresh ones), so the same inputs give the same bytes.
public struct StarterProject: Hashable, Sendable {
    public struct File: Hashable, Sendable {
        /// Relative to the directory the project is written into, `/`-separated.
        public let path: String
        public let bytes: [UInt8]
    }

    /// The application's display name (`/application/name`).
    public let name: String
    /// `/application/key`, `^[a-z][a-z0-9_]*$`.
    public let key: String
    /// `/project_id` and the entity's `uuid`: lowercase UUIDs.
    public let projectID: String
    public let entityUUID: String
    /// The Plan's file name (`notes.plan.json`); the native directory goes beside it.
    public let planName: String

    public init(name: String, key: String, projectID: String, entityUUID: String, planName: String) {
        self.name = name
        self.key = key
        self.projectID = projectID
        self.entityUUID = entityUUID
        self.planName = planName
    }

    /// The key a display name gives: lowercase ASCII letters and digits, every other run of
    /// characters one `_`; nil when that does not start with a letter (`42`, `…`).
    public static func key(forName name: String) -> String? {
        var key = ""
        for ch in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(ch) || ("0"..."9").contains(ch) {
                key.unicodeScalars.append(ch)
            } else if !key.isEmpty, key.last != "_" {
                key += "_"
            }
        }
        while key.hasSuffix("_") { key.removeLast() }
        guard let first = key.unicodeScalars.first, ("a"..."z").contains(first) else { return nil }
        return key
    }

    /// The display name a directory's name suggests: `field-guide` → `Field Guide`.
    public static func name(forDirectory directory: String) -> String {
        directory.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }

    /// The Plan's JSON Schema, beside it, so an editor checks the Plan offline (`"$schema"`).
    public static let schemaName = String(PlanSchema.repositoryPath.split(separator: "/").last!)

    /// The files, Plan first, in the order they are written.
    public var files: [File] {
        [
            File(path: planName, bytes: Array(plan.utf8)),
            File(path: Self.schemaName, bytes: PlanSchema.document()),
            File(path: "native/ios/README.md", bytes: Array(Self.iosReadme.utf8)),
            File(path: "native/android/README.md", bytes: Array(Self.androidReadme.utf8)),
        ]
    }

    /// The Plan: one entity with a required title and a body, public index, forms; both clients.
    var plan: String {
        """
        {
          "$schema": \(Self.quoted(Self.schemaName)),
          "plan_format": 1,
          "project_id": \(Self.quoted(projectID)),
          "application": {
            "key": \(Self.quoted(key)),
            "name": \(Self.quoted(name)),
            "native": {
              "ios": {},
              "android": {}
            }
          },
          "entities": [
            {
              "key": "item",
              "plural_key": "items",
              "uuid": \(Self.quoted(entityUUID)),
              "name": "Item",
              "plural": "Items",
              "icon": "document",
              "index": "public",
              "forms": true,
              "fields": [
                { "key": "title", "type": "string", "required": true },
                { "key": "body", "type": "text" }
              ]
            }
          ]
        }

        """
    }

    /// A JSON string literal.
    static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        JSONText.appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static let iosReadme = """
    # native/ios

    The iOS app's own code, compiled into the generated app target by `orchestrate compile`
    (this README and other Markdown files are left out).

    * `**/*.swift` → `ios/Extensions/**`. File names must be unique in the target.
    * `assets/**` (PNG, JPEG, SVG, PDF) → one imageset per name; `@2x`/`@3x` siblings make a
      multi-scale set.

    Hook code up in the Plan under `/application/native/ios`:

    ```json
    "ios": {
      "components": { "share": "ShareComponent" },
      "screens": { "map": "MapScreen" },
      "splash": "LaunchSplash"
    }
    ```

    and route a path to a screen with `/application/native/rules`
    (`{ "path": "/native/map", "view_controller": "map" }`). A change here moves only the iOS
    native input digest: `orchestrate reuse-check --platform android` still says reuse.

    """

    static let androidReadme = """
    # native/android

    The Android app's own code, compiled into the generated app module by `orchestrate compile`
    (this README and other Markdown files are left out).

    * `**/*.kt` → `android/app/src/main/java/dev/firstdraft/app/extensions/**`. Each file begins
      with `package dev.firstdraft.app.extensions`.
    * `assets/**` (PNG, JPEG, WebP, VectorDrawable `.xml`) → `drawable-*`; names are
      `[a-z][a-z0-9_]*`.

    Hook code up in the Plan under `/application/native/android`:

    ```json
    "android": {
      "components": { "share": "ShareComponent" },
      "screens": { "map": "MapFragment" },
      "packages": ["androidx.recyclerview:recyclerview:1.3.2"]
    }
    ```

    and route a path to a screen with `/application/native/rules`
    (`{ "path": "/native/map", "view_controller": "map" }`). A change here moves only the Android
    native input digest: `orchestrate reuse-check --platform ios` still says reuse.

    """
}
