/// One image file and the traits it is registered for in a `UIImageAsset`: an appearance, a
/// contrast, a display scale and an idiom (`nil`: any), and the variant SPEC's best-match rule
/// picks for them.
public struct ImageRegistration: Hashable, Sendable {
    /// The appearance it is shown in.
    public var appearance: SystemTraits.Appearance
    /// The contrast setting it is shown at.
    public var contrast: SystemTraits.Contrast
    /// The display scale it is registered for.
    public var scale: Int
    /// The idiom it is registered for, or `nil` for any.
    public var idiom: Idiom?
    /// The file: the best variant for those traits (possibly of another scale).
    public var variant: ImageVariant
}

extension ThemeManager {
    /// The file for each appearance, contrast, scale (1–3) and idiom the set names (and any
    /// idiom), under the current selection and style mapping: what an adapter registers in a
    /// `UIImageAsset` so the system picks the right file for each trait collection.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func imageRegistrations(_ key: ThemeKey<ImageSet>) throws(ThemeLookupError) -> [ImageRegistration] {
        let theme = theme
        var registrations: [ImageRegistration] = []
        for appearance in SystemTraits.Appearance.allCases {
            for contrast in SystemTraits.Contrast.allCases {
                let style = style(for: SystemTraits(appearance: appearance, contrast: contrast))
                let set = try theme.value(key, style: style)
                var idioms: [Idiom?] = [nil]
                for variant in set.variants where !idioms.contains(variant.idiom) { idioms.append(variant.idiom) }
                for idiom in idioms {
                    for scale in 1...3 {
                        guard let variant = set.bestResolvedVariant(for: Traits(style: style, scale: scale, idiom: idiom)) else { continue }
                        registrations.append(ImageRegistration(appearance: appearance, contrast: contrast, scale: scale, idiom: idiom, variant: variant))
                    }
                }
            }
        }
        return registrations
    }
}
