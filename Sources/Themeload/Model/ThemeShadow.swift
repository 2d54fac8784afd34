/// A shadow: one or more layers, drawn in order, as a DTCG `shadow` token or CSS's `box-shadow`
/// gives them. A level property named `shadow` or `…Shadow` is one (docs/SPEC.md, section 11).
///
/// ```swift
/// let card = try theme.value(.shadow(level: "card"), style: ThemeStyle("light"))
/// let radius = card.layers.first.map { $0.blur / 2 }   // a CALayer's shadowRadius
/// ```
public struct ThemeShadow: Hashable, Sendable, Codable {
    /// One shadow: a color cast at an offset, blurred and spread, outside the shape or, when
    /// `inset`, inside it. Lengths are in points.
    public struct Layer: Hashable, Sendable, Codable {
        /// The shadow's color.
        public var color: ThemeColor
        /// The horizontal offset; positive is to the right.
        public var offsetX: Double
        /// The vertical offset; positive is down.
        public var offsetY: Double
        /// The blur radius as CSS defines it (twice a `CALayer`'s `shadowRadius`); 0 or more.
        public var blur: Double
        /// How far the shadow grows (or, negative, shrinks) before it is blurred.
        public var spread: Double
        /// An inner shadow, drawn inside the shape.
        public var inset: Bool

        /// A layer; every length defaults to 0.
        public init(color: ThemeColor, offsetX: Double = 0, offsetY: Double = 0, blur: Double = 0, spread: Double = 0, inset: Bool = false) {
            self.color = color
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blur = blur
            self.spread = spread
            self.inset = inset
        }
    }

    /// The layers, the first drawn on top as in CSS.
    public var layers: [Layer]

    /// A shadow of these layers.
    public init(layers: [Layer]) {
        self.layers = layers
    }
}
