/// `/entities/<n>/fields/<m>/type`.
public enum FieldType: String, Hashable, Sendable, CaseIterable {
    case string
    case text
    case integer
    case decimal
    case boolean
    case date
    case datetime
    case email
    case url
    case reference
}
