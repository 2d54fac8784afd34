import Foundation
import Themeload

/// Why a remote update was refused or could not happen. Whatever the reason, the themes held
/// before stay: nothing is written to the cache, and nothing becomes current, until a whole
/// update has been fetched, verified and loaded.
public enum RemoteThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server could not be reached, the connection broke, a body was cut short, or a request
    /// took longer than its limit.
    case network(url: String, reason: String)
    /// The server answered with a status other than 200 (or 304 for the index).
    case httpStatus(url: String, status: Int)
    /// A response was larger than its limit (the index's, or the size the index gives a file).
    case tooLarge(url: String, limit: Int)
    /// A redirect went to another scheme, or there were more redirects than allowed.
    case redirectRefused(url: String, reason: String)
    /// The index is not a well-formed signed index; the diagnostics say where.
    case invalidIndex([Diagnostic])
    /// No signature of the index verifies with a pinned key.
    case untrustedSignature(url: String, reason: String)
    /// The index is older than the one already held: a replayed index cannot roll themes back.
    case rollback(url: String, sequence: Int, held: Int)
    /// A file's size or SHA-256 differs from what the signed index says.
    case integrity(file: String, reason: String)
    /// A signed theme does not load; its diagnostics say why.
    case themeDoesNotLoad(name: String, diagnostics: [Diagnostic])
    /// The cache directory cannot be written.
    case cacheUnwritable(path: String, reason: String)
    /// The update was cancelled.
    case cancelled

    /// A sentence saying what happened.
    public var description: String {
        switch self {
        case .network(let url, let reason): "could not fetch \(url): \(reason)"
        case .httpStatus(let url, let status): "the server answered HTTP \(status) for \(url)"
        case .tooLarge(let url, let limit): "\(url) is larger than its limit of \(limit) bytes"
        case .redirectRefused(let url, let reason): "refused a redirect from \(url): \(reason)"
        case .invalidIndex(let diagnostics): "the index is not valid: " + diagnostics.map(\.description).joined(separator: "; ")
        case .untrustedSignature(let url, let reason): "refused \(url): \(reason)"
        case .rollback(let url, let sequence, let held): "refused \(url): its sequence \(sequence) is older than the \(held) already held (a replayed index?)"
        case .integrity(let file, let reason): "refused \(file): \(reason)"
        case .themeDoesNotLoad(let name, let diagnostics):
            "refused the theme \(name), which does not load: " + diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
        case .cacheUnwritable(let path, let reason): "cannot write the cache \(path): \(reason)"
        case .cancelled: "the update was cancelled"
        }
    }

    /// The error as diagnostics, as a `ThemeManager` publishes failed updates.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .invalidIndex(let diagnostics): diagnostics
        case .themeDoesNotLoad(_, let diagnostics): diagnostics
        case .network(let url, _), .httpStatus(let url, _), .tooLarge(let url, _), .redirectRefused(let url, _):
            [Diagnostic(.network, description, at: SourceLocation(file: url))]
        case .untrustedSignature(let url, _), .rollback(let url, _, _):
            [Diagnostic(.untrustedSignature, description, at: SourceLocation(file: url))]
        case .integrity(let file, _): [Diagnostic(.integrity, description, at: SourceLocation(file: file))]
        case .cacheUnwritable(let path, _): [Diagnostic(.io, description, at: SourceLocation(file: path))]
        case .cancelled: [Diagnostic(.network, description)]
        }
    }

    /// Whether trying again soon may help: a network fault, a time-out, or a server error (5xx,
    /// 408, 429). A refusal (a signature, a hash, a theme that does not load) is not retried.
    public var isTransient: Bool {
        switch self {
        case .network: true
        case .httpStatus(_, let status): status >= 500 || status == 408 || status == 429
        default: false
        }
    }
}
