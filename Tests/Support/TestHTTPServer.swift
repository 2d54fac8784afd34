import Foundation
import Themeload

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for the remote theme tests: it serves a directory, with
/// `ETag`, `Last-Modified`, `Cache-Control` and `304 Not Modified`, and misbehaves on demand
/// per path (statuses, slowness, bodies cut short or too long, redirects, stopping mid-update).
/// Each connection gets one answer and is closed. It writes raw bytes on a socket so that it
/// can lie about `Content-Length`, which a real server library would not do.
public final class TestHTTPServer: Sendable {
    /// How the server answers a path.
    public enum Behavior: Sendable, Equatable {
        /// The file, or 404 when there is none; 304 when `If-None-Match` names its ETag.
        case serve
        /// This status with a short body.
        case status(Int)
        /// Waits this many milliseconds before answering normally.
        case delay(milliseconds: Int)
        /// Announces the whole file but sends only this many bytes, then closes.
        case cutShort(after: Int)
        /// Sends the file with this many extra bytes, announced in `Content-Length`.
        case padded(extra: Int)
        /// Sends the file with no `Content-Length` and this many extra bytes (so only reading
        /// shows it is too long).
        case paddedUnannounced(extra: Int)
        /// Answers 302 with this `Location`.
        case redirect(to: String)
        /// Stops the whole server without answering (the server going away mid-update).
        case stopServer
    }

    /// A request the server received.
    public struct Request: Sendable {
        public var path: String
        /// Header fields, names lowercased.
        public var headers: [String: String]
    }

    private struct State: Sendable {
        var behaviors: [String: Behavior] = [:]
        var requests: [Request] = []
        var cacheControl: String?
        var compresses = false
        /// The open connections, each closed by the thread that answers it.
        var connections: Set<Int32> = []
        var stopped = false
        /// Whether the listening socket is still open (the accept loop closes it as it ends).
        var listening = true
    }

    private let root: String
    private let listener: Int32
    private let state = Locked(State())
    /// The port it listens on.
    public let port: UInt16

