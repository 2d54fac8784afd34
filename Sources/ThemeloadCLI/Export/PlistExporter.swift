import Foundation
import Themeload

/// Writes the canonical form as an XML property list. Property lists have no null, so the keys
/// that are null in the canonical JSON (`family`, `idiom`, `style`, `capInsets` when unset) are
/// left out.
enum PlistExporter {
    static func data(_ value: JSONValue) throws -> Data {
        try PropertyListSerialization.data(fromPropertyList: object(value) ?? [String: Any](), format: .xml, options: 0)
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
