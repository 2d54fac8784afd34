/// The order people expect for names with numbers in them: runs of digits compare as numbers,
/// so `blue-200` comes before `blue-1000` and `gray-9` before `gray-10`; the rest compares by
/// Unicode scalars, so the order is the same on every machine and in every locale.
enum NaturalOrder {
    /// Whether `a` comes before `b`. Names equal as numbers (`a-01`, `a-1`) fall back to plain order.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var left = a.unicodeScalars[...], right = b.unicodeScalars[...]
        while let l = left.first, let r = right.first {
            if l.properties.numericType == .decimal, r.properties.numericType == .decimal, l.isASCII, r.isASCII {
                let leftDigits = left.prefix { $0.isASCII && $0.properties.numericType == .decimal }
                let rightDigits = right.prefix { $0.isASCII && $0.properties.numericType == .decimal }
                let leftNumber = leftDigits.drop { $0 == "0" }, rightNumber = rightDigits.drop { $0 == "0" }
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if !leftNumber.elementsEqual(rightNumber) { return leftNumber.lexicographicallyPrecedes(rightNumber) { $0.value < $1.value } }
                left = left.dropFirst(leftDigits.count)
                right = right.dropFirst(rightDigits.count)
            } else {
                if l != r { return l.value < r.value }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }
}
