/// The bounds of a remote update: no response, request or update can grow or last without end.
public struct RemoteFetchLimits: Sendable, Hashable {
    /// Largest signed index accepted, in bytes.
    public var maxIndexSize: Int
    /// Largest theme file accepted, in bytes; a file is also never read past the size its signed
    /// index gives.
    public var maxFileSize: Int
    /// Largest sum of the sizes of the files one index lists, in bytes: an update holds what it
    /// fetched until it is checked whole, the cache keeps every file, and the app every theme
    /// of them. An index listing more is refused before any file is fetched.
    public var maxTotalSize: Int
    /// Longest one request may take, from sending it to the last byte.
    public var requestTimeout: Duration
    /// Longest a whole update may take, retries and backoff included.
    public var totalTimeout: Duration
    /// Most redirects followed per request (never to another scheme).
    public var maxRedirects: Int
    /// The longest the index's `Cache-Control: max-age` keeps the source from asking for it
    /// (a CDN that gives every file a year, as it should the theme files, would otherwise stop
    /// updates for a year).
    public var maxFreshness: Duration

    /// Creates limits.
    public init(maxIndexSize: Int = 1 << 20, maxFileSize: Int = 64 << 20, maxTotalSize: Int = 256 << 20, requestTimeout: Duration = .seconds(30),
                totalTimeout: Duration = .seconds(120), maxRedirects: Int = 3, maxFreshness: Duration = .seconds(86_400)) {
        self.maxIndexSize = maxIndexSize
        self.maxFileSize = maxFileSize
        self.maxTotalSize = maxTotalSize
        self.requestTimeout = requestTimeout
        self.totalTimeout = totalTimeout
        self.maxRedirects = maxRedirects
        self.maxFreshness = maxFreshness
    }

    /// 1 MiB indexes, 64 MiB files, 256 MiB of files an index, 30 s a request, 2 minutes an
    /// update, 3 redirects, a day's freshness at most.
    public static let `default` = RemoteFetchLimits()
}

/// How a request that failed for a passing reason (``RemoteThemeError/isTransient``) is tried
/// again: exponential backoff with full jitter, so many clients that failed together do not all
/// come back together.
public struct RemoteRetryPolicy: Sendable, Hashable {
    /// Tries in all, the first included (1: never retry).
    public var maxAttempts: Int
    /// The backoff before the second try; each later one doubles, up to `maxDelay`.
    public var initialDelay: Duration
    /// The longest backoff.
    public var maxDelay: Duration

    /// Creates a policy.
    public init(maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// Three tries, backing off from half a second.
    public static let `default` = RemoteRetryPolicy()
    /// One try.
    public static let never = RemoteRetryPolicy(maxAttempts: 1)

    /// The backoff before try `attempt` (2, 3, …): a random duration between zero and
    /// `initialDelay × 2^(attempt − 2)`, capped at `maxDelay`.
    func delay(beforeAttempt attempt: Int, random: Double = Double.random(in: 0...1)) -> Duration {
        let exponent = min(max(attempt - 2, 0), 30)
        let ceiling = min(initialDelay * (1 << exponent), maxDelay)
        return ceiling * min(max(random, 0), 1)
    }
}
