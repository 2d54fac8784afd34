/// Reads a DTCG color object (Color module 2025.10, section 4.1) in any theme format:
/// `{colorSpace, components, alpha, hex}`. `colorSpace` names one of the module's fourteen spaces,
/// `components` holds three numbers (or `"none"`, taken as 0) in that space's ranges, `alpha` is
/// 0...1 (default 1) and `hex` is the optional `#rrggbb` fallback (or its shorthand `#rgb`, as
/// real exports write `#fff`: the same color, with no alpha to disagree with `alpha`), checked
/// but not used.
///
/// A `display-p3` color stays a wide color (``ThemeColor/ColorSpace/displayP3``). A color in
/// another space is converted to sRGB by CSS Color 4's formulas; one that falls outside the sRGB
/// gamut is clipped to it with an `out-of-gamut` warning.
enum DesignTokenColor {
    /// The keys a color object may have, for messages.
    static let keys = ["colorSpace", "components", "alpha", "hex"]

    /// `path` is made only when there is a problem to report.
    static func parse(_ map: NodeMap, node: ThemeNode, path: @autoclosure () -> DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeColor? {
        func fail(_ message: String, at failing: ThemeNode? = nil, key: String? = nil) -> ThemeColor? {
            diagnostics.error(.invalidColor, "invalid color: \(message)", at: (failing ?? node).location, keyPath: key.map { path().appending($0) } ?? path())
            return nil
        }
        // One pass over the (at most four) entries finds each field's position and the first
        // stray key, in the map's order: a color object is read for every color token in every
        // style. (Positions, not the nodes: no entry is copied to be looked at, and no optional
        // node made and let go of for each field.)
        var spaceAt, componentsAt, alphaAt, hexAt: Int?
        let entries = map.entries
        for position in entries.indices {
            switch entries[position].key {
            case "colorSpace": spaceAt = position
            case "components": componentsAt = position
            case "alpha": alphaAt = position
            case "hex": hexAt = position
            case let key:
                return fail("a color object has colorSpace, components, alpha and hex, not \"\(key)\"" + Suggestion.phrase(for: key, among: keys.sorted()))
            }
        }
        guard let spaceAt else { return fail("colorSpace must be a string", key: "colorSpace") }
        let spaceNode = entries[spaceAt].node
        guard let spaceName = spaceNode.string else {
            return fail("colorSpace must be a string", at: spaceNode, key: "colorSpace")
        }
        guard let space = spaceName == "srgb" ? ColorSpaceConversion.sRGBSpace : ColorSpaceConversion.spaces[spaceName] else {
            return fail("unknown colorSpace \"\(spaceName)\" (one of \(ColorSpaceConversion.spaceNames.joined(separator: ", ")))"
                        + Suggestion.phrase(for: spaceName, among: ColorSpaceConversion.spaceNames), at: spaceNode, key: "colorSpace")
        }
        guard let componentsAt else { return fail("components is missing") }
        let componentsNode = entries[componentsAt].node
        guard case .list(let items) = componentsNode.value, items.count == space.components.count, items.count == 3 else {
            return fail("components must be a list of \(space.components.count) numbers for \(spaceName)", at: componentsNode, key: "components")
        }
        // Every space has three components, read in order (the first bad one is reported), with
        // no array to allocate.
        func component(_ index: Int) -> Double? {
            let item = items[index], range = space.components[index]
            if item.string == "none" { return 0 }
            func itemPath() -> DocumentPath { path().appending("components").appending(index: index) }
            guard case .scalar(let scalar) = item.value, let number = scalar.number, number.isFinite else {
                diagnostics.error(.invalidColor, "invalid color: \(range.name) must be a number or \"none\", not \(item.summary)", at: item.location, keyPath: itemPath())
                return nil
            }
            if let lower = range.lower, number < lower {
                diagnostics.error(.invalidColor, "invalid color: \(spaceName) \(range.name) \(item.summary) is below \(lower.plainText)", at: item.location, keyPath: itemPath())
                return nil
            }
            if let upper = range.upper, number > upper {
                diagnostics.error(.invalidColor, "invalid color: \(spaceName) \(range.name) \(item.summary) is above \(upper.plainText)", at: item.location, keyPath: itemPath())
                return nil
            }
            return number
        }
        guard let first = component(0), let second = component(1), let third = component(2) else { return nil }
        var alpha = 1.0
        if let alphaAt {
            let alphaNode = entries[alphaAt].node
            guard case .scalar(let scalar) = alphaNode.value, let value = scalar.number, (0...1).contains(value) else {
                return fail("alpha must be a number from 0 to 1, not \(alphaNode.summary)", at: alphaNode, key: "alpha")
            }
            alpha = value
        }
        if let hexAt {
            let hexNode = entries[hexAt].node
            // The module asks for six digits so that the fallback has no alpha of its own; the
            // three-digit shorthand has none either.
            guard let text = hexNode.string, text.utf8.count == 7 || text.utf8.count == 4, ThemeColor(hex: text) != nil else {
                return fail("hex must be a six-digit fallback \"#rrggbb\" (or its shorthand \"#rgb\"), not \(hexNode.summary)", at: hexNode, key: "hex")
            }
        }
        if spaceName == "srgb" {
            return ThemeColor(red: first, green: second, blue: third, alpha: alpha)  // checked to lie in 0...1
        }
        if spaceName == "display-p3" {
            return ThemeColor(red: first, green: second, blue: third, alpha: alpha, colorSpace: .displayP3)
        }
        let list = [first, second, third]
        let written = "the \(spaceName) color [\(list.map(\.plainText).joined(separator: ", "))]"
        guard let converted = ColorSpaceConversion.toSRGB(list, in: spaceName) else {
            return fail("\(written) is too far outside every gamut to convert to sRGB: its components overflow")
        }
        if converted.wasClipped {
            diagnostics.warning(.outOfGamut, "\(written) lies outside the sRGB gamut and is clipped to it",
                                at: node.location, keyPath: path())
        }
        return ThemeColor(red: converted.red, green: converted.green, blue: converted.blue, alpha: alpha)
    }
}
