/// Splits a line into tokens. It never fails: a character with no place in the language becomes
/// an `.unknown` token, and the parser reports it with its column.
///
/// Works on Unicode scalars, so columns count scalars.
public struct Lexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// Creates a lexer over the scalars of a line.
    public init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// Lexes the whole line.
    public static func tokenize(_ line: String) -> [Token] {
        var lexer = Lexer(Array(line.unicodeScalars))
        return lexer.tokenize()
    }

    /// Lexes the whole line.
    public mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        var glued = false
        while let scalar = peek() {
            if isSeparator(scalar) {
                index += 1
                glued = false
                continue
            }
            let token = lexToken(scalar, isGlued: glued && !tokens.isEmpty)
            tokens.append(token)
            glued = true
        }
        return tokens
    }

    // MARK: - Verbs

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let at = index + offset
        return at < scalars.count ? scalars[at] : nil
    }

    private func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.value >= 48 && scalar.value <= 57
    }

    private func isLetter(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 }
        return scalar.properties.isAlphabetic && Lexer.vulgarFractions[scalar] == nil
    }

    /// Combining marks continue a word: "é" typed as "e" + U+0301 is still one letter.
    private func isMark(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// White space and the punctuation people add without meaning anything by it. A carriage
    /// return or line feed ends a line: inside one ("banana<CR>burger", pasted) it is a control
    /// character like any other, refused with its column rather than kept in a name.
    private func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\"", "!", "\u{FEFF}", "®", "™", "©":
            // "Mott's® Applesauce": a trademark sign says nothing of the food.
            return true
        case "*":
            // "1 truffle*": a star after a word marks a footnote; at the start it is a bullet.
            return index > 0
                && (isLetter(scalars[index - 1])
                    || (scalars[index - 1] == "*" && index > 1 && isLetter(scalars[index - 2])))
        case "‘", "’", "“", "”":
            // "‘00’ flour", "’nduja": quotes around a name (an apostrophe inside a word is the
            // word's) say nothing of the food.
            return true
        case "~":
            // "~2 pods": a rough "about" before a number ("~/file" stays a path).
            return isDigit(peek(1))
        case "-":
            // "good- quality mayonnaise": a hyphen the line broke off a word is no minus.
            return index > 0 && isLetter(scalars[index - 1]) && peek(1) == " "
        case "\n", "\r":
            return scalars[index...].allSatisfy { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }
        case ".":
            return !isDigit(peek(1))
        default:
            return !scalar.isASCII && scalar.properties.isWhitespace
        }
    }

    // MARK: - Tokens

    private mutating func lexToken(_ scalar: Unicode.Scalar, isGlued: Bool) -> Token {
        let start = index
        func token(_ kind: Token.Kind) -> Token {
            Token(kind, SourceRange(start, index), isGlued: isGlued)
        }
        if isDigit(scalar) || (scalar == "." && isDigit(peek(1))) {
            return lexNumber(isGlued: isGlued)
        }
        if !scalar.isASCII, let fraction = Lexer.vulgarFractions[scalar] {
            index += 1
            return token(.number(fraction))
        }
        if isLetter(scalar) {
            return lexWord(isGlued: isGlued)
        }
        index += 1
        switch scalar {
        case ",": return token(.comma)
        case "+": return token(.plus)
        case "&": return token(.ampersand)
        case ";": return token(.semicolon)
        case ":": return token(.colon)
        case "-", "\u{2212}": return token(.minus)
        case "\u{2014}" where start > 0:
            // "white bread—homemade preferred": an em dash inside a line sets off a note, as a comma does.
            return token(.comma)
        case "\u{2013}"
        where isGlued && start > 0 && (isDigit(scalars[start - 1]) || Lexer.vulgarFractions[scalars[start - 1]] != nil):
            // "4–5 sprigs": an en dash glued to a number is the dash of a range.
            return token(.minus)
        case "#": return token(.hash)
        case "=": return token(.equals)
        case "?": return token(.question)
        case "(", "[": return token(.open)
        case ")", "]": return token(.close)
        case "/": return token(.slash)
        case "×":
            if isDigit(peek()) || (peek() == " " && isDigit(peek(1))) {
                if peek() == " " { index += 1 }
                let value = readInteger()
                return token(.multiplier(value))
            }
            return token(.multiplier(nil))
        default:
            return token(.unknown(Character(scalar)))
        }
    }

    private mutating func readDigits() -> String {
        var text = ""
        while let scalar = peek(), isDigit(scalar) {
            text.unicodeScalars.append(scalar)
            index += 1
        }
        return text
    }

    private mutating func readInteger() -> Double {
        Double(readDigits()) ?? .infinity
    }

    /// number = integer , [ "." , digits ]
    ///        | "." , digits
    ///        | integer , "/" , integer                        (* 1/2 *)
    ///        | integer , integer , "/" , integer              (* 1 1/2 *)
    ///        | [ integer ] , vulgar-fraction ;
    /// integer = digit , { digit } ;
    /// digits = digit , { digit } ;
    /// vulgar-fraction = "½" | "⅓" | "⅔" | "¼" | "¾" | "⅕" | "⅖" | "⅗" | "⅘" | "⅙" | "⅚" | "⅛" | "⅜" | "⅝" | "⅞" ;
    private mutating func lexNumber(isGlued: Bool) -> Token {
        let start = index
        if let date = lexDate() {
            return Token(date, SourceRange(start, index), isGlued: isGlued)
        }
        var text = readDigits()
        let isWhole = !(peek() == "." && isDigit(peek(1)))
        if !isWhole {
            index += 1
            text += "." + readDigits()
        }
        var value = Double(text) ?? .infinity
        if isWhole, peek() == "/", isDigit(peek(1)) {
            index += 1
            let denominator = readInteger()
            if denominator == 0 {
                return Token(.badFraction, SourceRange(start, index), isGlued: isGlued)
            }
            value /= denominator
        } else if isWhole, let scalar = peek(), let fraction = Lexer.vulgarFractions[scalar] {
            index += 1
            value += fraction
        } else if isWhole, let fraction = lexMixedFraction() {
            value += fraction
        }
        if isWhole, peek() == "-", isLetter(peek(1)) {
            // "7-up": a name that starts with a number.
            index += 1
            while let scalar = peek(), isLetter(scalar) || isDigit(scalar) || scalar == "-" { index += 1 }
            return Token(.word(lowercasedText(from: start)), SourceRange(start, index), isGlued: isGlued)
        }
        if peek() == "%" {
            // "2%" and "100%" are parts of food names ("2% milk"), not amounts.
            index += 1
            while let scalar = peek(), isLetter(scalar) || isDigit(scalar) { index += 1 }
            return Token(.word(lowercasedText(from: start)), SourceRange(start, index), isGlued: isGlued)
        }
        return Token(.number(value), SourceRange(start, index), isGlued: isGlued)
    }

    /// The fraction part of a mixed number, `1 1/2` or `1 ½`, when one follows a space.
    private mutating func lexMixedFraction() -> Double? {
        guard peek() == " " else { return nil }
        if let scalar = peek(1), let fraction = Lexer.vulgarFractions[scalar] {
            index += 2
            return fraction
        }
        var offset = 1
        var numerator = 0.0
        while isDigit(peek(offset)), let scalar = peek(offset) {
            numerator = numerator * 10 + Double(scalar.value - 48)
            offset += 1
        }
        guard offset > 1, peek(offset) == "/", isDigit(peek(offset + 1)) else { return nil }
        offset += 1
        var denominator = 0.0
        while isDigit(peek(offset)), let scalar = peek(offset) {
            denominator = denominator * 10 + Double(scalar.value - 48)
            offset += 1
        }
        guard denominator > 0, numerator < denominator, !isDigit(peek(offset)) else { return nil }
        index += offset
        return numerator / denominator
    }

    /// iso-date = digit , digit , digit , digit , "-" , digit , digit , "-" , digit , digit ;
    private mutating func lexDate() -> Token.Kind? {
        let shape: [Bool] = [true, true, true, true, false, true, true, false, true, true]
        for (offset, wantsDigit) in shape.enumerated() {
            let scalar = peek(offset)
            if wantsDigit ? !isDigit(scalar) : scalar != "-" { return nil }
        }
        if isDigit(peek(10)) || isLetter(peek(10)) { return nil }
        func value(_ from: Int, _ count: Int) -> Int {
            scalars[(index + from)..<(index + from + count)].reduce(0) { $0 * 10 + Int($1.value - 48) }
        }
        let date = Token.Kind.date(year: value(0, 4), month: value(5, 2), day: value(8, 2))
        index += 10
        return date
    }

    /// A word: letters first, then letters, digits and `'’-&%` inside.
    private mutating func lexWord(isGlued: Bool) -> Token {
        let start = index
        index += 1
        while let scalar = peek() {
            if isLetter(scalar) || isDigit(scalar) || isMark(scalar) || scalar == "'" || scalar == "’" || scalar == "%"
            {
                index += 1
            } else if scalar == "-" || scalar == "&" || scalar == "\u{2013}", isLetter(peek(1)) || isDigit(peek(1)) {
                index += 1
            } else {
                break
            }
        }
        let text = lowercasedText(from: start)
        let range = SourceRange(start, index)
        if text == "x" {
            if isDigit(peek()) { return Token(.multiplier(readInteger()), SourceRange(start, index), isGlued: isGlued) }
            return Token(.multiplier(nil), range, isGlued: isGlued)
        }
        if text.utf8.first == UInt8(ascii: "x"), text.count > 1, text.hasPrefix("x"),
            text.dropFirst().allSatisfy(\.isASCIIDigit)
        {
            return Token(.multiplier(Double(text.dropFirst()) ?? .infinity), range, isGlued: isGlued)
        }
        return Token(.word(text), range, isGlued: isGlued)
    }

    private func lowercasedText(from start: Int) -> String {
        // Most words are ASCII: lowercase their bytes without building a string twice.
        let slice = scalars[start..<index]
        if slice.allSatisfy(\.isASCII) {
            // Written straight into the string's storage: decoding a lazy collection costs a
            // dynamic cast a word.
            return String(unsafeUninitializedCapacity: slice.count) { bytes in
                var count = 0
                for scalar in slice {
                    let byte = UInt8(truncatingIfNeeded: scalar.value)
                    bytes[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: slice)
        return String(text).lowercased()
    }

    /// The vulgar fractions Unicode has a character for.
    static let vulgarFractions: [Unicode.Scalar: Double] = [
        "½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4,
        "⅕": 1.0 / 5, "⅖": 2.0 / 5, "⅗": 3.0 / 5, "⅘": 4.0 / 5, "⅙": 1.0 / 6,
        "⅚": 5.0 / 6, "⅛": 1.0 / 8, "⅜": 3.0 / 8, "⅝": 5.0 / 8, "⅞": 7.0 / 8,
    ]
}

extension Character {
    public var isASCIIDigit: Bool { isASCII && isNumber }
}
