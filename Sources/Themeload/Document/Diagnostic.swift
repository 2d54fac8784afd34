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
        let form = CompilerForm(self)
        // A name or value quoted in the message or the key path may hold a line break or an
        // escape sequence: the printed line shows it escaped (PrintableText).
        let line = String(unsafeUninitializedCapacity: form.length) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            form.write(self, into: &writer)
            return writer.end
        }
        return PrintableText.escaped(line)
    }

    /// The compiler forms of many diagnostics, each ended by a line feed, as UTF-8: the bytes of
    /// every ``description`` and `"\n"`, written into one buffer rather than made a string a
    /// diagnostic. (A check can print thousands of lines; the tool writes them at once.)
    package static func compilerFormLines(_ diagnostics: [Diagnostic]) -> [UInt8] {
        var lines: [UInt8] = []
        var forms: [CompilerForm] = []
        forms.reserveCapacity(diagnostics.count)
        var total = 0
        for diagnostic in diagnostics {
            let form = CompilerForm(diagnostic)
            forms.append(form)
            total += form.length + 1
        }
        lines.reserveCapacity(total)
        // Each line is written into a scratch buffer as long as the longest, then checked for
        // what must be escaped (rare) and appended.
        let longest = forms.lazy.map(\.length).max() ?? 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { scratch in
            for position in diagnostics.indices {
                var writer = UTF8Writer(buffer: scratch)
                forms[position].write(diagnostics[position], into: &writer)
                let written = UnsafeBufferPointer(rebasing: scratch[..<writer.end])
                if PrintableText.mayNeedEscapes(written) {
                    lines.append(contentsOf: PrintableText.escaped(String(decoding: written, as: UTF8.self)).utf8)
                } else {
                    lines.append(contentsOf: written)
                }
                lines.append(UInt8(ascii: "\n"))
            }
        }
        return lines
    }

    /// What goes into a diagnostic's compiler form, and its length before escapes: counted,
    /// then written once.
    private struct CompilerForm {
        let file: String?
        let path: DocumentPath?
        let length: Int

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location?.file
            path = diagnostic.keyPath.flatMap { $0.isRoot ? nil : $0 }
            var length = diagnostic.severity.rawValue.utf8.count + ": ".utf8.count + diagnostic.message.utf8.count + " [".utf8.count
                + diagnostic.code.rawValue.utf8.count + 1
            if let location = diagnostic.location, let file { length += location.descriptionLength(file: file) + ": ".utf8.count }
            if let path { length += " at ".utf8.count + path.descriptionLength }
            self.length = length
        }

        /// Writes the form of `diagnostic` (the one it was counted for): ``length`` bytes.
        func write(_ diagnostic: Diagnostic, into writer: inout UTF8Writer) {
            if let location = diagnostic.location, let file {
                writer.put(location, file: file)
                writer.put(": ")
            }
            writer.put(diagnostic.severity.rawValue)
            writer.put(": ")
            writer.put(diagnostic.message)
            if let path {
                writer.put(" at ")
                writer.put(path)
            }
            writer.put(" [")
            writer.put(diagnostic.code.rawValue)
            writer.put("]")
        }
    }
}
