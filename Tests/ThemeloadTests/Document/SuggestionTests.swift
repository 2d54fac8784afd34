import Testing
@testable import Themeload

@Suite("Suggestions")
struct SuggestionTests {
    /// Distances counted by hand: characters, not bytes, are inserted, removed and replaced.
    @Test("edit distance counts characters", arguments: [
        ("kitten", "sitting", 5, 3), ("textColr", "textColor", 1, 1), ("lines", "lines", 1, 0), ("", "abc", 5, 3),
        // Past the limit the answer is the limit plus one, however far apart the words are.
        ("abc", "abcdef", 1, 2), ("color", "image", 2, 3),
        // One character of two bytes, and an accent that joins the letter before it.
        ("café", "cafe", 1, 1), ("e\u{301}x", "ex", 1, 1),
        // A carriage return and a line feed are one character.
        ("\r\n", "a", 2, 1),
        // Within one edit (the limit property names are checked with): at the start, the middle
        // and the end, a swap of two letters being two edits.
        ("abc", "abc", 1, 0), ("", "", 1, 0), ("", "a", 1, 1), ("abc", "bc", 1, 1), ("abc", "ab", 1, 1), ("abc", "axc", 1, 1),
        ("abcd", "abed", 1, 1), ("abcd", "abdc", 1, 2), ("ab", "ba", 1, 2), ("abc", "xbz", 1, 2), ("lines", "linesX", 1, 1), ("lines", "Xlines", 1, 1),
    ])
    func editDistance(a: String, b: String, limit: Int, distance: Int) {
        #expect(Suggestion.editDistance(a, b, limit: limit) == distance)
        #expect(Suggestion.editDistance(b, a, limit: limit) == distance)
    }

    @Test("the closest candidate within a third of the word's length is suggested")
    func closest() {
        #expect(Suggestion.closest(to: "backgrondColor", among: ["textColor", "backgroundColor"]) == "backgroundColor")
        #expect(Suggestion.closest(to: "font", among: ["image", "insets"]) == nil)
    }
}
