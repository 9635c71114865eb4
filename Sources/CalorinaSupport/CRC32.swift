/// CRC-32 as zlib's `crc32` and Python's `zlib.crc32` compute it (polynomial 0xEDB88320,
/// reflected, initial and final value all ones), a byte at a time from a table.
///
/// Why a CRC and not a faster hash: it finds every change of one bit, every burst of up to 32
/// changed bits, and two changed bits anywhere in a file of less than 2^32 bits, and anyone can
/// check it with a one-line `python3 -c`.
public struct CRC32: Sendable {
    /// The value of the bytes seen so far.
    public private(set) var value: UInt32 = 0

    /// Nothing seen yet.
    public init() {}

    /// The CRC-32 of `bytes`.
    public static func of<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// Takes in more bytes.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let done: UInt32? = bytes.withContiguousStorageIfAvailable { buffer in
            Self.step(~value, buffer)
        }
        if let done {
            value = ~done
            return
        }
        var crc = ~value
        for byte in bytes { crc = Self.table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        value = ~crc
    }

    private static func step(_ start: UInt32, _ buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc = start
        Self.table.withUnsafeBufferPointer { table in
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc
    }

    /// The value as eight lowercase hexadecimal digits, as month files carry it.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }
}
