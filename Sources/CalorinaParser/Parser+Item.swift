import CalorinaLanguage
import CalorinaSupport

// One item of a log line: its amount, unit and food, or its calories.

extension Parser {
    /// item = direct-kcal , [ [ "of" ] , food ]
    ///      | [ amount ] , food , [ trailing-amount ] , [ direct-kcal ] ;
    mutating func parseItem(joiner: LogItem.Joiner) throws(ParseError) -> LogItem {
        let startIndex = position
        let start = nextRange
        var item = LogItem(joiner: joiner, range: start)

        if let kcal = try parseDirectKcal() {
            item.kcal = kcal
            _ = eat("of")
            item.food = try parseFood()
        } else {
            try parseAmount(into: &item)
            item.food = try parseFood()
            if item.food == nil, let word = item.unitWord, let unit = item.unit, unit.kind == .portion,
                !Unit.sizeWords.contains(unit.name), unit.name != "serving", unit.name != "portion",
                let last = token(at: position - 1), last.word != nil, last.word != "of",
                peek() == nil || isModifierRun(from: position) || peek().flatMap(joinerKind) != nil
            {
                // "1 bar" after `define bar = …`: a portion word with nothing after it may be the
                // user's name of a food; the resolver decides, or says the food is missing.
                item.unitAsFood = text(fromToken: 0, to: position - 1)
                item.food = FoodPhrase(words: FoodWords.keyWords(word), text: word, range: last.range)
                item.unit = nil
                item.unitWord = nil
            }
            if item.food == nil {
                if position == startIndex, peek() != nil, isModifierRun(from: position) {
                    // "lunch", "for dinner yesterday": when, but not what.
                    throw ParseError(
                        .missing(.food, after: text(fromToken: position, to: tokens.count - 1)),
                        SourceRange(scalars.count, scalars.count + 1))
                }
                if let next = peek(), position == 0 || (!isModifierRun(from: position) && joinerKind(next) == nil) {
                    if next.word.map(Parser.kcalWords.contains) == true {
                        throw ParseError(.expectedCalorieAmount, next.range)
                    }
                    throw unexpected(next)
                }
                let after = position > 0 ? text(fromToken: 0, to: position - 1) : ""
                throw ParseError(.missing(.food, after: after), nextRange)
            }
            try parseTrailingAmount(into: &item)
            if let kcal = try parseDirectKcal() { item.kcal = kcal }
        }
        if let last = token(at: position - 1) { item.range = start.union(last.range) }
        try validate(item, from: startIndex)
        return item
    }

    func validate(_ item: LogItem, from startIndex: Int) throws(ParseError) {
        let range = item.countRange ?? item.range
        if let count = item.count {
            if count <= 0 { throw ParseError(.zeroQuantity, range) }
            if !count.isFinite || count > Parser.maxCount { throw ParseError(.tooLarge(text(range).trimmed), range) }
        }
        if let kcal = item.kcal, !kcal.isFinite || kcal > Parser.maxKcal {
            throw ParseError(.tooLarge(text(item.range)), item.range)
        }
    }

    /// direct-kcal = number , kcal-word ;
    /// kcal-word = "kcal" | "kcals" | "cal" | "cals" | "calorie" | "calories" ;
    mutating func parseDirectKcal() throws(ParseError) -> Double? {
        guard let number = peek(), let word = peek(1)?.word, Parser.kcalWords.contains(word) else { return nil }
        switch number.kind {
        case .number(let value):
            advance(2)
            return value
        case .badFraction:
            throw ParseError(.badFraction, number.range)
        default:
            return nil
        }
    }

    /// amount = quantity , [ unit ] , [ "of" ] , [ "a" | "an" ]      (* "1/2 a banana" *)
    ///        | unit , "of"
    ///        | size-word
    ///        | ( hand-measure | "handful" | "sprig" | "bunch" ) ;   (* "pinch saffron", and their plurals *)
    mutating func parseAmount(into item: inout LogItem) throws(ParseError) {
        let start = nextRange
        let first = peek()
        if let count = try parseQuantity() {
            item.count = count
            item.countInWords = first?.word != nil
            item.countRange = start.union(token(at: position - 1)?.range ?? start)
            if let (unit, word) = parseUnit() {
                item.unit = unit
                item.unitWord = word
                item.countRange = start.union(token(at: position - 1)?.range ?? start)
            }
            _ = eat("of")
            // "1/2 a banana": the article after a count adds nothing.
            if let word = peek()?.word, word == "a" || word == "an", peek(1)?.word != nil { advance() }
            return
        }
        guard let word = peek()?.word else { return }
        if let second = peek(1)?.word, let unit = Unit.twoWord(word, second), unit.kind == .portion,
            peek(2)?.word != nil
        {
            advance(2)
            item.unit = unit
            item.unitWord = word + " " + second
        } else if Unit.standsBeforeFood(word), peek(1)?.word != nil {
            advance()
            item.unit = Unit.named(word)
            item.unitWord = word
        } else if let unit = Unit.named(word), peek(1)?.word == "of" {
            advance(2)
            item.unit = unit
            item.unitWord = word
        } else if let unit = Unit.named(word), Parser.measuresBeforeFood.contains(unit.name), let next = peek(1)?.word,
            Unit.named(next) == nil, next != "and", next != "with", !isModifierRun(from: position + 1)
        {
            // "pinch saffron", "handful parsley leaves": a hand measure needs no "of".
            advance()
            item.unit = unit
            item.unitWord = word
        }
    }

