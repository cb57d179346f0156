/// A loaded, validated app Plan (format v1). Values only; produced by `PlanLoader`.
public struct Plan: Hashable, Sendable {
    public var format: Int
    /// A lowercase UUID.
    public var projectID: String
    public var application: Application
    /// Present when the Plan realizes an Account (Rodauth).
    public var account: Account?
    public var entities: [Entity]

    public init(format: Int = 1, projectID: String, application: Application, account: Account? = nil,
                entities: [Entity]) {
        self.format = format
        self.projectID = projectID
        self.application = application
        self.account = account
        self.entities = entities
    }

    /// The entity whose `key` is `key`.
    public func entity(_ key: String) -> Entity? { entities.first(where: { $0.key == key }) }
}
