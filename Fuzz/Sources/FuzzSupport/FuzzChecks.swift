import Foundation
import Themeload
import ThemeloadTesting
import ThemeloadYAML

/// What every fuzz target checks about one input. A broken invariant stops the fuzzer with
/// `fatalError`, so libFuzzer saves the input as a crash; so does any trap, hang or memory error.
public enum FuzzChecks {
    /// The plugins of the standard registry: JSON, property lists and YAML.
    public static let registry = FormatRegistry.standard

    /// Parses bytes with a plugin. A document must carry the file name on every node and lines and
    /// columns of at least 1 where it has them; a failure must be at least one diagnostic, each an
    /// error in the file that was parsed. A JSON document must also survive a round trip through
    /// JSON text unchanged.
    public static func parse(_ bytes: UnsafeRawBufferPointer, with plugin: any FormatPlugin, file: String) {
        let input = FormatInput(bytes: Data(bytes), file: file)
        do {
            let document = try plugin.parse(input)
            checkLocations(document, file: file)
            if plugin is JSONFormat {
                let text = document.jsonText(pretty: false)
                guard let again = try? plugin.parse(FormatInput(text: text, file: file)), again == document else {
                    fatalError("JSON round trip changed the document: \(text)")
                }
            }
        } catch {
            checkFailure(error, file: file)
        }
    }

    /// Parses bytes with the JSON5 plugin, with ``parse(_:with:file:)``'s checks, and two more: a
    /// document written as JSON text reads back to the same text (non-finite floats are written
    /// as strings both times), and bytes the strict JSON plugin reads are read by JSON5 to the
    /// same document, locations included (JSON5 is a superset of JSON).
    public static func parseJSON5(_ bytes: UnsafeRawBufferPointer) {
        let file = "fuzz.json5"
        parse(bytes, with: JSON5Format(), file: file)
        guard let document = try? JSON5Format().parse(FormatInput(bytes: Data(bytes), file: file)) else { return }
        let text = document.jsonText(pretty: false)
        guard let again = try? JSON5Format().parse(FormatInput(text: text, file: file)), again.jsonText(pretty: false) == text else {
            fatalError("JSON5 round trip through JSON text changed the document: \(text)")
        }
        if let json = try? JSONFormat().parse(FormatInput(bytes: Data(bytes), file: file)),
           json.jsonText(includingLocations: true) != document.jsonText(includingLocations: true) {
            fatalError("JSON5 reads JSON otherwise than the JSON plugin: \(json.jsonText(includingLocations: true))")
        }
    }

    /// Loads a theme from an in-memory bundle made of the input (see ``FuzzBundle``). A theme that
    /// loads must give canonical JSON that parses; a theme that does not must say why in errors.
    public static func load(_ bytes: UnsafeRawBufferPointer) {
        let fileSystem = FuzzBundle.fileSystem(from: Array(bytes))
        let loader = ThemeLoader(registry: registry, searchDirectories: [FuzzBundle.root], fileSystem: fileSystem)
        check(loader.report(for: .named("Main")))
    }

    /// Loads a design-token file or a resolver document made of the input (see
    /// ``FuzzTokenFiles``) as a theme, with the same checks as ``load(_:)``.
    public static func tokens(_ bytes: UnsafeRawBufferPointer) {
        let (fileSystem, main) = FuzzTokenFiles.fileSystem(from: Array(bytes))
        let loader = ThemeLoader(registry: registry, fileSystem: fileSystem)
        check(loader.report(for: .path(main)))
    }

