extension String {
    /// Three strings joined, made in one step from their bytes (`stem` `.` `yaml`): `first +
    /// second + third` makes a string for the first join and grows it for the second, for every
    /// candidate file of a theme found by name.
    static func concatenated(_ first: String, _ second: String, _ third: String) -> String {
        String(unsafeUninitializedCapacity: first.utf8.count + second.utf8.count + third.utf8.count) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            writer.put(first)
            writer.put(second)
            writer.put(third)
            return writer.end
        }
    }

    /// Two strings joined, made in one step from their bytes (`Themes/Moments` `.yaml`): `first
    /// + second` copies the first into a string grown for the second.
    static func concatenated(_ first: String, _ second: String) -> String {
        String(unsafeUninitializedCapacity: first.utf8.count + second.utf8.count) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            writer.put(first)
            writer.put(second)
            return writer.end
        }
    }

    /// Two strings with an ASCII separator between them (`group` `.` `token`), made in one step
    /// as three strings are, for every token of a large file.
    static func concatenated(_ first: String, _ separator: Unicode.Scalar, _ second: String) -> String {
        precondition(separator.isASCII, "the separator is one byte")
        return String(unsafeUninitializedCapacity: first.utf8.count + 1 + second.utf8.count) { buffer in
            var writer = UTF8Writer(buffer: buffer)
            writer.put(first)
            buffer[writer.end] = UInt8(separator.value)
            writer.advance(by: 1)
            writer.put(second)
            return writer.end
        }
    }
}
