/// A JSON number: its lexical spelling as written, plus its exact decimal value
/// (`significand` × 10^`exponent`, with no leading or trailing zeros in `significand`).
/// No precision is lost: `0.1` is exactly one tenth, `1e400` is kept, not turned into infinity.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The spelling in the source, e.g. `1.50e1`.
    public let lexeme: String
    public let isNegative: Bool
    /// Decimal digits without leading or trailing zeros; `"0"` for zero.
    public let significand: String
    public let exponent: Int

    /// nil when `lexeme` is not an RFC 8259 number or its exponent is beyond nine digits.
    public init?(lexeme: String) {
        var bytes = Array(lexeme.utf8)[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var intDigits: [UInt8] = []
        while let b = bytes.first, JSONNumber.isDigit(b) { intDigits.append(b); bytes = bytes.dropFirst() }
        guard !intDigits.isEmpty, intDigits.count == 1 || intDigits[0] != UInt8(ascii: "0") else { return nil }
        var fracDigits: [UInt8] = []
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            while let b = bytes.first, JSONNumber.isDigit(b) { fracDigits.append(b); bytes = bytes.dropFirst() }
            guard !fracDigits.isEmpty else { return nil }
        }
        var exp = 0
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var expNegative = false
            if let s = bytes.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
                expNegative = s == UInt8(ascii: "-")
                bytes = bytes.dropFirst()
            }
            var expDigits: [UInt8] = []
            while let b = bytes.first, JSONNumber.isDigit(b) { expDigits.append(b); bytes = bytes.dropFirst() }
            guard !expDigits.isEmpty else { return nil }
            let significant = expDigits.drop(while: { $0 == UInt8(ascii: "0") })
            guard significant.count <= 9 else { return nil }
            exp = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            if expNegative { exp = -exp }
        }
        guard bytes.isEmpty else { return nil }

        var digits = (intDigits + fracDigits)[...]
        exp -= fracDigits.count
        digits = digits.drop(while: { $0 == UInt8(ascii: "0") })
        while digits.last == UInt8(ascii: "0") { digits = digits.dropLast(); exp += 1 }
        self.lexeme = lexeme
        if digits.isEmpty {
            self.isNegative = false
            self.significand = "0"
            self.exponent = 0
        } else {
            self.isNegative = negative
            self.significand = String(decoding: digits, as: UTF8.self)
            self.exponent = exp
        }
    }

    public var isZero: Bool { significand == "0" }

    /// The nearest Double (may be infinite for huge values).
    public var doubleValue: Double { Double(lexeme) ?? .nan }

    /// The exact integer value when the number is integral and fits in 18 digits; `1.0` and `1e0` give 1.
    public var integerValue: Int? {
        guard exponent >= 0, significand.count + exponent <= 18 else { return nil }
        let magnitude = Int(significand + String(repeating: "0", count: exponent))!
        return isNegative ? -magnitude : magnitude
    }

    /// The canonical spelling of the exact value: ECMAScript `Number::toString` layout applied to
    /// the exact decimal (plain digits while the decimal point lies within 21 places, else `d.ddde±N`).
    /// `-0` is `0`. Equal values give equal spellings.
    public var canonical: String {
        let k = significand.count
        let n = k + exponent
        var out = isNegative ? "-" : ""
        if k <= n && n <= 21 {
            out += significand + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            out += String(significand.prefix(n)) + "." + String(significand.dropFirst(n))
        } else if -6 < n && n <= 0 {
            out += "0." + String(repeating: "0", count: -n) + significand
        } else {
            let e = n - 1
            out += String(significand.prefix(1))
            if k > 1 { out += "." + String(significand.dropFirst()) }
            out += "e" + (e < 0 ? "-" : "+") + String(abs(e))
        }
        return out
    }

    public var description: String { lexeme }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
