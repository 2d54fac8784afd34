/// A gradient: colors at positions from 0 to 1 along it, as a DTCG `gradient` token gives them
/// (its direction is the view's to choose). A level property named `gradient` or `…Gradient` is
/// one (docs/SPEC.md, section 11).
public struct ThemeGradient: Hashable, Sendable, Codable {
    /// A color at a position along the gradient.
    public struct Stop: Hashable, Sendable, Codable {
        /// The stop's color.
        public var color: ThemeColor
        /// Where the stop is, from 0 (the start) to 1 (the end).
        public var position: Double

        /// A stop.
        public init(color: ThemeColor, position: Double) {
            self.color = color
            self.position = position
        }
    }

    /// The stops, in the order written.
    public var stops: [Stop]

    /// A gradient through these stops.
    public init(stops: [Stop]) {
        self.stops = stops
    }
}
