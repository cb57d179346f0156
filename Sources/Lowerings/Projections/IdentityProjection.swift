/// The application definition a native client is lowered from: key, name, domain, theme, the
/// lowering release and the project id. Not colors, not navigation: an accent change or a new
/// entity leaves it unchanged. Native files that record a digest record this one (DESIGN.md, "One
/// departure from 000").
public struct IdentityProjection: Hashable, Sendable {
    public let projection: Projection

    public init(plan: Plan, release: String) {
        let app = plan.application
        projection = Projection(name: "identity", fields: [
            "key": .string(app.key), "name": .string(app.name), "domain": .optional(app.domain),
            "theme": .string((app.appearance?.effectiveTheme ?? .light).rawValue),
            "release": .string(release), "project_id": .string(plan.projectID),
        ], sources: [
            "key": ["/application/key"], "name": ["/application/name"], "domain": ["/application/domain"],
            "theme": ["/application/appearance/theme"], "project_id": ["/project_id"],
        ])
    }

    public var digest: Hashing.Digest { projection.digest }
}

import Hashing
