import CalorinaLanguage
import CalorinaSupport

// How recipes print amounts, beyond one number and one unit: a length the cook cuts to ("5cm
// piece of ginger"), a weight said in two units at once ("1 lb 4 oz", "1 cup plus 2 tbsp"), a
// count with each one's weight ("4 6-ounce fillets", "6 thighs, each about 150g"), a weight for
// all of them said after a comma ("8 lamb chops, about 1½ pounds"), and shares said in words
// ("three quarters of a cup"). Each rule is about the shape of an amount, never about a food;
// grammar/calorina.ebnf ("phrasing", "amounts") lists them.

/// The words the recipe-amount rules read.
enum RecipeAmountWords {
    /// Units of length: how the cook cuts, never how much ("2cm piece", "cut into 1cm dice").
    static let lengths: Set<String> = [
        "cm", "mm", "centimetre", "centimetres", "centimeter", "centimeters", "millimetre", "millimetres",
        "in", "inch", "inches",
    ]

    /// Words around a weight said after a comma or in brackets that add nothing to it.
    static let weightFillers: Set<String> = [
        "about", "around", "roughly", "approximately", "approx", "total", "in", "all", "altogether", "weighing",
        "combined", "at", "least",
    ]

    /// Shares of one said after a count: "three quarters", "2 thirds".
    static let shares: [String: Double] = ["quarter": 4, "quarters": 4, "third": 3, "thirds": 3]

    /// Words that wake these rules (`PhrasingGlance.amountWord`).
    static let triggers: Set<String> = {
        var words = lengths.union(weightFillers).union(shares.keys)
        words.formUnion(["plus", "each", "x"])
        for unit in ["oz", "ozs", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "g", "kg", "gram", "grams"] {
            words.insert(unit)
        }
        for unit in [
            "pint", "pints", "fl", "floz", "tbsp", "tablespoon", "tablespoons", "tsp", "teaspoon", "teaspoons",
            "cup", "cups", "ml", "l", "litre", "litres", "liter", "liters", "quart", "quarts",
        ] {
            words.insert(unit)
        }
        return words
    }()
}

extension PhrasingPass {
    /// The unit named by the tokens at `index` when it is a mass or a volume, and how many tokens
    /// it spans.
    func measureUnit(at index: Int) -> (unit: Unit, length: Int)? {
        if let first = word(index), let second = word(index + 1), let unit = Unit.twoWord(first, second),
            unit.kind != .portion
        {
            return (unit, 2)
        }
        if let typed = word(index), let unit = Unit.named(typed), unit.kind != .portion { return (unit, 1) }
        return nil
    }

    /// The base quantity (grams or millilitres) of one of a unit, and whether it is a mass.
    static func base(of unit: Unit) -> (amount: Double, isMass: Bool)? {
        switch unit.kind {
        case .mass(let grams): (grams, true)
        case .volume(let milliliters): (milliliters, false)
        case .portion: nil
        }
    }

    /// True when the token at `index` is a length unit: "cm" and "mm" anywhere after a number,
    /// "in" only glued to one ("2in"), "inch" and "inches" only when a "/" joins them to another
    /// length ("5cm/2in", "2 inches/5cm"), for "6 inch sub" is a size (`rewriteSizes`).
    func isLength(at index: Int) -> Bool {
        guard let typed = word(index), RecipeAmountWords.lengths.contains(typed), tokens[safe: index - 1]?.number != nil
        else { return false }
        switch typed {
        case "in": return tokens[index].isGlued
        case "inch", "inches":
            return kind(index + 1) == .slash || (kind(index - 2) == .slash)
        default: return true
        }
    }

