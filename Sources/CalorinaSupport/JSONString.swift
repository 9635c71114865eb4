/// The one writer of JSON strings: the month files' codec and `--json` output both write text in
/// double quotes through it, each with its own rule for control characters.
public enum JSONString {
    /// What is written as an escape besides `"` and `\`.
    public enum Escapes: Sendable {
        /// As `JSONEncoder` writes a string (the month files are byte for byte its output):
        /// `\n \r \t \b \f`, the other C0 controls as `\u00XX`, everything else as it is.
        case likeJSONEncoder
        /// For output a terminal may show (`--json`): `\n \r \t`, the other C0 controls, DEL, the
        /// C1 controls and U+2028/U+2029 as `\uXXXX`, so that none can act on a terminal or end a
        /// line of JavaScript (issue 25, F16).
        case forTerminals
    }

    /// Appends `value` in double quotes to `out`.
    public static func append(_ value: String, to out: inout [UInt8], escaping escapes: Escapes) {
        out.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { bytes in
            // Most text needs no escape: copied whole.
            guard bytes.contains(where: { needsLook($0, escapes) }) else {
                out.append(contentsOf: bytes)
                return
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""): out += [0x5C, UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, UInt8(ascii: "n")]
                case 0x0D: out += [0x5C, UInt8(ascii: "r")]
                case 0x09: out += [0x5C, UInt8(ascii: "t")]
                case 0x08 where escapes == .likeJSONEncoder: out += [0x5C, UInt8(ascii: "b")]
                case 0x0C where escapes == .likeJSONEncoder: out += [0x5C, UInt8(ascii: "f")]
                case 0..<0x20: unicodeEscape(UInt32(byte), to: &out)
                case 0x7F where escapes == .forTerminals: unicodeEscape(0x7F, to: &out)
                // U+0080…U+009F: C2 80…C2 9F.
                case 0xC2
                where escapes == .forTerminals && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    unicodeEscape(UInt32(bytes[index + 1]), to: &out)
                    index += 1
                // U+2028, U+2029: E2 80 A8, E2 80 A9.
                case 0xE2
                where escapes == .forTerminals && index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
                    index += 2
                default: out.append(byte)
                }
                index += 1
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// True for a byte that may start something to escape.
    @inline(__always)
    private static func needsLook(_ byte: UInt8, _ escapes: Escapes) -> Bool {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        return escapes == .forTerminals && (byte == 0x7F || byte == 0xC2 || byte == 0xE2)
    }

    /// `\uXXXX`, in lowercase hexadecimal digits.
    private static func unicodeEscape(_ value: UInt32, to out: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        out += [0x5C, UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
