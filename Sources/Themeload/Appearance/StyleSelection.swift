/// How a ``ThemeManager`` picks its style: one the user chose, or the one the system's
/// appearance maps to (through a ``StyleMapping``).
public enum StyleSelection: Hashable, Sendable, Codable {
    /// Always this style (the user picked `pink`), whatever the system shows.
    case fixed(ThemeStyle)
    /// The style the system's traits map to: dark mode gives `dark`, Increase Contrast
    /// `darkHighContrast`, and so on.
    case followsSystem
}
