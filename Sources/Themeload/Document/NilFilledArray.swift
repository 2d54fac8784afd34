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
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.initialize(repeating: nil)
            initialized = count
        }
    }

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
