/// XXH64, the 64-bit xxHash (seed 0 unless given), which a compiled theme of format 3 or later
/// carries over its payload: damage passes it by chance about once in 2^64, and it reads 32 bytes
/// a step in four independent lanes, so checking a large file costs a fraction of reading it.
///
/// Written from the algorithm's specification (xxHash's `doc/xxhash_spec.md`); the tests compare
/// it with the reference implementation's values.
enum XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var offset = 0
        func word(at offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var hash: UInt64
        if count >= 32 {
            var lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
            while count - offset >= 32 {
                lanes.0 = round(lanes.0, word(at: offset))
                lanes.1 = round(lanes.1, word(at: offset + 8))
                lanes.2 = round(lanes.2, word(at: offset + 16))
                lanes.3 = round(lanes.3, word(at: offset + 24))
                offset += 32
            }
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            hash = merge(merge(merge(merge(hash, lanes.0), lanes.1), lanes.2), lanes.3)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(count)
        while count - offset >= 8 {
            hash = rotate(hash ^ round(0, word(at: offset)), 27) &* prime1 &+ prime4
            offset += 8
        }
        if count - offset >= 4 {
            let half = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = rotate(hash ^ half &* prime1, 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = rotate(hash ^ UInt64(bytes[offset]) &* prime5, 11) &* prime1
            offset += 1
        }
        // The final mix, so that every input bit reaches every output bit.
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    /// One lane's step over eight bytes.
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    /// Folds one lane into the hash once the lanes are done.
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        value << count | value >> (64 - count)
    }
}
