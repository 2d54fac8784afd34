import Foundation

/// A user's choice of theme and style, as a ``ThemeManager`` remembers it.
public struct ThemePreference: Sendable, Hashable, Codable {
    /// The theme's name.
    public var themeName: String
    /// The chosen style, if the user picked one.
    public var style: ThemeStyle?
    /// Whether the style follows the system's appearance rather than a choice (`style` is then
    /// `nil`). Preferences stored before this field existed read as `false`.
    public var followsSystem: Bool

    /// Creates a preference.
    public init(themeName: String, style: ThemeStyle? = nil, followsSystem: Bool = false) {
        self.themeName = themeName
        self.style = style
        self.followsSystem = followsSystem
    }

    /// The style selection the preference stands for, if it names one.
    public var selection: StyleSelection? {
        if followsSystem { return .followsSystem }
        return style.map(StyleSelection.fixed)
    }

    private enum CodingKeys: String, CodingKey {
        case themeName, style, followsSystem
    }

    /// Decodes a preference; a missing `followsSystem` is `false`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        themeName = try container.decode(String.self, forKey: .themeName)
        style = try container.decodeIfPresent(ThemeStyle.self, forKey: .style)
        followsSystem = try container.decodeIfPresent(Bool.self, forKey: .followsSystem) ?? false
    }
}

/// Where a ``ThemeManager`` keeps each user's choice. Provided: ``UserDefaultsPreferenceStore``
/// and ``JSONFilePreferenceStore``; write your own for a server or a keychain.
public protocol ThemePreferenceStore: Sendable {
    /// The stored choice of a user, if any.
    func preference(for userID: String) -> ThemePreference?
    /// Stores a user's choice.
    ///
    /// - Throws: when the choice could not be stored; the ``ThemeManager`` then publishes
    ///   ``ThemeManager/Event/preferenceNotSaved(_:)`` and keeps going.
    func setPreference(_ preference: ThemePreference, for userID: String) throws
}

/// Keeps preferences in `UserDefaults`, under `themeload.preference.<userID>`.
public struct UserDefaultsPreferenceStore: ThemePreferenceStore {
    /// The defaults suite, or `nil` for the standard defaults.
    public let suiteName: String?

    /// Creates a store over the standard defaults or a named suite.
    public init(suiteName: String? = nil) {
        self.suiteName = suiteName
    }

    private var defaults: UserDefaults {
        suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    }

    private func key(_ userID: String) -> String { "themeload.preference.\(userID)" }

    public func preference(for userID: String) -> ThemePreference? {
        guard let data = defaults.data(forKey: key(userID)) else { return nil }
        return try? JSONDecoder().decode(ThemePreference.self, from: data)
    }

    public func setPreference(_ preference: ThemePreference, for userID: String) throws {
        defaults.set(try JSONEncoder().encode(preference), forKey: key(userID))
    }
}

/// Keeps every user's preference in one JSON file, written atomically.
public final class JSONFilePreferenceStore: ThemePreferenceStore {
    /// The file.
    public let url: URL
    private let lock = Locked(())

    /// Creates a store over a file (created on the first write).
    public init(url: URL) {
        self.url = url
    }

    /// Every user's entry as the file has it: nothing for a missing file, `nil` for a file that
    /// cannot be read or holds no JSON object.
    private func readEntries() -> [String: Any]? {
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        guard let data = try? Data(contentsOf: url) else { return nil }
        if data.isEmpty { return [:] }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// The choice of a user; `nil` when there is none, or when the file or the user's entry
    /// cannot be read.
    public func preference(for userID: String) -> ThemePreference? {
        lock.withLock { _ in
            guard let entry = readEntries()?[userID], let data = try? JSONSerialization.data(withJSONObject: entry) else { return nil }
            return try? JSONDecoder().decode(ThemePreference.self, from: data)
        }
    }

    /// Stores a user's choice, rewriting the file atomically. The other users' entries are
    /// written back as they were, even ones this version cannot read.
    ///
    /// - Throws: the file system's error when the folder cannot be made or the file written;
    ///   ``ThemeloadError`` (`io`) when the file is there but cannot be read or holds no JSON
    ///   object: it is left as it is rather than replaced, which would lose every other user's
    ///   choice.
    public func setPreference(_ preference: ThemePreference, for userID: String) throws {
        try lock.withLock { _ in
            guard var all = readEntries() else {
                throw ThemeloadError(.io, "the preference file cannot be read or holds no JSON object; it is left as it is", at: SourceLocation(file: url.path))
            }
            all[userID] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(preference))
            let data = try JSONSerialization.data(withJSONObject: all, options: [.prettyPrinted, .sortedKeys])
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        }
    }
}
