import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// What `define` and `edit food` say of a food: energy, macros and nutrients as a label gives
// them, in any order ("210 kcal, 20 g protein", "protein 20g and fat 8g"), then what they are
// per. Each function quotes its production from grammar/calorina.ebnf.

extension Parser {
    /// The units a nutrient is weighed in, as grams per unit.
    static let nutrientUnits: [String: Double] = [
        "g": 1, "gr": 1, "gram": 1, "grams": 1, "mg": 0.001, "milligram": 0.001, "milligrams": 0.001,
    ]

    /// The most a fact may say, per whatever the food is defined per: 20,000 kcal, 10 kg of a
    /// nutrient (in milligrams for one kept in them).
    static func largest(_ fact: FoodFacts.Fact) -> Double {
        guard let nutrient = fact.nutrient else { return maxKcal }
        return nutrient.unit == "mg" ? maxCount * 1000 : maxCount
    }

    /// define = "define" , name , "=" , food-facts , [ per-basis , [ fact-joiner , food-facts ] ] ;
    ///
    /// What `define` takes after its `=`: facts that give the energy, or the three macros to
    /// work it out from, and what they are per (one serving when not said), said last or among
    /// them ("190 kcal per bar, 4 g fibre").
    mutating func parseDefinitionBody(name: String) throws(ParseError) -> FoodDefinition {
        let start = nextRange
        if peek()?.word == "per" { throw ParseError(.expectedCalorieAmount, nextRange) }
        let (facts, per, factsEnd) = try parseFactsAndBasis()
        if facts.kcal == nil, !facts.hasMacros {
            throw ParseError(.missing(.calories), start.union(factsEnd ?? start))
        }
        guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
        return FoodDefinition(name: name, facts: facts, per: per ?? FoodDefinition.Basis(amount: 1, unit: "serving"))
    }

    /// facts-per = food-facts , [ per-basis , [ fact-joiner , food-facts ] ]
    ///           | per-basis , [ fact-joiner , food-facts ] ;
    /// fact-joiner = "," | ";" | "and" | "with" ;
    ///
    /// Facts and what they are per, the basis last or among the facts: "190 kcal per bar",
    /// "190 kcal per bar, 4 g fibre", "per 100 g and 12 g fat"; and where the facts before the
    /// basis end, which a problem with them points to.
    mutating func parseFactsAndBasis() throws(ParseError) -> (
        facts: FoodFacts, per: FoodDefinition.Basis?, factsEnd: SourceRange?
    ) {
        let start = position
        var facts = try parseFoodFacts()
        let factsEnd = position > start ? token(at: position - 1)?.range : nil
        let per = try parsePerBasis()
        if per != nil, let next = peek(),
            next.kind == .comma || next.kind == .semicolon || next.word == "and" || next.word == "with"
        {
            advance()
            guard !atEnd else { throw ParseError(.missing(.foodFact), nextRange) }
            try parseFoodFacts(into: &facts)
        }
        return (facts, per, factsEnd)
    }

    /// edit-food = "edit" , "food" , name , [ "=" ] , facts-per ;
    ///
    /// New values for some of a user food's facts. Without "=", the name ends where the first
    /// fact starts ("edit food protein bar 12 g fat").
    mutating func parseEditFood() throws(ParseError) -> Command {
        let head = text(fromToken: 0, to: 1)
        advance(2)
        let nameStart = position
        if let equals = tokens[position...].firstIndex(where: { $0.kind == .equals }) {
            position = equals
        } else {
            while !atEnd, !startsFoodFact(at: position), peek()?.word != "per" { advance() }
        }
        guard position > nameStart else {
            throw ParseError(.missing(.name, after: head), tokens.count > 2 ? nextRange : nextRange(after: tokens[1]))
        }
        let name = text(fromToken: nameStart, to: position - 1)
        if peek()?.kind == .equals { advance() }
        let afterName = nextRange(after: tokens[position - 1])
        let (facts, per, _) = try parseFactsAndBasis()
        guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
        guard !facts.isEmpty || per != nil else { throw ParseError(.missing(.foodFact), afterName) }
        return .editFood(FoodDefinition(name: name, facts: facts, per: per))
    }

