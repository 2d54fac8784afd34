import Foundation

/// An image with variants by style, scale and idiom, as in an asset catalog's image set.
public struct ImageSet: Hashable, Sendable {
    /// How an image is drawn: as it is, or as a template tinted by the view.
    public enum RenderingMode: String, CaseIterable, Sendable, Codable {
        /// As the view decides (the asset catalog's default).
        case automatic
        /// Drawn as it is, in its own colors.
        case original
        /// Drawn as a mask tinted by the view's tint color.
        case template
    }

    /// How an image with cap insets fills a larger area.
    public enum ResizingMode: String, CaseIterable, Sendable, Codable {
        /// The middle is repeated.
        case tile
        /// The middle is stretched.
        case stretch
    }

    /// The variants, in source order.
    public var variants: [ImageVariant]
    /// The rendering mode (default `automatic`).
    public var renderingMode: RenderingMode
    /// Cap insets for a resizable image, if any.
    public var capInsets: ThemeInsets?
    /// How the image is resized (default `stretch`).
    public var resizingMode: ResizingMode

    /// Creates an image set.
    public init(variants: [ImageVariant], renderingMode: RenderingMode = .automatic, capInsets: ThemeInsets? = nil, resizingMode: ResizingMode = .stretch) {
        self.variants = variants
        self.renderingMode = renderingMode
        self.capInsets = capInsets
        self.resizingMode = resizingMode
    }

    /// The variant that best fits the traits, as `UIImageAsset` chooses (SPEC section 6).
    ///
    /// Variants whose style or idiom differs from the traits are dropped; of the rest, the one
    /// that names more of the traits wins; then the exact scale, then the nearest larger scale,
    /// then the largest smaller one; ties go to the variant listed first.
    public func bestVariant(for traits: Traits) -> ImageVariant? {
        var best: (variant: ImageVariant, key: (Int, Int))?
        for variant in variants {
            if let style = variant.style, style != traits.style { continue }
            if let idiom = variant.idiom, idiom != traits.idiom { continue }
            let specificity = (variant.style == nil ? 0 : 1) + (variant.idiom == nil ? 0 : 1)
            let scaleRank: Int
            if variant.scale == traits.scale {
                scaleRank = 0
            } else if variant.scale > traits.scale {
                scaleRank = 10 + (variant.scale - traits.scale)  // nearest larger first
            } else {
                scaleRank = 100 + (traits.scale - variant.scale)  // then the largest smaller
            }
            let key = (-specificity, scaleRank)
            if let current = best, !(key < current.key) { continue }
            best = (variant, key)
        }
        return best?.variant
    }
}

extension ImageSet {
    /// The best variant of a set that a theme resolved for `traits.style`: such a set holds the
    /// variants for no style and those of one style, the traits' own or, through a style
    /// fallback (SPEC section 11), the style it falls back to, which then stands in for it.
    public func bestResolvedVariant(for traits: Traits) -> ImageVariant? {
        var traits = traits
        if let styled = variants.lazy.compactMap(\.style).first { traits.style = styled }
        return bestVariant(for: traits)
    }
}

/// One file of an ``ImageSet``.
public struct ImageVariant: Hashable, Sendable {
    /// The file's path relative to the theme bundle that names it, as written (`logo@2x.png`).
    public var file: String
    /// The file's full path on disk. For an image embedded in a compiled theme it is the compiled
    /// file's path followed by `#` and ``file``, which names the image in messages but is no file.
    public var path: String
    /// The image's bytes when they travel inside a compiled theme (`themeload compile
    /// --embed-images`, and the CompiledThemesPlugin); `nil` when the image is the file at ``path``.
    /// ``contents()`` gives the bytes either way.
    public var data: Data?
    /// The scale: 1, 2 or 3.
    public var scale: Int
    /// The idiom it is made for, or `nil` for any.
    public var idiom: Idiom?
    /// The style it is made for, or `nil` for any.
    public var style: ThemeStyle?

    /// Creates a variant.
    public init(file: String, path: String, scale: Int = 1, idiom: Idiom? = nil, style: ThemeStyle? = nil, data: Data? = nil) {
        self.file = file
        self.path = path
        self.data = data
        self.scale = scale
        self.idiom = idiom
        self.style = style
    }
}