    /// "5cm/2in piece fresh ginger", "2cm piece of ginger": a length before a portion word is
    /// one piece, cut to size; "cut into 1cm dice", "slices about 5mm thick": a length elsewhere
    /// says how the cook cuts and is dropped, with the other unit's length after a "/".
    /// Its shape: a number, a length unit, and maybe "/" and the same length in other units.
    mutating func rewriteLengths() {
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].number != nil, isLength(at: index + 1) else {
                index += 1
                continue
            }
            var end = index + 2
            // "5cm/2in", "15cm x 15cm/6in x 6in": the same length in other units, or its other side.
            while true {
                if kind(end) == .slash
                    || (tokens[safe: end].map { if case .multiplier(nil) = $0.kind { true } else { false } } ?? false),
                    tokens[safe: end + 1]?.number != nil, isLength(at: end + 2)
                {
                    end += 3
                } else if case .multiplier(let side?) = tokens[safe: end]?.kind, side > 0, isLength(at: end + 1) {
                    end += 2
                } else {
                    break
                }
            }
            let range = tokens[index].range.union(tokens[end - 1].range)
            let counted = index > 0 && tokens[index - 1].number != nil
            if let after = word(end), let unit = Unit.named(after), unit.kind == .portion, !counted {
                tokens.replaceSubrange(index..<end, with: [Token(.number(1), range)])
                index += 1
                continue
            }
            // "slices about 5mm thick": the word saying which way goes with the length.
            while let after = word(end),
                ["thick", "wide", "long", "thickness", "lengths", "square", "deep"].contains(after)
            {
                end += 1
            }
            tokens.removeSubrange(index..<end)
            // "about a 5mm": the words that led to it go too.
            while index > 0, let before = word(index - 1),
                ["about", "a", "an", "approximately", "roughly"].contains(before)
            {
                tokens.remove(at: index - 1)
                index -= 1
            }
        }
    }

    /// "4- to 5-pound", "3- to 4-tablespoons": a range whose first number's unit is said once,
    /// after the second; the dash after the first number goes.
    mutating func joinHyphenatedRanges() {
        var index = 0
        while index + 2 < tokens.count {
            // "3-pound chicken", "4-tablespoons": the dash between a number and its unit goes.
            if tokens[index].number != nil, kind(index + 1) == .minus, tokens[index + 1].isGlued,
                tokens[index + 2].isGlued, measureUnit(at: index + 2) != nil
            {
                tokens.remove(at: index + 1)
                continue
            }
            guard index + 3 < tokens.count else { break }
            if tokens[index].number != nil, kind(index + 1) == .minus, tokens[index + 1].isGlued,
                word(index + 2) == "to",
                tokens[safe: index + 3].map({
                    $0.number != nil || ($0.word.map(PhrasingGlance.startsWithNumber) ?? false)
                }) == true
            {
                tokens.remove(at: index + 1)
            }
            index += 1
        }
    }

    /// "1 lb 4 oz", "2 pints 4 fl oz", "1 cup plus 2 tbsp": one amount said in two units, the
    /// second smaller, is their sum in the first.
    /// Its shape: a number and a unit, maybe "plus" or "and", then a number and a smaller unit.
    mutating func joinCompoundAmounts() {
        var index = 0
        while index < tokens.count {
            guard let first = tokens[index].number, let (unit, length) = measureUnit(at: index + 1),
                let (base, isMass) = PhrasingPass.base(of: unit)
            else {
                index += 1
                continue
            }
            var next = index + 1 + length
            if let joining = word(next), joining == "plus" || joining == "and" { next += 1 }
            guard let second = tokens[safe: next]?.number, let (other, otherLength) = measureUnit(at: next + 1),
                let (otherBase, otherIsMass) = PhrasingPass.base(of: other), otherIsMass == isMass, otherBase < base,
                !(tokens[safe: next]?.isGlued ?? false) || kind(next - 1) != .slash
            else {
                index += 1
                continue
            }
            let total = first + second * otherBase / base
            let end = next + 1 + otherLength
            let range = tokens[index].range.union(tokens[end - 1].range)
            let unitTokens = Array(tokens[(index + 1)..<(index + 1 + length)])
            tokens.replaceSubrange(
                index..<end, with: [Token(.number(total), range, isGlued: tokens[index].isGlued)] + unitTokens)
            index += 1
        }
    }

    /// "1 3-pound whole fish", "4 6 oz beef filets", "One 4.5 lb ham": a count, then the weight
    /// of each, is the count times that weight.
    mutating func weighEachCounted() {
        var index = 1
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard let count = countValue(at: index - 1), count >= 1, count == count.rounded(),
                tokens[index].number != nil, !tokens[index].isGlued || tokens[index - 1].word != nil,
                measureUnit(at: index + 1) != nil, index - 1 == clauseStart(before: index - 1) || index - 1 == 0
            else { continue }
            let factor = tokens[index].number ?? 1
            tokens[index - 1] = Token(.number(count), tokens[index - 1].range)
            tokens[index] = Token(.multiplier(factor), tokens[index].range)
        }
    }

    /// The count a token says: a number, or a number word ("One", "Four").
    func countValue(at index: Int) -> Double? {
        guard let token = tokens[safe: index] else { return nil }
        if let value = token.number { return value }
        if let typed = token.word, typed != "a", typed != "an" { return NumberWords.value(of: typed) }
        return nil
    }

    /// "8 lamb chops, about 1½ pounds", "6 chicken thighs, each about 150g", "2 breasts, about
    /// 2/3 pound total": a weight alone after a comma is what the counted food before it
    /// weighs, all of it or each ("each"), and replaces the count.
    mutating func attachLateWeights() {
        var index = 1
        while index < tokens.count {
            guard tokens[index].kind == .comma else {
                index += 1
                continue
            }
            var at = index + 1
            var each = false
            func skipFillers() {
                while let filler = word(at), RecipeAmountWords.weightFillers.contains(filler) || filler == "each" {
                    if filler == "each" { each = true }
                    at += 1
                }
            }
            skipFillers()
            guard let weight = tokens[safe: at]?.number, let (unit, length) = measureUnit(at: at + 1),
                case .mass = unit.kind
            else {
                index += 1
                continue
            }
            let measureStart = at
            at += 1 + length
            skipFillers()
            // The clause is the weight and nothing more.
            guard at == tokens.count || tokens[at].kind == .comma || tokens[at].kind == .semicolon else {
                index += 1
                continue
            }
            let start = clauseStart(before: index)
            guard let count = countValue(at: start), start + 1 < index, measureUnit(at: start + 1) == nil,
                tokens[(start + 1)..<index].allSatisfy({ $0.number == nil })
            else {
                index += 1
                continue
            }
            let size = Array(tokens[measureStart..<(measureStart + 1 + length)])
            tokens.removeSubrange(index..<at)
            let replacement: [Token] =
                each
                ? [Token(.number(count), tokens[start].range), Token(.multiplier(weight), size[0].range)]
                    + size.dropFirst()
                : size
            tokens.replaceSubrange(start...start, with: replacement)
            // A size word after the count said how big each was; the weight says it now.
            if let sizeWord = word(start + replacement.count), Unit.sizeWords.contains(sizeWord) {
                tokens.remove(at: start + replacement.count)
            }
            index = start + replacement.count
        }
    }

    /// "three quarters of a cup", "2 thirds cup": a count of quarters or thirds is that share.
    mutating func rewriteWordShares() {
        var index = 0
        while index + 1 < tokens.count {
            guard let count = countValue(at: index), let typed = word(index + 1),
                let parts = RecipeAmountWords.shares[typed], count < parts, word(index) != "a"
            else {
                index += 1
                continue
            }
            var end = index + 2
            if word(end) == "of" { end += 1 }
            if let article = word(end), article == "a" || article == "an" { end += 1 }
            let range = tokens[index].range.union(tokens[end - 1].range)
            tokens.replaceSubrange(index..<end, with: [Token(.number(count / parts), range)])
            index += 1
        }
    }
}

