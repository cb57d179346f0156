/// The recursive-descent parser behind `JSONReader`. Internal: its throws never leave the module.
struct JSONParser {
    struct SyntaxError: Error {
        var diagnostic: Diagnostic
    }

    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1
    var column = 1
    var duplicates: [Diagnostic] = []

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    var position: SourcePosition { SourcePosition(line: line, column: column, offset: index) }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes one byte that is not a line break; columns count scalar lead bytes only.
    mutating func advance() {
        if bytes[index] & 0xC0 != 0x80 { column += 1 }
        index += 1
    }

    mutating func skipWhitespace() {
        while let b = current {
            switch b {
            case 0x20, 0x09:
                advance()
            case 0x0A:
                index += 1; line += 1; column = 1
            case 0x0D:
                index += 1
                if current == 0x0A { index += 1 }
                line += 1; column = 1
            default:
                return
            }
        }
    }

    func error(_ code: DiagnosticCode, _ message: String, at position: SourcePosition? = nil,
               pointer: JSONPointer) -> SyntaxError {
        SyntaxError(diagnostic: Diagnostic(file: file, position: position ?? self.position, pointer: pointer,
                                           code: code, message: message))
    }

    // MARK: document

    mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw error(.jsonByteOrderMark, "the file starts with a UTF-8 byte order mark; save it as UTF-8 without BOM",
                        pointer: .root)
        }
        skipWhitespace()
        if current == nil {
            throw error(.jsonEmpty, "the file holds no JSON value; write the Plan object `{ \"plan_format\": 1, … }`",
                        pointer: .root)
        }
        let root = try parseValue(pointer: .root, depth: 0)
        skipWhitespace()
        if current != nil {
            throw unexpected(expected: "the end of the file after the top-level value; remove what follows it",
                             code: .jsonTrailingContent, pointer: .root)
        }
        return root
    }

    /// The diagnostic for a byte that cannot start what was expected here.
    func unexpected(expected: String, code: DiagnosticCode = .jsonUnexpectedCharacter,
                    pointer: JSONPointer) -> SyntaxError {
        guard let b = current else {
            return error(.jsonUnexpectedEnd, "the file ends early; expected \(expected)", pointer: pointer)
        }
        if b == UInt8(ascii: "/") {
            return error(.jsonComment, "JSON has no comments; remove the comment", pointer: pointer)
        }
        if b >= 0x80 {
            guard let scalar = decodeScalar(at: index) else {
                return error(.jsonInvalidUTF8, "the file is not valid UTF-8 here; save it as UTF-8", pointer: pointer)
            }
            return error(code, "unexpected character U+\(hex4(scalar.value)); expected \(expected)", pointer: pointer)
        }
        let shown = b < 0x20 || b == 0x7F ? "U+\(hex4(UInt32(b)))" : "'\(Character(Unicode.Scalar(b)))'"
        return error(code, "unexpected \(shown); expected \(expected)", pointer: pointer)
    }

    // MARK: values

    mutating func parseValue(pointer: JSONPointer, depth: Int) throws -> JSONValue {
        guard let b = current else {
            throw error(.jsonUnexpectedEnd, "the file ends early; expected a value", pointer: pointer)
        }
        let start = position
        switch b {
        case UInt8(ascii: "{"):
            return try parseObject(pointer: pointer, depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(pointer: pointer, depth: depth + 1)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try parseString(pointer: pointer)), position: start, pointer: pointer)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try parseNumber(pointer: pointer)), position: start, pointer: pointer)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return JSONValue(kind: try parseLiteral(pointer: pointer), position: start, pointer: pointer)
        case UInt8(ascii: "'"):
            throw error(.jsonUnexpectedCharacter, "strings use double quotes; replace ' with \"", pointer: pointer)
        case UInt8(ascii: "+"):
            throw error(.jsonNumberInvalid, "a number cannot start with '+'; remove it", pointer: pointer)
        case UInt8(ascii: "."):
            throw error(.jsonNumberInvalid, "a number needs a digit before '.'; write 0.5, not .5", pointer: pointer)
        default:
            throw unexpected(expected: "a value (object, array, string, number, true, false or null)", pointer: pointer)
        }
    }

    mutating func parseObject(pointer: JSONPointer, depth: Int) throws -> JSONValue {
        let start = position
        if depth > JSONReader.maxDepth {
            throw error(.jsonTooDeep, "values nest more than \(JSONReader.maxDepth) levels deep; flatten the document",
                        pointer: pointer)
        }
        advance()  // {
        var members: [JSONMember] = []
        var seen: [String: SourcePosition] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return JSONValue(kind: .object([]), position: start, pointer: pointer)
        }
        var lastComma: SourcePosition?
        while true {
            skipWhitespace()
            guard let b = current else {
                throw error(.jsonUnexpectedEnd, "the file ends inside the object opened at \(start); close it with '}'",
                            pointer: pointer)
            }
            if b == UInt8(ascii: "}"), let comma = lastComma {
                throw error(.jsonTrailingComma, "trailing comma before '}'; remove it", at: comma, pointer: pointer)
            }
            guard b == UInt8(ascii: "\"") else {
                if b.isASCIILetterOrUnderscore {
                    throw error(.jsonKeyNotString, "object keys must be double-quoted strings; quote this key",
                                pointer: pointer)
                }
                throw unexpected(expected: "a double-quoted key", code: .jsonKeyNotString, pointer: pointer)
            }
            let keyPosition = position
            let key = try parseString(pointer: pointer)
            let memberPointer = pointer.appending(key)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw unexpected(expected: "':' after the key \"\(key)\"", pointer: memberPointer)
            }
            advance()
            skipWhitespace()
            let value = try parseValue(pointer: memberPointer, depth: depth)
            // Small objects (almost every object of a Plan) look for a repeated key among the
            // members; a large one keeps a map of the keys it has seen.
            let first: SourcePosition?
            if members.count < 16 {
                first = members.first { $0.key == key }?.keyPosition
            } else {
                if seen.isEmpty { for m in members { seen[m.key] = m.keyPosition } }
                first = seen[key]
            }
            if let first {
                duplicates.append(Diagnostic(
                    file: file, position: keyPosition, pointer: memberPointer, code: .jsonDuplicateKey,
                    message: "key \"\(key)\" is already defined at \(first.line):\(first.column); keep only one of them"))
            } else {
                if !seen.isEmpty { seen[key] = keyPosition }
                members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                lastComma = position
                advance()
            case UInt8(ascii: "}"):
                advance()
                return JSONValue(kind: .object(members), position: start, pointer: pointer)
            case nil:
                throw error(.jsonUnexpectedEnd, "the file ends inside the object opened at \(start); close it with '}'",
                            pointer: pointer)
            default:
                throw unexpected(expected: "',' or '}' after the value of \"\(key)\"", pointer: pointer)
            }
        }
    }

    mutating func parseArray(pointer: JSONPointer, depth: Int) throws -> JSONValue {
        let start = position
        if depth > JSONReader.maxDepth {
            throw error(.jsonTooDeep, "values nest more than \(JSONReader.maxDepth) levels deep; flatten the document",
                        pointer: pointer)
        }
        advance()  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return JSONValue(kind: .array([]), position: start, pointer: pointer)
        }
        var lastComma: SourcePosition?
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), let comma = lastComma {
                throw error(.jsonTrailingComma, "trailing comma before ']'; remove it", at: comma, pointer: pointer)
            }
            if current == nil {
                throw error(.jsonUnexpectedEnd, "the file ends inside the array opened at \(start); close it with ']'",
                            pointer: pointer)
            }
            elements.append(try parseValue(pointer: pointer.appending(elements.count), depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                lastComma = position
                advance()
            case UInt8(ascii: "]"):
                advance()
                return JSONValue(kind: .array(elements), position: start, pointer: pointer)
            case nil:
                throw error(.jsonUnexpectedEnd, "the file ends inside the array opened at \(start); close it with ']'",
                            pointer: pointer)
            default:
                throw unexpected(expected: "',' or ']' after an array element", pointer: pointer)
            }
        }
    }

    mutating func parseLiteral(pointer: JSONPointer) throws -> JSONValue.Kind {
        let start = position
        var word = ""
        while let b = current, b.isASCIILetterOrUnderscore || JSONNumber.isDigit(b) {
            word.append(Character(Unicode.Scalar(b)))
            advance()
        }
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        case "NaN", "Infinity":
            throw error(.jsonInvalidLiteral, "\(word) is not a JSON number; use a finite number", at: start,
                        pointer: pointer)
        default:
            let lower = word.lowercased()
            if ["true", "false", "null"].contains(lower) {
                throw error(.jsonInvalidLiteral, "\(word) is not a JSON value; write \(lower) in lowercase", at: start,
                            pointer: pointer)
            }
            throw error(.jsonInvalidLiteral,
                        "\(word) is not a JSON value; quote text as a \"string\", or use true, false or null",
                        at: start, pointer: pointer)
        }
    }

    mutating func parseNumber(pointer: JSONPointer) throws -> JSONNumber {
        let startIndex = index
        let start = position
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, JSONNumber.isDigit(first) else {
            throw error(.jsonNumberInvalid, "expected a digit after '-'", pointer: pointer)
        }
        advance()
        if first == UInt8(ascii: "0"), let next = current, JSONNumber.isDigit(next) {
            throw error(.jsonNumberInvalid, "numbers cannot have leading zeros; remove them", at: start,
                        pointer: pointer)
        }
        skipDigits()
        if current == UInt8(ascii: ".") {
            advance()
            guard let b = current, JSONNumber.isDigit(b) else {
                throw error(.jsonNumberInvalid, "expected a digit after '.'; write 1.0 or 1, not 1.", pointer: pointer)
            }
            skipDigits()
        }
        if let e = current, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            advance()
            if let s = current, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { advance() }
            guard let b = current, JSONNumber.isDigit(b) else {
                throw error(.jsonNumberInvalid, "expected a digit in the exponent", pointer: pointer)
            }
            skipDigits()
        }
        let lexeme = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        guard let number = JSONNumber(lexeme: lexeme) else {
            throw error(.jsonNumberOutOfRange, "the exponent of \(lexeme) has more than nine digits; write a smaller number",
                        at: start, pointer: pointer)
        }
        return number
    }

    mutating func skipDigits() {
        while let b = current, JSONNumber.isDigit(b) { advance() }
    }

    /// Parses a string starting at its opening quote; returns the decoded text.
    mutating func parseString(pointer: JSONPointer) throws -> String {
        let start = position
        advance()  // "
        var out: [UInt8] = []
        while true {
            guard let b = current else {
                throw error(.jsonStringUnterminated, "the string opened here is not closed; add the closing '\"'",
                            at: start, pointer: pointer)
            }
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out, pointer: pointer)
            case 0x0A, 0x0D:
                throw error(.jsonStringControlCharacter,
                            "a string cannot contain a line break; write \\n, or close the string opened at \(start)",
                            pointer: pointer)
            case 0x00..<0x20:
                throw error(.jsonStringControlCharacter,
                            "control character U+\(hex4(UInt32(b))) must be escaped as \\u\(hex4(UInt32(b)))",
                            pointer: pointer)
            case 0x00..<0x80:
                out.append(b)
                advance()
            default:
                let length = utf8SequenceLength(at: index)
                guard length > 0 else {
                    throw error(.jsonInvalidUTF8, "the string is not valid UTF-8 here; save the file as UTF-8",
                                pointer: pointer)
                }
                out.append(contentsOf: bytes[index..<index + length])
                for _ in 0..<length { advance() }
            }
        }
    }

    mutating func parseEscape(into out: inout [UInt8], pointer: JSONPointer) throws {
        let escapeStart = position
        advance()  // backslash
        guard let e = current else {
            throw error(.jsonStringUnterminated, "the file ends inside an escape sequence", pointer: pointer)
        }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let byte = simple[e] {
            out.append(byte)
            advance()
            return
        }
        guard e == UInt8(ascii: "u") else {
            let shown = e < 0x80 && e >= 0x20 ? "\\\(Character(Unicode.Scalar(e)))" : "this escape"
            throw error(.jsonStringInvalidEscape,
                        "\(shown) is not a JSON escape; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
                        at: escapeStart, pointer: pointer)
        }
        advance()
        let unit = try parseHex4(escapeStart: escapeStart, pointer: pointer)
        var scalarValue = UInt32(unit)
        if (0xD800...0xDBFF).contains(unit) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(.jsonStringLoneSurrogate,
                            "\\u\(hex4(UInt32(unit))) is a high surrogate without a following low surrogate \\uDC00–\\uDFFF",
                            at: escapeStart, pointer: pointer)
            }
            let lowStart = position
            advance(); advance()
            let low = try parseHex4(escapeStart: lowStart, pointer: pointer)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(.jsonStringLoneSurrogate,
                            "\\u\(hex4(UInt32(unit))) is a high surrogate followed by \\u\(hex4(UInt32(low))), not a low surrogate",
                            at: escapeStart, pointer: pointer)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw error(.jsonStringLoneSurrogate,
                        "\\u\(hex4(UInt32(unit))) is a low surrogate without a preceding high surrogate",
                        at: escapeStart, pointer: pointer)
        }
        out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalarValue)!)).utf8))
    }

    mutating func parseHex4(escapeStart: SourcePosition, pointer: JSONPointer) throws -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let b = current, let digit = hexDigit(b) else {
                throw error(.jsonStringInvalidEscape, "\\u must be followed by four hex digits", at: escapeStart,
                            pointer: pointer)
            }
            value = value << 4 | UInt16(digit)
            advance()
        }
        return value
    }

    // MARK: UTF-8

    /// The length of the well-formed UTF-8 sequence at `i`, or 0 when it is malformed
    /// (overlong forms, surrogates and values above U+10FFFF are malformed).
    func utf8SequenceLength(at i: Int) -> Int {
        let b0 = bytes[i]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return 0
        }
        guard i + length <= bytes.count, secondRange.contains(bytes[i + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return 0 }
        return length
    }

    func decodeScalar(at i: Int) -> Unicode.Scalar? {
        let length = utf8SequenceLength(at: i)
        guard length > 0 else { return nil }
        return String(decoding: bytes[i..<i + length], as: UTF8.self).unicodeScalars.first
    }
}

private func hexDigit(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
    default: return nil
    }
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension UInt8 {
    var isASCIILetterOrUnderscore: Bool {
        (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
            || self == UInt8(ascii: "_")
    }
}