    /// Starts serving `root` on a free port of 127.0.0.1.
    public init(root: String) throws {
        self.root = root
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT/` followed by `path`.
    public func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Sets how `path` (without the leading `/`) is answered from now on.
    public func setBehavior(_ behavior: Behavior, for path: String) {
        state.withLock { $0.behaviors[path] = behavior }
    }

    /// Answers every path normally again.
    public func resetBehaviors() {
        state.withLock { $0.behaviors = [:] }
    }

    /// The `Cache-Control` header of every 200 and 304 answer from now on (`nil`: none).
    public func setCacheControl(_ value: String?) {
        state.withLock { $0.cacheControl = value }
    }

    /// Whether files are sent gzip-encoded (`Content-Encoding: gzip`, `Content-Length` the
    /// encoded size) to requests that accept it, as CDNs and nginx's `gzip on` send JSON.
    public func setCompression(_ compresses: Bool) {
        state.withLock { $0.compresses = compresses }
    }

    /// Every request so far, in order.
    public var requests: [Request] {
        state.withLock { $0.requests }
    }

    /// Forgets the requests so far.
    public func clearRequests() {
        state.withLock { $0.requests = [] }
    }

    /// Stops listening and ends every open connection.
    ///
    /// It only shuts the sockets down, and under the lock: each is closed by the one thread that
    /// uses it, once nothing else can touch it. (It used to close them here. A closed number is
    /// soon another socket's: the accept loop, between two `accept` calls, then took another
    /// test's server's connection on it and closed it unanswered, "Empty reply from server",
    /// one whole-suite run in about twenty.)
    public func stop() {
        let wakesListener = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for connection in state.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            guard state.listening else { return false }
            shutdown(listener, Int32(SHUT_RDWR))  // wakes `accept` on Linux
            return true
        }
        #if canImport(Darwin)
            // Darwin's `accept` does not wake for `shutdown`: a connection wakes it, and the loop,
            // seeing the server stopped, closes it and ends.
            if wakesListener { Self.connectAndClose(to: port) }
        #else
            _ = wakesListener
        #endif
    }

    /// Opens a connection to `port` on 127.0.0.1 and closes it without a request.
    public static func connectAndClose(to port: UInt16) {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private func acceptLoop() {
        // The listening socket is this thread's to close, when it no longer calls `accept`.
        defer {
            state.withLock { state in
                state.listening = false
                close(listener)
            }
        }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                let error = errno
                if error == EINTR || error == ECONNABORTED, !state.withLock({ $0.stopped }) { continue }
                return
            }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            #if canImport(Darwin)
                var noSignal: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
            #endif
            guard accepted else {
                close(connection)
                return
            }
            let thread = Thread { [self] in
                handle(connection)
                // Out of the set first, so that `stop` no longer shuts it down, then closed.
                state.withLock { _ = $0.connections.remove(connection) }
                close(connection)
            }
            thread.start()
        }
    }

    private func handle(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        let behavior = state.withLock { state -> Behavior in
            state.requests.append(request)
            return state.behaviors[request.path] ?? .serve
        }
        switch behavior {
        case .serve:
            serveFile(request, on: connection)
        case .status(let status):
            send(connection, status: status, headers: [:], body: Data("status \(status)\n".utf8))
        case .delay(let milliseconds):
            Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            serveFile(request, on: connection)
        case .cutShort(let after):
            guard let data = file(request.path) else { return send(connection, status: 404, headers: [:], body: Data()) }
            send(connection, status: 200, headers: ["Content-Length": "\(data.count)"], body: data.prefix(after), announceLength: false)
        case .padded(let extra):
            guard let data = file(request.path) else { return send(connection, status: 404, headers: [:], body: Data()) }
            send(connection, status: 200, headers: [:], body: data + Data(repeating: 0x20, count: extra))
        case .paddedUnannounced(let extra):
            guard let data = file(request.path) else { return send(connection, status: 404, headers: [:], body: Data()) }
            send(connection, status: 200, headers: [:], body: data + Data(repeating: 0x20, count: extra), announceLength: false)
        case .redirect(let location):
            send(connection, status: 302, headers: ["Location": location], body: Data())
        case .stopServer:
            stop()
        }
    }

    private func file(_ path: String) -> Data? {
        guard !path.split(separator: "/").contains("..") else { return nil }
        return FileManager.default.contents(atPath: root + "/" + path)
    }

    private func serveFile(_ request: Request, on connection: Int32) {
        guard let data = file(request.path) else { return send(connection, status: 404, headers: [:], body: Data("not found\n".utf8)) }
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        let etag = "\"\(String(UInt64(bitPattern: Int64(hasher.finalize())), radix: 16))-\(data.count)\""
        var headers = ["ETag": etag, "Last-Modified": "Mon, 23 Nov 2026 10:00:00 GMT"]
        if let cacheControl = state.withLock({ $0.cacheControl }) { headers["Cache-Control"] = cacheControl }
        if request.headers["if-none-match"] == etag {
            return send(connection, status: 304, headers: headers, body: Data())
        }
        if state.withLock({ $0.compresses }), request.headers["accept-encoding"]?.contains("gzip") == true {
            headers["Content-Encoding"] = "gzip"
            return send(connection, status: 200, headers: headers, body: Self.gzip(data))
        }
        send(connection, status: 200, headers: headers, body: data)
    }

    /// `data` as a gzip member (RFC 1952) of stored deflate blocks (RFC 1951, section 3.2.4):
    /// a valid encoding of another length, which is all a client's decoding needs.
    static func gzip(_ data: Data) -> Data {
        var out = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        let bytes = [UInt8](data)
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let isLast = start + count == bytes.count
            out.append(isLast ? 1 : 0)
            out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out.append(contentsOf: bytes[start..<(start + count)])
            start += count
        } while start < bytes.count
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let size = UInt32(truncatingIfNeeded: bytes.count)
        for value in [crc, size] { out.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
        return out
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.range(of: Data("\r\n\r\n".utf8)) == nil, received.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            // A signal (another test's child process ending) must not cut the request short.
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let text = String(data: received, encoding: .utf8) else { return nil }
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(parts[1].dropFirst())
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        return Request(path: path.removingPercentEncoding ?? path, headers: headers)
    }

    private func send(_ connection: Int32, status: Int, headers: [String: String], body: Data, announceLength: Bool = true) {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nConnection: close\r\n"
        var fields = headers
        if announceLength, fields["Content-Length"] == nil { fields["Content-Length"] = "\(body.count)" }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Data(head.utf8) + body
        bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let count = Foundation.send(connection, raw.baseAddress! + sent, raw.count - sent, Self.sendFlags)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                sent += count
            }
        }
    }

    /// No SIGPIPE when the client has gone: a flag per send on Linux, a socket option on Darwin.
    #if canImport(Glibc)
        private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        private static let sendFlags: Int32 = 0
    #endif

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 302: "Found"
        case 304: "Not Modified"
        case 404: "Not Found"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
