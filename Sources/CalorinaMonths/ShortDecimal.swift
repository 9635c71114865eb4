import CalorinaFiles

/// A short decimal written as text (`122.2`, `-3`, `1`) read exactly and without a `String`:
/// its digits, read as a whole number of at most 15 of them, and the power of ten they are divided
/// by are both exact doubles, so one division gives the correctly rounded value (Clinger's fast
/// path). Month files and their summaries are mostly such numbers, and a view of years reads
/// thousands of them.
package enum ShortDecimal {
    /// The value of `bytes` when they are an optional `-`, digits and at most one `.` between
    /// digits, 15 digits at the most; nil for anything else (longer, an exponent, not a number),
    /// which `Double(_:)` reads.
    package static func value<Bytes: Collection<UInt8>>(of bytes: Bytes) -> Double? {
        var digits = 0
        var whole: Int64 = 0
        var fraction = -1
        var negative = false
        var first = true
        for byte in bytes {
            defer { first = false }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                guard digits <= 15 else { return nil }
                whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
                if fraction >= 0 { fraction += 1 }
            case UInt8(ascii: "."):
                guard fraction < 0, digits > 0 else { return nil }
                fraction = 0
            case UInt8(ascii: "-"):
                guard first else { return nil }
                negative = true
            default:
                return nil
            }
        }
        guard digits > 0, fraction != 0 else { return nil }
        let value = Double(whole) / powersOfTen[max(0, fraction)]
        return negative ? -value : value
    }

    /// 10⁰ … 10¹⁵, each exact.
    private static let powersOfTen: [Double] = (0...15).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }
}
