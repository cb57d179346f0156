/// An sRGB color authored as `#RRGGBB` (either case).
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses exactly `#RRGGBB`; nil otherwise.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for i in stride(from: 1, to: 7, by: 2) {
            guard let value = UInt8(String(decoding: bytes[i...i + 1], as: UTF8.self), radix: 16),
                  bytes[i...i + 1].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
            else { return nil }
            channels.append(value)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// `#RRGGBB` in uppercase.
    public var hex: String {
        "#" + [red, green, blue].map { c in
            let s = String(c, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    public var description: String { hex }
}
