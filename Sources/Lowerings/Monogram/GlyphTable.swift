/// The 37 monogram drawings: geometric, monoline, round caps and joins.
///
/// Grid: y grows downward; pen centerlines run from y = 8 (cap line) to y = 92 (baseline), so with
/// the 16-unit pen the ink spans 0…100. Angles are degrees clockwise from +x (0 right, 90 down,
/// 180 left, 270 up). Each glyph is centered and scaled by `MonogramLayout`, so x positions only
/// need to be right relative to each other.
enum GlyphTable {
    static func glyph(for m: Monogram) -> Glyph {
        guard let c = m.character else { return fallback }
        switch c {
        case "A": return Glyph([.poly((10, 92), (42, 8), (74, 92)), .poly((21, 64), (63, 64))])
        case "B": return Glyph([
            Stroke.from(8, 92).to(8, 8).to(40, 8).arc(40, 29, 21, from: 270, to: 450).to(8, 50),
            Stroke.from(8, 50).to(44, 50).arc(44, 71, 21, from: 270, to: 450).to(8, 92),
        ])
        case "C": return Glyph([.arc(50, 50, 42, from: 42, to: 318)])
        case "D": return Glyph([Stroke.from(8, 8).to(8, 92).to(32, 92).arc(32, 50, 42, from: 90, to: -90).to(8, 8)])
        case "E": return Glyph([.poly((64, 8), (8, 8), (8, 92), (64, 92)), .poly((8, 50), (56, 50))])
        case "F": return Glyph([.poly((64, 8), (8, 8), (8, 92)), .poly((8, 50), (56, 50))])
        case "G": return Glyph([Stroke.from(54, 50).to(92, 50).arc(50, 50, 42, from: 0, to: 318)])
        case "H": return Glyph([.poly((8, 8), (8, 92)), .poly((68, 8), (68, 92)), .poly((8, 50), (68, 50))])
        case "I": return Glyph([.poly((8, 8), (44, 8)), .poly((26, 8), (26, 92)), .poly((8, 92), (44, 92))])
        case "J": return Glyph([Stroke.from(60, 8).to(60, 64).arc(32, 64, 28, from: 0, to: 165)])
        case "K": return Glyph([.poly((8, 8), (8, 92)), .poly((66, 8), (8, 62)), .poly((30, 42), (68, 92))])
        case "L": return Glyph([.poly((8, 8), (8, 92), (62, 92))])
        case "M": return Glyph([.poly((8, 92), (8, 8), (50, 70), (92, 8), (92, 92))])
        case "N": return Glyph([.poly((8, 92), (8, 8), (68, 92), (68, 8))])
        case "O": return Glyph([.arc(50, 50, 42, from: 0, to: 360)])
        case "P": return Glyph([Stroke.from(8, 92).to(8, 8).to(40, 8).arc(40, 31, 23, from: 270, to: 450).to(8, 54)])
        case "Q": return Glyph([.arc(50, 50, 42, from: 0, to: 360), .poly((60, 62), (90, 92))])
        case "R": return Glyph([
            Stroke.from(8, 92).to(8, 8).to(40, 8).arc(40, 31, 23, from: 270, to: 450).to(8, 54),
            .poly((38, 54), (68, 92)),
        ])
        case "S": return Glyph([
            Stroke.arc(37, 29, 21, from: 335, to: 90).arc(37, 71, 21, from: 270, to: 515),
        ])
        case "T": return Glyph([.poly((8, 8), (72, 8)), .poly((40, 8), (40, 92))])
        case "U": return Glyph([Stroke.from(8, 8).to(8, 62).arc(38, 62, 30, from: 180, to: 0).to(68, 8)])
        case "V": return Glyph([.poly((8, 8), (40, 92), (72, 8))])
        case "W": return Glyph([.poly((8, 8), (30, 92), (52, 30), (74, 92), (96, 8))])
        case "X": return Glyph([.poly((10, 8), (70, 92)), .poly((70, 8), (10, 92))])
        case "Y": return Glyph([.poly((8, 8), (40, 50), (72, 8)), .poly((40, 50), (40, 92))])
        case "Z": return Glyph([.poly((10, 8), (70, 8), (10, 92), (70, 92))])
        case "0": return Glyph([
            Stroke.arc(36, 36, 28, from: 180, to: 360).to(64, 64).arc(36, 64, 28, from: 0, to: 180).to(8, 36),
        ])
        case "1": return Glyph([.poly((14, 26), (38, 8), (38, 92))])
        case "2": return Glyph([Stroke.arc(36, 34, 26, from: 165, to: 395).to(8, 92).to(66, 92)])
        case "3": return Glyph([
            Stroke.arc(34, 29, 21, from: 200, to: 450).arc(34, 71, 21, from: 270, to: 520),
        ])
        case "4": return Glyph([.poly((52, 92), (52, 8), (8, 66), (70, 66))])
        case "5": return Glyph([Stroke.from(62, 8).to(16, 8).to(15.3, 47.6).arc(36, 65, 27, from: 220, to: 510)])
        case "6": return six
        case "7": return Glyph([.poly((8, 8), (66, 8), (26, 92))])
        case "8": return Glyph([.arc(36, 28, 20, from: 0, to: 360), .arc(36, 70, 22, from: 0, to: 360)])
        case "9": return six.turned(about: Point(36, 50))
        default: return fallback
        }
    }

    /// A circle bowl with a straight stem rising from its tangent at 224.8° to the upper right.
    private static let six = Glyph([Stroke.from(52, 8).to(16.1, 44.3).arc(36, 64, 28, from: 224.8, to: -135.2)])

    /// Neutral: a ring around a solid dot; neither a letter nor a digit, and unlike O (no dot) or 0.
    private static let fallback = Glyph([.arc(50, 50, 42, from: 0, to: 360), .arc(50, 50, 6, from: 0, to: 360)])
}
