import Foundation

/// What one ``RemoteThemeSource/update(force:)`` did.
public enum RemoteUpdate: Sendable, Hashable, CustomStringConvertible {
    /// No request was made: the server's `max-age` for the index has not run out.
    case fresh(until: Date)
    /// The server said the index is unchanged (304), or sent the one already held.
    case notModified
    /// A new signed version was fetched, verified, loaded and made current.
    case updated(Summary)
    /// Nothing changed: the update was refused or could not happen. The themes held before stay.
    case failed(RemoteThemeError)

    /// What an update brought.
    public struct Summary: Sendable, Hashable {
        /// The new index's sequence.
        public var sequence: Int
        /// The themes of the new version.
        public var themes: [String]
        /// The files fetched (the others were unchanged and taken from the cache).
        public var filesFetched: Int
    }

    /// Whether the source holds good themes that are current: everything but a failure.
    public var succeeded: Bool {
        if case .failed = self { false } else { true }
    }

    /// A sentence saying what happened.
    public var description: String {
        switch self {
        case .fresh(let until): "not modified: the index is fresh until \(until.formatted(.iso8601)), so nothing was requested"
        case .notModified: "not modified"
        case .updated(let summary):
            "updated \(summary.filesFetched) file\(summary.filesFetched == 1 ? "" : "s") to version \(summary.sequence) (\(summary.themes.joined(separator: ", ")))"
        case .failed(let error): "refused: \(error)"
        }
    }
}
