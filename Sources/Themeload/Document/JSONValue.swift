/// A JSON value ready to print: what the tool's JSON output and the canonical theme form are
/// built from. Objects keep the order they are given.
package indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number, already in its JSON spelling.
    case number(String)
    case bool(Bool)
    case null

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// An integer.
    package static func integer<T: BinaryInteger>(_ value: T) -> JSONValue {
        .number(String(value))
    }

    /// A finite double in its shortest round-trip form, integral values without a fraction
    /// (`15`, `0.5`, `1e-07`); infinities and NaN as the strings `".inf"`, `"-.inf"`, `".nan"`.
    package static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string(nonFiniteSpelling(value)) }
        return .number(value.plainText)
    }

    /// A float that keeps a fraction even when integral (`1.0`), so the output shows it is a float.
    package static func float(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string(nonFiniteSpelling(value)) }
        return .number(value.description)
    }

    private static func nonFiniteSpelling(_ value: Double) -> String {
        value.isNaN ? ".nan" : value < 0 ? "-.inf" : ".inf"
    }

    /// The JSON text: indented by two spaces when `pretty`, else on one line with no spaces.
    package func text(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return output += "{}" }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                Self.writeString(key, to: &output)
                output += pretty ? ": " : ":"
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "}"
        case .array(let items):
            guard !items.isEmpty else { return output += "[]" }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                item.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "]"
        case .string(let text):
            Self.writeString(text, to: &output)
        case .number(let text):
            output += text
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    private func newline(_ output: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Appends a JSON string literal: quotes, backslashes and control characters escaped.
    package static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension Double {
    /// The number without a needless fraction: `15`, `0.5`, `1e-07` (integral values below 1e15
    /// as integers, others in their shortest round-trip form).
    package var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : description
    }
}

extension DocumentNode {
    /// The document as JSON text, as `themeload parse` prints it: maps in source order, floats
    /// with a fraction, non-finite floats as `".inf"`, `"-.inf"`, `".nan"`. With `locations`, every
    /// node is wrapped as `{"value", "line", "column"}` (null where the format does not know them).
    /// A plugin's tests can compare what it reads with this; what the JSON plugin reads comes back
    /// unchanged from it.
    public func jsonText(includingLocations locations: Bool = false, pretty: Bool = true) -> String {
        jsonValue(includingLocations: locations).text(pretty: pretty)
    }

    /// The document as JSON for `themeload parse`: maps in source order, floats with a fraction,
    /// non-finite floats as `".inf"`, `"-.inf"`, `".nan"`. With `locations`, every node is wrapped
    /// as `{"value", "line", "column"}` (null where the format does not know them).
    package func jsonValue(includingLocations locations: Bool) -> JSONValue {
        let value: JSONValue
        switch self.value {
        case .map(let entries):
            value = .object(entries.map { ($0.key, $0.value.jsonValue(includingLocations: locations)) })
        case .list(let items):
            value = .array(items.map { $0.jsonValue(includingLocations: locations) })
        case .string(let text): value = .string(text)
        case .integer(let number), .hexInteger(let number): value = .integer(number)
        case .float(let number): value = .float(number)
        case .bool(let flag): value = .bool(flag)
        case .null: value = .null
        }
        guard locations else { return value }
        return .object([
            ("value", value),
            ("line", location.line.map(JSONValue.integer) ?? .null),
            ("column", location.column.map(JSONValue.integer) ?? .null),
        ])
    }
}
