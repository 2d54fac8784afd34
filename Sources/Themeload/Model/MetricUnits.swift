/// Which metrics and level numbers are lengths: by name, as the CSS and design-token exports write
/// them (docs/SPEC.md, section 11, "CSS export units and names").
package enum MetricUnits {
    /// Whether a metric is a plain number rather than a length, by its name: opacities, alphas,
    /// scales, ratios, factors, multipliers, weights, z-indices and counts.
    package static func isUnitless(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["opacity", "alpha", "scale", "ratio", "factor", "multiplier", "weight", "zindex", "z-index", "count"].contains { lower.hasSuffix($0) }
    }

    /// Whether a level property that is a number is a length, by its name: radii, widths,
    /// spacings, paddings, margins, gaps, insets, offsets, sizes and blurs (`cornerRadius`,
    /// `borderWidth`, `lineSpacing`, `iconSize`). A level's other numbers are plain (`lines`,
    /// `alpha`, `zIndex`): a level holds more kinds of number than the metrics do.
    package static func isLengthProperty(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["radius", "width", "spacing", "padding", "margin", "gap", "inset", "offset", "size", "blur"].contains { lower.hasSuffix($0) }
    }
}
