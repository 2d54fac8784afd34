extension Array where Element: ExpressibleByNilLiteral {
    /// `count` nils, written in place.
    ///
    /// `Array(repeating: nil, count:)` and `append(contentsOf: repeatElement(nil, count:))` copy
    /// their value into each element through the element type's value witness: for an optional
    /// of a struct with references (a resolved token, a theme value) about 120 instructions an
    /// element, against a few here. The tables a load makes are one element per token or cell.
    init(nils count: Int) {
        // No elements is the storage every empty array shares, which the initializer below would
        // still write a count of zero into: a data race with another thread doing the same
        // (ThreadSanitizer reports it).
        guard count > 0 else {
            self.init()
            return
        }
        // A short table is appended to: the initializer below is not specialized for the element
        // type, and finds its storage's type at run time, some four hundred instructions a table
        // (callgrind), more than appending a few hundred nils costs.
        if count <= Self.appendedUpTo {
            self.init()
            reserveCapacity(count)
            for _ in 0..<count { append(nil) }
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: nil)
            initialized = count
        }
    }

    /// The most nils ``init(nils:)`` appends one by one rather than writes in place.
    private static var appendedUpTo: Int { 128 }

    /// Appends nils until the array holds `count` elements (an empty one is made in place).
    mutating func appendNils(upTo count: Int) {
        guard count > self.count else { return }
        if isEmpty {
            self = Self(nils: count)
        } else {
            self += Self(nils: count - self.count)
        }
    }
}
