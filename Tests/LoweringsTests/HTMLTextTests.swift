import XCTest
@testable import Lowerings

final class HTMLTextTests: XCTestCase {
    func testEscapesTheFiveCharacters() {
        XCTAssertEqual(HTMLText.escape(#"<a href="x" title='y'>&</a>"#), "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
    }

    /// A quote followed by a combining mark is one Character ("\"\u{301}"), but the HTML parser
    /// reads the quote alone: it must be escaped too, or a name breaks out of an attribute.
    func testEscapesACharacterFollowedByACombiningMark() {
        for c in ["\"", "'", "<", ">", "&"] {
            let escaped = HTMLText.escape("a" + c + "\u{301} onmouseover=alert(1)")
            XCTAssertFalse(escaped.unicodeScalars.contains { String($0) == c && c != "&" }, escaped)
            XCTAssertFalse(escaped.contains(c + "\u{301}"), escaped)
        }
        XCTAssertEqual(RailsText.html("x\"\u{301}"), "x&quot;\u{301}")
    }
}
