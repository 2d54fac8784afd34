/// What design tokens say of the theme entries they gave (``TokenNote``), by section and entry
/// name: one table a section, so that noting a token takes its entry's name as it is, and a
/// lookup by `section.name` (`palette.color.brand.primary`) splits the path once rather than
/// each note being keyed by a joined string.
package struct TokenNotes: Sendable, Hashable {
    // One stored table a section (not an array of them, which a theme without tokens would
    // allocate for nothing).
    private var palette: [String: TokenNote] = [:]
    private var fonts: [String: TokenNote] = [:]
    private var metrics: [String: TokenNote] = [:]
    private var custom: [String: TokenNote] = [:]
    package init() {}

    /// How many entries have a note.
    package var count: Int { palette.count + fonts.count + metrics.count + custom.count }

    package var isEmpty: Bool { palette.isEmpty && fonts.isEmpty && metrics.isEmpty && custom.isEmpty }

    private func table(_ section: TokenValueConverter.Section) -> [String: TokenNote] {
        switch section {
        case .palette: palette
        case .fonts: fonts
        case .metrics: metrics
        case .custom: custom
        }
    }

    /// Runs `body` on a section's table in place.
    private mutating func withTable<Result>(_ section: TokenValueConverter.Section, _ body: (inout [String: TokenNote]) -> Result) -> Result {
        switch section {
        case .palette: body(&palette)
        case .fonts: body(&fonts)
        case .metrics: body(&metrics)
        case .custom: body(&custom)
        }
    }

    /// The note of an entry by its path, `section.name`; `nil` for a path without a section
    /// tokens go to, or an entry without a note.
    package subscript(path: String) -> TokenNote? {
        guard let dot = path.utf8.firstIndex(of: UInt8(ascii: ".")),
              let section = TokenValueConverter.Section(named: path[..<dot]) else { return nil }
        return table(section)[String(path[path.utf8.index(after: dot)...])]
    }

    /// The note of the entry `name` of a section.
    subscript(section: TokenValueConverter.Section, name: String) -> TokenNote? {
        get { table(section)[name] }
        set { withTable(section) { $0[name] = newValue } }
    }

    /// A section's notes, sorted by entry name (as a compiled theme writes them).
    func sortedNotes(in section: TokenValueConverter.Section) -> [(name: String, note: TokenNote)] {
        table(section).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Makes room for `count` more notes in a section.
    mutating func reserveCapacity(_ count: Int, in section: TokenValueConverter.Section) {
        guard count > 0 else { return }
        withTable(section) { $0.reserveCapacity($0.count + count) }
    }

    /// Adds another unit's notes; where both have a note for an entry, `keepingEarlier` keeps
    /// this one's. A section this one has no notes in takes the other's whole, not note by note.
    mutating func merge(_ other: TokenNotes, keepingEarlier: Bool) {
        for section in TokenValueConverter.Section.allCases {
            let theirs = other.table(section)
            guard !theirs.isEmpty else { continue }
            withTable(section) { table in
                if table.isEmpty {
                    table = theirs
                } else {
                    table.merge(theirs) { earlier, later in keepingEarlier ? earlier : later }
                }
            }
        }
    }
}
