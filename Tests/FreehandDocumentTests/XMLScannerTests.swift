@testable import FreehandDocument
@testable import FreehandDrawing
import Testing

struct XMLScannerTests {
    private func events(_ text: String, maximumDepth: Int = 256) throws(InkFormatError) -> [XMLScanner.Event] {
        var scanner = XMLScanner(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        var events: [XMLScanner.Event] = []
        while let event = try scanner.next() { events.append(event) }
        return events
    }

    @Test func readsElementsAttributesTextAndEntities() throws {
        let text = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE ink [ <!ENTITY x "y"> ]>
            <!-- a comment -->
            <a one="1" two='&lt;2&#x41;&#66;'>x &amp; y<b/><![CDATA[<raw & text>]]><?pi?></a>
            """
        #expect(try events(text) == [
            .start(name: "a", attributes: ["one": "1", "two": "<2AB"]),
            .text("x & y"),
            .start(name: "b", attributes: [:]),
            .end(name: "b"),
            .text("<raw & text>"),
            .end(name: "a"),
        ])
    }

    @Test func keepsPrefixedNamesAndNormalisesWhiteSpaceInAttributes() throws {
        #expect(try events("<x:ink xml:id=\"a\tb\"></x:ink>") == [.start(name: "x:ink", attributes: ["xml:id": "a b"]), .end(name: "x:ink")])
    }

    @Test(arguments: [
        "", "   ", "<a>", "<a></b>", "</a>", "<a></a><b/>", "text<a/>", "<a/>text", "<a x=1/>", "<a x=\"1\" x=\"2\"/>",
        "<a x=\"<\"/>", "<a>&unknown;</a>", "<a>&#0;</a>", "<a>&#xD800;</a>", "<a>&amp</a>", "<a>\u{1}</a>", "<a><!-- open",
        "<a><![CDATA[ open", "<?pi", "<!DOCTYPE a [", "<a x=\"1\"y=\"2\"/>", "<a x/>", "<a", "<1a/>",
    ])
    func refusesWhatIsNotWellFormed(text: String) {
        #expect(throws: InkFormatError.self) { try events(text) }
    }

    @Test func boundsTheNestingDepth() throws {
        let deep = String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
        #expect(try events(deep, maximumDepth: 40).count == 80)
        #expect(throws: InkFormatError.limitExceeded("elements nested deeper than 39 (maximumDepth)")) { try events(deep, maximumDepth: 39) }
    }

    @Test func namesTheLineOfAnError() {
        #expect(throws: InkFormatError.malformed("not well-formed XML at line 3: </c> closes <b>")) { try events("<a>\n<b>\n</c></a>") }
    }
}
