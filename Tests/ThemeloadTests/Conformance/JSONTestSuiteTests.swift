import Foundation
import Testing
import ThemeloadTestSupport
@testable import Themeload

/// nst/JSONTestSuite: every `y_` accepted with the value Foundation reads, every `n_` rejected,
/// every `i_` either way; none may crash or hang.
@Suite("Conformance: JSONTestSuite")
struct JSONTestSuiteTests {
    static let folder = Conformance.url("JSONTestSuite/test_parsing")

    static let files: [String] = {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// `y_` cases that SPEC section 2 rejects on purpose: a duplicate key is `duplicate-key`.
    static let rejectedBySpec: [String: DiagnosticCode] = [
        "y_object_duplicated_key.json": .duplicateKey,
        "y_object_duplicated_key_and_value.json": .duplicateKey,
    ]

    @Test("the suite is all there", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)))
    func counts() {
        #expect(Self.files.count == 318)
        #expect(Self.files.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(Self.files.filter { $0.hasPrefix("n_") }.count == 188)
        #expect(Self.files.filter { $0.hasPrefix("i_") }.count == 35)
    }

    @Test("case", .enabled(if: Conformance.isAvailable, Comment(rawValue: Conformance.absentMessage)), arguments: files)
    func testCase(_ name: String) throws {
        let url = try #require(Self.folder?.appendingPathComponent(name))
        let bytes = try Data(contentsOf: url)
        let result = Result { () throws(ThemeloadError) in
            try JSONFormat().parse(FormatInput(bytes: bytes, file: name))
        }
        switch (name.prefix(2), result) {
        case ("y_", .success(let node)):
            #expect(Self.rejectedBySpec[name] == nil, "SPEC rejects \(name), but it was accepted")
            let expected = try JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])
            #expect(FoundationValue.matches(node, expected), "value differs from JSONSerialization's")
        case ("y_", .failure(let error)):
            #expect(Self.rejectedBySpec[name] != nil && error.codes.allSatisfy { $0 == Self.rejectedBySpec[name] },
                    "a valid case was rejected: \(error)")
        case ("n_", .success):
            Issue.record("an invalid case was accepted")
        case ("n_", .failure(let error)), ("i_", .failure(let error)):
            #expect(error.diagnostics.allSatisfy { $0.file == name && $0.line != nil && [.syntax, .limitExceeded].contains($0.code) },
                    "\(error)")
        default:
            break  // i_ accepted: allowed
        }
    }
}

/// Compares a document with what Foundation's JSON and property-list readers return.
enum FoundationValue {
    static func matches(_ node: DocumentNode, _ object: Any) -> Bool {
        switch node.value {
        case .null: return object is NSNull
        case .string(let text): return (object as? String) == text
        case .bool(let flag): return (object as? Bool) == flag
        case .integer(let number), .hexInteger(let number): return (object as? NSNumber)?.doubleValue == Double(number)
        case .float(let number):
            // Foundation may hand back an NSDecimalNumber whose doubleValue is off in the last bits.
            guard let other = (object as? NSNumber)?.doubleValue else { return false }
            return other == number || abs(other - number) <= abs(number) * 1e-12
        case .list(let items):
            guard let array = object as? [Any], array.count == items.count else { return false }
            return zip(items, array).allSatisfy { matches($0, $1) }
        case .map(let entries):
            guard let dictionary = object as? [String: Any], dictionary.count == entries.count else { return false }
            return entries.allSatisfy { entry in dictionary[entry.key].map { matches(entry.value, $0) } ?? false }
        }
    }
}
