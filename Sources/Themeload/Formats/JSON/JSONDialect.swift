/// The JSON a ``JSONParser`` reads. The parser is generic over it, so each dialect's checks are
/// constants its specialization folds away: strict JSON pays nothing for JSON5.
protocol JSONDialect {
    /// Whether JSON5's additions are read (json5.org, 1.0.0): comments, trailing commas, keys
    /// without quotes, single-quoted strings with JSON5's escapes and line continuations, and
    /// hexadecimal, signed, dotted and non-finite numbers.
    static var isJSON5: Bool { get }
}

/// RFC 8259 JSON, nothing more.
enum StrictJSON: JSONDialect {
    static var isJSON5: Bool { false }
}

/// JSON5 (json5.org, 1.0.0), a superset of JSON.
enum JSON5Dialect: JSONDialect {
    static var isJSON5: Bool { true }
}