    /// The measures that stand before a food without a count or "of", as recipes print them.
    static let measuresBeforeFood: Set<String> = [
        "pinch", "dash", "smidgen", "splash", "dollop", "knob", "drizzle", "sprinkle", "handful", "sprig", "bunch",
    ]

    /// trailing-amount = quantity , [ unit ] | multiplier ;
    mutating func parseTrailingAmount(into item: inout LogItem) throws(ParseError) {
        let before = (position, item)
        try parseTrailingAmountWords(into: &item)
        // "coffee 2 sugars": an amount with a food after it is the next item's.
        if position > before.0, foodWordFollows(from: position) {
            (position, item) = before
        }
    }

    mutating func parseTrailingAmountWords(into item: inout LogItem) throws(ParseError) {
        guard let next = peek(), !isModifierRun(from: position) else { return }
        if let word = peek(1)?.word, Parser.kcalWords.contains(word) { return }
        let start = next.range
        if case .multiplier = next.kind {
            guard let factor = try parseMultiplier() else { return }
            item.count = (item.count ?? 1) * factor
            item.countRange = start.union(token(at: position - 1)?.range ?? start)
            return
        }
        let before = position
        guard let count = try parseQuantity() else { return }
        if item.count != nil {
            // "1 tsp vanilla extract 5 mL": the same amount again in other units, at the end of a
            // recipe's line; the first is used.
            if let first = item.unit, first.kind != .portion, let (unit, _) = parseUnit(), unit.kind != .portion,
                peek() == nil || peek().flatMap(joinerKind) != nil || isModifierRun(from: position)
            {
                return
            }
            position = before
            throw ParseError(.repeatedAmount, start)
        }
        item.count = count
        item.countRange = start.union(token(at: position - 1)?.range ?? start)
        if let (unit, word) = parseUnit() {
            // "large pepperoni pizza 3 slices": a size said alone before the food is the food's
            // size, and the trailing unit the amount.
            if let size = item.unit, Unit.sizeWords.contains(size.name), let food = item.food {
                let sizeWord = item.unitWord ?? size.name
                item.food = FoodPhrase(
                    words: [sizeWord] + food.words, text: sizeWord + " " + food.text, range: food.range)
                item.unit = nil
                item.unitWord = nil
            }
            if item.unit != nil { throw ParseError(.repeatedAmount, start) }
            item.unit = unit
            item.unitWord = word
        }
        if case .multiplier = peek()?.kind, let factor = try parseMultiplier() {
            item.count = count * factor
        }
        item.countRange = start.union(token(at: position - 1)?.range ?? start)
    }

    /// multiplier = ( "x" | "×" ) , integer | integer , ( "x" | "×" ) ;
    mutating func parseMultiplier() throws(ParseError) -> Double? {
        guard let token = peek(), case .multiplier(let factor) = token.kind else { return nil }
        advance()
        if let factor { return factor }
        guard let number = peek() else { throw ParseError(.missing(.food, after: text(token.range)), nextRange) }
        switch number.kind {
        case .number(let value):
            advance()
            return value
        case .badFraction:
            throw ParseError(.badFraction, number.range)
        default:
            throw unexpected(number)
        }
    }

    /// quantity = count , [ multiplier ] | multiplier , [ count ] ;
    mutating func parseQuantity() throws(ParseError) -> Double? {
        guard let first = peek() else { return nil }
        switch first.kind {
        case .minus:
            if let number = peek(1),
                number.number != nil || number.kind == .badFraction
                    || number.word.flatMap(NumberWords.value(of:)) != nil
            {
                throw ParseError(.negativeQuantity, first.range.union(number.range))
            }
            return nil
        case .multiplier(let factor):
            advance()
            if let factor { return factor * (try parseCount() ?? 1) }
            guard let count = try parseCount() else {
                throw ParseError(.missing(.food, after: text(first.range)), nextRange)
            }
            return count
        default:
            guard var value = try parseCount() else { return nil }
            if let next = peek(), case .multiplier(let factor) = next.kind {
                if let factor {
                    advance()
                    value *= factor
                } else if let factor = peek(1)?.number, !(peek(1)?.isGlued ?? false) || next.isGlued {
                    advance(2)  // "2 x 3 eggs", "2x 3 eggs"
                    value *= factor
                } else {
                    advance()  // "2x banana", "2 x banana": the x only marks the count
                }
            }
            return value
        }
    }

