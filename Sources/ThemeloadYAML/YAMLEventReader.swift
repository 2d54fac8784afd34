import CYAML
import Themeload

/// Drives libyaml's parser over a buffer and feeds its events to a ``YAMLTreeBuilder``.
struct YAMLEventReader: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: SourceFile
    private var builder: YAMLTreeBuilder

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: Limits) {
        self.bytes = bytes
        let sourceFile = SourceFile(file)
        self.file = sourceFile
        self.builder = YAMLTreeBuilder(file: sourceFile, limits: limits)
    }

    /// The document, or every problem found: recoverable ones met before a fatal error (a
    /// duplicate key, then a syntax error) are reported with it.
    mutating func read() throws(ThemeloadError) -> DocumentNode {
        do {
            return try readEvents()
        } catch {
            throw ThemeloadError(builder.problems(endingWith: error.diagnostics))
        }
    }

    private mutating func readEvents() throws(ThemeloadError) -> DocumentNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw ThemeloadError(.io, "libyaml could not allocate a parser", at: SourceLocation(file: file))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        if let base = bytes.baseAddress {
            yaml_parser_set_input_string(&parser, base, bytes.count)
        } else {
            let empty: [UInt8] = [0]
            empty.withUnsafeBufferPointer { yaml_parser_set_input_string(&parser, $0.baseAddress, 0) }
        }
        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw syntaxError(parser)
            }
            defer { yaml_event_delete(&event) }
            let location = SourceLocation(
                file: file, rawLine: UInt32(clamping: event.start_mark.line + 1),
                rawColumn: UInt32(clamping: event.start_mark.column + 1))
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return try builder.finish(emptyStreamLocation: SourceLocation(file: file, line: 1, column: 1))
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw ThemeloadError(.syntax, "a second YAML document starts here; a theme file holds exactly one", at: location)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let bytes = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                if scalar.tag == nil && scalar.anchor == nil {
                    // Nearly every scalar: no tag or anchor strings to make and free.
                    try builder.scalar(bytes, isPlain: isPlain, at: location)
                } else {
                    try builder.scalar(
                        bytes, isPlain: isPlain, tag: Self.string(scalar.tag), anchor: Self.string(scalar.anchor), at: location)
                }
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start
                try builder.startCollection(
                    isMap: false, tag: Self.string(start.tag), anchor: Self.string(start.anchor), at: location)
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start
                try builder.startCollection(
                    isMap: true, tag: Self.string(start.tag), anchor: Self.string(start.anchor), at: location)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try builder.endCollection()
            case YAML_ALIAS_EVENT:
                try builder.alias(Self.string(event.data.alias.anchor) ?? "", at: location)
            default:
                break  // stream start, document end
            }
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func syntaxError(_ parser: yaml_parser_t) -> ThemeloadError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML cannot be parsed"
        if parser.error == YAML_READER_ERROR {
            // Encoding errors carry a byte offset, not a mark.
            let location = locationOfByte(parser.problem_offset)
            let message: String
            if parser.problem_value >= 0 && parser.problem_value <= 0xFF && problem.contains("control") {
                message = "\(problem) (byte 0x\(String(parser.problem_value, radix: 16, uppercase: true)))"
            } else {
                message = problem == "invalid leading UTF-8 octet" || problem.contains("UTF-8")
                    ? "the file is not valid UTF-8 (\(problem))" : problem
            }
            return ThemeloadError(.syntax, message, at: location)
        }
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
            message += " that starts at line \(parser.context_mark.line + 1), column \(parser.context_mark.column + 1)"
        }
        let mark = parser.problem_mark
        return ThemeloadError(.syntax, message, at: SourceLocation(
            file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }

    private func locationOfByte(_ offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        for index in 0..<end {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
