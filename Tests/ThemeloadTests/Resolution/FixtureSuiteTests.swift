import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
import ThemeloadYAML

/// The data-driven suite: every folder under `Fixtures/` is a case (see its README).
@Suite("Fixture suite")
struct FixtureSuiteTests {
    static let root = Repository.url("Tests/ThemeloadTests/Fixtures")

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var testDescription: String { name }
        var url: URL { FixtureSuiteTests.root.appendingPathComponent(name) }
    }

    static let cases: [Case] = ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [])
        .filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        .sorted()
        .map { Case(name: $0) }

    static func json(_ url: URL) throws -> DocumentNode? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONFormat().parse(FormatInput(bytes: Data(contentsOf: url), file: url.lastPathComponent))
    }

    /// Loads a case's theme as its `case.json` says.
    static func report(for testCase: Case) throws -> LoadReport {
        let config = try json(testCase.url.appendingPathComponent("case.json"))
        var limits = Limits.default
        if let given = config?["limits"] {
            if let value = given["maxDepth"]?.value.number { limits.maxDepth = Int(value) }
            if let value = given["maxExtendsChain"]?.value.number { limits.maxExtendsChain = Int(value) }
            if let value = given["maxReferenceChain"]?.value.number { limits.maxReferenceChain = Int(value) }
            if let value = given["maxFileSize"]?.value.number { limits.maxFileSize = Int(value) }
            if let value = given["maxAliasExpandedNodes"]?.value.number { limits.maxAliasExpandedNodes = Int(value) }
            if let value = given["maxAliasExpansionRatio"]?.value.number { limits.maxAliasExpansionRatio = Int(value) }
            if let value = given["maxResolvedValues"]?.value.number { limits.maxResolvedValues = Int(value) }
            if let value = given["maxDiagnostics"]?.value.number { limits.maxDiagnostics = Int(value) }
        }
        var directories = [testCase.url.path]
        if case .list(let items)? = config?["searchDirectories"]?.value {
            directories = items.compactMap { $0.value.string.map { testCase.url.appendingPathComponent($0).path } }
        }
        let strict = config?["strict"]?.value == .bool(true)
        var loader = ThemeLoader(registry: .standard, searchDirectories: directories, limits: limits, strict: strict)
        if let given = config?["designTokens"] {
            if let value = given["remSize"]?.value.number { loader.designTokens.remSize = value }
            for entry in given["modifierContexts"]?.value.mapEntries ?? [] {
                loader.designTokens.modifierContexts[entry.key] = entry.value.value.string
            }
        }
        if let path = config?["load"]?["path"]?.value.string {
            return loader.report(for: .path(testCase.url.appendingPathComponent(path).path))
        }
        return loader.report(for: .named(config?["load"]?.value.string ?? "Main"))
    }

    @Test("case", arguments: cases)
    func fixture(_ testCase: Case) throws {
        let report = try Self.report(for: testCase)
        let prefix = testCase.url.path + "/"
        let actual = report.diagnostics.map { diagnostic in
            var copy = diagnostic
            if let file = copy.location?.file, file.hasPrefix(prefix) { copy.location?.file = String(file.dropFirst(prefix.count)) }
            return copy
        }
        if let expected = try Self.json(testCase.url.appendingPathComponent("diagnostics.json")) {
            guard case .list(let items) = expected.value else { Issue.record("diagnostics.json must hold a list"); return }
            var unmatched = actual
            for item in items {
                if let index = unmatched.firstIndex(where: { Self.matches($0, item) }) {
                    unmatched.remove(at: index)
                } else {
                    Issue.record("expected diagnostic not reported: \(item.jsonValue(includingLocations: false).text(pretty: false))\nreported:\n\(actual.map(\.description).joined(separator: "\n"))")
                }
            }
            #expect(unmatched.isEmpty, "unexpected diagnostics:\n\(unmatched.map(\.description).joined(separator: "\n"))")
        } else {
            #expect(actual.isEmpty, "unexpected diagnostics:\n\(actual.map(\.description).joined(separator: "\n"))")
        }

        let expectedPart = try Self.json(testCase.url.appendingPathComponent("expected.json"))
        let expectedWhole = try Self.json(testCase.url.appendingPathComponent("canonical.json"))
        guard expectedPart != nil || expectedWhole != nil else { return }
        let theme = try #require(report.theme, "the case expects a theme, but it did not load")
        let canonical = try JSONFormat().parse(FormatInput(text: theme.canonicalJSON(), file: "canonical"))
        if let expectedPart {
            var problems: [String] = []
            Self.compare(canonical, expectedPart, path: "", exact: false, problems: &problems)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
        if let expectedWhole {
            var problems: [String] = []
            Self.compare(canonical, expectedWhole, path: "", exact: true, problems: &problems)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    static func matches(_ diagnostic: Diagnostic, _ expected: DocumentNode) -> Bool {
        for entry in expected.value.mapEntries ?? [] {
            let want = entry.value.value
            let ok: Bool
            switch entry.key {
            case "code": ok = want.string == diagnostic.code.rawValue
            case "severity": ok = want.string == diagnostic.severity.rawValue
            case "file": ok = want.string == diagnostic.file
            case "line": ok = want.number.map { Int($0) } == diagnostic.line
            case "column": ok = want.number.map { Int($0) } == diagnostic.column
            case "keyPath": ok = want.string == diagnostic.keyPath?.description
            case "message": ok = want.string.map { diagnostic.message.contains($0) } ?? false
            default: ok = false
            }
            if !ok { return false }
        }
        return true
    }

    /// Compares canonical JSON with what a case expects: every expected key must match; with
    /// `exact`, no other key may be there; `"$absent"` requires a key to be missing.
    static func compare(_ actual: DocumentNode?, _ expected: DocumentNode, path: String, exact: Bool, problems: inout [String]) {
        if expected.value == .string("$absent") {
            if actual != nil { problems.append("\(path): expected no value, found \(Self.text(actual))") }
            return
        }
        guard let actual else {
            problems.append("\(path): missing, expected \(Self.text(expected))")
            return
        }
        switch (actual.value, expected.value) {
        case (.map(let have), .map(let want)):
            for entry in want {
                compare(have.first { $0.key == entry.key }?.value, entry.value, path: path + "." + entry.key, exact: exact, problems: &problems)
            }
            if exact {
                for entry in have where !want.contains(where: { $0.key == entry.key }) {
                    problems.append("\(path).\(entry.key): not expected, found \(Self.text(entry.value))")
                }
            }
        case (.list(let have), .list(let want)):
            guard have.count == want.count else {
                problems.append("\(path): expected \(want.count) items, found \(have.count): \(Self.text(actual))")
                return
            }
            for (index, (item, wanted)) in zip(have, want).enumerated() {
                compare(item, wanted, path: "\(path)[\(index)]", exact: exact, problems: &problems)
            }
        default:
            let equal = actual.value == expected.value || (actual.value.number != nil && actual.value.number == expected.value.number)
            if !equal { problems.append("\(path): expected \(Self.text(expected)), found \(Self.text(actual))") }
        }
    }

    static func text(_ node: DocumentNode?) -> String {
        node.map { $0.jsonValue(includingLocations: false).text(pretty: false) } ?? "nothing"
    }

    /// Cases match their diagnostics in any order; these pin the order too. Diagnostics come
    /// grouped by file, the files in the order their first diagnostic was found, and the resolver
    /// finds them in one order: the values' problems, property-name typos, low contrast, unused
    /// tokens. So a child's bad value comes before its parent's typo, and a parent's low-contrast
    /// warnings before the child's unused entry.
    @Test("diagnostics of several files keep their order", arguments: [
        ("unknown-property-after-values", ["invalid-color Main.yaml", "unknown-key Base.yaml"]),
        ("unused-token-after-contrast", ["low-contrast Base.yaml", "low-contrast Base.yaml", "unused-token Main.yaml"]),
    ])
    func orderAcrossFiles(_ name: String, _ expected: [String]) throws {
        let report = try Self.report(for: Case(name: name))
        let found = report.diagnostics.map { "\($0.code.rawValue) \(URL(fileURLWithPath: $0.file ?? "").lastPathComponent)" }
        #expect(found == expected)
    }

    @Test("every diagnostic code of SPEC section 8 has a fixture that produces it")
    func everyCodeCovered() throws {
        var covered: Set<String> = []
        for testCase in Self.cases {
            guard case .list(let items)? = try Self.json(testCase.url.appendingPathComponent("diagnostics.json"))?.value else { continue }
            for item in items { if let code = item["code"]?.value.string { covered.insert(code) } }
        }
        // The codes of fetching remote themes never come from loading files; the remote suites
        // (Tests/ThemeloadRemoteTests) produce each of them against a real server.
        let remote: Set<DiagnosticCode> = [.network, .untrustedSignature, .integrity]
        let missing = DiagnosticCode.allCases.filter { !remote.contains($0) }.map(\.rawValue).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "codes without a fixture: \(missing)")
    }
}
