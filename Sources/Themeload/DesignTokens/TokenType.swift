/// A design token's `$type`: the value types of the DTCG Format module, 2025.10, sections 8
/// and 9, read once from the token's (or its group's) string and compared as a case from then
/// on.
enum TokenType: UInt8, CaseIterable {
    case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number
    case strokeStyle, border, transition, shadow, gradient, typography
    /// Stands for a `$type` that was reported as unknown, so its tokens add no second problem.
    case invalid

    /// The DTCG types, in the Format module's order, for diagnostics that list them.
    static let dtcgTypes = allCases.filter { $0 != .invalid }
    static let dtcgNames = dtcgTypes.map(\.name)

    /// The type's name as a file writes it (`"fontWeight"`).
    var name: String {
        switch self {
        case .color: "color"
        case .dimension: "dimension"
        case .fontFamily: "fontFamily"
        case .fontWeight: "fontWeight"
        case .duration: "duration"
        case .cubicBezier: "cubicBezier"
        case .number: "number"
        case .strokeStyle: "strokeStyle"
        case .border: "border"
        case .transition: "transition"
        case .shadow: "shadow"
        case .gradient: "gradient"
        case .typography: "typography"
        case .invalid: "$invalid"
        }
    }

    /// The type a file names, if it is one of DTCG's.
    init?(name: String) {
        switch name {
        case "color": self = .color
        case "dimension": self = .dimension
        case "fontFamily": self = .fontFamily
        case "fontWeight": self = .fontWeight
        case "duration": self = .duration
        case "cubicBezier": self = .cubicBezier
        case "number": self = .number
        case "strokeStyle": self = .strokeStyle
        case "border": self = .border
        case "transition": self = .transition
        case "shadow": self = .shadow
        case "gradient": self = .gradient
        case "typography": self = .typography
        default: return nil
        }
    }

    /// Types written by Tokens Studio and older Style Dictionary files, and the DTCG type each
    /// stands for. Read in the older `value`/`type` form only.
    static let legacyTypes: [String: TokenType] = [
        "sizing": .dimension, "spacing": .dimension, "borderRadius": .dimension, "borderWidth": .dimension,
        "fontSizes": .dimension, "letterSpacing": .dimension, "paragraphSpacing": .dimension, "size": .dimension,
        "opacity": .number, "lineHeights": .number, "fontFamilies": .fontFamily, "fontWeights": .fontWeight,
        "boxShadow": .shadow, "time": .duration,
    ]
}
