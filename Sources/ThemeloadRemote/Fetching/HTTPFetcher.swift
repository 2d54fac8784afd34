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
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        for (name, value) in additionalHeaders.merging(headers, uniquingKeysWith: { _, new in new }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let transfer = Transfer(url: url, maxBytes: maxBytes, maxRedirects: maxRedirects)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: request)
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
        var cancelledBeforeStart = false
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
        let cancelled = state.withLock { state -> Bool in
            state.continuation = continuation
            state.task = task
            return state.cancelledBeforeStart
        }
        if cancelled { finish(.failure(.cancelled)) } else { task.resume() }
    }

    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            state.cancelledBeforeStart = true
            if state.stopped == nil { state.stopped = .cancelled }
            return state.task
        }
        task?.cancel()
    }

    /// Stops the transfer for `reason` (kept over the cancellation error it causes).
    private func stop(_ reason: RemoteThemeError) {
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
        if http.statusCode == 200, response.expectedContentLength > Int64(maxBytes) {
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
        if target?.scheme?.lowercased() != url.scheme?.lowercased() {
            stop(.redirectRefused(url: url.absoluteString, reason: "it leads to another scheme (\(target?.absoluteString ?? "no URL"))"))
            return completionHandler(nil)
        }
        if count > maxRedirects {
            stop(.redirectRefused(url: url.absoluteString, reason: "more than \(maxRedirects) redirects"))
            return completionHandler(nil)
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (stopped, response, body) = state.withLock { ($0.stopped, $0.response, $0.body) }
        if let stopped { return finish(.failure(stopped)) }
        if let error {
            let reason = (error as? URLError)?.code == .timedOut ? "no whole answer within the time limit" : error.localizedDescription
            return finish(.failure(.network(url: url.absoluteString, reason: reason)))
        }
        guard let response else { return finish(.failure(.network(url: url.absoluteString, reason: "no response"))) }
        if response.expectedContentLength >= 0, response.statusCode == 200, Int64(body.count) != response.expectedContentLength {
            return finish(.failure(.network(url: url.absoluteString, reason: "the body was cut short (\(body.count) of \(response.expectedContentLength) bytes)")))
        }
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields {
            headers[name.lowercased()] = value
        }
        finish(.success(HTTPResult(status: response.statusCode, headers: headers, body: body)))
    }
}
