/// A Style Dictionary category: the first name of a token's Category/Type/Item path
/// (`color.base.red` is a `color`), or the token's own `attributes.category`. In the older
/// `value`/`type` form, a token that writes no `type` takes the type Style Dictionary's
/// transforms read its category as (docs/SPEC.md, section 11, "Design tokens").
enum StyleDictionaryCategory: String {
    /// `color`: the `color/*` transforms read the value as a color.
    case color
    /// `size`: `size/rem` and `size/remToPt` read a bare number as rems.
    case size
    /// `time`: `time/seconds` reads a bare number as milliseconds.
    case time

    /// The category a token's path or its `attributes` give, or `nil` for one whose tokens stay
    /// data (`font`, `content`, `asset` …). `attributes.category`, when a string, wins over the
    /// path, as Style Dictionary's `attribute/cti` transform keeps attributes already written.
    init?(key: String, attributes: DocumentNode?) {
        if let written = attributes?["category"]?.value.string {
            self.init(rawValue: written)
        } else {
            let first = key.utf8.firstIndex(of: UInt8(ascii: ".")).map { String(key[..<$0]) } ?? key
            self.init(rawValue: first)
        }
    }

    /// The DTCG type the category's tokens are read as.
    var type: TokenType {
        switch self {
        case .color: .color
        case .size: .dimension
        case .time: .duration
        }
    }

    /// The unit a bare number of the category is in (`"0.75"` of a size is 0.75 rem, `200` of a
    /// time is 200 ms); a number with its unit written (`"12px"`, `"0.2s"`) is read as written.
    var bareNumberUnit: String? {
        switch self {
        case .color: nil
        case .size: "rem"
        case .time: "ms"
        }
    }
}
