/// `/application/version`, the marketing version both clients ship: iOS `MARKETING_VERSION`
/// (read into `CFBundleShortVersionString` by the Core's `project.yml`), Android `versionName`
/// (read from `app/application.properties` by the Core's `app/build.gradle.kts`).
///
/// One rule for both stores, Apple's: `CFBundleShortVersionString` is "one to three
/// period-separated integers" (Information Property List Key Reference, Core Foundation Keys);
/// Android's `versionName` is free text, so Apple's rule is the stricter and is the one kept.
/// Leading zeros are refused so one version has one spelling (`1.02` and `1.2` are the same
/// version to App Store Connect).
///
/// The build number (`CFBundleVersion`, `versionCode`) is never here: the generated workflows
/// stamp it at build time (`git rev-list --count HEAD`), so a new build never moves a task key or
/// the native input digest, while a version change moves exactly the two seams that carry it.
public struct ReleaseVersion: Hashable, Sendable {
    /// The version both Cores shipped before the fact existed; an omitted version keeps it.
    public static let `default` = "1.0.0"

    public let value: String

    public init(plan: Plan) {
        value = plan.application.version ?? Self.default
    }

    /// One to three period-separated non-negative integers, without leading zeros, each at most
    /// nine digits (Android's `versionCode` and Xcode's build settings read integers as 32-bit).
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
            return part == "0" || part.first != "0"
        }
    }

    /// `release_version`: what the iOS xcconfig and the Android properties read besides identity.
    /// (Its field is not `version`: every projection's own `version` member would overwrite it.)
    public var projection: Projection {
        Projection(name: "release_version", fields: ["marketing_version": .string(value)],
                   sources: ["marketing_version": ["/application/version"]])
    }
}