extension PhrasingPass {
    /// "4 cloves garlic - peeled and sliced": a spaced dash after a food with its amount opens a
    /// note, as a comma does.
    mutating func rewriteDashNotes() {
        var index = 2
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .minus, !tokens[index].isGlued, !tokens[index + 1].isGlued,
                tokens[index - 1].word != nil,
                countValue(at: 0) != nil || countValue(at: clauseStart(before: index)) != nil
            else { continue }
            tokens[index] = Token(.comma, tokens[index].range)
        }
    }
}

extension PhrasingPass {
    /// The mass or volume unit a word names, if any: "2 tsp white sugar (9 grams)" has its unit.
    func measureUnitWord(_ word: String?) -> Unit? {
        guard let word, let unit = Unit.named(word), unit.kind != .portion else { return nil }
        return unit
    }
}

extension PhrasingPass {
    /// "250g piece beef fillet", "100g slices black pudding": a weight or a volume said, the
    /// portion word after it only says the food's shape.
    mutating func dropPortionAfterMeasure() {
        var index = 0
        while index + 2 < tokens.count {
            defer { index += 1 }
            guard tokens[index].number != nil, let (_, length) = measureUnit(at: index + 1),
                let portion = word(index + 1 + length), let unit = Unit.named(portion), unit.kind == .portion,
                !Unit.sizeWords.contains(portion), !Unit.isInches(portion), word(index + 2 + length) != nil,
                word(index + 2 + length) != "of"
            else { continue }
            tokens.remove(at: index + 1 + length)
        }
    }
}

