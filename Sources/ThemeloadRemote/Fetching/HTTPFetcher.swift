import Foundation
import Themeload
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One response of a GET, read whole within its limit.
struct HTTPResult: Sendable {
    var status: Int
    /// Header fields, names lowercased.
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// GET requests through `URLSession`, bounded: at most `maxBytes` of body (a longer one is
/// cancelled as it arrives, not read first), `timeout` for the whole request, redirects only to
/// the same scheme and at most `maxRedirects`, no URL cache (conditional requests are the
/// caller's), and cancellation that stops the transfer at once.
struct HTTPFetcher: Sendable {
    var maxRedirects: Int
    /// Header fields sent with every request (an API key, say).
    var additionalHeaders: [String: String]

    func get(_ url: URL, headers: [String: String], maxBytes: Int, timeout: Duration) async throws(RemoteThemeError) -> HTTPResult {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // URLSession's own limits only as a backstop: FoundationNetworking on Linux truncates them
        // to whole seconds (0.3 s becomes an immediate time-out), so the limit itself is a timer
        // below that stops the transfer.
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds.rounded(.up) + 1
        configuration.timeoutIntervalForResource = seconds.rounded(.up) + 1
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        for (name, value) in additionalHeaders.merging(headers, uniquingKeysWith: { _, new in new }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let transfer = Transfer(url: url, maxBytes: maxBytes, maxRedirects: maxRedirects)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
        let timer = Task {
            try await Task.sleep(for: timeout)
            transfer.stop(.network(url: url.absoluteString, reason: "no whole answer within the time limit of \(timeout)"))
        }
        defer { timer.cancel() }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(task, continuation: continuation)
            }
        } onCancel: {
            transfer.cancel()
        }
        return try outcome.get()
    }
}

/// The state of one request, fed by `URLSession`'s delegate callbacks on its own queue.
private final class Transfer: NSObject, URLSessionDataDelegate, Sendable {
    private struct State: Sendable {
        var continuation: CheckedContinuation<Result<HTTPResult, RemoteThemeError>, Never>?
        var task: URLSessionDataTask?
        var body = Data()
        var response: HTTPURLResponse?
        var redirects = 0
        /// Why the transfer was stopped from here, if it was.
        var stopped: RemoteThemeError?
    }

    private let url: URL
    private let maxBytes: Int
    private let maxRedirects: Int
    private let state = Locked(State())

    init(url: URL, maxBytes: Int, maxRedirects: Int) {
        self.url = url
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Result<HTTPResult, RemoteThemeError>, Never>) {
        let stopped = state.withLock { state -> RemoteThemeError? in
            state.continuation = continuation
            state.task = task
            return state.stopped
        }
        if let stopped { finish(.failure(stopped)) } else { task.resume() }
    }

    func cancel() {
        stop(.cancelled)
    }

    /// Stops the transfer for `reason` (kept over the cancellation error it causes).
    func stop(_ reason: RemoteThemeError) {
        let task = state.withLock { state -> URLSessionDataTask? in
            if state.stopped == nil { state.stopped = reason }
            return state.task
        }
        task?.cancel()
    }

    private func finish(_ result: Result<HTTPResult, RemoteThemeError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<HTTPResult, RemoteThemeError>, Never>? in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            stop(.network(url: url.absoluteString, reason: "the response is not HTTP"))
            return completionHandler(.cancel)
        }
        state.withLock { $0.response = http }
        // An encoded body's announced length is not the length of what it decodes to, which
        // the limit counts as it arrives.
        if http.statusCode == 200, !Self.isEncoded(Self.headers(of: http)), response.expectedContentLength > Int64(maxBytes) {
            stop(.tooLarge(url: url.absoluteString, limit: maxBytes))
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            state.body.append(data)
            return state.body.count > maxBytes
        }
        if tooLarge { stop(.tooLarge(url: url.absoluteString, limit: maxBytes)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let count = state.withLock { state -> Int in
            state.redirects += 1
            return state.redirects
        }
        let target = request.url
        var refusal: String?
        if target?.scheme?.lowercased() != url.scheme?.lowercased() {
            refusal = "it leads to another scheme (\(target?.absoluteString ?? "no URL"))"
        } else if count > maxRedirects {
            refusal = "more than \(maxRedirects) redirects"
        }
        guard let refusal else { return completionHandler(request) }
        // Declining the redirect completes the task with the redirect response itself; the task
        // must not also be cancelled while URLSession waits for this answer.
        state.withLock { state in
            if state.stopped == nil { state.stopped = .redirectRefused(url: url.absoluteString, reason: refusal) }
        }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (stopped, response, body) = state.withLock { ($0.stopped, $0.response, $0.body) }
        if let stopped { return finish(.failure(stopped)) }
        if let error {
            let reason = (error as? URLError)?.code == .timedOut ? "no whole answer within the time limit" : error.localizedDescription
            return finish(.failure(.network(url: url.absoluteString, reason: reason)))
        }
        guard let response else { return finish(.failure(.network(url: url.absoluteString, reason: "no response"))) }
        let headers = Self.headers(of: response)
        // The announced length is of the body as sent: URLSession decodes a gzip or brotli body
        // (as CDNs send JSON) and gives another number of bytes. Only a body sent as it is can
        // be measured against it; any other is checked by its signature or hash.
        if !Self.isEncoded(headers), response.expectedContentLength >= 0, response.statusCode == 200, Int64(body.count) != response.expectedContentLength {
            return finish(.failure(.network(url: url.absoluteString, reason: "the body was cut short (\(body.count) of \(response.expectedContentLength) bytes)")))
        }
        finish(.success(HTTPResult(status: response.statusCode, headers: headers, body: body)))
    }

    /// A response's header fields, names lowercased.
    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields {
            headers[name.lowercased()] = value
        }
        return headers
    }

    /// Whether a response's body was sent encoded (`Content-Encoding` other than `identity`),
    /// by its header fields (``headers(of:)``).
    private static func isEncoded(_ headers: [String: String]) -> Bool {
        headers["content-encoding"].map { $0.lowercased() != "identity" } ?? false
    }
}
