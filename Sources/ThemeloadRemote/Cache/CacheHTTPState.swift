import Foundation

/// What the cache remembers of the last index request, to make the next one conditional and to
/// honour `Cache-Control: max-age`. It is not signed and needs no signature: it can only save a
/// request or make one, and it counts only for the version it was recorded with.
struct CacheHTTPState: Codable, Sendable, Equatable {
    /// The version folder this state belongs to.
    var version: String
    var etag: String?
    var lastModified: String?
    /// When the server last answered for the index.
    var checked: Date
    /// How long that answer stays fresh, from `Cache-Control: max-age`.
    var maxAge: Int?

    /// Until when no request is needed at `now`, if the server said: at most `longest` after
    /// the answer, and `nil` when it is no longer fresh, or when the answer seems to come from
    /// the future (the device's clock was wrong then, or is now), so a clock set right or
    /// wrong never stops updates for long.
    func freshUntil(at now: Date, atMost longest: Duration) -> Date? {
        guard let maxAge, checked <= now else { return nil }
        let until = checked.addingTimeInterval(min(TimeInterval(maxAge), TimeInterval(longest.components.seconds)))
        return until > now ? until : nil
    }

    /// `max-age` of a `Cache-Control` header, unless `no-cache` or `no-store` says not to reuse.
    static func maxAge(fromCacheControl header: String?) -> Int? {
        guard let header else { return nil }
        var maxAge: Int?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "no-cache", "no-store": return nil
            case "max-age": maxAge = parts.count == 2 ? Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
            default: break
            }
        }
        return maxAge.map { max(0, $0) }
    }
}
