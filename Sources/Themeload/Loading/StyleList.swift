/// A theme's declared styles in order, the first being the fallback style, and each style's own
/// fallback where it names one (`{name: darkHighContrast, fallback: dark}`, SPEC section 11).
struct StyleList: Equatable {
    /// The style names in declaration order.
    private(set) var names: [String]
    /// A style's fallback, for the styles that name one. Always a style declared earlier.
    private(set) var fallbacks: [String: String]
    /// The names a variant map may use as keys: the declared styles and those an ancestor theme
    /// declared that this list dropped (their entries are then ignored, not errors).
    private(set) var variantKeys: Set<String>

    /// `[light, dark]`, what a theme that declares no styles has.
    static let standard = StyleList(names: ["light", "dark"], fallbacks: [:])

    init(names: [String], fallbacks: [String: String]) {
        self.names = names
        self.fallbacks = fallbacks
        variantKeys = Set(names)
    }

    /// The list with an ancestor's style names added as variant keys only.
    func inheriting(_ ancestorNames: some Sequence<String>) -> StyleList {
        var list = self
        list.variantKeys.formUnion(ancestorNames)
        return list
    }

    /// The list with `other`'s styles after its own, each with its fallback where this list
    /// names none for it: a theme's manifests' styles together, the descendant's first.
    func adding(_ other: StyleList) -> StyleList {
        var names = names
        var known = Set(names)
        for name in other.names where known.insert(name).inserted { names.append(name) }
        return StyleList(names: names, fallbacks: fallbacks.merging(other.fallbacks) { mine, _ in mine })
    }

    /// The theme's fallback style.
    var first: String { names[0] }

    /// The most style names a message lists; the rest are counted.
    static let listedInMessages = 10

    /// Style names for a message, `a, b, c`: the first ten, and how many more.
    static func listed(_ names: some Collection<String>) -> String {
        let shown = names.prefix(listedInMessages).joined(separator: ", ")
        return names.count > listedInMessages ? "\(shown) and \(names.count - listedInMessages) more" : shown
    }

    /// The keys a variant map is read with for `style`, in order: the style, its fallback chain,
    /// `default`, then the theme's fallback style. The chain cannot loop: a fallback is always
    /// declared before the style that names it.
    func lookupOrder(for style: String) -> [String] {
        var order = chain(from: style)
        order.append("default")
        if !order.contains(first) { order.append(first) }
        return order
    }

    /// The styles whose chain (the style and its fallbacks) has one of `names`, in order, each
    /// with its chain: the styles a token's values per style reach (``TokenStyleOverrides``).
    func chains(reaching names: Set<String>) -> [(style: String, chain: [String])] {
        names.isEmpty ? [] : self.names.compactMap { style in
            let chain = chain(from: style)
            return chain.contains(where: names.contains) ? (style, chain) : nil
        }
    }

    /// The style followed by its fallback, that one's fallback, and so on.
    func chain(from style: String) -> [String] {
        var chain = [style]
        var current = style
        while let next = fallbacks[current], !chain.contains(next) {
            chain.append(next)
            current = next
        }
        return chain
    }
}
