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

    static let binaryFiles = cases.filter { $0.folder == "binary" }
    static let xmlFiles = cases.filter { $0.folder == "xml" }

    /// The same tree with every map's entries sorted by key, for comparing contents whatever the order.
    static func sortedMaps(_ node: DocumentNode) -> DocumentNode {
        switch node.value {
        case .map(let entries):
            let sorted = entries.map { DocumentEntry(key: $0.key, keyLocation: $0.keyLocation, value: sortedMaps($0.value)) }.sorted { $0.key < $1.key }
            return DocumentNode(.map(sorted), at: node.location)
        case .list(let items):
            return DocumentNode(.list(items.map(sortedMaps)), at: node.location)
        default:
            return node
        }
    }

    /// The layout scan gives positions and key order; it must understand every valid UTF-8 XML file
    /// of the corpus and change nothing but order.
    @Test("the XML layout scan understands every valid UTF-8 XML file and changes only key order",
          .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)), arguments: xmlFiles)
    func xmlLayout(_ testCase: Case) throws {
        let bytes = try Data(contentsOf: try #require(Conformance.url("plist/\(testCase.file)")))
        let object = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
        let location = SourceLocation(file: testCase.file)
        guard !PropertyListKind.startsWithWideByteOrderMark(bytes) else { return }
        let layout = try #require(bytes.withUnsafeBytes { XMLPropertyListLayout($0.bindMemory(to: UInt8.self)) }, "the scan gave up")
        var withLayout = PropertyListConverter(location: location, limits: .default, layout: layout)
        let ordered = withLayout.convert(object, depth: 0)
        #expect(!withLayout.layoutMismatch)
        var withoutLayout = PropertyListConverter(location: location, limits: .default)
        let sorted = withoutLayout.convert(object, depth: 0)
        #expect(Self.sortedMaps(ordered) == sorted)
        // The same problems at the same key paths; with the layout they also have lines.
        func places(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map { "\($0.code) \($0.keyPath?.description ?? "")" }.sorted() }
        #expect(places(withLayout.diagnostics) == places(withoutLayout.diagnostics))
        #expect(withLayout.diagnostics.allSatisfy { $0.line != nil })
    }

    /// Binary plists are read by our own reader (Foundation's crashes on some damaged files); on
    /// every valid binary file of the corpus it must agree with Foundation's reading exactly.
    @Test("our binary reader agrees with Foundation on every valid binary file",
          .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)), arguments: binaryFiles)
    func binaryAgreesWithFoundation(_ testCase: Case) throws {
        let bytes = try Data(contentsOf: try #require(Conformance.url("plist/\(testCase.file)")))
        let location = SourceLocation(file: testCase.file)
        let ours = Result { () throws(ThemeloadError) in try BinaryPropertyListReader.read(bytes, location: location, limits: .default) }
        let object = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
        var converter = PropertyListConverter(location: location, limits: .default)
        let node = converter.convert(object, depth: 0)
        switch ours {
        case .success(let document):
            #expect(converter.diagnostics.isEmpty)
            #expect(document == node)
        case .failure(let error):
            // The same codes at the same key paths (the messages name types differently).
            func places(_ diagnostics: [Diagnostic]) -> Set<String> { Set(diagnostics.map { "\($0.code) \($0.keyPath?.description ?? "")" }) }
            #expect(places(error.diagnostics) == places(converter.diagnostics), "ours: \(error)\nFoundation's: \(converter.diagnostics)")
        }
    }
}
