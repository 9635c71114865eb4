import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// Daily targets for the nutrients (`Nutrient`) and water: `goal protein 150 g`, `goal carbs 40 %`,
// `goal fat under 70 g`, `goal water 2 l`, `goal protein off`.
// Each function quotes its production from grammar/calorina.ebnf.

extension Parser {
    /// The greatest amount each target unit takes: past these a line is a slip, not a target.
    static let targetLimits: [TargetUnit: ClosedRange<Double>] = [
        .grams: 0.1...2000, .milligrams: 1...50_000, .milliliters: 100...20_000, .percent: 1...100,
    ]

    /// target = target-nutrient , ( "off" | [ limit-word | floor-word ] , number , [ target-unit ] ) ;
    /// target-nutrient = nutrient | "water" ;
    /// (`nutrient`: `Nutrient.named`.)
    /// limit-word = "under" | "max" | "below" | "at" , "most" | "less" , "than" ;
    /// floor-word = "over" | "min" | "above" | "at" , "least" | "more" , "than" ;
    /// target-unit = "g" | "mg" | "%" | "percent" | volume-unit ;
    ///
    /// The target after `goal`, when the next words name a nutrient; nil (nothing consumed)
    /// when they do not.
    mutating func parseTarget() throws(ParseError) -> GoalRequest? {
        var words: [String] = []
        for offset in 0..<2 { if let word = peek(offset)?.word { words.append(word) } else { break } }
        guard let (nutrient, count) = TargetNutrient.named(words) else { return nil }
        advance(count)
        let name = "goal \(nutrient.displayName)"
        let example = nutrient.example
        func bad(_ range: SourceRange) -> ParseError {
            ParseError(.badSetting(name: name, example: example), range)
        }
        if let word = peek()?.word, ["off", "none", "clear", "default"].contains(word) {
            advance()
            guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
            return .target(nutrient, nil)
        }
        var limit = nutrient.isLimitByDefault
        if let word = peek()?.word {
            let pair = (word, peek(1)?.word ?? "")
            switch pair {
            case ("at", "most"), ("less", "than"):
                advance(2)
                limit = true
            case ("at", "least"), ("more", "than"):
                advance(2)
                limit = false
            case ("under", _), ("max", _), ("below", _):
                advance()
                limit = true
            case ("over", _), ("min", _), ("above", _):
                advance()
                limit = false
            default:
                break
            }
        }
        guard let number = peek(), let value = Parser.targetNumber(number) else { throw bad(nextRange) }
        advance()
        var amount = value.amount
        var unit = nutrient.unit
        if value.percent {
            unit = .percent
        } else if let word = peek()?.word, ["%", "percent", "pct"].contains(word) {
            advance()
            unit = .percent
        } else if peek()?.kind == .unknown("%") {
            advance()
            unit = .percent
        } else if nutrient == .water {
            amount = try parseWaterUnit(amount)
        } else if let word = peek()?.word {
            switch (word, nutrient.unit) {
            case ("mg", .grams), ("milligram", .grams), ("milligrams", .grams):
                amount /= 1000
            case ("g", .milligrams), ("gram", .milligrams), ("grams", .milligrams):
                amount *= 1000
            case ("mg", .milligrams), ("milligram", .milligrams), ("milligrams", .milligrams):
                break
            default:
                guard Unit.named(word)?.name == "g" else { throw bad(peek()?.range ?? nextRange) }
            }
            advance()
        }
        if eat("a") || eat("per") { _ = eat("day") }
        guard atEnd else { throw bad(peek()?.range ?? nextRange) }
        guard unit != .percent || nutrient.kcalPerGram != nil,
            let range = Parser.targetLimits[unit], range.contains(amount)
        else { throw bad(number.range) }
        return .target(nutrient, TargetAmount(amount: amount, unit: unit, limit: limit))
    }

    /// A target's number: `150`, or `30%` (which the lexer keeps as one word, as in "2% milk").
    static func targetNumber(_ token: Token) -> (amount: Double, percent: Bool)? {
        if let number = token.number { return (number, false) }
        guard let word = token.word, word.hasSuffix("%"), let number = Double(word.dropLast()) else { return nil }
        return (number, true)
    }
}
