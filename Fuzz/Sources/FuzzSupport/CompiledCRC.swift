import Foundation

/// CRC-32 (IEEE), the checksum of a compiled theme's payload, so the compiled-theme target can give
/// the fuzzer's payloads a valid header. Themeload's own is internal to it.
enum CompiledCRC {
    static func checksum(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
