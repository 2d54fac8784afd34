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
/// have, at the first of them. A theme reference to one says why it points at nothing.
struct StyleOnlyTokens {
    /// The tokens left out, grouped by the styles that have them, in the order first met.
    private var groups: [Group] = []
    /// Each group's place in ``groups`` by the styles that have its tokens.
    private var groupIndex: [[String]: Int] = [:]
    /// Each token's group in ``groups``, by its path `section.name`.
    private var groupOfToken: [String: Int] = [:]

    var isEmpty: Bool { groups.isEmpty }

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
            groupOfToken[String.concatenated(section, ".", name)] = index
            return
        }
        groupIndex[having] = groups.count
        groupOfToken[String.concatenated(section, ".", name)] = groups.count
        let present = Set(having)
        groups.append(Group(having: having, lacking: styles.filter { !present.contains($0) }, first: (section, name), location: location, count: 1))
    }

    /// Adds the tokens another unit left out (its warnings were given with it).
    mutating func formUnion(_ other: StyleOnlyTokens) {
        for (path, index) in other.groupOfToken where groupOfToken[path] == nil {
            let group = other.groups[index]
            if let known = groupIndex[group.having], groups[known].lacking == group.lacking {
                groupOfToken[path] = known
            } else {
                groupOfToken[path] = groups.count
                groupIndex[group.having] = groups.count
                groups.append(group)
            }
        }
    }

    /// Why a reference to `path` (`palette.global.dark.x`) points at nothing when it names a
    /// token left out: which styles have it and which lack it, and what to do.
    func whyLeftOut(_ path: String) -> String? {
        guard let index = groupOfToken[path] else { return nil }
        let group = groups[index]
        let having = Self.having(group)
        return "the token is only in the tokens of \(having), and the theme would have no value for it in \(Self.lacking(group)), so it leaves it out; "
            + "refer to a token every style has, or give this one a value in \(group.lacking[0])"
    }

    /// One `missing-variant` warning for each group: the first token, how many more, the
    /// styles that have them and those with no value for them, and `hint` after them.
    func report(into diagnostics: inout DiagnosticCollector, hint: String? = nil) {
        for group in groups {
            let one = group.count == 1
            let first = "\(group.first.section).\(group.first.name)"
            let tokens = one ? "\(first) is" : "\(first) and \(group.count - 1) more \(group.count == 2 ? "token" : "tokens") are"
            let having = Self.having(group)
            let lacking = Self.lacking(group)
            let them = one ? "it" : "them"
            diagnostics.warning(.missingVariant,
                                "\(tokens) only in the tokens of \(having): the theme would have no value for \(them) in \(lacking), so it leaves \(them) out "
                                    + "(aliases to \(them) in those tokens still give \(one ? "its value" : "their values"))" + (hint.map { "; \($0)" } ?? ""),
                                at: group.location, keyPath: DocumentPath(keys: group.first.section, group.first.name))
        }
    }

    /// The styles with no value for a group's tokens: `light, its fallback style, and dim`.
    private static func lacking(_ group: Group) -> String {
        let others = group.lacking.dropFirst()
        return "\(group.lacking[0]), its fallback style" + (others.isEmpty ? "" : ", and \(StyleList.listed(others))")
    }

    /// The styles that have a group's tokens: `style dark`, `styles dark, dim`.
    private static func having(_ group: Group) -> String {
        (group.having.count == 1 ? "style " : "styles ") + StyleList.listed(group.having)
    }
}
