import Foundation
import Themeload

/// A check that a `FormatPlugin` keeps the rules every plugin must keep, for authors of
/// third-party plugins to run in their own tests. The built-in plugins pass it too.
///
/// ```swift
/// let location = SourceLocation(file: "")  // locations are not compared
/// let problems = FormatPluginConformance(
///     plugin: JSONFormat(),
///     sample: Data(##"{"name": "Moments", "palette": {"primary": "#0770E3"}}"##.utf8),
///     expected: .map([
///         DocumentEntry(key: "name", keyLocation: location, value: DocumentNode(.string("Moments"), at: location)),
///         DocumentEntry(key: "palette", keyLocation: location, value: DocumentNode(.map([
///             DocumentEntry(key: "primary", keyLocation: location, value: DocumentNode(.string("#0770E3"), at: location)),
///         ]), at: location)),
///     ]),
///     invalidSamples: [Data(#"{"name": }"#.utf8)],
///     nested: { depth in Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8) }
/// ).run()
/// #expect(problems.isEmpty, "\(problems)")
/// ```
public struct FormatPluginConformance: Sendable {
    /// The plugin under test.
    public var plugin: any FormatPlugin
    /// A valid document in the plugin's format.
    public var sample: Data
    /// What ``sample`` must parse to (compared by value; locations are checked separately).
    public var expected: DocumentValue
    /// Inputs the plugin must reject with diagnostics.
    public var invalidSamples: [Data]
    /// Makes a document whose maps or lists nest `depth` levels deep, to check the depth limit.
    public var nested: @Sendable (_ depth: Int) -> Data

    /// Creates a check.
    public init(
        plugin: any FormatPlugin, sample: Data, expected: DocumentValue, invalidSamples: [Data],
        nested: @escaping @Sendable (_ depth: Int) -> Data
    ) {
        self.plugin = plugin
        self.sample = sample
        self.expected = expected
        self.invalidSamples = invalidSamples
        self.nested = nested
    }

    /// Runs every check; returns one sentence per broken rule, or nothing when the plugin conforms.
    public func run() -> [String] {
        var problems: [String] = []
        let file = "conformance-sample.\(plugin.fileExtensions.first ?? "")"
        let name = plugin.name

        if plugin.fileExtensions.isEmpty { problems.append("\(name) claims no file extension.") }
        for fileExtension in plugin.fileExtensions
        where !FormatRegistry.isValidExtension(fileExtension) {
            problems.append("\(name) claims \"\(fileExtension)\", which is not a lowercase extension of ASCII letters, digits, - and _ (what a registry accepts).")
        }

        switch parse(sample, file: file, limits: .default) {
        case .success(let node):
            if node.value != expected {
                problems.append("\(name) parsed the sample to \(node.jsonValue(includingLocations: false).text(pretty: false)), not the expected value.")
            }
            if let stray = Self.firstLocation(in: node, where: { $0.file != file }) {
                problems.append("\(name) gave a node the file \"\(stray.file)\" instead of \"\(file)\".")
            }
        case .failure(let error):
            problems.append("\(name) rejected the valid sample: \(error)")
        }

        for (index, bytes) in invalidSamples.enumerated() {
            switch parse(bytes, file: file, limits: .default) {
            case .success:
                problems.append("\(name) accepted invalid sample \(index).")
            case .failure(let error):
                problems.append(contentsOf: Self.checkDiagnostics(error, file: file, plugin: name, what: "invalid sample \(index)"))
            }
        }

        // Every truncation of the sample must parse or be diagnosed; none may trap or hang.
        for length in stride(from: 0, to: sample.count, by: max(1, sample.count / 64)) {
            if case .failure(let error) = parse(sample.prefix(length), file: file, limits: .default) {
                problems.append(contentsOf: Self.checkDiagnostics(error, file: file, plugin: name, what: "the sample cut to \(length) bytes"))
            }
        }

        var limits = Limits.default
        limits.maxDepth = 8
        switch parse(nested(8), file: file, limits: limits) {
        case .success: break
        case .failure(let error): problems.append("\(name) rejected nesting at exactly the depth limit: \(error)")
        }
        switch parse(nested(9), file: file, limits: limits) {
        case .success:
            problems.append("\(name) accepted nesting deeper than Limits.maxDepth.")
        case .failure(let error):
            if !error.codes.contains(.limitExceeded) {
                problems.append("\(name) rejected nesting past the depth limit with \(error.codes.map(\.rawValue)), not limit-exceeded.")
            }
        }
        return problems
    }

    private func parse(_ bytes: Data, file: String, limits: Limits) -> Result<DocumentNode, ThemeloadError> {
        Result { () throws(ThemeloadError) in try plugin.parse(FormatInput(bytes: bytes, file: file, limits: limits)) }
    }

    private static func checkDiagnostics(_ error: ThemeloadError, file: String, plugin: String, what: String) -> [String] {
        var problems: [String] = []
        if !error.diagnostics.contains(where: { $0.severity == .error }) {
            problems.append("\(plugin) rejected \(what) without an error diagnostic.")
        }
        for diagnostic in error.diagnostics where diagnostic.file != file {
            problems.append("\(plugin) reported \"\(diagnostic)\" on \(what) without naming the file.")
        }
        return problems
    }

    private static func firstLocation(in node: DocumentNode, where predicate: (SourceLocation) -> Bool) -> SourceLocation? {
        var pending = [node]
        while let node = pending.popLast() {
            if predicate(node.location) { return node.location }
            switch node.value {
            case .map(let entries):
                for entry in entries {
                    if predicate(entry.keyLocation) { return entry.keyLocation }
                    pending.append(entry.value)
                }
            case .list(let items): pending.append(contentsOf: items)
            default: break
            }
        }
        return nil
    }
}