extension PhrasingWords {
    /// Words that make what follows "or" a note, not a food offered instead: ", or more to taste",
    /// "or as needed", "or as you like".
    static let choiceEnders: Set<String> = [
        "taste", "more", "less", "needed", "desired", "so", "to", "as", "you", "like", "prefer", "if", "until",
        "preferred", "necessary", "both",
    ]

    /// Words a note naming the parts of a fruit a cook uses may hold besides them: ", grated
    /// zest and juice", ", juice only".
    static let partNoteWords: Set<String> = [
        "and", "only", "of", "finely", "grated", "squeezed", "juiced", "zested", "then", "plus", "freshly",
    ]

    /// Words before the food offered that say only that it is another ("or other soft sausage").
    static let choiceOpeners: Set<String> = ["other", "another", "any", "use", "even", "similar"]
}

extension PhrasingPass {
    /// "jasmine or long-grain rice", "gouda, edam, or cheddar cheese", "arugula, watercress or
    /// baby spinach": the food after "or", and the foods listed before it with commas, are kept
    /// as choices for the item the line names first, which is read alone (`LogItem.choices`).
    /// Only words make a choice: ", or 2 eggs" says an amount, ", or more to taste" a note; the
    /// tokens `start..<end` go either way. Returns true when a choice was kept.
    mutating func keepChoice(from start: Int, to end: Int, after result: inout [Token]) -> Bool {
        var from = start
        while let opener = word(from), PhrasingWords.choiceOpeners.contains(opener), from + 1 < end { from += 1 }
        guard from < end, start > 0, tokens[from..<end].allSatisfy({ $0.word != nil }),
            !tokens[from..<end].contains(where: { PhrasingWords.choiceEnders.contains($0.word ?? "") })
        else { return false }
        var offered = [choicePhrase(tokens[from..<end])]
        // The foods listed before with commas: each a clause of words only, after the first item.
        var last = result.count
        if result.last?.kind == .comma { last -= 1 }
        while true {
            var first = last
            while first > 0, result[first - 1].kind != .comma, result[first - 1].kind != .semicolon { first -= 1 }
            guard first > 0, first < last, result[first - 1].kind == .comma,
                result[first..<last].allSatisfy({ token in
                    token.word.map { !PhrasingWords.choiceEnders.contains($0) } ?? false
                })
            else { break }
            offered.insert(choicePhrase(result[first..<last]), at: 0)
            last = first - 1
        }
        result.removeSubrange(last...)
        let at = tokens[start - 1].range.start
        choices += offered.map { (at: at, phrase: $0) }
        return true
    }

    /// The words of `slice` as a food phrase.
    func choicePhrase(_ slice: ArraySlice<Token>) -> FoodPhrase {
        let words = slice.compactMap(\.word)
        guard let first = slice.first, let last = slice.last else {
            return FoodPhrase(words: [], text: "", range: SourceRange(0, 0))
        }
        let range = first.range.union(last.range)
        return FoodPhrase(words: words, text: text(range), range: range)
    }
}

extension PhrasingPass {
    /// True for a trademark sign.
    static func isTrademark(_ scalar: Unicode.Scalar) -> Bool { scalar == "®" || scalar == "™" }

    /// "1 can ACME® Kidney Beans", "½ cup ACME® GOLDEN® Evaporated Milk", "KANDY® Brand
    /// Milk Chocolate": the words written with capitals just before a trademark sign are a
    /// brand, and name no food; the food is what follows. A brand with no word after it in its
    /// clause is kept ("Hot Salt™" is the food's own name).
    mutating func dropTrademarks() {
        var index = 0
        var floor = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.word != nil, token.range.end < scalars.count, PhrasingPass.isTrademark(scalars[token.range.end])
            else {
                index += 1
                continue
            }
            var start = index
            while start > floor, let before = tokens[start - 1].word, startsWithCapital(tokens[start - 1]),
                Unit.named(before) == nil, !PhrasingWords.containers.contains(before)
            {
                start -= 1
            }
            var after = index + 1
            if word(after) == "brand" { after += 1 }
            guard word(after) != nil, startsWithCapital(token) else {
                index += 1
                continue
            }
            tokens.removeSubrange(start..<after)
            floor = start
            index = start
        }
    }

    /// True when the token was typed with a capital first letter.
    func startsWithCapital(_ token: Token) -> Bool {
        guard token.range.start >= 0, token.range.start < scalars.count else { return false }
        return scalars[token.range.start].properties.isUppercase
    }
}

