/// Reads a border (docs/SPEC.md, section 11): `{color, width, style}` as DTCG border tokens
/// write it. `color` and `width` (a length of 0 or more) are required; `style` is a stroke style,
/// a keyword (``ThemeBorder/styleNames``, default `solid`) or `{dashArray, lineCap}`.
struct BorderParser {
    static let keys: Set<String> = ["color", "width", "style"]
    let dimensions: DimensionParser
    /// The theme's styles, which name the key that keeps a map meant as values per style from
    /// being one (``StrayStyleKey``); empty where the value is read outside a theme.
    var styles: [String] = []

    func parse(_ node: ThemeNode, path: DocumentPath, diagnostics: inout DiagnosticCollector) -> ThemeBorder? {
        func fail(_ message: String, at location: SourceLocation? = nil) -> ThemeBorder? {
            diagnostics.error(.type, "invalid border: \(message)", at: location ?? node.location, keyPath: path)
            return nil
        }
        guard let map = node.map else { return fail("a border is {color, width, style}, not \(node.summary)") }
        if let stray = map.keys.first(where: { !Self.keys.contains($0) }) {
            if StrayStyleKey.report(in: map, isField: Self.keys.contains, kind: "border", styles: styles, path: path, diagnostics: &diagnostics) { return nil }
            return fail("unknown key \"\(stray)\"" + Suggestion.phrase(for: stray, among: Self.keys), at: map.keyLocation(stray))
        }
        guard let colorNode = map["color"] else { return fail("color is missing") }
        guard let widthNode = map["width"] else { return fail("width is missing") }
        guard let color = ColorParser.parse(colorNode, path: path.appending("color"), diagnostics: &diagnostics) else { return nil }
        guard let width = dimensions.points(widthNode), width >= 0 else {
            return fail("width \(widthNode.summary) is not a length of 0 or more\(dimensions.overflowNote(widthNode)); \(DimensionParser.acceptedForms)", at: widthNode.location)
        }
        guard let styleNode = map["style"] else { return ThemeBorder(color: color, width: width) }
        switch StrokeStyleParser(dimensions: dimensions).parse(styleNode) {
        case .success(let style):
            return ThemeBorder(color: color, width: width, style: style)
        case .failure(let failure):
            return fail(failure.problem.message(inBorder: true), at: failure.location)
        }
    }
}
