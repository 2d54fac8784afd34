import Testing
import ThemeloadTesting
import ThemeloadYAML
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

    /// The distance worked out only near the table's diagonal agrees with the whole table (a
    /// plain Levenshtein here) on every pair of short words over a small alphabet, at every
    /// limit: near-equal words, words of different lengths, and words nothing alike.
    @Test("the banded edit distance agrees with the whole table", arguments: 0..<8)
    func bandedDistance(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed + 1))
        func word() -> String { String((0..<Int.random(in: 0...12, using: &generator)).map { _ in "abc".randomElement(using: &generator)! }) }
        func fullTable(_ a: [Character], _ b: [Character]) -> Int {
            var table = (0...a.count).map { i in (0...b.count).map { j in i == 0 ? j : j == 0 ? i : 0 } }
            for i in stride(from: 1, through: a.count, by: 1) {
                for j in stride(from: 1, through: b.count, by: 1) {
                    table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                }
            }
            return table[a.count][b.count]
        }
        for _ in 0..<300 {
            let (a, b) = (word(), word())
            let distance = fullTable(Array(a), Array(b))
            for limit in 1...6 {
                #expect(Suggestion.editDistance(a, b, limit: limit) == min(distance, limit + 1), "\(a) \(b) \(limit)")
            }
        }
    }

    @Test("a word longer than 128 bytes gets no suggestion; one of 128 does")
    func longWords() {
        let long = String(repeating: "a", count: 128)
        #expect(Suggestion.closest(to: long + "x", among: [long + "y"]) == nil)
        #expect(Suggestion.closest(to: String(long.dropLast()) + "x", among: [long]) == long)
    }

    @Test("the closest candidate within a third of the word's length is suggested")
    func closest() {
        #expect(Suggestion.closest(to: "backgrondColor", among: ["textColor", "backgroundColor"]) == "backgroundColor")
        #expect(Suggestion.closest(to: "font", among: ["image", "insets"]) == nil)
    }

    /// Candidates from a set or a dictionary's keys come in an order that changes from run to
    /// run: Workday's `{brand.primary.base}` got `A25` in some runs and `A50` in others.
    @Test("of candidates equally close, the first in string order wins, whatever order they come in")
    func tiesInStringOrder() {
        let candidates = ["colorB", "colorA", "colorC"]
        for order in [candidates, candidates.reversed(), candidates.sorted()] {
            #expect(Suggestion.closest(to: "colorX", among: order) == "colorA")
        }
        // A closer candidate still wins over an earlier one in string order.
        #expect(Suggestion.closest(to: "colorX", among: ["colorAB", "colorXY"]) == "colorXY")
    }

    /// A word of 30 letters (a limit of 10: 30 × 21 = 630 cells a comparison) is compared with
    /// at most 4,000,000 / 630 = 6,349 candidates of its length; the near one after them is not
    /// reached, and the same one among the first is.
    @Test("a search stops after filling its budget of table cells, with the closest so far")
    func cellBudget() {
        let word = String(repeating: "ab", count: 15)
        let near = "ba" + String(repeating: "ab", count: 14)
        let far = (0..<6_349).map { "x\($0)".padding(toLength: 30, withPad: "y", startingAt: 0) }
        #expect(Suggestion.closest(to: word, among: far + [near]) == nil)
        #expect(Suggestion.closest(to: word, among: Array(far.dropLast()) + [near]) == near)
        #expect(Suggestion.closest(to: word, among: [near] + far) == near)
    }

    /// The messages of a load's `unknown-reference` errors, in file order.
    private func missedReferences(_ path: String, _ text: String) throws -> [String] {
        let files = InMemoryFileSystem()
        files.write(path, text)
        let loader = ThemeLoader(registry: .standard, searchDirectories: [], fileSystem: files)
        let error = try #require(throws: ThemeloadError.self) { try loader.load(atPath: path) }
        return error.diagnostics.filter { $0.code == .unknownReference }.map(\.message)
    }

    /// A palette renamed (`color` to `colour`) under 60 references: each search reads the whole
    /// palette, so only the first 50 search (docs/SPEC.md, section 11).
    @Test("a theme's first 50 missed references suggest a name, the rest are reported without one")
    func referenceSuggestionsStopAtTheBudget() throws {
        let text = "palette:\n" + (0..<60).map { "  color\($0): \"#112233\"\n" }.joined()
            + "levels:\n  normal:\n" + (0..<60).map { "    p\($0)Color: \"{palette.colour\($0)}\"\n" }.joined()
        let messages = try missedReferences("/t/Renamed.yaml", text)
        #expect(messages.count == 60)
        #expect(messages.prefix(50) == ArraySlice((0..<50).map { "the reference {palette.colour\($0)} points at nothing; did you mean {palette.color\($0)}?" }))
        #expect(messages.suffix(10) == ArraySlice((50..<60).map { "the reference {palette.colour\($0)} points at nothing" }))
    }

    @Test("a token file's first 50 missed aliases suggest a token, the rest are reported without one")
    func aliasSuggestionsStopAtTheBudget() throws {
        let tokens = (0..<60).map { "\"c\($0)\": {\"$value\": \"#112233\"}" }.joined(separator: ", ")
        let aliases = (0..<60).map { "\"a\($0)\": {\"$value\": \"{colour.c\($0)}\"}" }.joined(separator: ", ")
        let text = "{\"color\": {\"$type\": \"color\", \(tokens)}, \"alias\": {\"$type\": \"color\", \(aliases)}}"
        let messages = try missedReferences("/t/Renamed.tokens.json", text)
        #expect(messages.count == 60)
        #expect(messages.prefix(50) == ArraySlice((0..<50).map { "the alias {colour.c\($0)} points at no token; did you mean {color.c\($0)}?" }))
        #expect(messages.suffix(10) == ArraySlice((50..<60).map { "the alias {colour.c\($0)} points at no token" }))
    }
}
