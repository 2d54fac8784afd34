/// Everything a theme resolves to in one style: typed palette, fonts, metrics and images, the
/// level table, and the free-form custom data. Nothing in it can fail to read.
public struct ResolvedStyle: Sendable {
    /// The style.
    public let style: ThemeStyle
    /// Palette colors by name.
    public let palette: [String: ThemeColor]
    /// Fonts by name.
    public let fonts: [String: ThemeFont]
    /// Metrics by name: `.integer` or `.number`.
    public let metrics: [String: ThemeValue]
    /// Image sets by name; each lists only the variants that apply to this style.
    public let images: [String: ImageSet]
    /// The level table.
    public let levels: LevelTable
    /// The custom data, references and variants resolved.
    public let custom: [String: ThemeValue]
}
