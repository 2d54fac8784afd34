/// Decoding a level into the app's own `Decodable` type.
///
/// ```swift
/// struct TitleStyle: Decodable {
///     var textColor: ThemeColor
///     var font: ThemeFont
///     var lines: Int?
/// }
/// let title = try theme.decodeProvider(TitleStyle.self, level: "mainTitle")
/// title(.dark).font.size
/// ```
///
/// Property names are the coding keys. Colors, fonts, image sets and insets decode as
/// ``ThemeColor``, ``ThemeFont``, ``ImageSet`` and ``ThemeInsets`` (a color also as its
/// `#RRGGBBAA` string); numbers, strings, booleans, lists and maps as the Swift types they fit
/// (a number fits an integer type only exactly, and a `Float` only when it stays finite there).
extension Theme {
    /// A level's properties in one style, decoded as `type`.
    ///
    /// - Throws: `DecodingError` when the level does not fit the type (or there is no such level).
    public func decode<T: Decodable>(_ type: T.Type, level: String, style: ThemeStyle) throws -> T {
        guard levelID(level) != nil else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "The theme \(name) has no level \"\(level)\"."))
        }
        return try T(from: ThemeValueDecoder(value: .map(levelTable(style).row(level)), codingPath: []))
    }

    /// A provider of a level decoded as `type`. Every style is decoded here, once, so reading the
    /// provider can never fail.
    public func decodeProvider<T: Decodable & Sendable>(_ type: T.Type, level: String) throws -> ThemeProvider<T> {
        ThemeProvider(styles: styles, values: try styles.map { try decode(type, level: level, style: $0) })
    }
}

/// A `Decoder` over resolved theme values.
struct ThemeValueDecoder: Decoder {
    let value: ThemeValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .map(let map) = value else { throw mismatch([String: ThemeValue].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer(map: map, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items) = value else { throw mismatch([ThemeValue].self, value, codingPath) }
        return UnkeyedContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }

    /// Decodes one value: theme types directly, everything else through its `init(from:)`.
    static func decode<T: Decodable>(_ type: T.Type, from value: ThemeValue, codingPath: [any CodingKey]) throws -> T {
        let typed: Any? =
            switch value {
            case .color(let color): color
            case .font(let font): font
            case .imageSet(let set): set
            case .insets(let insets): insets
            case .shadow(let shadow): shadow
            case .border(let border): border
            case .gradient(let gradient): gradient
            default: nil
            }
        if let direct = typed as? T { return direct }
        return try T(from: ThemeValueDecoder(value: value, codingPath: codingPath))
    }
}

private func mismatch(_ type: Any.Type, _ value: ThemeValue, _ codingPath: [any CodingKey]) -> DecodingError {
    DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected \(type), found \(describe(value))."))
}

/// A value for a decoding error: a scalar with what it holds, anything else by its kind.
private func describe(_ value: ThemeValue) -> String {
    switch value {
    case .color(let color): "the color \(color.canonicalText)"
    case .string(let text): "the string \"\(text)\""
    case .integer(let number): "the integer \(number)"
    case .number(let number): "the number \(number)"
    case .bool(let flag): "\(flag)"
    case .font, .imageSet, .insets, .shadow, .border, .gradient, .list, .map: value.kindDescription
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { "[\(intValue ?? 0)]" }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let map: [String: ThemeValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { map.keys.sorted().compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { map[key.stringValue] != nil }

    private func value(_ key: Key) throws -> ThemeValue {
        guard let value = map[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "The level has no property \"\(key.stringValue)\"."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { map[key.stringValue] == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ThemeValueDecoder.decode(type, from: value(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ThemeValueDecoder(value: value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ThemeValueDecoder(value: value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ThemeValueDecoder(value: .map(map), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { ThemeValueDecoder(value: try value(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [ThemeValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [ThemeValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (ThemeValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(ThemeValue.self, .init(codingPath: codingPath, debugDescription: "The list has no more values."))
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try ThemeValueDecoder.decode(type, from: value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try ThemeValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ThemeValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ThemeValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: ThemeValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { false }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, value, codingPath) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        switch value {
        case .string(let text): return text
        case .color(let color): return color.canonicalText
        default: throw mismatch(type, value, codingPath)
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard let number = value.number else { throw mismatch(type, value, codingPath) }
        return number
    }

    /// A number a `Float` cannot hold (1e300) does not fit, as `JSONDecoder` has it, rather
    /// than becoming infinity.
    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        let converted = Float(number)
        guard converted.isFinite || !number.isFinite else { throw mismatch(type, value, codingPath) }
        return converted
    }

    func decode<T: BinaryInteger & Decodable>(integer type: T.Type) throws -> T {
        switch value {
        case .integer(let number):
            guard let converted = T(exactly: number) else { throw mismatch(type, value, codingPath) }
            return converted
        case .number(let number):
            guard let converted = T(exactly: number) else { throw mismatch(type, value, codingPath) }
            return converted
        default:
            throw mismatch(type, value, codingPath)
        }
    }

    func decode(_ type: Int.Type) throws -> Int { try decode(integer: type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(integer: type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(integer: type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(integer: type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(integer: type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(integer: type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(integer: type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(integer: type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(integer: type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(integer: type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ThemeValueDecoder.decode(type, from: value, codingPath: codingPath)
    }
}
