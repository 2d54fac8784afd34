#if canImport(SwiftUI)
import SwiftUI
import Themeload

extension EnvironmentValues {
    /// The theme manager views read their values from; set it with the `themeManager(_:)` view modifier.
    @Entry public var themeManager: ThemeManager? = nil
}

/// Puts a manager in the environment and tells it the system's traits as SwiftUI reports them
/// (color scheme, contrast, display scale, Dynamic Type size), so a manager that follows the
/// system switches styles with them. Views that read the manager re-render through Observation.
struct ThemeManagerModifier: ViewModifier {
    let manager: ThemeManager
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.colorSchemeContrast) private var contrast
    @Environment(\.displayScale) private var displayScale
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    private var traits: SystemTraits {
        SystemTraits(appearance: colorScheme.appearance, contrast: contrast == .increased ? .high : .normal,
                     displayScale: max(1, min(3, Int(displayScale.rounded()))), idiom: nil,
                     contentSize: Themeload.ContentSizeCategory(dynamicTypeSize))
    }

    func body(content: Content) -> some View {
        content
            .environment(\.themeManager, manager)
            .onAppear { manager.updateSystemTraits(traits) }
            .onChange(of: traits) { _, new in manager.updateSystemTraits(new) }
    }
}

extension View {
    /// Puts a theme manager in the environment and keeps its system traits current.
    public func themeManager(_ manager: ThemeManager) -> some View {
        modifier(ThemeManagerModifier(manager: manager))
    }
}

extension Themeload.ContentSizeCategory {
    /// The category of a SwiftUI `DynamicTypeSize`.
    public init(_ size: DynamicTypeSize) {
        switch size {
        case .xSmall: self = .extraSmall
        case .small: self = .small
        case .medium: self = .medium
        case .large: self = .large
        case .xLarge: self = .extraLarge
        case .xxLarge: self = .extraExtraLarge
        case .xxxLarge: self = .extraExtraExtraLarge
        case .accessibility1: self = .accessibilityMedium
        case .accessibility2: self = .accessibilityLarge
        case .accessibility3: self = .accessibilityExtraLarge
        case .accessibility4: self = .accessibilityExtraExtraLarge
        case .accessibility5: self = .accessibilityExtraExtraExtraLarge
        @unknown default: self = .large
        }
    }
}

extension ThemeManager {
    /// A checked color as a SwiftUI `Color`, in the current style; reading it in a view's body
    /// makes the view follow the manager.
    public func color(_ key: CheckedThemeKey<ThemeColor>) -> Color {
        Color(self[key])
    }

    /// A checked font as a SwiftUI `Font`, relative to the level's Dynamic Type style if any.
    public func font(_ key: CheckedThemeKey<ThemeFont>) -> Font {
        guard case .level(let level, _) = key.key.location else { return .themed(self[key]) }
        // The manager's own reads scale by the text style; SwiftUI scales a relative custom font
        // itself, so the unscaled size is handed over with the style. It scales no system font
        // of a given size: a system face takes the manager's scaled size.
        let (theme, style) = current
        let font = (try? theme.value(key.key, style: style)) ?? key.valueWhenChecked
        return .themed(font, relativeTo: theme.textStyle(level: level, style: style), systemSize: CGFloat(self[key].size))
    }

    /// A checked image set's best file for the current style and a display scale.
    public func image(_ key: CheckedThemeKey<ImageSet>, displayScale: Int) -> Image? {
        self[key].bestResolvedVariant(for: Traits(style: style, scale: displayScale)).flatMap(Image.themed)
    }

    /// Checked insets as SwiftUI `EdgeInsets`.
    public func insets(_ key: CheckedThemeKey<ThemeInsets>) -> EdgeInsets {
        EdgeInsets(self[key])
    }
}
#endif
