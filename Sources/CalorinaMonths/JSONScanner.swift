import CalorinaFiles

/// The lexing steps of JSON text that both hand-written readers take: `MonthCodec`'s fast reader
/// of month files and `JSONLocator`, which finds where a file breaks the grammar. Each reader keeps
/// its own bytes (a buffer, an array) and its own errors (a bare failure, a reason with an offset);
/// the steps over the bytes are written once, here.
package protocol JSONScanner {
    associatedtype Bytes: RandomAccessCollection where Bytes.Element == UInt8, Bytes.Index == Int
    /// The text being read.
    var bytes: Bytes { get }
    /// The offset of the next byte to read.
    var index: Int { get set }
}

/// A number literal `scanNumber` read: where it starts and where its mantissa ends.
package struct JSONNumberLiteral {
    /// The offset of its first byte (`-` or a digit).
    package var start: Int
    /// The offset just past its digits before any exponent.
    package var mantissaEnd: Int
    /// True when it has neither a fraction nor an exponent.
    package var isWhole: Bool
}

extension JSONScanner {
    /// Moves past spaces, tabs, line feeds and carriage returns.
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }

    /// Moves past `byte` when it is next; false, moving nowhere, when it is not.
    package mutating func eat(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Moves past a run of decimal digits; false when there is none.
    package mutating func eatDigits() -> Bool {
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
    package mutating func scanNumber() -> JSONNumberLiteral? {
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

/// What is wrong with an escape, for each reader to say in its own words.
package enum JSONEscapeProblem: Error {
    /// The text ends inside the escape.
    case endOfText
    /// "\" followed by a byte no escape starts with (`index` is at that byte).
    case notAnEscape
    /// "\u" without four hex digits.
    case needsHexDigits
    /// A high surrogate with no low one after it, or a low one alone.
    case loneSurrogate
    /// A "\u" value that is no Unicode scalar.
    case invalidScalar
}

extension JSONScanner {
    /// JSON's escape: "\" ( '"' | "\" | "/" | "b" | "f" | "n" | "r" | "t" | "u" hex hex hex hex ), a
    /// high surrogate followed by a low one. Reads the escape at `index` (its "\") and appends the
    /// UTF-8 bytes it stands for.
    package mutating func readEscape(into text: inout [UInt8]) throws(JSONEscapeProblem) {
        index += 1
        guard index < bytes.count else { throw .endOfText }
        let escape = bytes[index]
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            index += 1
            var scalar = try readHex4()
            if JSONEscape.isHighSurrogate(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw .loneSurrogate }
                index += 2
                let low = try readHex4()
                guard JSONEscape.isLowSurrogate(low) else { throw .loneSurrogate }
                scalar = JSONEscape.combined(high: scalar, low: low)
            } else if JSONEscape.isLowSurrogate(scalar) {
                throw .loneSurrogate
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw .invalidScalar }
            text.append(contentsOf: String(Character(unicode)).utf8)
            return
        default:
            throw .notAnEscape
        }
        index += 1
    }

    private mutating func readHex4() throws(JSONEscapeProblem) -> UInt32 {
        guard index + 4 <= bytes.count else { throw .endOfText }
        guard let value = JSONEscape.hex4(bytes[index..<index + 4]) else { throw .needsHexDigits }
        index += 4
        return value
    }
}

/// Why `scanString` stopped, for each reader to say in its own words.
package enum JSONStringProblem: Error {
    /// The text ends inside the string.
    case endOfText
    /// A control character (`index` is at it), which JSON text must escape.
    case controlCharacter
    /// An escape that is none, starting at `at` (`index` is where it went wrong).
    case escape(JSONEscapeProblem, at: Int)
    /// Bytes that are not UTF-8 (`index` is at the first of them).
    case notUTF8
}

extension JSONScanner {
    /// JSON's string: '"' { character | escape } '"', the text in valid UTF-8 with no control
    /// characters. Reads the string at `index` (its opening quote) and returns the text it stands
    /// for, its escapes read.
    package mutating func scanString() throws(JSONStringProblem) -> String {
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else { throw .endOfText }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                let start = index
                do {
                    try readEscape(into: &text)
                } catch {
                    throw .escape(error, at: start)
                }
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case 0..<0x20:
                throw .controlCharacter
            case 0..<0x80:
                text.append(byte)
                index += 1
            default:
                guard let length = utf8SequenceLength() else { throw .notUTF8 }
                text.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    /// The length of the valid UTF-8 sequence at `index` (a non-ASCII lead byte); nil when the
    /// bytes there are not one.
    private func utf8SequenceLength() -> Int? {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }
}

/// The contents of a JSON string already found, read for their escapes.
package struct JSONStringContents: JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }
}

/// The steps of a `\u` escape, shared by the readers whatever holds their bytes.
package enum JSONEscape {
    /// The value of four hex digits, nil when one is not a hex digit.
    package static func hex4<Digits: Sequence<UInt8>>(_ digits: Digits) -> UInt32? {
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
    package static func isHighSurrogate(_ value: UInt32) -> Bool { (0xD800..<0xDC00).contains(value) }

    /// A low surrogate, which must follow a high one.
    package static func isLowSurrogate(_ value: UInt32) -> Bool { (0xDC00..<0xE000).contains(value) }

    /// The scalar a high and a low surrogate stand for together.
    package static func combined(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }
}
