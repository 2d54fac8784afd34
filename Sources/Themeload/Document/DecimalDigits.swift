/// The integer part of a number, read from ASCII digits by the parsers.
package enum DecimalDigits {
    /// Reads the digits from `start` on and returns where they end and their value with the sign
    /// applied, or `nil` for a value beyond `Int64` (the caller then reads the number as a float).
    ///
    /// The digits are accumulated as a negative number, so that `Int64.min` fits too.
    @inline(__always)
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, negative: Bool) -> (end: Int, value: Int64?) {
        var accumulator: Int64 = 0
        var overflow = false
        var index = start
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let (times10, o1) = accumulator.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.subtractingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            overflow = overflow || o1 || o2
            accumulator = next
            index += 1
        }
        if overflow { return (index, nil) }
        if negative { return (index, accumulator) }
        return (index, accumulator == .min ? nil : -accumulator)
    }
}
