/// One lexical unit of a line. The lexer never fails: what it cannot read becomes `.unknown`.
public struct Token: Equatable, Sendable {
    /// What the token is.
    public enum Kind: Equatable, Sendable {
        /// A word, lowercased: letters, digits, `'`, `-`, `&`, `%` inside it.
        case word(String)
        /// A non-negative number: `2`, `1.5`, `.5`, `1/2`, `½`, `1½`.
        case number(Double)
        /// A fraction whose denominator is zero, such as `1/0`: kept so the parser can say so.
        case badFraction
        /// A date written `YYYY-MM-DD` (not yet checked against the calendar).
        case date(year: Int, month: Int, day: Int)
        /// `x2`, `×2`: a multiplier with its count; `x` or `×` alone has a nil count.
        case multiplier(Double?)
        case comma, plus, ampersand, semicolon, colon, minus, hash, question, equals
        /// `(` and `)`: a size, another unit's amount or a note in a log line ("1 (14 oz) can",
        /// "½ cup (125 ml)", "(optional)"); elsewhere they separate words, as white space does.
        case open, close
        /// `/` outside a number: "200g/7oz", "w/".
        case slash
        /// A character that has no place in the language.
        case unknown(Character)
    }

    /// What the token is.
    public var kind: Kind
    /// Where it stands in the line.
    public var range: SourceRange
    /// True when no white space separates it from the token before (`200g`, `2x`).
    public var isGlued: Bool

    /// Creates a token.
    public init(_ kind: Kind, _ range: SourceRange, isGlued: Bool = false) {
        self.kind = kind
        self.range = range
        self.isGlued = isGlued
    }

    /// True for a date token.
    public var isDate: Bool {
        if case .date = kind { return true }
        return false
    }

    /// The word, when the token is one.
    public var word: String? {
        if case .word(let text) = kind { return text }
        return nil
    }

    /// The value, when the token is a number.
    public var number: Double? {
        if case .number(let value) = kind { return value }
        return nil
    }
}
