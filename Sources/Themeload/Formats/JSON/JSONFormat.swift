import Foundation

/// The JSON format plugin: strict RFC 8259, with a line and column on every node.
///
/// Foundation's `JSONSerialization` gives no positions and, on Linux, accepts trailing commas, so
/// this plugin has its own parser. Numbers without a fraction or exponent that fit in 64 bits are
/// integers, other numbers floats; a number beyond `Double` is `limit-exceeded`. A duplicate key is
/// `duplicate-key` at its second occurrence. A UTF-8 byte-order mark is skipped; any other
/// encoding is a `syntax` error.
public struct JSONFormat: FormatPlugin {
    /// Creates the plugin.
    public init() {}

    public var name: String { "JSON" }

    public var fileExtensions: [String] { ["json"] }

    public func parse(_ input: FormatInput) throws(ThemeloadError) -> DocumentNode {
        try JSONParser<StrictJSON>.parse(input)
    }
}
