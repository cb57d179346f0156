/// One `/entities/<n>` item: a Rails scaffold and, when its index is admitted, a navigation entry.
public struct Entity: Hashable, Sendable {
    public var key: String
    public var pluralKey: String
    /// A lowercase UUID; the entity's stable navigation id.
    public var uuid: String
    public var name: String
    public var plural: String
    /// nil when omitted; see `effectiveIcon`.
    public var icon: IconToken?
    public var index: EntityIndex
    /// true gives new/edit routes.
    public var forms: Bool
    /// The key of the entity whose route the new route nests below.
    public var parent: String?
    public var fields: [Field]
    /// Where the entity was written, e.g. `/entities/2`; cite `pointer.appending("plural")`.
    public var pointer: JSONPointer

    public init(key: String, pluralKey: String, uuid: String, name: String, plural: String, icon: IconToken? = nil,
                index: EntityIndex, forms: Bool = false, parent: String? = nil, fields: [Field] = [],
                pointer: JSONPointer) {
        self.key = key
        self.pluralKey = pluralKey
        self.uuid = uuid
        self.name = name
        self.plural = plural
        self.icon = icon
        self.index = index
        self.forms = forms
        self.parent = parent
        self.fields = fields
        self.pointer = pointer
    }

    /// A missing icon becomes `grid`.
    public var effectiveIcon: IconToken { icon ?? .grid }

    /// The index route: Rails `resources :<plural_key>` keeps the plural key verbatim
    /// (underscores stay underscores), so `watchlist_items` is `/watchlist_items`.
    public var route: String { Entity.route(pluralKey: pluralKey) }

    public static func route(pluralKey: String) -> String { "/" + pluralKey }
}
