/// An asset catalog color set (`AccentColor.colorset`, `FoundationBackground.colorset`):
/// exact sRGB components written as Xcode's 8-bit hex strings, a universal entry for light and
/// one for the dark luminosity. A nil color is an empty named color (one universal entry with no
/// components), which leaves the system tint in place.
enum ColorSetRenderer {
    static func render(_ color: Color?) -> [UInt8] {
        var colors: [PrettyJSON] = []
        if let color {
            colors.append(.object([("color", components(color.light)), ("idiom", .string("universal"))]))
            colors.append(.object([
                ("appearances", .array([.object([("appearance", .string("luminosity")), ("value", .string("dark"))])])),
                ("color", components(color.dark)),
                ("idiom", .string("universal")),
            ]))
        } else {
            colors.append(.object([("idiom", .string("universal"))]))
        }
        return PrettyJSON.object([
            ("colors", .array(colors)),
            ("info", .object([("author", .string("xcode")), ("version", .int(1))])),
        ]).rendered(.xcode)
    }

    private static func components(_ c: RGBColor) -> PrettyJSON {
        .object([
            ("color-space", .string("srgb")),
            ("components", .object([
                ("alpha", .string("1.000")), ("blue", .string(hex(c.blue))),
                ("green", .string(hex(c.green))), ("red", .string(hex(c.red))),
            ])),
        ])
    }

    private static func hex(_ channel: UInt8) -> String {
        let digits = String(channel, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }
}
