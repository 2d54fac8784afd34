/// A key a ``ThemeManager`` has checked and requires: every theme the manager makes current has
/// it, so reading it cannot fail. Make one at start-up with ``ThemeManager/checked(_:)``, read it
/// anywhere, a SwiftUI `body` included, with ``ThemeManager/subscript(_:)``.
///
/// ```swift
/// let title = try manager.checked(.color(level: "mainTitle"))
/// Text("Hello").foregroundStyle(Color(manager[title]))
/// ```
public struct CheckedThemeKey<Value: Sendable>: Sendable, Hashable {
    /// The key.
    public let key: ThemeKey<Value>
    /// The value in the current style when the key was checked. The manager refuses every theme
    /// without the key, so its reads never need it; it makes a read total, and a dynamic color
    /// whose manager is gone gives it.
    public let valueWhenChecked: Value

    /// Keys are equal when their keys are.
    public static func == (lhs: CheckedThemeKey, rhs: CheckedThemeKey) -> Bool { lhs.key == rhs.key }

    /// Hashes the key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

extension ThemeManager {
    /// Checks a key against the current theme and requires it from now on (see
    /// ``require(_:)``), so that reads of it through ``subscript(_:)`` cannot fail.
    ///
    /// - Throws: ``ThemeLookupError`` when the current theme lacks the key.
    public func checked<Value>(_ key: ThemeKey<Value>) throws(ThemeLookupError) -> CheckedThemeKey<Value> {
        try require(key)
        return CheckedThemeKey(key: key, valueWhenChecked: try value(key))
    }

    /// A checked key's value in the current theme and style.
    public subscript<Value>(_ key: CheckedThemeKey<Value>) -> Value {
        (try? value(key.key)) ?? key.valueWhenChecked
    }

    /// A checked key's value for some traits (see ``value(_:for:)``).
    public subscript<Value>(_ key: CheckedThemeKey<Value>, for traits: SystemTraits) -> Value {
        (try? value(key.key, for: traits)) ?? key.valueWhenChecked
    }
}
