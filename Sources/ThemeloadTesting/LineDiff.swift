/// A line diff for people: the changed lines of two texts with a little context, in the style of
/// `diff -u` (hunks headed `@@ line N @@` with the first text's line numbers).
struct LineDiff {
    /// How many unchanged lines to show around a change.
    static let context = 2

    enum Line: Equatable {
        case same(String), removed(String), added(String)
    }

    /// The most lines the changed middle of two texts may have together (after their common
    /// first and last lines) for the diff to pair them up line by line. Finding the fewest
    /// changes takes time that grows with the lines times the changes: two unrelated texts of
    /// 8,000 lines took 1.2 s, of 50,000 lines minutes. Past this the middle is shown as the
    /// file's lines removed, then the output's added.
    static let largestAlignedChange = 4_000
    /// The most lines ``rendered`` shows; a note says how many more there were.
    static let mostShownLines = 400

    let lines: [Line]
    /// For each entry of `lines`, the 1-based line of the first text it stands at.
    let expectedLineNumbers: [Int]

    init(expected: String, actual: String) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The lines both start and end with are the same whatever the middle holds.
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)]), newMiddle = Array(new[prefix..<(new.count - suffix)])
        var removed = Set<Int>(), inserted = Set<Int>()
        if oldMiddle.count + newMiddle.count <= Self.largestAlignedChange {
            for change in newMiddle.difference(from: oldMiddle) {
                switch change {
                case .remove(let offset, _, _): removed.insert(prefix + offset)
                case .insert(let offset, _, _): inserted.insert(prefix + offset)
                }
            }
        } else {
            removed = Set(prefix..<(old.count - suffix))
            inserted = Set(prefix..<(new.count - suffix))
        }
        var lines: [Line] = [], numbers: [Int] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                lines.append(.removed(old[i])); numbers.append(i + 1); i += 1
            } else if j < new.count, inserted.contains(j) {
                lines.append(.added(new[j])); numbers.append(i + 1); j += 1
            } else {
                lines.append(.same(i < old.count ? old[i] : "")); numbers.append(i + 1); i += 1; j += 1
            }
        }
        self.lines = lines
        self.expectedLineNumbers = numbers
    }

    /// The hunks: changed lines with ``context`` unchanged lines either side.
    var rendered: String {
        let changed = lines.indices.filter { lines[$0] != .same(lines[$0].text) }
        var shown = Set<Int>()
        for index in changed { shown.formUnion(max(0, index - Self.context)...min(lines.count - 1, index + Self.context)) }
        var out = ""
        var previous: Int?
        let ordered = shown.sorted()
        for index in ordered.prefix(Self.mostShownLines) {
            if previous.map({ index != $0 + 1 }) ?? true { out += "@@ line \(expectedLineNumbers[index]) @@\n" }
            switch lines[index] {
            case .same(let text): out += "  \(text)\n"
            case .removed(let text): out += "- \(text)\n"
            case .added(let text): out += "+ \(text)\n"
            }
            previous = index
        }
        if ordered.count > Self.mostShownLines {
            out += "@@ \(ordered.count - Self.mostShownLines) more lines of the diff not shown @@\n"
        }
        return out
    }
}

extension LineDiff.Line {
    var text: String {
        switch self {
        case .same(let text), .removed(let text), .added(let text): text
        }
    }
}
