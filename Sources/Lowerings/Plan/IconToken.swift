/// The closed vocabulary of 28 semantic icons. Each lowering release maps every token to its
/// platform's symbols. A missing entity icon becomes `grid`; the Account entry is `person`.
public enum IconToken: String, Hashable, Sendable, CaseIterable {
    case grid, person, house, film, book, calendar, chat, bell, cart, tag, star, heart, map, photo, music, folder
    case document, list, gear, people, briefcase, chart, clock, globe, camera, envelope, pin, bookmark
}
