/// Writes text into a buffer that was made large enough for it, keeping its end: for strings
/// made many times over (a diagnostic's line, a `low-contrast` message), whose length is counted
/// first and whose bytes are then written once, with no intermediate strings.
struct UTF8Writer {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var end = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func put(_ text: String) {
        // Read in place where the string has its bytes together (every native one): a copy to
        // call `withUTF8` on would retain and release it.
        if text.utf8.withContiguousStorageIfAvailable({ put($0) }) != nil { return }
        var text = text
        text.withUTF8 { put($0) }
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        // Copied as one block (the sequence form would copy byte by byte).
        _ = UnsafeMutableBufferPointer(rebasing: buffer[end..<end + bytes.count]).initialize(fromContentsOf: bytes)
        end += bytes.count
    }

    /// Advances past `count` bytes that the caller wrote at ``end`` itself.
    mutating func advance(by count: Int) {
        end += count
    }

    /// The decimal digits of a number, as `String(number)` writes them.
    mutating func put(decimal number: Int) {
        guard number >= 0 else { return put(String(number)) }
        var divisor = 1
        while divisor <= number / 10 { divisor *= 10 }
        var rest = number
        while divisor > 0 {
            buffer[end] = UInt8(ascii: "0") + UInt8(rest / divisor)
            end += 1
            rest %= divisor
            divisor /= 10
        }
    }

    /// How many bytes ``put(decimal:)`` writes.
    static func decimalLength(_ number: Int) -> Int {
        guard number >= 0 else { return String(number).utf8.count }
        var length = 1, rest = number
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        return length
    }
}
