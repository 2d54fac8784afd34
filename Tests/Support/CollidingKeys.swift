import Themeload

/// Keys written to collide in the tables that parsers check keys with, as a file made to stall a
/// parser would hold them.
public enum CollidingKeys {
    /// `count` distinct keys whose hashes (``DocumentAssembler/keyHash(_:)-(String)``, FNV-1a)
    /// agree in their low 20 bits, so they fall on one slot of any table up to a million slots.
    /// Each is a prefix of letters counting up and three letters found by running the hash
    /// backwards from 0: the low bits of a product depend only on the low bits of its factors, so
    /// the last three steps can be undone modulo 2^20.
    public static func make(_ count: Int) -> [String] {
        let mask: UInt32 = (1 << 20) - 1
        let prime: UInt32 = 16_777_619
        var inverse = prime  // Newton's iteration: each step doubles the number of correct low bits
        for _ in 0..<5 { inverse = inverse &* (2 &- prime &* inverse) }
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        // For each state (low 20 bits) a prefix can leave, three letters that lead from it to 0:
        // a step is `state = (state ^ letter) * prime`, so undone it is `state * inverse ^ letter`.
        var endings: [UInt32: [UInt8]] = [:]
        for last in letters {
            let beforeLast = UInt32(last)  // 0 * inverse ^ last
            for middle in letters {
                let beforeMiddle = ((beforeLast &* inverse) & mask) ^ UInt32(middle)
                for first in letters {
                    let start = ((beforeMiddle &* inverse) & mask) ^ UInt32(first)
                    if endings[start] == nil { endings[start] = [first, middle, last] }
                }
            }
        }
        var keys: [String] = []
        var counter = 0
        while keys.count < count {
            var prefix: [UInt8] = []
            var rest = counter
            repeat {
                prefix.append(letters[rest % letters.count])
                rest /= letters.count
            } while rest > 0
            counter += 1
            let state = prefix.withUnsafeBufferPointer(DocumentAssembler.keyHash) & mask
            guard let ending = endings[state] else { continue }
            keys.append(String(decoding: prefix + ending, as: UTF8.self))
        }
        return keys
    }
}
