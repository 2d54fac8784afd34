import Testing
@testable import Themeload

/// A token with no `$type` is an error (Format module, section 5.2.2); where its value is
/// written as only one type's values are, the message says which `$type` to give it.
@Suite("The $type hint for an untyped token")
struct UntypedTokenHintTests {
    private static let here = SourceLocation(file: "Main.tokens.json", line: 1, column: 1)

    @Test("a string written as one type's values are names that type", arguments: [
        ("#a2845e", "color"), ("#ABC", "color"), ("#a2845e80", "color"), ("rgb(162 132 94)", "color"),
        ("hsl(34deg 26% 50% / 0.5)", "color"), ("4px", "dimension"), ("0.5rem", "dimension"), ("-2px", "dimension"),
        ("200ms", "duration"), ("0.4s", "duration"),
    ])
    func hinted(text: String, type: String) {
        let hint = TokenValueConverter.typeHint(DocumentNode(.string(text), at: Self.here))
        #expect(hint == "; its value is written as a \(type) is: give it \"$type\": \"\(type)\" (or its group)")
    }

    @Test("a string any of several types may hold, or no type's, gives no hint", arguments: [
        "Inter", "red", "400", "50%", "4", "4 em", "4ems", "px", "s", "#ab", "a2845e", "pxs", "nans", "infpx", "",
    ])
    func notHinted(text: String) {
        #expect(TokenValueConverter.typeHint(DocumentNode(.string(text), at: Self.here)) == "")
    }

    @Test("a number, a list or a boolean gives no hint; a color or dimension object does")
    func otherValues() {
        #expect(TokenValueConverter.typeHint(DocumentNode(.integer(400), at: Self.here)) == "")
        #expect(TokenValueConverter.typeHint(DocumentNode(.bool(true), at: Self.here)) == "")
        #expect(TokenValueConverter.typeHint(DocumentNode(.list([DocumentNode(.string("#fff"), at: Self.here)]), at: Self.here)) == "")
        let dimension = DocumentNode(.map([
            DocumentEntry(key: "value", keyLocation: Self.here, value: DocumentNode(.integer(4), at: Self.here)),
            DocumentEntry(key: "unit", keyLocation: Self.here, value: DocumentNode(.string("px"), at: Self.here)),
        ]), at: Self.here)
        #expect(TokenValueConverter.typeHint(dimension).contains("\"$type\": \"dimension\""))
    }
}
