import Foundation
import Themeload

/// Writes the canonical form as an XML property list. Property lists have no null, so the keys
/// that are null in the canonical JSON (`family`, `idiom`, `style`, `capInsets` when unset) are
/// left out.
enum PlistExporter {
    /// A string XML 1.0 cannot hold: most control characters, U+FFFE and U+FFFF. Written raw,
    /// they make a file that is not XML, which property-list readers (this one among them)
    /// refuse.
    struct UnwritableText: Error, CustomStringConvertible {
        let path: String
        let scalar: Unicode.Scalar
        var description: String {
            "\(path) holds U+\(String(format: "%04X", scalar.value)), which an XML property list cannot hold; export it as json or yaml"
        }
    }

    static func data(_ value: JSONValue) throws -> Data {
        try check(value, path: "")
        return try PropertyListSerialization.data(fromPropertyList: object(value) ?? [String: Any](), format: .xml, options: 0)
    }

    /// Throws ``UnwritableText`` at the first key or string XML cannot hold.
    private static func check(_ value: JSONValue, path: String) throws(UnwritableText) {
        func unwritable(_ text: String) -> Unicode.Scalar? {
            text.unicodeScalars.first { scalar in
                switch scalar.value {
                case 0x09, 0x0A, 0x0D: false
                case 0x00...0x1F, 0xFFFE, 0xFFFF: true
                default: false
                }
            }
        }
        switch value {
        case .object(let members):
            for (key, member) in members {
                let memberPath = path.isEmpty ? key : path + "." + key
                if let scalar = unwritable(key) { throw UnwritableText(path: "the key " + memberPath, scalar: scalar) }
                try check(member, path: memberPath)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { try check(item, path: "\(path)[\(index)]") }
        case .string(let text):
            if let scalar = unwritable(text) { throw UnwritableText(path: path, scalar: scalar) }
        case .number, .bool, .null:
            break
        }
    }

    static func object(_ value: JSONValue) -> Any? {
        switch value {
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for (key, member) in members { if let converted = object(member) { dictionary[key] = converted } }
            return dictionary
        case .array(let items): return items.compactMap(object)
        case .string(let text): return text
        case .number(let text): return Int64(text).map { $0 as Any } ?? Double(text).map { $0 as Any } ?? text
        case .bool(let flag): return flag
        case .null: return nil
        }
    }
}