    /// count = number , [ "and" , "a" , "half" ] | number-word , [ "and" , "a" , "half" ]
    ///       | [ "a" | "an" | "half" , [ "a" | "an" ] | number ] , "dozen"
    ///       | ( "half" , [ "a" | "an" ] | "a" , "half" ) ;
    mutating func parseCount() throws(ParseError) -> Double? {
        guard let first = peek() else { return nil }
        var value: Double
        switch first.kind {
        case .badFraction:
            throw ParseError(.badFraction, first.range)
        case .number(let number):
            // "2 days ago" ends a line as a day, not an amount.
            if let length = modifierLength(at: position), length == 3, isModifierRun(from: position) { return nil }
            advance()
            value = number
            if let next = peek(), next.isGlued, let word = next.word, !isKnownAfterNumber(next) {
                if let suggestion = Parser.unitSuggestion(for: word) {
                    throw ParseError(.unknownUnit(word, suggestion: suggestion), next.range)
                }
                // "7up", "3musketeers": a name that starts with digits, not a count.
                position -= 1
                return nil
            }
        case .word("half"):
            advance()
            if peek()?.word == "a" || peek()?.word == "an" { advance() }
            value = 0.5
        case .word("dozen"):
            advance()
            return 12
        case .word(let word):
            guard let number = NumberWords.value(of: word) else { return nil }
            // "a" and "an" alone are an amount missing its food, not a food called "a".
            guard peek(1) != nil || word == "a" || word == "an" else { return nil }
            advance()
            value = number
            if (word == "a" || word == "an"), eat("half") {
                value = 0.5
            }
        default:
            return nil
        }
        if eat("dozen") {
            value *= 12
        } else if peek()?.word == "and", peek(1)?.word == "a", peek(2)?.word == "half", value == value.rounded() {
            advance(3)
            value += 0.5
        }
        return value
    }

    func isKnownAfterNumber(_ token: Token) -> Bool {
        guard let word = token.word else { return true }
        return Unit.named(word) != nil || Parser.kcalWords.contains(word) || word == "fl" || word == "dozen"
    }

    /// unit = mass-unit | volume-unit | portion-word ;
    ///
    /// A word that merely looks like a misspelt unit ("cupz") is left to the resolver, which
    /// knows whether it is a food word ("pinto", "sliced") or a typo.
    mutating func parseUnit() -> (unit: Unit, word: String)? {
        guard let token = peek(), let word = token.word else { return nil }
        if let second = peek(1)?.word, let unit = Unit.twoWord(word, second) {
            advance(2)
            return (unit, word + " " + second)
        }
        if let unit = Unit.named(word) {
            advance()
            return (unit, word)
        }
        return nil
    }

    /// food = food-word , { food-word } ;
    /// food-word = ? a word that is not a joiner and does not start a trailing amount ? ;
    mutating func parseFood() throws(ParseError) -> FoodPhrase? {
        let startIndex = position
        var words: [String] = []
        while let token = peek() {
            var consumed = 1
            let word: String
            if let plain = token.word {
                word = plain
            } else if case .number = token.kind, let next = peek(1), next.isGlued, next.word != nil,
                !isKnownAfterNumber(next)
            {
                // "7up": digits glued to letters that are no unit make one word.
                word = text(token.range.union(next.range)).lowercased()
                consumed = 2
            } else {
                break
            }
            if word == "and" || word == "with" { break }
            if isModifierRun(from: position) { break }
            if Parser.kcalWords.contains(word) {
                if words.isEmpty { break }
                throw ParseError(.expectedCalorieAmount, token.range)
            }
            words.append(word)
            advance(consumed)
        }
        guard !words.isEmpty, let first = token(at: startIndex), let last = token(at: position - 1) else { return nil }
        let range = first.range.union(last.range)
        // Where the phrasing pass dropped or moved something between the words ("lean ground beef
        // (90/10)"), the text is the words read, not the line's characters.
        let contiguous =
            (startIndex..<(position - 1)).allSatisfy { index in
                let from = tokens[index].range.end
                let to = tokens[index + 1].range.start
                guard from <= to, to <= scalars.count else { return false }
                return scalars[from..<to].allSatisfy { $0.properties.isWhitespace }
            }
            && (startIndex..<position).allSatisfy { index in
                tokens[index].word.map { text(tokens[index].range).lowercased() == $0 } ?? true
            }
        return FoodPhrase(words: words, text: contiguous ? text(range) : words.joined(separator: " "), range: range)
    }
}
