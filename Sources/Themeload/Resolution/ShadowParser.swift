/// Reads a shadow (docs/SPEC.md, section 11): one layer `{color, offsetX, offsetY, blur,
/// spread, inset}` or a list of them, as DTCG shadow tokens write it. `color` is required; the
/// lengths (any form ``DimensionParser`` reads) default to 0, `blur` is 0 or more, `inset`
/// defaults to false. Anything else is a `type` error (`invalid-color` for the color).
struct ShadowParser {
    static let keys: Set<String> = ["color", "offsetX", "offsetY", "blur", "spread", "inset"]
    let dimensions: DimensionParser
    /// The theme's styles, which name the key that keeps a map meant as values per style from
    /// being one (``StrayStyleKey``); empty where the value is read outside a theme.
    var styles: [String] = []

    func parse(_ node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeShadow? {
        if case .list(let items) = node.value {
            guard !items.isEmpty else {
                diagnostics.error(.type, "a shadow needs at least one layer", at: node.location, keyPath: path)
                return nil
            }
            var layers: [ThemeShadow.Layer] = []
            for (index, item) in items.enumerated() {
                guard let layer = layer(item, path: path.appending(index: index), diagnostics: &diagnostics) else { return nil }
                layers.append(layer)
            }
            return ThemeShadow(layers: layers)
        }
        return layer(node, path: path, diagnostics: &diagnostics).map { ThemeShadow(layers: [$0]) }
    }

    private func layer(_ node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeShadow.Layer? {
        func fail(_ message: String, at location: SourceLocation? = nil) -> ThemeShadow.Layer? {
            diagnostics.error(.type, "invalid shadow: \(message)", at: location ?? node.location, keyPath: path)
            return nil
        }
        guard let map = node.map else {
            return fail("a shadow is {color, offsetX, offsetY, blur, spread, inset} or a list of them, not \(node.summary)")
        }
        if let stray = map.keys.first(where: { !Self.keys.contains($0) }) {
            if StrayStyleKey.report(in: map, isField: Self.keys.contains, kind: "shadow", styles: styles, path: path, diagnostics: &diagnostics) { return nil }
            return fail("unknown key \"\(stray)\"" + Suggestion.phrase(for: stray, among: Self.keys), at: map.keyLocation(stray))
        }
        guard let colorNode = map["color"] else { return fail("color is missing") }
        guard let color = ColorParser.parse(colorNode, path: path.appending("color"), diagnostics: &diagnostics) else { return nil }
        var lengths: [Double] = []
        for key in ["offsetX", "offsetY", "blur", "spread"] {
            guard let lengthNode = map[key] else {
                lengths.append(0)
                continue
            }
            guard let length = dimensions.points(lengthNode), key != "blur" || length >= 0 else {
                return fail("\(key) \(lengthNode.summary) is not a length\(key == "blur" ? " of 0 or more" : "")\(dimensions.overflowNote(lengthNode)); \(DimensionParser.acceptedForms)", at: lengthNode.location)
            }
            lengths.append(length)
        }
        var inset = false
        if let insetNode = map["inset"] {
            guard case .scalar(.bool(let flag)) = insetNode.value else { return fail("inset must be true or false, not \(insetNode.summary)", at: insetNode.location) }
            inset = flag
        }
        return ThemeShadow.Layer(color: color, offsetX: lengths[0], offsetY: lengths[1], blur: lengths[2], spread: lengths[3], inset: inset)
    }
}
