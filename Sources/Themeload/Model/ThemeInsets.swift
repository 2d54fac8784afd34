/// Edge insets: top, left, bottom and right, in points.
public struct ThemeInsets: Hashable, Sendable, Codable {
    /// The top inset.
    public var top: Double
    /// The left inset.
    public var left: Double
    /// The bottom inset.
    public var bottom: Double
    /// The right inset.
    public var right: Double

    /// Creates insets.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }
}