extension PhrasingPass {
    /// ", stones removed", ", tops cut off 1 inch down", ", ends
    /// trimmed and cut into 1-inch pieces": a word or two for a part of the food, then what the
    /// cook did to it, then anything: a note. The part is a word, never an amount or a unit, and
    /// the participle is no food's first word (", fried chicken" is a food); the line opens
    /// with an amount.
    func isPartReadied(from start: Int, words: [String]) -> Bool {
        // Only in a recipe's line, which opens with its amount: prose keeps its foods.
        guard isCountStart(0), tokens[safe: start]?.word != nil, words.count >= 2 else { return false }
        for position in 1...min(2, words.count - 1) {
            let participle = words[position]
            let isReadied =
                participle.hasSuffix("ed") || PhrasingWords.preparationVerbs.contains(participle)
            guard PhrasingWords.isCooksParticiple(participle), isReadied else { continue }
            let part = words[..<position]
            return part.allSatisfy { word in
                !PhrasingWords.isCooksParticiple(word) && Unit.named(word) == nil && NumberWords.value(of: word) == nil
                    && !["and", "or", "with", "plus", "a", "an", "the"].contains(word)
            }
        }
        return false
    }
}

extension PhrasingPass {
    /// "4 spring onions including the green tops", "3 carrots sliced into coins", "1 tbsp
    /// adobo sauce from a can": in a line that opens with its amount, after a food's name,
    /// "including", a cook's participle then "into" or "to", or "from" a container opens a note
    /// without a comma, to the clause's end.
    func isInlineNote(at index: Int, after result: [Token]) -> Bool {
        guard let typed = word(index), let before = result.last?.word, Unit.named(before) == nil,
            NumberWords.value(of: before) == nil, isCountStart(0)
        else { return false }
        if typed == "including" { return true }
        // "1 tbsp mint sauce from a jar": the container it came from says no food.
        if typed == "from" {
            var at = index + 1
            if let article = word(at), ["a", "an", "the"].contains(article) { at += 1 }
            return word(at).map(PhrasingWords.containers.contains) == true
        }
        guard typed.hasSuffix("ed"), PhrasingWords.isCooksParticiple(typed), let next = word(index + 1) else {
            return false
        }
        return next == "into" || next == "to"
    }
}

extension PhrasingPass {
    /// "½ cup to 1 cup milk", "14 oz to 1 lb cod": a range whose ends each say their unit is its
    /// middle, in the first end's unit; "1 large or 2 small courgettes": of two amounts offered, the
    /// first (the food's name follows the second).
    mutating func joinUnitRanges() {
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard let first = tokens[index].number else { continue }
            // "1 large or 2 small courgettes": a count and a size, then "or" and another.
            if let size = word(index + 1), Unit.sizeWords.contains(size), word(index + 2) == "or",
                tokens[safe: index + 3]?.number != nil, let other = word(index + 4), Unit.sizeWords.contains(other),
                word(index + 5) != nil
            {
                tokens.removeSubrange((index + 2)...(index + 4))
                continue
            }
            guard let (unit, length) = measureUnit(at: index + 1), let (base, isMass) = PhrasingPass.base(of: unit),
                word(index + 1 + length) == "to", let second = tokens[safe: index + 2 + length]?.number,
                let (otherUnit, otherLength) = measureUnit(at: index + 3 + length),
                let (otherBase, otherIsMass) = PhrasingPass.base(of: otherUnit), otherIsMass == isMass
            else { continue }
            let middle = (first + second * otherBase / base) / 2
            let end = index + 3 + length + otherLength
            let range = tokens[index].range.union(tokens[end - 1].range)
            let unitTokens = Array(tokens[(index + 1)..<(index + 1 + length)])
            tokens.replaceSubrange(index..<end, with: [Token(.number(middle), range)] + unitTokens)
        }
    }
}
