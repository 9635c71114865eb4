/// Control characters in text that came from a file: what they are, and how they are shown.
///
/// Why: a food name imported with terminal escapes (`ESC ] 0 ; … BEL`, `ESC [ 2 J`) retitled and
/// cleared the terminal of whoever ran `today`, and one with a NUL cut the output short at its row
/// (issue 25, F16 and F17). Imports refuse them; what is already stored is shown escaped.
public enum ControlCharacters {
    /// True for a C0 control (U+0000–U+001F), DEL (U+007F) or a C1 control (U+0080–U+009F):
    /// characters a terminal may act on instead of showing.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// True when `text` may hold a control character (as bytes: C0, DEL, or the UTF-8 lead byte
    /// C2 followed by 80–9F, a C1 control), line feeds and tabs aside when `keepingLines`: the
    /// common case, none, costs one pass over the bytes and no copy.
    public static func mayHold(_ text: String, keepingLines: Bool = false) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 {
                    if !keepingLines || (byte != 0x0A && byte != 0x09) { return true }
                } else if byte == 0x7F {
                    return true
                } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    /// The first control character of `text` (line breaks and tabs too), and its 1-based place
    /// in the text, counted in characters as a person counts them.
    public static func first(in text: String) -> (scalar: Unicode.Scalar, column: Int)? {
        guard mayHold(text) else { return nil }
        for (offset, scalar) in text.unicodeScalars.enumerated() where isControl(scalar) {
            return (scalar, offset + 1)
        }
        return nil
    }

    /// A control character said in words: `U+001B (escape)`.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return",
            0x1B: "escape", 0x7F: "delete", 0x9B: "control sequence introducer",
        ]
        return "U+" + hex(scalar) + (names[scalar.value].map { " (\($0))" } ?? "")
    }

    /// `text` with every control character written as `\u001B` (line feeds and tabs kept when
    /// `keepingLines`): the form JSON reads back as the same character, and plain text as what
    /// it is.
    public static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard mayHold(text, keepingLines: keepingLines) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                out.append(contentsOf: ("\\u" + hex(scalar)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Four upper-case hex digits.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
