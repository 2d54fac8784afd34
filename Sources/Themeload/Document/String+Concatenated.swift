extension String {
    /// Three strings joined, made in one step from their bytes (`stem` `.` `yaml`): `first +
    /// second + third` makes a string for the first join and grows it for the second, for every
    /// candidate file of a theme found by name.
    static func concatenated(_ first: String, _ second: String, _ third: String) -> String {
        var second = second
        return second.withUTF8 { concatenated(first, $0, third) }
    }

    /// Two strings with an ASCII separator between them (`group` `.` `token`), made in one step
    /// as three strings are, for every token of a large file.
    static func concatenated(_ first: String, _ separator: Unicode.Scalar, _ second: String) -> String {
        precondition(separator.isASCII, "the separator is one byte")
        var byte = UInt8(separator.value)
        return withUnsafePointer(to: &byte) { concatenated(first, UnsafeBufferPointer(start: $0, count: 1), second) }
    }

    private static func concatenated(_ first: String, _ middle: UnsafeBufferPointer<UInt8>, _ last: String) -> String {
        var first = first, last = last
        let count = first.utf8.count + middle.count + last.utf8.count
        return first.withUTF8 { head in
            last.withUTF8 { tail in
                String(unsafeUninitializedCapacity: count) { buffer in
                    var end = 0
                    func put(_ part: UnsafeBufferPointer<UInt8>) {
                        guard let start = part.baseAddress else { return }
                        (buffer.baseAddress! + end).initialize(from: start, count: part.count)
                        end += part.count
                    }
                    put(head)
                    put(middle)
                    put(tail)
                    return end
                }
            }
        }
    }
}
