import Foundation
import Testing
import Themeload
import ThemeloadTestSupport
@testable import ThemeloadYAML

/// yaml/yaml-test-suite, judged against what libyaml 0.2.5 itself gets right (`index.tsv`):
/// where libyaml passes a valid case, we accept it with the document of `in.json`; where libyaml
/// rejects an error case, we reject it with `syntax`. Cases SPEC section 2 rejects on purpose are
/// told apart by what their expected event stream shows, each with its reason. Every case, the
/// ones libyaml gets wrong included, must return without crashing or hanging.
@Suite("Conformance: yaml-test-suite")
struct YAMLTestSuiteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var isError: Bool
        var libyaml: String
        var testDescription: String { id }
    }

    /// Why SPEC rejects a case that is valid YAML.
    enum SpecReason: String, CaseIterable {
        case moreThanOneDocument = "more than one document"
        case tagBeyondCoreSchema = "a tag beyond the core schema"
        case keyNotAString = "a key that is a collection (no string form)"
        case duplicateKey = "a duplicate key"
    }

    static let cases: [Case] = Conformance.rows(of: "yaml-test-suite/index.tsv").compactMap { row in
        row.count > 6 ? Case(id: row[0], isError: row[1] == "1", libyaml: row[6]) : nil
    }

    static func folder(_ id: String) -> URL? { Conformance.url("yaml-test-suite/\(id)") }

    static let coreTags: Set<String> = ["!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
                                        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
                                        "tag:yaml.org,2002:seq"]

    /// Why SPEC rejects a valid case, judged from its expected events (not from our parser).
    static func specReason(_ id: String) -> SpecReason? {
        guard let url = folder(id)?.appendingPathComponent("test.event"),
              let events = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let lines = events.split(separator: "\n")
        if lines.filter({ $0.hasPrefix("+DOC") }).count > 1 { return .moreThanOneDocument }
        // Node properties come before the value, whose token starts with one of : ' " | >.
        for line in lines {
            for token in line.split(separator: " ").dropFirst() {
                if let first = token.first, ":'\"|>".contains(first) { break }
                if token.hasPrefix("<"), token.hasSuffix(">"), !coreTags.contains(String(token.dropFirst().dropLast())) {
                    return .tagBeyondCoreSchema
                }
            }
        }
        // A collection where a map expects a key. Each open collection is (isMap, expectingKey).
        var open: [(isMap: Bool, expectingKey: Bool)] = []
        func nodeDone() {
            if let last = open.last, last.isMap { open[open.count - 1].expectingKey.toggle() }
        }
        for line in lines {
            if line.hasPrefix("+MAP") || line.hasPrefix("+SEQ") {
                if let last = open.last, last.isMap, last.expectingKey { return .keyNotAString }
                open.append((line.hasPrefix("+MAP"), true))
            } else if line.hasPrefix("-MAP") || line.hasPrefix("-SEQ") {
                open.removeLast()
                nodeDone()
            } else if line.hasPrefix("=VAL") || line.hasPrefix("=ALI") {
                nodeDone()
            }
        }
        if id == "2JQS" { return .duplicateKey }  // keys "" twice: the suite's own duplicate-key case
        return nil
    }

    @Test("the suite is all there", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func counts() {
        #expect(Self.cases.count == 402)
        #expect(Self.cases.filter(\.isError).count == 94)
    }

    @Test("case", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)), arguments: cases)
    func testCase(_ testCase: Case) throws {
        let folder = try #require(Self.folder(testCase.id))
        let bytes = try Data(contentsOf: folder.appendingPathComponent("in.yaml"))
        let result = Result { () throws(ThemeloadError) in
            try YAMLFormat().parse(FormatInput(bytes: bytes, file: "in.yaml"))
        }
        switch (testCase.libyaml, result) {
        case ("pass", _):
            if let reason = Self.specReason(testCase.id) {
                guard case .failure(let error) = result else {
                    if reason == .keyNotAString || reason == .duplicateKey { return }
                    Issue.record("SPEC rejects this case (\(reason.rawValue)) but it was accepted")
                    return
                }
                let expectedCode: DiagnosticCode = reason == .duplicateKey ? .duplicateKey : .syntax
                #expect(error.codes.contains(expectedCode), "\(error)")
                return
            }
            let node = try result.get()
            let jsonURL = folder.appendingPathComponent("in.json")
            guard let json = try? Data(contentsOf: jsonURL) else { return }  // valid, but no JSON form
            let expected: DocumentNode
            if String(decoding: json, as: UTF8.self).allSatisfy(\.isWhitespace) {
                expected = DocumentNode(.null, at: SourceLocation(file: "in.json"))
            } else {
                expected = try JSONFormat().parse(FormatInput(bytes: json, file: "in.json"))
            }
            #expect(Self.sameData(node.value, expected.value),
                    "got \(node.jsonValue(includingLocations: false).text(pretty: false))")
        case ("pass-error", .success):
            Issue.record("libyaml rejects this invalid case, but it was accepted")
        case ("pass-error", .failure(let error)):
            #expect(error.codes.allSatisfy { $0 == .syntax || $0 == .limitExceeded }, "\(error)")
            #expect(error.diagnostics.allSatisfy { $0.line != nil && $0.column != nil })
        default:
            break  // libyaml itself gets these wrong: known failures; returning at all is the test
        }
    }

    /// Data equality where an integer equals the same number as a float (JSON has one number type).
    static func sameData(_ a: DocumentValue, _ b: DocumentValue) -> Bool {
        switch (a, b) {
        case (.map(let x), .map(let y)):
            // Compared by key: some in.json files list keys in another order than the YAML (RR7F).
            x.count == y.count && x.allSatisfy { entry in
                y.first(where: { $0.key == entry.key }).map { sameData(entry.value.value, $0.value.value) } ?? false
            }
        case (.list(let x), .list(let y)):
            x.count == y.count && zip(x, y).allSatisfy { sameData($0.value, $1.value) }
        default:
            a == b || (a.number != nil && a.number == b.number)
        }
    }

    @Test("tally: what libyaml passes, we pass; SPEC's rejections counted apart",
          .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func tally() throws {
        var accepted = 0, rejected = 0, bySpec: [SpecReason: [String]] = [:], noJSON = 0, libyamlWrong = 0
        for testCase in Self.cases {
            switch testCase.libyaml {
            case "pass":
                if let reason = Self.specReason(testCase.id) { bySpec[reason, default: []].append(testCase.id) }
                else if FileManager.default.fileExists(atPath: Self.folder(testCase.id)!.appendingPathComponent("in.json").path) { accepted += 1 }
                else { noJSON += 1 }
            case "pass-error": rejected += 1
            default: libyamlWrong += 1
            }
        }
        var report = "yaml-test-suite: \(accepted) valid cases matched in.json, \(rejected) error cases rejected, "
        report += "\(noJSON) valid without a JSON form, \(libyamlWrong) cases libyaml itself gets wrong (known failures)\n"
        for reason in SpecReason.allCases {
            report += "  rejected by SPEC, \(reason.rawValue): \(bySpec[reason]?.count ?? 0) \(bySpec[reason]?.sorted() ?? [])\n"
        }
        print(report)
        #expect(accepted + rejected + noJSON + libyamlWrong + bySpec.values.map(\.count).reduce(0, +) == 402)
    }
}
