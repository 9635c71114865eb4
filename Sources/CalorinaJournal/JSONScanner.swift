/// The lexing steps of JSON text that both hand-written readers take: `MonthCodec`'s fast reader
/// of month files and `JSONLocator`, which finds where a file breaks the grammar. Each reader keeps
/// its own bytes (a buffer, an array) and its own errors (a bare failure, a reason with an offset);
/// the steps over the bytes are written once, here.
protocol JSONScanner {
    associatedtype Bytes: RandomAccessCollection where Bytes.Element == UInt8, Bytes.Index == Int
    /// The text being read.
    var bytes: Bytes { get }
    /// The offset of the next byte to read.
    var index: Int { get set }
}

/// A number literal `scanNumber` read: where it starts and where its mantissa ends.
struct JSONNumberLiteral {
    /// The offset of its first byte (`-` or a digit).
    var start: Int
    /// The offset just past its digits before any exponent.
    var mantissaEnd: Int
    /// True when it has neither a fraction nor an exponent.
    var isWhole: Bool
}

extension JSONScanner {
    /// Moves past spaces, tabs, line feeds and carriage returns.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// Moves past `byte` when it is next; false, moving nowhere, when it is not.
    mutating func eat(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Moves past a run of decimal digits; false when there is none.
    mutating func eatDigits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        return index > start
    }

    /// Reads a number literal by JSON's grammar; nil when the bytes from `index` are not one, with
    /// `index` where it stopped. Its range is `start..<index`.
    ///
    /// JSON's number: [ "-" ] ( "0" | digit1-9 { digit } ) [ "." digit { digit } ]
    ///                [ ( "e" | "E" ) [ "+" | "-" ] digit { digit } ]
    mutating func scanNumber() -> JSONNumberLiteral? {
        let start = index
        _ = eat(UInt8(ascii: "-"))
        if !eat(UInt8(ascii: "0")) {
            guard eatDigits() else { return nil }
        }
        var isWhole = true
        if eat(UInt8(ascii: ".")) {
            isWhole = false
            guard eatDigits() else { return nil }
        }
        let mantissaEnd = index
        if eat(UInt8(ascii: "e")) || eat(UInt8(ascii: "E")) {
            isWhole = false
            if !eat(UInt8(ascii: "+")) { _ = eat(UInt8(ascii: "-")) }
            guard eatDigits() else { return nil }
        }
        return JSONNumberLiteral(start: start, mantissaEnd: mantissaEnd, isWhole: isWhole)
    }
}

/// The steps of a `\u` escape, shared by the readers whatever holds their bytes.
enum JSONEscape {
    /// The value of four hex digits, nil when one is not a hex digit.
    static func hex4<Digits: Sequence<UInt8>>(_ digits: Digits) -> UInt32? {
        var value: UInt32 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A high surrogate, which needs a low one after it.
    static func isHighSurrogate(_ value: UInt32) -> Bool { (0xD800..<0xDC00).contains(value) }

    /// A low surrogate, which must follow a high one.
    static func isLowSurrogate(_ value: UInt32) -> Bool { (0xDC00..<0xE000).contains(value) }

    /// The scalar a high and a low surrogate stand for together.
    static func combined(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }
}
