import Foundation
import Themeload

/// Reads one JSON object of a remote document field by field: every field must be there with
/// its type; a field it does not know is ignored (a change an older reader must understand comes
/// with a new format number instead). Problems collect as diagnostics at the field's line and
/// column, so one pass reports them all. A key given twice never reaches it: the JSON plugin
/// reports it as `duplicate-key` while parsing.
struct StrictObjectReader {
    private var entries: [String: DocumentEntry] = [:]
    private let node: DocumentNode
    private let path: DocumentPath
    private(set) var diagnostics: [Diagnostic] = []

    init(_ node: DocumentNode, path: DocumentPath, what: String) {
        self.node = node
        self.path = path
        guard let map = node.value.mapEntries else {
            diagnostics.append(Diagnostic(.type, "\(what) must be an object, not \(node.value.kindDescription)", at: node.location, keyPath: path))
            return
        }
        entries = Dictionary(map.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    }

    private mutating func field(_ key: String, _ kind: String) -> DocumentNode? {
        guard let entry = entries[key] else {
            if node.value.mapEntries != nil {
                diagnostics.append(Diagnostic(.type, "\"\(key)\" is missing; it must be \(kind)", at: node.location, keyPath: path))
            }
            return nil
        }
        return entry.value
    }

    private mutating func wrongType(_ key: String, _ kind: String, _ value: DocumentNode) {
        diagnostics.append(Diagnostic(.type, "\"\(key)\" must be \(kind), not \(value.value.kindDescription)", at: value.location, keyPath: path.appending(key)))
    }

    mutating func string(_ key: String) -> String? {
        guard let value = field(key, "a string") else { return nil }
        guard case .string(let text) = value.value else { wrongType(key, "a string", value); return nil }
        return text
    }

    mutating func integer(_ key: String, range: ClosedRange<Int> = 0...Int.max) -> Int? {
        guard let value = field(key, "an integer") else { return nil }
        guard case .integer(let number) = value.value, let integer = Int(exactly: number), range.contains(integer) else {
            diagnostics.append(Diagnostic(.type, "\"\(key)\" must be an integer in \(range.lowerBound)...\(range.upperBound)", at: value.location, keyPath: path.appending(key)))
            return nil
        }
        return integer
    }

    mutating func list(_ key: String, count: ClosedRange<Int>) -> [DocumentNode]? {
        guard let value = field(key, "a list") else { return nil }
        guard case .list(let items) = value.value else { wrongType(key, "a list", value); return nil }
        guard count.contains(items.count) else {
            diagnostics.append(Diagnostic(.limitExceeded, "\"\(key)\" must hold \(count.lowerBound) to \(count.upperBound) items, not \(items.count)", at: value.location, keyPath: path.appending(key)))
            return nil
        }
        return items
    }

    /// Adds a diagnostic at `key` unless `condition` holds.
    mutating func expect(_ condition: Bool, _ code: DiagnosticCode, at key: String, _ message: @autoclosure () -> String) {
        if !condition { fail(code, at: key, message()) }
    }

    mutating func fail(_ code: DiagnosticCode, at key: String, _ message: String) {
        diagnostics.append(Diagnostic(code, message, at: entries[key]?.value.location ?? node.location, keyPath: path.appending(key)))
    }

    /// Takes over a nested object's diagnostics.
    mutating func absorb(_ other: StrictObjectReader) {
        diagnostics += other.diagnostics
    }

    /// Throws everything found.
    func finish() throws(ThemeloadError) {
        guard diagnostics.isEmpty else { throw ThemeloadError(diagnostics) }
    }
}
