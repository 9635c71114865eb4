import CalorinaSupport

// The parser: a hand-written recursive descent over the lexer's tokens, one function per
// production of grammar/calorina.ebnf (each quotes its production). It stops at the first
// syntax error and reports it with its range. It looks up no food: whether "oatmeal" is a food
// is the resolver's question; the parser only decides which words name one.
//
// Two decisions need lookahead, and both are made here rather than by backtracking:
// - a meal or weekday word at the start is a modifier only when an amount or punctuation
//   follows ("lunch 2 eggs"), so "breakfast burrito" stays a food;
// - the words at the end of a line are modifiers when all of them are ("2 eggs for breakfast
//   yesterday"), so a food word never has to be guessed away.

/// Turns a line into a `Command`.
public struct Parser {
    /// The longest line the language accepts, in Unicode scalars.
    public static let maxLineLength = 1000
    /// The most items one line may hold.
    public static let maxItems = 30
    /// The largest count or weight in grams one item may have.
    public static let maxCount = 10_000.0
    /// The most calories one item may have.
    public static let maxKcal = 20_000.0

    let scalars: [Unicode.Scalar]
    var tokens: [Token]
    /// The log line's tokens as typed, before the phrasing pass (`Parser+Phrasing.swift`).
    var typedTokens: [Token] = []
    var position = 0

    init(scalars: [Unicode.Scalar], tokens: [Token]) {
        self.scalars = scalars
        self.tokens = tokens
    }

    /// Today's date, when the caller knows it: a day a line names must then lie between
    /// `CivilDate.earliestDay` and `CivilDate.latestDay(today:)`.
    var today: CivilDate?

    /// False to read a bare number ("2", "2 200 g") as what it is without a list to pick from.
    var picking = true

    /// Parses one line, holding the days it names to the span a person's diary can have.
    public static func parse(_ line: String, today: CivilDate) throws(ParseError) -> Command {
        try parse(line, checkingDaysAgainst: today)
    }

    /// Parses one line.
    public static func parse(_ line: String) throws(ParseError) -> Command {
        try parse(line, checkingDaysAgainst: nil)
    }

    /// Parses one line as it would be read if no list had been shown: a bare number ("2") is
    /// never an item of one (`PickCommand.isBare`), and means what it means on its own.
    public static func parse(_ line: String, today: CivilDate, picking: Bool) throws(ParseError) -> Command {
        try parse(line, checkingDaysAgainst: today, picking: picking)
    }

    private static func parse(
        _ line: String, checkingDaysAgainst today: CivilDate?, picking: Bool = true
    ) throws(ParseError) -> Command {
        let scalars = Array(line.unicodeScalars)
        if scalars.count > maxLineLength {
            throw ParseError(
                .lineTooLong(length: scalars.count, limit: maxLineLength), SourceRange(maxLineLength, scalars.count))
        }
        var lexer = Lexer(scalars)
        var tokens = lexer.tokenize()
        // "# …" comments out the rest of the line.
        if let hash = tokens.firstIndex(where: { $0.kind == .hash }), hash > 0 { tokens.removeSubrange(hash...) }
        // A control character has no place in a line, a name's words included: refused where
        // it stands, never kept ("banana<CR>burger", "define x<ESC>y = …").
        for token in tokens {
            if token.kind == .hash { break }
            if case .unknown(let character) = token.kind,
                character.unicodeScalars.first?.properties.generalCategory == .control
            {
                throw ParseError(.unexpectedCharacter(character), token.range)
            }
        }
        func reader(_ tokens: [Token]) -> Parser {
            var parser = Parser(scalars: scalars, tokens: Parser.commandTokens(tokens))
            parser.typedTokens = tokens
            parser.today = today
            parser.picking = picking
            return parser
        }
        // A day or time said at the start or the end goes to whatever the rest of the line is
        // (Parser+When.swift); a rest that reads as nothing that takes a day is read whole.
        if let (rest, when) = splitWhen(tokens) {
            var inner = reader(rest)
            if inner.isInRange(when.day), let command = try? inner.parseLine(),
                let said = try command.saying(when, in: inner)
            {
                return said
            }
        }
        var parser = reader(tokens)
        return try parser.parseLine()
    }

    // MARK: - Verbs

    func peek(_ offset: Int = 0) -> Token? {
        let at = position + offset
        return at >= 0 && at < tokens.count ? tokens[at] : nil
    }

    func token(at index: Int) -> Token? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    func word(at index: Int) -> String? {
        token(at: index)?.word
    }

    var atEnd: Bool { position >= tokens.count }

    mutating func advance(_ count: Int = 1) {
        position += count
    }

    /// Consumes the word if it is next.
    mutating func eat(_ word: String) -> Bool {
        guard peek()?.word == word else { return false }
        advance()
        return true
    }

    /// The range of the next token, or just past the line's end.
    var nextRange: SourceRange {
        peek()?.range ?? SourceRange(scalars.count, scalars.count + 1)
    }

    func text(_ range: SourceRange) -> String {
        let upper = min(scalars.count, max(0, range.end))
        let slice = scalars[min(max(0, range.start), upper)..<upper]
        if slice.allSatisfy(\.isASCII) {
            return String(unsafeUninitializedCapacity: slice.count) { bytes in
                for (offset, scalar) in slice.enumerated() { bytes[offset] = UInt8(truncatingIfNeeded: scalar.value) }
                return slice.count
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }

    func text(fromToken first: Int, to last: Int) -> String {
        guard let start = token(at: first), let end = token(at: last) else { return "" }
        return text(start.range.union(end.range))
    }

    func unexpected(_ token: Token) -> ParseError {
        switch token.kind {
        case .unknown(let character): ParseError(.unexpectedCharacter(character), token.range)
        case .badFraction: ParseError(.badFraction, token.range)
        default: ParseError(.unexpectedToken(text(token.range)), token.range)
        }
    }
}
