/// A line diff for people: the changed lines of two texts with a little context, in the style of
/// `diff -u` (hunks headed `@@ line N @@` with the first text's line numbers).
struct LineDiff {
    /// How many unchanged lines to show around a change.
    static let context = 2

    enum Line: Equatable {
        case same(String), removed(String), added(String)
    }

    let lines: [Line]
    /// For each entry of `lines`, the 1-based line of the first text it stands at.
    let expectedLineNumbers: [Int]

    init(expected: String, actual: String) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
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
        for index in shown.sorted() {
            if previous.map({ index != $0 + 1 }) ?? true { out += "@@ line \(expectedLineNumbers[index]) @@\n" }
            switch lines[index] {
            case .same(let text): out += "  \(text)\n"
            case .removed(let text): out += "- \(text)\n"
            case .added(let text): out += "+ \(text)\n"
            }
            previous = index
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
