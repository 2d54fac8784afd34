import Foundation
import Testing
import ThemeloadTesting
import Themeload
import ThemeloadRemote
import ThemeloadTestSupport

/// A published folder served by a real HTTP server on 127.0.0.1, a signing key, and a cache
/// directory, all in a fresh temporary directory.
final class RemoteFixture: Sendable {
    let root: String
    let published: String
    let cache: String
    let key = ThemeSigningKey()
    let server: TestHTTPServer

    init() throws {
        root = NSTemporaryDirectory() + "themeload-remote-" + UUID().uuidString
        published = root + "/published"
        cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: published, withIntermediateDirectories: true)
        server = try TestHTTPServer(root: published)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A theme named `name` whose `normal` text color is `textColor`, loaded from JSON (the name
    /// is the manifest's `name`, so it may be one no file of a bundle could have).
    static func theme(_ name: String, textColor: String, styles: [String] = ["light", "dark"]) throws -> Theme {
        let files = InMemoryFileSystem()
        let styleList = styles.map { "\"\($0)\"" }.joined(separator: ", ")
        var quotedName = ""
        JSONValue.writeString(name, to: &quotedName)
        files.write("/t/Theme.json", """
            {"name": \(quotedName), "styles": [\(styleList)], "levels": {"normal": {"textColor": "\(textColor)", "backgroundColor": "#FFFFFF"}}}
            """)
        return try ThemeLoader(registry: .builtIn, searchDirectories: ["/t"], fileSystem: files).load(named: "Theme").theme
    }

    /// Publishes themes (by default signed by the fixture's key) into the served folder.
    @discardableResult
    func publish(_ themes: [Theme], keys: [ThemeSigningKey]? = nil) throws -> ThemePublisher.Report {
        try ThemePublisher.publish(themes, signedBy: keys ?? [key], to: published)
    }

    /// Publishes `Sunny` (text `#112233`) and `Night` (text `#445566`).
    @discardableResult
    func publishFirstVersion() throws -> ThemePublisher.Report {
        try publish([Self.theme("Sunny", textColor: "#112233"), Self.theme("Night", textColor: "#445566")])
    }

    /// Publishes `Sunny` with a new text color, `Night` unchanged.
    @discardableResult
    func publishSecondVersion() throws -> ThemePublisher.Report {
        try publish([Self.theme("Sunny", textColor: "#AA0000"), Self.theme("Night", textColor: "#445566")])
    }

    /// Limits whose times no test reaches unless it means to. The clock runs on while the whole
    /// suite's long synchronous tests hold every thread of the task pool (under
    /// AddressSanitizer, 45 s at once): an update of 20 s was cut short by that wait alone.
    static let patientLimits = RemoteFetchLimits(requestTimeout: .seconds(120), totalTimeout: .seconds(300))

    /// ``patientLimits`` with the other bounds set by `adjust`.
    static func patientLimits(_ adjust: (inout RemoteFetchLimits) -> Void) -> RemoteFetchLimits {
        var limits = patientLimits
        adjust(&limits)
        return limits
    }

    /// A source over the fixture's server and cache, pinning `keys` (the fixture's key by default).
    func source(keys: [ThemeVerifyingKey]? = nil, limits: RemoteFetchLimits = RemoteFixture.patientLimits,
                retry: RemoteRetryPolicy = .never, pollInterval: Duration = .seconds(3600)) -> RemoteThemeSource {
        RemoteThemeSource(baseURL: server.url(), publicKeys: keys ?? [key.verifyingKey], cacheDirectory: cache,
                          limits: limits, retry: retry, pollInterval: pollInterval)
    }

    /// The `normal` text color of the theme named `name` among `themes`, as hex.
    static func textColor(_ themes: [String: Theme], _ name: String) -> String? {
        guard let theme = themes[name], let level = theme.levelID("normal"), let property = theme.propertyID("textColor"),
              case .color(let color)? = theme.value(level: level, property: property, style: theme.fallbackStyle) else { return nil }
        return color.hex
    }

    /// The path of the published file of theme `name`.
    func publishedFile(of name: String, in report: ThemePublisher.Report) -> String {
        published + "/" + (report.index.entry(named: name)?.path ?? "")
    }

    /// Changes one byte of the file of theme `name` in the cache's current version, as a disk
    /// the app does not control might.
    func tamperWithCachedFile(of name: String) throws {
        let current = try FileManager.default.destinationOfSymbolicLink(atPath: cache + "/.remote/current")
        let url = URL(fileURLWithPath: cache + "/.remote/\(current)/\(name).themec")
        var bytes = try Data(contentsOf: url)
        bytes[20] ^= 0x01
        try bytes.write(to: url)
    }

    /// The names left in the cache's private folder (to find what an interrupted write left).
    var cacheLeftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/.remote")) ?? [])
            .filter { $0.hasPrefix("staging-") || $0.hasPrefix("current.new-") }
    }

    /// The version folders in the cache.
    var cachedVersions: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/.remote/versions")) ?? []).sorted()
    }
}

extension RemoteUpdate {
    /// The error of a failed update.
    var error: RemoteThemeError? {
        if case .failed(let error) = self { error } else { nil }
    }
}
