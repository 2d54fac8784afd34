/// Tokens that the tokens of some of a theme's styles have and its fallback style's lack, left
/// out of the theme (docs/SPEC.md, section 11, "Tokens only some styles have").
///
/// The DTCG Resolver module makes each of its permutations a token set of its own, and Style
/// Dictionary builds each theme on its own, so a style's tokens may hold tokens no other style
/// has: PatternFly keeps its dark theme's base colors under `global.dark.…`, which only its dark
/// semantic colors alias. A style that lacks a token takes the fallback style's value, but when
/// the fallback style lacks it too the theme has no value for it there, so it cannot be an
/// entry. Aliases to it within its styles' tokens were followed already and keep their values;
/// the token itself is left out, with one warning for all the tokens that the same styles
/// have, at the first of them.
struct StyleOnlyTokens {
    /// The tokens left out, grouped by the styles that have them, in the order first met.
    private var groups: [Group] = []
    /// Each group's place in ``groups`` by the styles that have its tokens.
    private var groupIndex: [[String]: Int] = [:]

    private struct Group {
        var having: [String]
        /// The styles with no value for the tokens: the fallback style first.
        var lacking: [String]
        /// The first token's section and name in it.
        var first: (section: String, name: String)
        var location: SourceLocation
        var count: Int
    }

    /// Leaves out the entry `name` of `section`, which the tokens of the styles `having` give
    /// and the rest of `styles` (the fallback style first) do not; `location` is where its
    /// value is written.
    mutating func leaveOut(_ name: String, inSection section: String, givenBy having: [String], among styles: [String], at location: SourceLocation) {
        if let index = groupIndex[having] {
            groups[index].count += 1
            return
        }
        groupIndex[having] = groups.count
        let present = Set(having)
        groups.append(Group(having: having, lacking: styles.filter { !present.contains($0) }, first: (section, name), location: location, count: 1))
    }

    /// One `missing-variant` warning for each group: the first token, how many more, the
    /// styles that have them and those with no value for them, and `hint` after them.
    func report(into diagnostics: inout DiagnosticCollector, hint: String? = nil) {
        for group in groups {
            let one = group.count == 1
            let first = "\(group.first.section).\(group.first.name)"
            let tokens = one ? "\(first) is" : "\(first) and \(group.count - 1) more \(group.count == 2 ? "token" : "tokens") are"
            let having = (group.having.count == 1 ? "style " : "styles ") + Self.listed(group.having[...])
            let others = group.lacking.dropFirst()
            let lacking = "\(group.lacking[0]), its fallback style" + (others.isEmpty ? "" : ", and \(Self.listed(others))")
            let them = one ? "it" : "them"
            diagnostics.warning(.missingVariant,
                                "\(tokens) only in the tokens of \(having): the theme would have no value for \(them) in \(lacking), so it leaves \(them) out "
                                    + "(aliases to \(them) in those tokens still give \(one ? "its value" : "their values"))" + (hint.map { "; \($0)" } ?? ""),
                                at: group.location, keyPath: DocumentPath(keys: group.first.section, group.first.name))
        }
    }

    /// The most style names a warning lists; the rest are counted.
    private static let listedStyles = 10

    private static func listed(_ styles: ArraySlice<String>) -> String {
        let shown = styles.prefix(listedStyles).joined(separator: ", ")
        return styles.count > listedStyles ? "\(shown) and \(styles.count - listedStyles) more" : shown
    }
}
