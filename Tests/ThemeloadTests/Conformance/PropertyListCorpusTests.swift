import Foundation
import Testing
import ThemeloadTestSupport
@testable import Themeload

/// The property-list corpus: valid XML and binary files parse (values Foundation cannot turn into
/// a theme value, `<date>`, `<data>` and keyed-archiver UIDs, are `type` diagnostics, which is the
/// document layer working), invalid files are diagnostics, OpenStep files are refused as SPEC
/// supports XML and binary only, and nothing crashes or hangs.
@Suite("Conformance: property-list corpus")
struct PropertyListCorpusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var folder: String
        var testDescription: String { file }
    }

    static let cases: [Case] = Conformance.rows(of: "plist/manifest.tsv").compactMap { row in
        row.count > 2 ? Case(file: row[0], folder: row[2]) : nil
    }

    @Test("the corpus is all there", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func counts() {
        #expect(Self.cases.count == 73)
        let byFolder = Dictionary(grouping: Self.cases, by: \.folder).mapValues(\.count)
        #expect(byFolder == ["xml": 13, "binary": 14, "openstep": 5, "invalid": 27, "disputed": 14])
    }

    @Test("file", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)), arguments: cases)
    func file(_ testCase: Case) throws {
        let url = try #require(Conformance.url("plist/\(testCase.file)"))
        let bytes = try Data(contentsOf: url)
        let result = Result { () throws(ThemeloadError) in
            try PropertyListFormat().parse(FormatInput(bytes: bytes, file: testCase.file))
        }
        switch (testCase.folder, result) {
        case ("xml", .success), ("binary", .success):
            break
        case ("xml", .failure(let error)), ("binary", .failure(let error)):
            #expect(error.codes.allSatisfy { $0 == .type } && error.diagnostics.allSatisfy { $0.keyPath != nil },
                    "a valid plist failed to parse: \(error)")
        case ("openstep", .failure(let error)):
            #expect(error.codes == [.syntax], "\(error)")
        case ("invalid", .success), ("openstep", .success):
            Issue.record("\(testCase.file) was accepted")
        case ("invalid", .failure(let error)):
            #expect(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { $0.file == testCase.file })
        default:
            break  // disputed: either way, as long as it returns
        }
    }
}
