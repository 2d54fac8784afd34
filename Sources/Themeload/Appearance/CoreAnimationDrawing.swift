#if canImport(QuartzCore) && !os(watchOS)
import CoreGraphics
import Foundation
import QuartzCore

// Core Graphics and Core Animation are the same on iOS, tvOS, visionOS and macOS, so the layer
// helpers stand here once for the UIKit and AppKit adapters (watchOS has no Core Animation).

extension ThemeColor {
    /// The color as a Core Graphics color in its space: sRGB, or Display P3 for a wide color.
    public var cgColor: CGColor {
        let components = [CGFloat(red), CGFloat(green), CGFloat(blue), CGFloat(alpha)]
        if let space = CGColorSpace(name: colorSpace == .displayP3 ? CGColorSpace.displayP3 : CGColorSpace.sRGB),
           let color = CGColor(colorSpace: space, components: components) {
            return color
        }
        return CGColor(srgbRed: components[0], green: components[1], blue: components[2], alpha: components[3])
    }
}

extension CALayer {
    /// Draws a theme shadow's first outer layer: its color, offset, and blur (a `shadowRadius`
    /// of half the CSS blur). A `CALayer` draws one shadow without spread, so further layers,
    /// spread and inner shadows are not drawn; no outer layer removes the shadow.
    public func applyThemeShadow(_ shadow: ThemeShadow) {
        guard let layer = shadow.layers.first(where: { !$0.inset }) else {
            shadowOpacity = 0
            return
        }
        shadowColor = layer.color.cgColor
        shadowOpacity = 1
        shadowOffset = CGSize(width: layer.offsetX, height: layer.offsetY)
        shadowRadius = CGFloat(layer.blur / 2)
    }

    /// Draws a theme border's color and width (a `CALayer` border is always solid).
    public func applyThemeBorder(_ border: ThemeBorder) {
        borderColor = border.color.cgColor
        borderWidth = CGFloat(border.width)
    }
}

extension CAGradientLayer {
    /// Sets the gradient's colors and their locations; the direction stays the layer's.
    public func applyThemeGradient(_ gradient: ThemeGradient) {
        colors = gradient.stops.map { $0.color.cgColor }
        locations = gradient.stops.map { NSNumber(value: $0.position) }
    }
}
#endif
