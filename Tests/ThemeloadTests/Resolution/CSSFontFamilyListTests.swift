import Testing
@testable import Themeload

/// Older token files and Tokens Studio write a font's fallback list as CSS's `font-family` in one
/// string; it is read as the list of names it stands for (docs/SPEC.md section 11).
@Suite("CSS font-family lists in one string")
struct CSSFontFamilyListTests {
    @Test("names split at commas outside quotes, their quotes and spaces taken off", arguments: [
        ("Inter", ["Inter"]),
        ("Helvetica Neue", ["Helvetica Neue"]),
        ("Menlo,monospace", ["Menlo", "monospace"]),
        ("'Open Sans', Helvetica, sans-serif", ["Open Sans", "Helvetica", "sans-serif"]),
        (#""Font, with comma" , serif"#, ["Font, with comma", "serif"]),
        ("-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
         ["-apple-system", "BlinkMacSystemFont", "Segoe UI", "Noto Sans", "Helvetica", "Arial", "sans-serif", "Apple Color Emoji", "Segoe UI Emoji"]),
    ])
    func lists(_ text: String, families: [String]) {
        #expect(CSSFontFamilyList.names(in: text) == families)
    }

    @Test("an empty name, a quote not closed or text after a closing quote is no list", arguments: [
        ", serif", "Inter, , serif", "Inter,", "'Open Sans, serif", "'Open' Sans, serif", "''",
    ])
    func notLists(_ text: String) {
        #expect(CSSFontFamilyList.names(in: text) == nil)
    }
}
