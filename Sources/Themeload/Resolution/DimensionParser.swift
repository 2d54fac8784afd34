import Foundation

/// Reads a length in points (docs/SPEC.md, section 11, "Dimensions"): a number, a string with
/// a unit (`"12px"`, `"1.5rem"`, `"12pt"`), or a DTCG dimension `{value, unit}`. `px` and `pt`
/// are points; `rem` is ``DesignTokenOptions/remSize`` points (16 unless the loader says).
struct DimensionParser {
    static let units = ["px", "pt", "rem"]
    let remSize: Double

    /// The length, or `nil` when the node is none (the caller words the diagnostic; see
    /// ``describe``).
    func points(_ node: ThemeNode) -> Double? {
        switch node.value {
        case .scalar(let scalar):
            if let number = scalar.number { return number.isFinite ? number : nil }
            guard let text = scalar.string?.trimmingCharacters(in: .whitespaces) else { return nil }
            for unit in Self.units where text.hasSuffix(unit) {
                let amount = text.dropLast(unit.count)
                guard !amount.isEmpty, amount.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(amount) else { return nil }
                return points(value, unit: unit)
            }
            return nil
        case .map(let map):
            guard map.count == 2, let amount = map["value"].flatMap({ if case .scalar(let value) = $0.value { value.number } else { nil } }),
                  let unit = map["unit"]?.string else { return nil }
            return points(amount, unit: unit)
        default:
            return nil
        }
    }

    private func points(_ amount: Double, unit: String) -> Double? {
        guard amount.isFinite else { return nil }
        switch unit {
        case "px", "pt": return amount
        case "rem": return amount * remSize
        default: return nil
        }
    }

    /// What a length may be, for messages.
    static let acceptedForms = "a length is a number of points, \"12px\", \"12pt\", \"1.5rem\" or {value, unit} with unit px, pt or rem"
}
