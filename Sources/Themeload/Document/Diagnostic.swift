/// One problem found in a theme: what, where, and how bad.
///
/// Printed by ``description`` in the form compilers use, so editors and Xcode make it clickable:
///
/// ```
/// Themes/Moments.theme/theme.yaml:12:16: error: invalid color "#12345" at levels.mainTitle.textColor [invalid-color]
/// ```
///
/// The printed form is one line whatever the theme's names and values hold: a line break, an
/// escape sequence or a bidi control in them is printed as an escape (`\u{1B}`).
public struct Diagnostic: Sendable, Hashable {
    /// How bad a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The theme cannot be used.
        case error
        /// The theme loads, but something deserves a look.
        case warning
    }

    /// The kind of problem.
    public var code: DiagnosticCode
    /// Whether it stops the theme from loading.
    public var severity: Severity
    /// What is wrong, in words (without the position, key path or code, which are printed around it).
    public var message: String
    /// The file, line and column of the offending value, as far as they are known.
    public var location: SourceLocation?
    /// The key path of the offending value in the (merged) document.
    public var keyPath: DocumentPath?

    /// Creates a diagnostic.
    public init(
        _ code: DiagnosticCode,
        _ message: String,
        severity: Severity = .error,
        at location: SourceLocation? = nil,
        keyPath: DocumentPath? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.keyPath = keyPath
    }

    /// The file of the offending value, if known.
    public var file: String? { location?.file }
    /// The 1-based line of the offending value, if known.
    public var line: Int? { location?.line }
    /// The 1-based column of the offending value, if known.
    public var column: Int? { location?.column }
}

extension Diagnostic {
    /// The `duplicate-key` diagnostic every format gives: at the repeat, naming the first one's line.
    package static func duplicateKey(_ key: String, at location: SourceLocation, first: SourceLocation?) -> Diagnostic {
        let firstLine = first?.line.map { " (first defined at line \($0))" } ?? ""
        return Diagnostic(.duplicateKey, "duplicate key \"\(key)\"\(firstLine)", at: location)
    }
}

extension Diagnostic: CustomStringConvertible {
    /// The compiler form: `file:line:column: severity: message at key.path [code]`.
    public var description: String {
        // Counted, then written once: a check can print thousands of these.
        let file = location?.file
        let path = keyPath.flatMap { $0.isRoot ? nil : $0 }
        var length = severity.rawValue.utf8.count + ": ".utf8.count + message.utf8.count + " [".utf8.count + code.rawValue.utf8.count + 1
        if let location, let file { length += location.descriptionLength(file: file) + ": ".utf8.count }
        if let path { length += " at ".utf8.count + path.descriptionLength }
        // A name or value quoted in the message or the key path may hold a line break or an
        // escape sequence: the printed line shows it escaped (PrintableText).
        let line = String(unsafeUninitializedCapacity: length) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            if let location, let file {
                writer.put(location, file: file)
                writer.put(": ")
            }
            writer.put(severity.rawValue)
            writer.put(": ")
            writer.put(message)
            if let path {
                writer.put(" at ")
                writer.put(path)
            }
            writer.put(" [")
            writer.put(code.rawValue)
            writer.put("]")
            return writer.end
        }
        return PrintableText.escaped(line)
    }
}
