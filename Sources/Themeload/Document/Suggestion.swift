/// "Did you mean" suggestions for misspelled keys, levels and references.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
    /// (at most a third of the word's length, and at least one edit allowed); of those equally
    /// close, the first in string order. A word longer than ``longestWord`` bytes gets none.
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        guard word.utf8.count <= longestWord else { return nil }
        let limit = max(1, word.count / 3)
        let lowercasedWord = word.lowercased()
        let wordBytes = word.utf8.count
        // Where every character is a byte, lengths further apart than the limit rule a candidate
        // out before it is lowercased.
        let wordIsBytes = wordBytes == word.count
        var best: (candidate: String, distance: Int)?
        // Each comparison fills at most the word's length times the band of its table.
        let cellsPerComparison = max(1, word.count * (2 * limit + 1))
        var cellsLeft = cellBudget
        for candidate in candidates where candidate != word {
            if wordIsBytes, abs(candidate.utf8.count - wordBytes) > limit, candidate.utf8.count == candidate.count { continue }
            guard cellsLeft >= cellsPerComparison else { break }
            cellsLeft -= cellsPerComparison
            let distance = editDistance(lowercasedWord, candidate.lowercased(), limit: limit)
            guard distance <= limit else { continue }
            // Of candidates equally close, the first in string order: the answer does not hang on
            // the order they come in (a table's keys come in an order that changes at each run).
            if let current = best, distance > current.distance || (distance == current.distance && current.candidate <= candidate) { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The longest word, in bytes, that a suggestion is searched for. Names are a few dozen
    /// characters; comparing names of thousands (60 misses among 300 keys of 2,000 characters)
    /// took 100 s, each comparison a table of their lengths multiplied.
    static let longestWord = 128

    /// The most cells of edit-distance tables one search fills, after which it stops with the
    /// closest candidate so far. Searching 20,000 names of ten letters takes about 1.5 million;
    /// 5,000 names of 124 letters asked for 50 million a search, and 50 searches took 2 s.
    static let cellBudget = 4_000_000

    /// How many searches among a file's or a theme's own names (its tokens, its palette) one
    /// resolver makes. Each search reads every name, so a file whose every alias is wrong (a group
    /// renamed) would otherwise cost as many reads as aliases times names: 5,000 of each took 16
    /// s. As clang stops suggesting corrections after 50 in a file, the problems past the limit
    /// are reported without a suggestion.
    struct Budget {
        private(set) var remaining = 50

        /// Whether a search may be made, counting it.
        mutating func take() -> Bool {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }

    /// `" (did you mean \"x\"?)"` or an empty string.
    static func phrase(for word: String, among candidates: some Sequence<String>, format: (String) -> String = { "\"\($0)\"" }) -> String {
        closest(to: word, among: candidates).map { "; did you mean \(format($0))?" } ?? ""
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        // Where every byte is a character of its own (ASCII without a carriage return, which
        // joins a line feed after it), bytes are compared: no characters are formed.
        // (Read from the string's own bytes where it has them, rather than through the view's
        // indices: a theme's property names are each compared with a list of them at every load.)
        func isSingleByteCharacters(_ text: String) -> Bool {
            func isSingleByte(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x0D }
            return text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isSingleByte) } ?? text.utf8.allSatisfy(isSingleByte)
        }
        if isSingleByteCharacters(a) && isSingleByteCharacters(b) {
            if abs(a.utf8.count - b.utf8.count) > limit { return limit + 1 }
            // The common question, whether two names are one typo apart, needs no table.
            if limit == 1 { return distanceUpToOne(a.utf8, b.utf8) }
            return levenshtein(Array(a.utf8), Array(b.utf8), limit: limit)
        }
        return levenshtein(Array(a), Array(b), limit: limit)
    }

    /// The edit distance of two byte strings whose lengths differ by at most one, as 0, 1, or 2
    /// for anything more: past their common start, the one edit drops a byte of the longer or
    /// replaces one in both, and the rest must then be equal.
    private static func distanceUpToOne(_ first: String.UTF8View, _ second: String.UTF8View) -> Int {
        let (long, short) = first.count >= second.count ? (first, second) : (second, first)
        var i = long.startIndex, j = short.startIndex
        while j < short.endIndex, long[i] == short[j] {
            long.formIndex(after: &i)
            short.formIndex(after: &j)
        }
        if j == short.endIndex { return long.count - short.count }
        long.formIndex(after: &i)
        if long.count == short.count { short.formIndex(after: &j) }
        return long[i...].elementsEqual(short[j...]) ? 1 : 2
    }

    /// The distance, or `limit + 1` for any more. Only the cells within `limit` of the table's
    /// diagonal are worked out (a path through any other costs more than `limit`), so two words
    /// cost their length times twice the limit, not their lengths multiplied.
    private static func levenshtein<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
        let beyond = limit + 1
        if abs(a.count - b.count) > limit { return beyond }
        if a.isEmpty { return b.count }
        // Cells outside the band hold `beyond`: the band moves right a cell a row, so a cell on
        // its right has never been written, and the cell on its left is set each row.
        var previous = (0...b.count).map { min($0, beyond) }
        var current = [Int](repeating: beyond, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[low - 1] = low == 1 ? min(i, beyond) : beyond
            var rowMinimum = current[low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, beyond)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if rowMinimum > limit { return beyond }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
