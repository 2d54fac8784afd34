import Foundation

/// The JSON5 format plugin (json5.org, 1.0.0): JSON with comments, trailing commas, keys without
/// quotes, single-quoted strings, line continuations, and hexadecimal, signed, dotted and
/// non-finite numbers. Style Dictionary reads token files this way, so teams write them so.
///
/// Values are read as the JSON plugin reads them, with a line and column on every node: a
/// number without a fraction or exponent that fits in 64 bits is an integer (`0x1F` too),
/// others floats; `Infinity` and `NaN` are the floats YAML's `.inf` and `.nan` are. A duplicate
/// key is `duplicate-key`; anything else that is not JSON5 is a `syntax` error. A `\u` escape
/// of a lone surrogate, which JavaScript keeps, is an error: a Swift string cannot hold one.
public struct JSON5Format: FormatPlugin {
    /// Creates the plugin.
    public init() {}

    /// `"JSON5"`.
    public var name: String { "JSON5" }

    /// `json5`.
    public var fileExtensions: [String] { ["json5"] }

    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        try JSONParser<JSON5Dialect>.parse(input)
    }
}
