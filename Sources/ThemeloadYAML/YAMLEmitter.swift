import CYAML
import Themeload

/// Writes JSON-shaped data as YAML through libyaml's emitter, quoting every string that the core
/// schema would otherwise read back as something else (`"true"`, `"12"`, `"~"`), so what is
/// written reads back as the same data.
package enum YAMLEmitter {
    /// Why emitting failed (libyaml's own problem text).
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The YAML text of a value, block style, one document, no `---` marker.
    package static func text(_ value: JSONValue) throws(Failure) -> String {
        var emitter = yaml_emitter_t()
        guard yaml_emitter_initialize(&emitter) == 1 else { throw Failure(description: "libyaml could not allocate an emitter") }
        defer { yaml_emitter_delete(&emitter) }
        let output = OutputBuffer()
        let context = Unmanaged.passUnretained(output).toOpaque()
        yaml_emitter_set_output(&emitter, { context, buffer, size in
            guard let context, let buffer else { return 0 }
            Unmanaged<OutputBuffer>.fromOpaque(context).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
            return 1
        }, context)
        yaml_emitter_set_unicode(&emitter, 1)
        yaml_emitter_set_width(&emitter, -1)
        yaml_emitter_set_indent(&emitter, 2)

        var event = yaml_event_t()
        func emit(_ make: (inout yaml_event_t) -> Int32) throws(Failure) {
            guard make(&event) == 1, yaml_emitter_emit(&emitter, &event) == 1 else {
                throw Failure(description: emitter.problem.map { String(cString: $0) } ?? "libyaml could not emit the document")
            }
        }
        try emit { yaml_stream_start_event_initialize(&$0, YAML_UTF8_ENCODING) }
        try emit { yaml_document_start_event_initialize(&$0, nil, nil, nil, 1) }
        try write(value, emit: emit)
        try emit { yaml_document_end_event_initialize(&$0, 1) }
        try emit { yaml_stream_end_event_initialize(&$0) }
        guard yaml_emitter_flush(&emitter) == 1 else { throw Failure(description: "libyaml could not flush the document") }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    private final class OutputBuffer {
        var bytes: [UInt8] = []
    }

    private static func write(_ value: JSONValue, emit: ((inout yaml_event_t) -> Int32) throws(Failure) -> Void) throws(Failure) {
        switch value {
        case .object(let members):
            let style = members.isEmpty ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE
            try emit { yaml_mapping_start_event_initialize(&$0, nil, nil, 1, style) }
            for (key, member) in members {
                try scalar(key, quoted: needsQuotes(key), emit: emit)
                try write(member, emit: emit)
            }
            try emit { yaml_mapping_end_event_initialize(&$0) }
        case .array(let items):
            let style = items.isEmpty ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE
            try emit { yaml_sequence_start_event_initialize(&$0, nil, nil, 1, style) }
            for item in items { try write(item, emit: emit) }
            try emit { yaml_sequence_end_event_initialize(&$0) }
        case .string(let text):
            try scalar(text, quoted: needsQuotes(text), emit: emit)
        case .number(let text):
            try scalar(text, quoted: false, emit: emit)
        case .bool(let flag):
            try scalar(flag ? "true" : "false", quoted: false, emit: emit)
        case .null:
            try scalar("null", quoted: false, emit: emit)
        }
    }

    /// Whether a string must be quoted to read back as a string under the core schema.
    private static func needsQuotes(_ text: String) -> Bool {
        if case .value(.string) = YAMLCoreSchema.resolvePlain(text) { return text.isEmpty || text.first == "<" && text == "<<" }
        return true
    }

    private static func scalar(_ text: String, quoted: Bool, emit: ((inout yaml_event_t) -> Int32) throws(Failure) -> Void) throws(Failure) {
        var bytes = Array(text.utf8)
        let style = quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE
        try bytes.withUnsafeMutableBufferPointer { buffer throws(Failure) in
            let base = buffer.baseAddress
            let count = Int32(buffer.count)
            try emit { yaml_scalar_event_initialize(&$0, nil, nil, base, count, quoted ? 0 : 1, 1, style) }
        }
    }
}
