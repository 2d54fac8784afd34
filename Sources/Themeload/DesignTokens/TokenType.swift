/// A design token's `$type`: the value types of the DTCG Format module, 2025.10, sections 8
/// and 9, and the three Terrazzo adds, read once from the token's (or its group's) string and
/// compared as a case from then on. The raw value is the name a file writes.
enum TokenType: String, CaseIterable {
    case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number
    case strokeStyle, border, transition, shadow, gradient, typography
    /// Terrazzo's types beyond DTCG's (a text, a boolean, a URL or path), which files it writes
    /// and checks hold (Adobe Spectrum's, in its DTCG examples): kept as data.
    case string, boolean, link
    /// Stands for a `$type` that was reported as unknown, so its tokens add no second problem.
    /// No file's type reads as it (see ``init(name:)``).
    case invalid = "$invalid"

    /// Terrazzo's types (``string``, ``boolean``, ``link``).
    static let terrazzoTypes: [TokenType] = [.string, .boolean, .link]

    /// The DTCG types, in the Format module's order.
    static let dtcgNames = allCases.filter { $0 != .invalid && !terrazzoTypes.contains($0) }.map(\.rawValue)

    /// Every type a file may name: DTCG's, then Terrazzo's.
    static let names = allCases.filter { $0 != .invalid }.map(\.rawValue)

    /// The types a file may name, for diagnostics: DTCG's, then Terrazzo's.
    static let typeList = "one of \(dtcgNames.joined(separator: ", ")); or Terrazzo's \(terrazzoTypes.map(\.rawValue).joined(separator: ", "))"

    /// The type a file names, if it is one of DTCG's or Terrazzo's.
    init?(name: String) {
        guard let type = TokenType(rawValue: name), type != .invalid else { return nil }
        self = type
    }

    /// The type's name as a file writes it (`"fontWeight"`).
    var name: String { rawValue }

    /// Types written by Tokens Studio and older Style Dictionary files, and the DTCG type each
    /// stands for. Read in the older `value`/`type` form only.
    static let legacyTypes: [String: TokenType] = [
        "sizing": .dimension, "spacing": .dimension, "borderRadius": .dimension, "borderWidth": .dimension,
        "fontSizes": .dimension, "letterSpacing": .dimension, "paragraphSpacing": .dimension, "size": .dimension,
        "opacity": .number, "lineHeights": .number, "fontFamilies": .fontFamily, "fontWeights": .fontWeight,
        "boxShadow": .shadow, "time": .duration,
    ]

    /// Types Style Dictionary's own transforms match in DTCG-form files beside DTCG's (its
    /// `size/sp` and `size/dp` read `fontSize`, as its `examples/basic` writes it), and the DTCG
    /// type each stands for: read in the DTCG form with a warning that names it. (Its `time` is
    /// one of ``legacyTypes``, which a DTCG-form file names as Tokens Studio's export does.)
    static let styleDictionaryTypes: [String: TokenType] = ["fontSize": .dimension]
}
