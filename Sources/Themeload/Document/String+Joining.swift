extension String {
    /// Two strings with an ASCII separator between them (`group.token`), made in one step from
    /// their bytes: `first + "." + second` makes a string for the first join and grows it for
    /// the second, at every token of a large file.
    static func joining(_ first: String, _ separator: Unicode.Scalar, _ second: String) -> String {
        precondition(separator.isASCII, "the separator is one byte")
        var first = first, second = second
        let count = first.utf8.count + 1 + second.utf8.count
        return first.withUTF8 { head in
            second.withUTF8 { tail in
                String(unsafeUninitializedCapacity: count) { buffer in
                    if let start = head.baseAddress { buffer.baseAddress!.initialize(from: start, count: head.count) }
                    buffer[head.count] = UInt8(separator.value)
                    if let start = tail.baseAddress { (buffer.baseAddress! + head.count + 1).initialize(from: start, count: tail.count) }
                    return count
                }
            }
        }
    }
}
