import Testing
@testable import Themeload

/// What is escaped where a theme's text is printed: every control character but the tab, the
/// line and paragraph separators and the bidi controls; at every position a word of eight bytes
/// can put it.
@Suite("Printable text")
struct PrintableTextTests {
    static let escapedScalars: [Unicode.Scalar] = ["\u{0}", "\u{A}", "\u{D}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
                                                   "\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2028}", "\u{2029}", "\u{2066}", "\u{2069}"]
    static let keptScalars: [Unicode.Scalar] = ["\u{9}", " ", "~", "\u{A0}", "é", "\u{600}", "\u{200D}", "\u{2027}", "\u{202F}", "\u{2070}", "中", "🎨"]

    @Test("an escaped scalar anywhere in the text is written as \\u{HEX}, the rest kept", arguments: escapedScalars)
    func escaped(_ scalar: Unicode.Scalar) {
        for offset in 0..<20 {
            for after in [0, 1, 7, 9] {
                let text = String(repeating: "a", count: offset) + String(Character(scalar)) + String(repeating: "b", count: after)
                let expected = String(repeating: "a", count: offset) + "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" + String(repeating: "b", count: after)
                #expect(PrintableText.escaped(text) == expected, "offset \(offset), \(after) after")
            }
        }
    }

    @Test("a tab, text beyond ASCII and other format characters are kept", arguments: keptScalars)
    func kept(_ scalar: Unicode.Scalar) {
        for offset in 0..<20 {
            let text = String(repeating: "a", count: offset) + String(Character(scalar)) + "bcdefghij"
            #expect(PrintableText.escaped(text) == text, "offset \(offset)")
        }
    }
}