    /// True when a fact starts at `index`: a number, or calories or a nutrient with a number after.
    func startsFoodFact(at index: Int) -> Bool {
        guard let first = token(at: index) else { return false }
        if first.number != nil { return true }
        var next = index
        guard let length = factWordLength(at: index) else { return false }
        next += length
        if token(at: next)?.kind == .colon { next += 1 }
        return token(at: next)?.number != nil
    }

    /// How many words name calories or a nutrient at `index` ("kcal", "total carbs"); nil when
    /// they do not.
    func factWordLength(at index: Int) -> Int? {
        factWord(at: index)?.length
    }

    /// The fact the words at `index` name, and how many words they are. Nutrients are named
    /// by the one reading of nutrient words (`Nutrient.named`); water is no fact of a food.
    func factWord(at index: Int) -> (fact: FoodFacts.Fact, length: Int)? {
        guard let word = word(at: index) else { return nil }
        if Parser.kcalWords.contains(word) { return (.kcal, 1) }
        var words = [word]
        if let next = self.word(at: index + 1) { words.append(next) }
        guard let (nutrient, length) = Nutrient.named(words) else { return nil }
        return (.nutrient(nutrient), length)
    }

    /// food-facts = food-fact , { [ "," | "and" | ";" ] , food-fact } ;
    /// food-fact = number , kcal-word | kcal-word , [ ":" ] , number
    ///           | number , [ nutrient-unit ] , nutrient | nutrient , [ ":" ] , number , [ nutrient-unit ] ;
    /// nutrient-unit = "g" | "gr" | "gram" | "grams" | "mg" | "milligram" | "milligrams" ;
    ///
    /// The facts up to "per" or the end of the line; each may be said once.
    mutating func parseFoodFacts() throws(ParseError) -> FoodFacts {
        var facts = FoodFacts()
        try parseFoodFacts(into: &facts)
        return facts
    }

    /// The facts up to "per" or the end of the line, added to `facts`; each may be said once
    /// in all.
    mutating func parseFoodFacts(into facts: inout FoodFacts) throws(ParseError) {
        var first = true
        while let next = peek(), next.word != "per" {
            if !first, next.kind == .comma || next.kind == .semicolon || next.word == "and" {
                advance()
                guard let next = peek(), next.word != "per" else {
                    throw ParseError(.missing(.foodFact), nextRange)
                }
            }
            first = false
            let start = nextRange
            let (fact, value) = try parseFoodFact()
            let range = start.union(token(at: position - 1)?.range ?? start)
            if facts[fact] != nil { throw ParseError(.repeatedFact(fact.label), range) }
            if !(value.isFinite && value <= Parser.largest(fact)) { throw ParseError(.tooLarge(text(range)), range) }
            facts[fact] = value
        }
    }

    /// One fact and its value: kcal, or the nutrient's unit (grams or milligrams).
    mutating func parseFoodFact() throws(ParseError) -> (FoodFacts.Fact, Double) {
        guard let token = peek() else { throw ParseError(.missing(.foodFact), nextRange) }
        if token.kind == .minus { throw ParseError(.negativeQuantity, token.range) }
        if let value = token.number {
            // "210 kcal", "20 g protein", "400mg" of a nutrient kept in milligrams.
            advance()
            if let word = peek()?.word, Parser.kcalWords.contains(word) {
                advance()
                return (.kcal, value)
            }
            let unit = parseNutrientUnit()
            guard let (fact, length) = factWord(at: position), fact != .kcal else {
                if unit == nil, let word = peek()?.word, let other = Unit.named(word), other.kind != .portion {
                    throw ParseError(.nutrientUnit(unit: word), peek()?.range ?? token.range)
                }
                throw unknownFact()
            }
            advance(length)
            return (fact, Parser.inFactUnit(value, gramsPerUnit: unit, fact: fact))
        }
        guard let (fact, length) = factWord(at: position) else { throw unknownFact() }
        // "protein 20 g", "kcal 210", "protein: 20 g".
        let wordRange = token.range.union(self.token(at: position + length - 1)?.range ?? token.range)
        advance(length)
        if peek()?.kind == .colon { advance() }
        if peek()?.kind == .minus { throw ParseError(.negativeQuantity, nextRange) }
        guard let value = peek()?.number else {
            if fact == .kcal { throw ParseError(.expectedCalorieAmount, wordRange) }
            throw ParseError(.expectedNutrientAmount(fact.label), wordRange)
        }
        advance()
        if fact == .kcal {
            if let word = peek()?.word, Parser.kcalWords.contains(word) { advance() }
            return (.kcal, value)
        }
        let unit = parseNutrientUnit()
        if unit == nil, let word = peek()?.word, let other = Unit.named(word), other.kind != .portion {
            throw ParseError(.nutrientUnit(unit: word), nextRange)
        }
        return (fact, Parser.inFactUnit(value, gramsPerUnit: unit, fact: fact))
    }

