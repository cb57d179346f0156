/// A loaded, validated app Plan (format v1). Values only; produced by `PlanLoader`.
public struct Plan: Hashable, Sendable {
    public var format: Int
    /// A lowercase UUID.
    public var projectID: String
    public var application: Application
    /// Present when the Plan realizes an Account (Rodauth).
    public var account: Account?
    public var entities: [Entity] { didSet { entityIndex = Self.index(entities) } }
    /// The position of the first entity with each key (lookups by key were a scan per call, and
    /// validation and lowering make one per reference).
    private var entityIndex: [String: Int]

    public init(format: Int = 1, projectID: String, application: Application, account: Account? = nil,
                entities: [Entity]) {
        self.format = format
        self.projectID = projectID
        self.application = application
        self.account = account
        self.entities = entities
        entityIndex = Self.index(entities)
    }

    /// The entity whose `key` is `key` (the first, when two share it).
    public func entity(_ key: String) -> Entity? { entityIndex[key].map { entities[$0] } }

    private static func index(_ entities: [Entity]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(entities.count)
        for (i, e) in entities.enumerated() where index[e.key] == nil { index[e.key] = i }
        return index
    }
}
