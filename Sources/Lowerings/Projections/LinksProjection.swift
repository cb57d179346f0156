/// How links reach the app (issue 17, seed 002 "Deep Links", "Universal Links And AASA"): the
/// custom URL scheme both clients register, and the domain whose https links they claim
/// (Universal Links / App Links; nil without `/application/domain`). Projection `links`, read by
/// the native seams that register them and by the Rails routes that serve the association files;
/// not by entity files, so a new scheme moves neither a model nor a view.
public struct LinksProjection: Hashable, Sendable {
    public let scheme: String
    /// The https host the apps claim; nil without an authored domain (no entitlement, no
    /// `autoVerify` filter, no association files).
    public let domain: String?
    /// `links.scheme`: what registers the custom scheme reads (iOS xcconfig, Android properties).
    public let schemeProjection: Projection
    /// `links.domain`: what claims the domain reads (the iOS entitlements, the Android manifest).
    public let domainProjection: Projection

    public init(plan: Plan) {
        let app = plan.application
        scheme = app.links.effectiveScheme(key: app.key)
        domain = app.domain
        schemeProjection = Projection(name: "links.scheme", fields: ["scheme": .string(scheme)],
                                      sources: ["scheme": ["/application/links/scheme", "/application/key"]])
        domainProjection = Projection(name: "links.domain", fields: ["domain": .optional(domain)],
                                      sources: ["domain": ["/application/domain"]])
    }
}
