import CalorinaModel
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
//
// This file holds the parser's state, its limits and its verbs (`peek`, `eat`, `advance`): the
// functions of the grammar extend it in the CalorinaParser module (`Parser+Line.swift` reads a
// line), and the phrasing pass a log line goes through first is CalorinaPhrasing's
// (`Parser+Phrasing.swift`).

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

    package let scalars: [Unicode.Scalar]
    package var tokens: [Token]
    /// The log line's tokens as typed, before the phrasing pass (`Parser+Phrasing.swift`).
    package var typedTokens: [Token] = []
    package var position = 0

    package init(scalars: [Unicode.Scalar], tokens: [Token]) {
        self.scalars = scalars
        self.tokens = tokens
    }

    /// Today's date, when the caller knows it: a day a line names must then lie between
    /// `CivilDate.earliestDay` and `CivilDate.latestDay(today:)`.
    package var today: CivilDate?

    /// False to read a bare number ("2", "2 200 g") as what it is without a list to pick from.
    package var picking = true

    /// The words that say calories.
    package static let kcalWords: Set<String> = ["kcal", "kcals", "cal", "cals", "calorie", "calories"]

    /// A unit within one edit of `word`, for "did you mean".
    public static func unitSuggestion(for word: String) -> String? {
        guard word.count >= 2, Unit.named(word) == nil else { return nil }
        let candidates = Unit.words.filter { candidate in
            candidate.count >= 2 && (word.count >= 4 || candidate.count <= 2)
                && editDistance(word, candidate, limit: 1) <= 1
        }
        return candidates.min().map { Unit.named($0)?.name ?? $0 }
    }

    // MARK: - Verbs

    package func peek(_ offset: Int = 0) -> Token? {
        let at = position + offset
        return at >= 0 && at < tokens.count ? tokens[at] : nil
    }

    package func token(at index: Int) -> Token? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    package func word(at index: Int) -> String? {
        token(at: index)?.word
    }

    package var atEnd: Bool { position >= tokens.count }

    package mutating func advance(_ count: Int = 1) {
        position += count
    }

    /// Consumes the word if it is next.
    package mutating func eat(_ word: String) -> Bool {
        guard peek()?.word == word else { return false }
        advance()
        return true
    }

    /// The range of the next token, or just past the line's end.
    package var nextRange: SourceRange {
        peek()?.range ?? SourceRange(scalars.count, scalars.count + 1)
    }

    package func text(_ range: SourceRange) -> String {
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

    package func text(fromToken first: Int, to last: Int) -> String {
        guard let start = token(at: first), let end = token(at: last) else { return "" }
        return text(start.range.union(end.range))
    }

    package func unexpected(_ token: Token) -> ParseError {
        switch token.kind {
        case .unknown(let character): ParseError(.unexpectedCharacter(character), token.range)
        case .badFraction: ParseError(.badFraction, token.range)
        default: ParseError(.unexpectedToken(text(token.range)), token.range)
        }
    }
}
