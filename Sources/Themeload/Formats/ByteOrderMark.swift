/// The UTF-8 byte-order mark that every text format skips at the start of a file.
enum ByteOrderMark {
    /// The mark's bytes.
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The length of a UTF-8 byte-order mark at the start of `bytes`: 3, or 0 when there is none.
    static func utf8Length(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: utf8) ? utf8.count : 0
    }
}
