import Foundation
import Testing
import ThemeloadTestSupport
@testable import Themeload

/// json5/json5-tests, the JSON5 reference implementation's parse cases: every `.json` and `.json5`
/// case accepted (the `.json` ones with the value Foundation reads), every `.js` and `.txt` case
/// (ECMAScript that JSON5 leaves out, or not ECMAScript at all) rejected with a located `syntax`
/// error. The cases under `todo/` (keys of letters beyond ASCII) are accepted too.
///
/// The suite is not part of `shared/conformance`: put a checkout of json5/json5-tests at
/// `json5-tests` inside the conformance folder to run it; without it the tests are skipped.
@Suite("Conformance: json5-tests")
struct JSON5TestsConformanceTests {
    static let folder: URL? = Conformance.url("json5-tests").flatMap { url in
        FileManager.default.fileExists(atPath: url.appendingPathComponent("numbers").path) ? url.resolvingSymlinksInPath() : nil
    }

    static let absent = "json5/json5-tests not found: clone it to json5-tests inside the conformance folder (THEMELOAD_CONFORMANCE or ../shared/conformance)"

    static let cases: [String] = {
        guard let folder, let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }
            .filter { ["json", "json5", "js", "txt"].contains(($0 as NSString).pathExtension) }.sorted()
    }()

    /// Valid JSON that SPEC section 2 rejects on purpose: a duplicate key is `duplicate-key`.
    static let rejectedBySpec: [String: DiagnosticCode] = ["objects/duplicate-keys.json": .duplicateKey]

    @Test("the suite is all there", .enabled(if: folder != nil, Comment(rawValue: absent)))
    func counts() {
        #expect(Self.cases.filter { $0.hasSuffix(".json") || $0.hasSuffix(".json5") }.count == 82)
        #expect(Self.cases.filter { $0.hasSuffix(".js") || $0.hasSuffix(".txt") }.count == 31)
    }

    @Test("case", .enabled(if: folder != nil, Comment(rawValue: absent)), arguments: cases)
    func testCase(_ name: String) throws {
        let url = try #require(Self.folder?.appendingPathComponent(name))
        let bytes = try Data(contentsOf: url)
        let result = Result { () throws(ThemeloadError) in try JSON5Format().parse(FormatInput(bytes: bytes, file: name)) }
        let accepts = name.hasSuffix(".json") || name.hasSuffix(".json5")
        switch result {
        case .success(let node):
            #expect(accepts && Self.rejectedBySpec[name] == nil, "accepted, but JSON5 rejects it")
            if name.hasSuffix(".json") {
                let expected = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
                #expect(FoundationValue.matches(node, expected), "value differs from JSONSerialization's")
            }
        case .failure(let error):
            if let code = Self.rejectedBySpec[name] {
                #expect(error.codes.allSatisfy { $0 == code }, "\(error)")
            } else {
                #expect(!accepts, "a valid case was rejected: \(error)")
                #expect(error.diagnostics.allSatisfy { $0.file == name && $0.line != nil && $0.code == .syntax }, "\(error)")
            }
        }
    }
}