    /// What every load must keep to: a theme only without errors, with canonical JSON that parses
    /// (as a whole and per style), that compiles to the same theme and whose design-token export
    /// reads back the same (or is refused, saying why); no theme only with an error; lines of at
    /// least 1.
    private static func check(_ report: LoadReport) {
        if let theme = report.theme {
            guard report.errors.isEmpty else { fatalError("a theme loaded despite errors: \(report.errors)") }
            let json = theme.canonicalJSON()
            guard (try? JSONFormat().parse(FormatInput(text: json, file: "canonical.json"))) != nil else {
                fatalError("canonical JSON does not parse: \(json)")
            }
            for style in theme.styles { _ = theme.canonicalJSON(style: style, pretty: false) }
            let compiled = ThemeRoundTrip.compiledDifferences(theme)
            guard compiled.isEmpty else { fatalError("the compiled theme reads back otherwise: \(compiled)") }
            if case .different(let differences) = ThemeRoundTrip.designTokenOutcome(theme) {
                fatalError("the design-token export reads back otherwise: \(differences)")
            }
        } else if report.errors.isEmpty {
            fatalError("a theme failed to load without an error: \(report.diagnostics)")
        }
        for diagnostic in report.diagnostics {
            if let line = diagnostic.line, line < 1 { fatalError("line \(line) in \(diagnostic)") }
            _ = diagnostic.description
        }
    }

    /// Reads bytes as a compiled theme. An input whose first byte is odd is taken as a payload
    /// and given a valid header (its length and checksum), so the fuzzer explores the reader past
    /// the checksum: in format 5 (the first byte 1, 9, 17 …), 6 (3, 11 …, whose payload starts
    /// with the points of a rem after the name), 4 (5, 13 …) or 7 (7, 15 …, with token notes
    /// after the styles); an even one is read as it is. A theme that decodes must give
    /// canonical JSON that parses, and compile again to a file that decodes to the same
    /// canonical JSON and token notes; a failure must be at least one error diagnostic in the
    /// file.
    public static func compiled(_ bytes: UnsafeRawBufferPointer) {
        var data = Data(bytes)
        if let first = bytes.first, first & 1 == 1 {
            let payload = Data(bytes.dropFirst())
            var header = Data("THEMELC\u{1A}".utf8)
            let version: UInt32 = [5, 6, 4, 7][Int(first >> 1) % 4]
            // The current header: version and payload length (four bytes each), checksum (eight).
            for value in [version, UInt32(payload.count)] {
                withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
            }
            withUnsafeBytes(of: payload.withUnsafeBytes { CompiledTheme.checksum($0) }.littleEndian) { header.append(contentsOf: $0) }
            data = header + payload
        }
        do {
            let theme = try CompiledTheme.decode(data, file: "fuzz.themec", directory: "/compiled")
            let json = theme.canonicalJSON()
            guard (try? JSONFormat().parse(FormatInput(text: json, file: "canonical.json"))) != nil else {
                fatalError("canonical JSON does not parse: \(json)")
            }
            let differences = ThemeRoundTrip.compiledDifferences(theme)
            guard differences.isEmpty else {
                fatalError("a decoded theme does not compile to the same theme again: \(differences)")
            }
        } catch {
            checkFailure(error, file: "fuzz.themec")
        }
    }

    private static func checkLocations(_ node: DocumentNode, file: String) {
        guard node.location.file == file else { fatalError("node in \(node.location.file), not \(file)") }
        if let line = node.location.line, line < 1 { fatalError("line \(line)") }
        if let column = node.location.column, column < 1 { fatalError("column \(column)") }
        switch node.value {
        case .map(let entries):
            var keys = Set<String>()
            for entry in entries {
                guard keys.insert(entry.key).inserted else { fatalError("duplicate key \(entry.key) accepted") }
                checkLocations(entry.value, file: file)
            }
        case .list(let items):
            for item in items { checkLocations(item, file: file) }
        default:
            break
        }
    }

    private static func checkFailure(_ error: ThemeloadError, file: String) {
        guard !error.diagnostics.isEmpty else { fatalError("an error without diagnostics") }
        for diagnostic in error.diagnostics {
            guard diagnostic.severity == .error else { fatalError("a failure of severity \(diagnostic.severity)") }
            guard diagnostic.file == nil || diagnostic.file == file else { fatalError("a diagnostic in \(diagnostic.file ?? "")") }
            _ = diagnostic.description
        }
    }
}