    /// Grams per unit of the nutrient unit next, if one is (`g`, `mg`).
    mutating func parseNutrientUnit() -> Double? {
        guard let word = peek()?.word, let grams = Parser.nutrientUnits[word] else { return nil }
        advance()
        return grams
    }

    /// A value said in a unit (nil: the fact's own, grams or milligrams) in the fact's unit.
    static func inFactUnit(_ value: Double, gramsPerUnit: Double?, fact: FoodFacts.Fact) -> Double {
        guard let gramsPerUnit else { return value }
        return fact.unit == "mg" ? value * gramsPerUnit * 1000 : value * gramsPerUnit
    }

    /// The error for words where a fact should be: a nutrient misspelt, or something else.
    func unknownFact() -> ParseError {
        guard let token = peek() else { return ParseError(.missing(.foodFact), nextRange) }
        guard let word = token.word else { return unexpected(token) }
        let names = Nutrient.wordTable.keys.sorted() + ["kcal", "calories"]
        let suggestion = word.count > 3 ? names.first { editDistance($0, word, limit: 2) <= 2 } : nil
        return ParseError(.unknownNutrient(word, suggestion: suggestion), token.range)
    }

    /// per-basis = "per" , [ number | "a" | "an" | "one" ] , unit-name , [ number , mass-unit ] ;
    /// unit-name = unit | word ;
    ///
    /// What the facts are per ("per bar", "per 100 g", "per 100 ml", "per bar (60 g)"); nil
    /// when the line says no "per".
    mutating func parsePerBasis() throws(ParseError) -> FoodDefinition.Basis? {
        guard let per = peek(), per.word == "per" else { return nil }
        advance()
        var amount = 1.0
        if let value = peek()?.number {
            amount = value
            advance()
        } else if let word = peek()?.word, word == "a" || word == "an" || word == "one" {
            advance()
        }
        guard amount > 0 else { throw ParseError(.zeroQuantity, token(at: position - 1)?.range ?? nextRange) }
        if !(amount.isFinite && amount <= Parser.maxCount) {
            throw ParseError(
                .tooLarge(text(token(at: position - 1)?.range ?? per.range)),
                token(at: position - 1)?.range ?? per.range)
        }
        let basis: FoodDefinition.Basis
        if let (unit, _) = parseUnit() {
            basis = FoodDefinition.Basis(amount: amount, unit: unit.name)
        } else {
            // "per bar": any word names the unit; "bar", "cookie", "scoop" all count.
            guard let word = peek()?.word else { throw ParseError(.missing(.unit, after: "per"), nextRange) }
            advance()
            basis = FoodDefinition.Basis(amount: amount, unit: FoodWords.singular(word))
        }
        // "per bar (60 g)": what the portion weighs (the brackets are gone by now).
        guard let weight = peek(), let value = weight.number else { return basis }
        guard Unit.named(basis.unit).map({ $0.kind == .portion }) ?? true else { throw unexpected(weight) }
        advance()
        guard let word = peek()?.word, let unit = Unit.named(word), case .mass(let grams) = unit.kind else {
            throw unexpected(weight)
        }
        advance()
        guard value > 0 else { throw ParseError(.zeroQuantity, weight.range) }
        if !(value * grams <= Parser.maxCount) { throw ParseError(.tooLarge(text(weight.range)), weight.range) }
        var weighed = basis
        weighed.grams = value * grams
        return weighed
    }
}
