import Foundation
import Themeload

/// Signed themes from any static web server, kept in a cache directory the app owns, that can
/// never break the app (docs/SPEC.md section 13).
///
/// ```swift
/// let source = RemoteThemeSource(baseURL: URL(string: "https://cdn.example.com/themes/")!,
///                                publicKeys: [pinnedKey],
///                                cacheDirectory: cachesURL.appendingPathComponent("themes").path)
/// let manager = try ThemeManager(loader: bundledLoader, defaultTheme: "Default",
///                                suppliedThemes: source.cachedThemes)
/// Task { await manager.follow(source) }   // updates apply like hot reloads
/// ```
///
/// An update fetches the signed index conditionally (`If-None-Match`, `If-Modified-Since`, and
/// not at all while `Cache-Control: max-age` says it is fresh), verifies its signature by a
/// pinned key, fetches only the files whose hash changed, checks each file's size and SHA-256,
/// loads every theme, and only then swaps the new version into the cache and makes it current.
/// Anything less leaves the themes held before, and says why. Every request, response and
/// update is bounded (``RemoteFetchLimits``), passing failures are retried with backoff
/// (``RemoteRetryPolicy``), and cancelling the task stops an update at once. Concurrent
/// ``update(force:)`` calls share one update; two processes on one cache take turns.
public actor RemoteThemeSource: ThemeFeed {
    /// The folder the index and the files it names are served from.
    public nonisolated let baseURL: URL
    /// The keys an index may be signed by.
    public nonisolated let publicKeys: [ThemeVerifyingKey]
    /// The cache directory; it is also a search directory holding `NAME.themec` for each theme.
    public nonisolated let cacheDirectory: String
    /// The bounds of an update.
    public nonisolated let limits: RemoteFetchLimits
    /// How passing failures are retried.
    public nonisolated let retry: RemoteRetryPolicy
    /// How often ``events()`` checks for an update (a fresh `max-age` skips the request); at
    /// least ``shortestPollInterval``.
    public nonisolated let pollInterval: Duration

    /// The shortest ``pollInterval``: a shorter one given is taken as this (a zero or negative
    /// one asked the server again as soon as it answered, for as long as the app ran).
    public static let shortestPollInterval: Duration = .seconds(1)

    private let fetcher: HTTPFetcher
    private var cache: ThemeCache
    private var held: ThemeCache.Version?
    private let snapshot: Locked<[String: Theme]>
    private var running: Task<RemoteUpdate, Never>?

    /// A source over `cacheDirectory`, holding at once the newest cached version that verifies
    /// (so ``cachedThemes`` is ready before any network access).
    ///
    /// - Parameters:
    ///   - baseURL: the folder of `index.json` (`https://host/themes/`); the index's file paths
    ///     are relative to it.
    ///   - publicKeys: the pinned keys; more than one while rotating.
    ///   - cacheDirectory: the folder the app owns for the cache (made when missing).
    ///   - limits: the bounds of one update: sizes, times, redirects.
    ///   - retry: how failed requests are retried (network faults, 408, 429 and 5xx only).
    ///   - pollInterval: how often a manager following the source (`ThemeManager.follow(_:)`) polls for an update when the index says nothing
    ///     about its freshness; at least ``shortestPollInterval``.
    ///   - additionalHeaders: header fields sent with every request.
    public init(baseURL: URL, publicKeys: [ThemeVerifyingKey], cacheDirectory: String, limits: RemoteFetchLimits = .default,
                retry: RemoteRetryPolicy = .default, pollInterval: Duration = .seconds(3600), additionalHeaders: [String: String] = [:]) {
        self.baseURL = baseURL.path.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
        self.publicKeys = publicKeys
        self.cacheDirectory = cacheDirectory
        self.limits = limits
        self.retry = retry
        self.pollInterval = max(pollInterval, Self.shortestPollInterval)
        fetcher = HTTPFetcher(maxRedirects: limits.maxRedirects, additionalHeaders: additionalHeaders)
        cache = ThemeCache(directory: cacheDirectory)
        let found = cache.newestGoodVersion(trusting: publicKeys, limits: limits)
        held = found.version
        snapshot = Locked(found.version?.themes ?? [:])
    }

    /// The good themes held now, by name: the cache's on start, then each good update's.
    /// Empty when there is none yet (the app's bundled themes apply).
    public nonisolated var cachedThemes: [String: Theme] {
        snapshot.withLock { $0 }
    }

    /// The signed index of the themes held now.
    public var index: RemoteIndex? { held?.index }

    /// Stops future writes after `step`, as a killed process would (tests of crash safety).
    package func interruptWrites(after step: CacheStep?) {
        guard let step else { return cache.interruption = nil }
        cache.interruption = { @Sendable reached in reached == step }
    }

    // MARK: - Updating

    /// Runs one update and says what it did. A call while an update runs waits for that one and
    /// gets its result. Cancelling the calling task stops the update.
    ///
    /// - Parameter force: ask the server even while its `max-age` says the index is fresh (a
    ///   pull to refresh); the request is still conditional.
    public func update(force: Bool = false) async -> RemoteUpdate {
        if let running { return await withTaskCancellationHandler { await running.value } onCancel: { running.cancel() } }
        let task = Task { await self.performUpdate(force: force) }
        running = task
        let outcome = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        if running == task { running = nil }
        return outcome
    }

    private func performUpdate(force: Bool) async -> RemoteUpdate {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: limits.totalTimeout)
        let indexURL = baseURL.appendingPathComponent(SignedIndex.fileName)
        let state = held.flatMap { held in cache.httpState().flatMap { $0.version == held.name ? $0 : nil } }
        if !force, let until = state?.freshUntil(at: Date(), atMost: limits.maxFreshness) { return .fresh(until: until) }
        var headers: [String: String] = [:]
        if let state {
            headers["If-None-Match"] = state.etag
            headers["If-Modified-Since"] = state.lastModified
        }
        do {
            let response = try await fetch(indexURL, headers: headers, maxBytes: limits.maxIndexSize, deadline: deadline, allowNotModified: held != nil)
            let answered = { (version: String) in
                CacheHTTPState(version: version, etag: response.header("ETag"), lastModified: response.header("Last-Modified"),
                               checked: Date(), maxAge: CacheHTTPState.maxAge(fromCacheControl: response.header("Cache-Control")))
            }
            if response.status == 304, let held {
                cache.saveHTTPState(answered(held.name))
                return .notModified
            }
            if let held, response.body == held.indexData {
                cache.saveHTTPState(answered(held.name))
                return .notModified
            }
            let index = try SignedIndex.open(response.body, file: indexURL.absoluteString, trusting: publicKeys, maxFileSize: limits.maxFileSize, maxTotalSize: limits.maxTotalSize)
            if let held, index.sequence <= held.index.sequence {
                throw RemoteThemeError.rollback(url: indexURL.absoluteString, sequence: index.sequence, held: held.index.sequence)
            }
            var files: [String: Data] = [:], fetched = 0
            for entry in index.themes {
                let url = baseURL.appendingPathComponent(entry.path)
                let data: Data
                if let reused = held.flatMap({ reusable(entry, in: $0) }) {
                    data = reused
                } else {
                    data = try await fetch(url, headers: [:], maxBytes: entry.size, deadline: deadline, allowNotModified: false).body
                    fetched += 1
                }
                // Loaded whole before anything is written; what becomes current is read back below.
                _ = try CompiledThemeCheck.theme(from: data, entry: entry, file: url.absoluteString, directory: cacheDirectory)
                files[entry.name] = data
            }
            try Task.checkCancellation()
            let name = try cache.install(indexData: response.body, index: index, files: files)
            // Read back what was written, as any later start will: what becomes current is
            // what the cache holds.
            let installed = try cache.version(named: name, trusting: publicKeys, limits: limits)
            held = installed
            snapshot.withLock { $0 = installed.themes }
            cache.saveHTTPState(answered(name))
            return .updated(.init(sequence: index.sequence, themes: index.themes.map(\.name), filesFetched: fetched))
        } catch let error as RemoteThemeError {
            return .failed(error)
        } catch is CancellationError {
            return .failed(.cancelled)
        } catch {
            return .failed(.network(url: indexURL.absoluteString, reason: "\(error)"))
        }
    }

    /// The cached bytes of a file whose hash is unchanged, so it is not fetched again: read from
    /// the held version's folder, and `nil` (so the file is fetched) when the copy there is gone
    /// or no longer has the entry's size and hash.
    private func reusable(_ entry: RemoteIndex.Entry, in version: ThemeCache.Version) -> Data? {
        guard let old = version.index.themes.first(where: { $0.sha256 == entry.sha256 && $0.size == entry.size }),
              let data = cache.file(ofTheme: old.name, inVersion: version.name, limit: entry.size),
              data.count == entry.size, CompiledThemeCheck.digest(data) == entry.sha256 else { return nil }
        return data
    }

    /// A GET with retries for passing failures, within the update's deadline. Statuses other
    /// than 200 (and 304 where allowed) are failures.
    private func fetch(_ url: URL, headers: [String: String], maxBytes: Int, deadline: ContinuousClock.Instant,
                       allowNotModified: Bool) async throws(RemoteThemeError) -> HTTPResult {
        let clock = ContinuousClock()
        var attempt = 1
        while true {
            if Task.isCancelled { throw .cancelled }
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else {
                throw .network(url: url.absoluteString, reason: "the update took longer than its limit of \(limits.totalTimeout)")
            }
            let failure: RemoteThemeError
            do {
                let result = try await fetcher.get(url, headers: headers, maxBytes: maxBytes, timeout: min(limits.requestTimeout, remaining))
                if result.status == 200 || (result.status == 304 && allowNotModified) { return result }
                failure = .httpStatus(url: url.absoluteString, status: result.status)
            } catch {
                failure = error
            }
            guard failure.isTransient, attempt < retry.maxAttempts else { throw failure }
            attempt += 1
            let backoff = retry.delay(beforeAttempt: attempt)
            guard clock.now.advanced(by: backoff) < deadline else { throw failure }
            do {
                try await Task.sleep(for: backoff)
            } catch {
                throw .cancelled
            }
        }
    }

    // MARK: - Following

    /// The themes held now, then, every ``pollInterval``, each update's new themes or failure
    /// (`ThemeFeed`); "not modified" and "fresh" report nothing. Ends when the iterating task
    /// is cancelled.
    public nonisolated func events() -> AsyncStream<ThemeFeedEvent> {
        AsyncStream { continuation in
            let polling = Task {
                continuation.yield(.themes(self.cachedThemes))
                while !Task.isCancelled {
                    switch await self.update() {
                    case .updated: continuation.yield(.themes(self.cachedThemes))
                    case .failed(.cancelled): break
                    case .failed(let error): continuation.yield(.failed(error.diagnostics))
                    case .fresh, .notModified: break
                    }
                    try? await Task.sleep(for: self.pollInterval)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in polling.cancel() }
        }
    }
}
