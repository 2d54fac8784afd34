import Foundation

/// Reads a length in points (docs/SPEC.md, section 11, "Dimensions"): a number, a string with
/// a unit (`"12px"`, `"1.5rem"`, `"12pt"`), or a DTCG dimension `{value, unit}`. `px` and `pt`
/// are points; `rem` is ``DesignTokenOptions/remSize`` points (16 unless the loader says). A
/// length whose points a `Double` cannot hold (`"1e308rem"`) is none: lengths stay finite. Zero
/// needs no unit: `"0"` is zero, and `{value: 0, unit: …}` is zero whatever its unit says.
struct DimensionParser {
    static let units = ["px", "pt", "rem"]
    let remSize: Double

    /// The length, or `nil` when the node is none (the caller words the diagnostic; see
    /// ``acceptedForms`` and ``overflowNote(_:)``).
    func points(_ node: ThemeNode) -> Double? {
        if case .scalar(let scalar) = node.value, let number = scalar.number { return number.isFinite ? number : nil }
        guard let (amount, unit) = amountAndUnit(node) else { return nil }
        let points = unit == "rem" ? amount * remSize : amount
        return points.isFinite ? points : nil
    }

    /// Why a node that reads as a length is none, for a message that says it is not one:
    /// ` (1e+308 rem passes the largest 64-bit float as points)` when its points overflow, else
    /// empty.
    func overflowNote(_ node: ThemeNode) -> String {
        guard let (amount, unit) = amountAndUnit(node), unit == "rem", !(amount * remSize).isFinite else { return "" }
        return " (\(amount) rem passes the largest 64-bit float as points)"
    }

    /// A length written with a unit: its finite amount and its unit, one of ``units``.
    private func amountAndUnit(_ node: ThemeNode) -> (amount: Double, unit: String)? {
        switch node.value {
        case .scalar(let scalar):
            guard let text = scalar.string?.trimmingCharacters(in: .whitespaces) else { return nil }
            for unit in Self.units where text.hasSuffix(unit) {
                let amount = text.dropLast(unit.count)
                guard !amount.isEmpty, amount.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                      let value = Double(amount), value.isFinite else { return nil }
                return (value, unit)
            }
            // CSS's unitless zero, as a string (`"0"`, as REI Cedar's token files write a flat
            // shadow's offsets): zero in any unit.
            return Double(text) == 0 ? (0, "px") : nil
        case .map(let map):
            guard map.count == 2, let amount = map["value"].flatMap({ if case .scalar(let value) = $0.value { value.number } else { nil } }),
                  amount.isFinite, let unit = map["unit"]?.string else { return nil }
            // Zero is zero in any unit, or none (`{"value": 0, "unit": ""}`, as exports write it).
            if amount == 0 { return (0, "px") }
            guard Self.units.contains(unit) else { return nil }
            return (amount, unit)
        default:
            return nil
        }
    }

    /// What a length may be, for messages.
    static let acceptedForms = "a length is a number of points, \"12px\", \"12pt\", \"1.5rem\" or {value, unit} with unit px, pt or rem"
}
