import XCTest
@testable import Lowerings

/// `XcconfigEncoder` round-trips through a small reader written from Xcode's rules (swift-build's
/// configuration-file parser and macro expansion), not from the encoder.
final class IOSXcconfigEncoderTests: XCTestCase {
    /// Reads `NAME = value` the way Xcode does: whitespace after `=` skipped, a `//` anywhere
    /// starts a comment, trailing whitespace and one trailing `;` (with whitespace before it)
    /// dropped; then `$$` → `$`, `$()` → nothing. Any other reference is an error here, since the
    /// values under test must not refer to settings.
    enum Reader {
        struct Failure: Error, Equatable { let reason: String }

        static func value(ofLine line: String) throws -> String {
            guard let equals = line.firstIndex(of: "=") else { throw Failure(reason: "no =") }
            var scalars = Array(line[line.index(after: equals)...].unicodeScalars)
            while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
            if let comment = (0..<max(0, scalars.count - 1)).first(where: { scalars[$0] == "/" && scalars[$0 + 1] == "/" }) {
                scalars = Array(scalars[..<comment])
            }
            func trimTrailingSpace() { while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() } }
            trimTrailingSpace()
            if scalars.last == ";" { scalars.removeLast(); trimTrailingSpace() }
            if scalars.last == "\\" { throw Failure(reason: "line continuation") }
            return try expand(scalars)
        }

        static func expand(_ scalars: [Unicode.Scalar]) throws -> String {
            var out = String.UnicodeScalarView()
            var i = 0
            while i < scalars.count {
                let s = scalars[i]
                guard s == "$" else { out.append(s); i += 1; continue }
                guard i + 1 < scalars.count else { throw Failure(reason: "trailing $") }
                let next = scalars[i + 1]
                if next == "$" { out.append("$"); i += 2; continue }
                if next == "(", i + 2 < scalars.count, scalars[i + 2] == ")" { i += 3; continue }
                if next == "(" || next == "{" || next == "_" || next.properties.isAlphabetic {
                    throw Failure(reason: "reference at \(i)")
                }
                out.append(s)
                i += 1
            }
            return String(out)
        }
    }

    private func roundTrip(_ value: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let encoded = try XcconfigEncoder.encode(value).get()
        XCTAssertFalse(encoded.contains("\n"), file: file, line: line)
        let read = try Reader.value(ofLine: "APP_DISPLAY_NAME = " + encoded)
        XCTAssertEqual(read, value, "encoded as \(encoded)", file: file, line: line)
        // An encoded value followed by a comment reads the same.
        XCTAssertEqual(try Reader.value(ofLine: "APP_DISPLAY_NAME = " + encoded + " // note"), value, file: file, line: line)
    }

    func testTheReaderFollowsXcodeRules() throws {
        XCTAssertEqual(try Reader.value(ofLine: "A =   Movie Catalog   "), "Movie Catalog")
        XCTAssertEqual(try Reader.value(ofLine: "A = https://example.com"), "https:")
        XCTAssertEqual(try Reader.value(ofLine: "A = \"quoted // still a comment\""), "\"quoted")
        XCTAssertEqual(try Reader.value(ofLine: "A = cost $$5;"), "cost $5")
        XCTAssertEqual(try Reader.value(ofLine: "A = $() lead"), " lead")
        XCTAssertThrowsError(try Reader.value(ofLine: "A = $(HOME)"))
        XCTAssertThrowsError(try Reader.value(ofLine: "A = tail \\"))
    }

    func testDisplayNamesRoundTrip() throws {
        for value in [
            "Movie Catalog", "Price $5", "$$", "$(HOME)", "${HOME}", "$HOME", "a$", "https://example.com",
            "a//b", "a///b", "////", "/", "ends/", "/starts", "\"Quoted\" 'names'", "C:\\path\\to", "back\\slash inside",
            "Ça coûte 5 €", "映画カタログ", "🎬 Films", "e\u{301}", "/\u{301}/", " leading", "trailing ", "  both  ",
            "\u{A0}nbsp\u{A0}", "semi;", "semi ; ", ";", " ", "a = b", "x // y", "#include \"other.xcconfig\"",
        ] {
            try roundTrip(value)
        }
    }

    func testEncodingIsThePinnedSpelling() throws {
        XCTAssertEqual(try XcconfigEncoder.encode("https://movies.example.com").get(), "https:/$()/movies.example.com")
        XCTAssertEqual(try XcconfigEncoder.encode("a///b").get(), "a/$()/$()/b")
        XCTAssertEqual(try XcconfigEncoder.encode("$5").get(), "$$5")
        XCTAssertEqual(try XcconfigEncoder.encode(" x ").get(), "$() x $()")
        XCTAssertEqual(try XcconfigEncoder.encode("x;").get(), "x;$()")
        XCTAssertEqual(try XcconfigEncoder.encode("\"q\"").get(), "\"q\"")
    }

    func testLineBreaksAndATrailingBackslashCannotBeEncoded() {
        for value in ["a\nb", "a\rb", "a\r\nb", "a\u{2028}b", "a\u{2029}b", "a\u{85}b", "\n"] {
            XCTAssertEqual(XcconfigEncoder.encode(value), .failure(.lineBreak), value.debugDescription)
        }
        XCTAssertEqual(XcconfigEncoder.encode("ends\\"), .failure(.trailingBackslash))
        XCTAssertEqual(XcconfigEncoder.encode("\\"), .failure(.trailingBackslash))
    }
}
