/// The SF Symbol names a tab shows for one icon token, unselected and selected.
///
/// Release `ios-application-2026-11.1` pins these bytes. Every name exists in SF Symbols 2 or
/// earlier, so it resolves at the Core's iOS 16 deployment target. Where SF Symbols has no filled
/// form at that target (`calendar`, `music.note`, `globe`), the selected name repeats the outline:
/// the tab bar's tint still marks the selection.
public struct SFSymbol: Hashable, Sendable {
    public let normal: String
    public let selected: String

    public init(normal: String, selected: String) {
        self.normal = normal
        self.selected = selected
    }

    /// The pinned mapping of every token.
    public static func forToken(_ token: IconToken) -> SFSymbol {
        switch token {
        case .grid: return filled("square.grid.2x2")
        case .person: return filled("person")
        case .house: return filled("house")
        case .film: return filled("film")
        case .book: return filled("book")
        case .calendar: return outline("calendar")
        case .chat: return filled("bubble.left")
        case .bell: return filled("bell")
        case .cart: return filled("cart")
        case .tag: return filled("tag")
        case .star: return filled("star")
        case .heart: return filled("heart")
        case .map: return filled("map")
        case .photo: return filled("photo")
        case .music: return outline("music.note")
        case .folder: return filled("folder")
        case .document: return filled("doc.text")
        case .list: return filled("list.bullet.rectangle")
        case .gear: return filled("gearshape")
        case .people: return filled("person.2")
        case .briefcase: return filled("briefcase")
        case .chart: return filled("chart.bar")
        case .clock: return filled("clock")
        case .globe: return outline("globe")
        case .camera: return filled("camera")
        case .envelope: return filled("envelope")
        case .pin: return filled("pin")
        case .bookmark: return filled("bookmark")
        }
    }

    private static func filled(_ name: String) -> SFSymbol { SFSymbol(normal: name, selected: name + ".fill") }
    private static func outline(_ name: String) -> SFSymbol { SFSymbol(normal: name, selected: name) }
}
