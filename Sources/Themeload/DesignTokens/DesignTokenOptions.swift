/// How a ``ThemeLoader`` reads design-token files and resolver documents.
///
/// These are the loader's choices, for every theme it loads. A theme's manifest may state its
/// own (`designTokens: {remSize: 10, modifierContexts: {density: compact}}`), which win for that
/// theme, the nearest manifest's over its parents': a theme so reads the same in every loader,
/// in the tool and in the build plugins.
///
/// ```swift
/// var loader = ThemeLoader(registry: .standard)
/// loader.designTokens.remSize = 18
/// loader.designTokens.modifierContexts = ["density": "compact"]
/// ```
public struct DesignTokenOptions: Sendable, Hashable {
    /// Points per `rem` in dimension tokens; 16, the browsers' default font size, unless set.
    /// `px` is taken as points.
    public var remSize: Double
    /// The context to use for a resolver document's modifiers other than the one that gives the
    /// theme its styles, by modifier name. A modifier not named here takes its `default` context,
    /// else its first. Naming the modifier that gives the styles is a warning: each of its
    /// contexts is a style, and an app shows one with ``ThemeManager/setStyle(_:)``.
    public var modifierContexts: [String: String]

    /// Options with `rem` as 16 points and every modifier at its default context.
    public init(remSize: Double = 16, modifierContexts: [String: String] = [:]) {
        self.remSize = remSize
        self.modifierContexts = modifierContexts
    }
}
