/// Which metrics are lengths: by name, as the CSS and design-token exports write them (docs/SPEC.md,
/// section 11, "CSS export units and names").
package enum MetricUnits {
    /// Whether a metric is a plain number rather than a length, by its name: opacities, alphas,
    /// scales, ratios, factors, multipliers, weights, z-indices and counts.
    package static func isUnitless(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["opacity", "alpha", "scale", "ratio", "factor", "multiplier", "weight", "zindex", "z-index", "count"].contains { lower.hasSuffix($0) }
    }
}
