import Themeload

/// Writes a document as JSON text, for the JSON plugin's round-trip check.
enum JSONText {
    static func write(_ node: DocumentNode) -> String {
        var out = ""
        write(node, to: &out)
        return out
    }

    private static func write(_ node: DocumentNode, to out: inout String) {
        switch node.value {
        case .map(let entries):
            out += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { out += "," }
                string(entry.key, to: &out)
                out += ":"
                write(entry.value, to: &out)
            }
            out += "}"
        case .list(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .string(let text): string(text, to: &out)
        case .integer(let value), .hexInteger(let value): out += String(value)
        case .float(let value): out += value.isFinite ? "\(value)" : "null"
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    private static func string(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
