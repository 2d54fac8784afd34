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
