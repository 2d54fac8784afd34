import Themeload

/// Scalar resolution by the YAML 1.2 core schema, and its tags.
enum YAMLCoreSchema {
    static let prefix = "tag:yaml.org,2002:"
    static let strTag = prefix + "str"
    static let intTag = prefix + "int"
    static let floatTag = prefix + "float"
    static let boolTag = prefix + "bool"
    static let nullTag = prefix + "null"
    static let mapTag = prefix + "map"
    static let seqTag = prefix + "seq"

    enum Resolution {
        case value(DocumentValue)
        /// A number beyond a Double's range.
        case tooLarge
        /// A tagged scalar whose text does not fit its tag; the payload names what was expected.
        case mismatch(String)
        case unsupportedTag
    }

    /// `!!int` for the core tags, the tag as written otherwise.
    static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// Resolves a plain, untagged scalar.
    static func resolvePlain(_ text: String) -> Resolution {
        var text = text
        return text.withUTF8 { resolvePlain($0) } ?? .value(.string(text))
    }

    /// Resolves a plain, untagged scalar from its bytes; `nil` means it is a string (so that the
    /// caller makes a String only when the value is one).
    static func resolvePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Resolution? {
        guard let first = bytes.first else { return .value(.null) }
        // Most scalars in a theme are words or colors: one byte rules them out.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number(bytes)
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if matches(bytes, ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF") { return .value(.float(.infinity)) }
            if matches(bytes, "-.inf", "-.Inf", "-.INF") { return .value(.float(-.infinity)) }
            if matches(bytes, ".nan", ".NaN", ".NAN") { return .value(.float(.nan)) }
            return number(bytes)
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return matches(bytes, "~", "null", "Null", "NULL") ? .value(.null) : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return matches(bytes, "true", "True", "TRUE") ? .value(.bool(true)) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return matches(bytes, "false", "False", "FALSE") ? .value(.bool(false)) : nil
        default:
            return nil
        }
    }

    /// Whether the bytes spell one of the words.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ words: StaticString...) -> Bool {
        words.contains { word in
            word.utf8CodeUnitCount == bytes.count && word.withUTF8Buffer { $0.elementsEqual(bytes) }
        }
    }

    /// Resolves a scalar with an explicit tag.
    static func resolve(_ text: String, tag: String) -> Resolution {
        switch tag {
        case strTag:
            return .value(.string(text))
        case nullTag:
            return ["", "~", "null", "Null", "NULL"].contains(text) ? .value(.null) : .mismatch("null")
        case boolTag:
            switch text {
            case "true", "True", "TRUE": return .value(.bool(true))
            case "false", "False", "FALSE": return .value(.bool(false))
            default: return .mismatch("a boolean")
            }
        case intTag:
            switch number(text) {
            case .value(.integer(let value))?:
                return .value(.integer(value))
            case .value(.hexInteger(let value))?:
                return .value(.hexInteger(value))
            case let beyondInt64? where isIntegerSyntax(text):
                return beyondInt64  // an integer beyond Int64: a float, or too large for one
            default:
                return .mismatch("an integer")
            }
        case floatTag:
            switch resolvePlain(text) {
            case .value(.integer(let value)), .value(.hexInteger(let value)): return .value(.float(Double(value)))
            case .value(.float(let value)): return .value(.float(value))
            case .tooLarge: return .tooLarge
            default: return .mismatch("a number")
            }
        default:
            return .unsupportedTag
        }
    }

    private static func isIntegerSyntax(_ text: String) -> Bool {
        if text.hasPrefix("0x") || text.hasPrefix("0o") { return true }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// Core-schema integers (`[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`) and floats
    /// (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`); `nil` if the text is neither.
    private static func number(_ text: String) -> Resolution? {
        var text = text
        return text.withUTF8 { number($0) }
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Resolution? {
        let text = { String(decoding: bytes, as: UTF8.self) }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            if bytes[1] == UInt8(ascii: "x") { return radixInteger(text().dropFirst(2), radix: 16) }
            if bytes[1] == UInt8(ascii: "o") { return radixInteger(text().dropFirst(2), radix: 8) }
        }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { index += 1 }
        let integerStart = index
        let integer: Int64?
        (index, integer) = DecimalDigits.read(bytes, from: index, negative: negative)
        let integerDigits = index - integerStart
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index].isASCIIDigitByte { index += 1 }
            if integerDigits == 0 && index == fractionStart { return nil }
        } else if integerDigits == 0 {
            return nil
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let exponentStart = index
            while index < bytes.count, bytes[index].isASCIIDigitByte { index += 1 }
            if index == exponentStart { return nil }
        }
        guard index == bytes.count else { return nil }
        if isInteger, let integer { return .value(.integer(integer)) }
        guard let value = Double(text()) else { return nil }
        return value.isFinite ? .value(.float(value)) : .tooLarge
    }

    private static func radixInteger(_ digits: Substring, radix: Int) -> Resolution? {
        let text = String(digits)
        guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit && Int(String($0), radix: radix) != nil }) else { return nil }
        if let value = Int64(text, radix: radix) { return .value(radix == 16 ? .hexInteger(value) : .integer(value)) }
        // Beyond Int64: keep the magnitude as a float, like an oversized decimal.
        var value = 0.0
        for character in text { value = value * Double(radix) + Double(Int(String(character), radix: radix) ?? 0) }
        return value.isFinite ? .value(.float(value)) : .tooLarge
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension UInt8 {
    fileprivate var isASCIIDigitByte: Bool { self &- UInt8(ascii: "0") < 10 }
}
