import Testing
@testable import Themeload

/// SPEC section 6: a font is `{name, family, size, weight, italic, lineHeight, letterSpacing}`.
/// A font with several problems reports one: an unknown key first, then name, family, size,
/// weight, italic, line height and letter spacing, in that order.
@Suite("Font parser")
struct FontParserTests {
    func parse(_ json: String) throws -> (font: ThemeFont?, messages: [String]) {
        let node = ThemeNode(try JSONFormat().parse(FormatInput(text: json, file: "f.json")))
        var diagnostics = DiagnosticCollector()
        let font = FontParser.parse(node, path: DocumentPath(keys: "fonts", "f"), dimensions: DimensionParser(remSize: 16), diagnostics: &diagnostics)
        return (font, diagnostics.inFileOrder.map(\.message))
    }

    @Test("the first problem in the parser's order is the one reported", arguments: [
        (#"{"size": 0, "colour": "red", "weight": "heavyish"}"#, #"invalid font: unknown key "colour""#),
        (#"{"weight": "heavyish", "name": "", "size": 0}"#, "invalid font: name must be a non-empty string, not \"\""),
        (#"{"family": 3, "size": 0}"#, "invalid font: family must be a non-empty string, not 3"),
        (#"{"family": [], "size": 0}"#, "invalid font: family must not be an empty list"),
        (#"{"family": ["Inter", 3], "size": 0}"#, "invalid font: each family of the list must be a non-empty string, not 3"),
        (#"{"family": ["Inter", ""], "size": 0}"#, "invalid font: each family of the list must be a non-empty string, not \"\""),
        (#"{"name": "A", "italic": 1}"#, "invalid font: size is missing"),
        (#"{"size": -2, "weight": 750}"#, "invalid font: size must be a length greater than 0, not -2"),
        (#"{"size": 12, "weight": 750, "italic": 1}"#, "invalid font: weight 750 is not one of"),
        (#"{"size": 12, "weight": "700"}"#, "invalid font: weight \"700\" is not one of"),
        (#"{"size": 12, "weight": true}"#, "invalid font: weight true is not one of"),
        (#"{"size": 12, "italic": "yes", "lineHeight": 0}"#, "invalid font: italic must be true or false, not \"yes\""),
        (#"{"size": 12, "lineHeight": 0, "letterSpacing": "wide"}"#, "invalid font: lineHeight is a multiple of the size greater than 0"),
        (#"{"size": 12, "letterSpacing": "wide"}"#, "invalid font: letterSpacing \"wide\" is not a length"),
        (#"[12]"#, "invalid font a list: a font is a map"),
    ])
    func firstProblem(_ json: String, message: String) throws {
        let (font, messages) = try parse(json)
        #expect(font == nil)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix(message) == true, "\(messages)")
    }

    @Test("weights are names or 100 to 900 in steps of 100; other fields as written", arguments: [
        (#"{"size": 12, "weight": "semibold"}"#, ThemeFont.Weight.semibold),
        (#"{"size": 12, "weight": 700}"#, .bold),
        (#"{"size": 12, "weight": 100}"#, .ultraLight),
        (#"{"size": 12}"#, .regular),
    ])
    func weights(_ json: String, weight: ThemeFont.Weight) throws {
        let (font, messages) = try parse(json)
        #expect(messages.isEmpty)
        #expect(font?.weight == weight)
        #expect(font?.size == 12)
    }

    @Test("every field is read")
    func everyField() throws {
        let (font, messages) = try parse(#"{"letterSpacing": "2px", "lineHeight": 1.5, "italic": true, "weight": "heavy", "size": "1.5rem", "family": "Inter", "name": "Inter-Heavy"}"#)
        #expect(messages.isEmpty)
        #expect(font?.name == "Inter-Heavy" && font?.family == "Inter")
        #expect(font?.size == 24 && font?.weight == .heavy && font?.italic == true)
        #expect(font?.lineHeight == 1.5 && font?.letterSpacing == 2)
    }

    @Test("a family list gives the first family and the others to fall back on, in order")
    func familyList() throws {
        let (font, messages) = try parse(#"{"size": 12, "family": ["Inter", "Helvetica Neue", "sans-serif"]}"#)
        #expect(messages.isEmpty)
        #expect(font?.family == "Inter")
        #expect(font?.fallbackFamilies == ["Helvetica Neue", "sans-serif"])
        let (single, _) = try parse(#"{"size": 12, "family": ["Inter"]}"#)
        #expect(single?.family == "Inter" && single?.fallbackFamilies == [])
    }
}
