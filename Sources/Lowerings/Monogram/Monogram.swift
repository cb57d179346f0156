/// The launcher-icon monogram an application name selects: its first ASCII letter (uppercased) or
/// digit, or the neutral fallback when the name has neither. 37 in all.
public struct Monogram: Hashable, Sendable, CustomStringConvertible {
    /// "A"…"Z" or "0"…"9"; nil for the fallback.
    public let character: Character?

    private init(unchecked character: Character?) { self.character = character }

    /// The monogram of an ASCII letter (either case) or digit; nil for anything else.
    public init?(_ c: Character) {
        guard let a = c.asciiValue else { return nil }
        switch a {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): self.character = c
        case UInt8(ascii: "a")...UInt8(ascii: "z"): self.character = Character(Unicode.Scalar(a - 32))
        default: return nil
        }
    }

    /// The monogram `name` selects: its first ASCII letter or digit, else the fallback. Scans
    /// characters, so "Émile" selects M whether its É is one scalar or E plus a combining accent.
    public init(appName name: String) {
        for c in name {
            if let m = Monogram(c) {
                self = m
                return
            }
        }
        self = .fallback
    }

    /// The neutral glyph for names without an ASCII letter or digit.
    public static let fallback = Monogram(unchecked: nil)

    /// A–Z, 0–9, then the fallback.
    public static let all: [Monogram] =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { Monogram(unchecked: Character(Unicode.Scalar($0))) }
        + (UInt8(ascii: "0")...UInt8(ascii: "9")).map { Monogram(unchecked: Character(Unicode.Scalar($0))) }
        + [.fallback]

    /// The pin table's key: the character, or "fallback".
    public var key: String { character.map { String($0) } ?? "fallback" }

    public var description: String { key }

    /// The monogram with pin key `key` ("A", "7", "fallback"), if there is one.
    public init?(key: String) {
        guard let m = Monogram.all.first(where: { $0.key == key }) else { return nil }
        self = m
    }

    var glyph: Glyph { GlyphTable.glyph(for: self) }
}
