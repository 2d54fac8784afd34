/// Reads a gradient (docs/SPEC.md, section 11): a list of stops `{color, position}`, as DTCG
/// gradient tokens write it, with at least one stop. A position outside 0...1 is clamped to it,
/// as the DTCG Format module says.
enum GradientParser {
    static let keys: Set<String> = ["color", "position"]

    /// `styles`, the theme's, name the key that keeps a map meant as values per style from
    /// being one (``StrayStyleKey``).
    static func parse(_ node: ThemeNode, path: DocumentPath, styles: [String] = [], diagnostics: inout DiagnosticCollector) -> ThemeGradient? {
        func fail(_ message: String, at location: SourceLocation? = nil, keyPath: DocumentPath? = nil) -> ThemeGradient? {
            diagnostics.error(.type, "invalid gradient: \(message)", at: location ?? node.location, keyPath: keyPath ?? path)
            return nil
        }
        guard case .list(let items) = node.value, !items.isEmpty else {
            if let map = node.map, StrayStyleKey.report(in: map, isField: { _ in false }, kind: "gradient", styles: styles, path: path, diagnostics: &diagnostics) { return nil }
            let what = if case .list = node.value { "an empty list" } else { node.summary }
            return fail("a gradient is a list of one or more stops {color, position}, not \(what)")
        }
        var stops: [ThemeGradient.Stop] = []
        for (index, item) in items.enumerated() {
            let stopPath = path.appending(index: index)
            guard let map = item.map else { return fail("a stop is {color, position}, not \(item.summary)", at: item.location, keyPath: stopPath) }
            if let stray = map.keys.first(where: { !keys.contains($0) }) {
                return fail("unknown key \"\(stray)\" in a stop" + Suggestion.phrase(for: stray, among: keys), at: map.keyLocation(stray), keyPath: stopPath)
            }
            guard let colorNode = map["color"], let positionNode = map["position"] else {
                return fail("a stop needs a color and a position", at: item.location, keyPath: stopPath)
            }
            guard let color = ColorParser.parse(colorNode, path: stopPath.appending("color"), diagnostics: &diagnostics) else { return nil }
            guard case .scalar(let scalar) = positionNode.value, let position = scalar.number, position.isFinite else {
                return fail("position must be a number from 0 to 1, not \(positionNode.summary)", at: positionNode.location, keyPath: stopPath)
            }
            stops.append(ThemeGradient.Stop(color: color, position: min(max(position, 0), 1)))
        }
        return ThemeGradient(stops: stops)
    }
}
