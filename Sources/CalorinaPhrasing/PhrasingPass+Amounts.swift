import CalorinaLanguage
import CalorinaSupport

// The phrasing rules for amounts as people and recipes write them: a container's size before it,
// a share after the food, sizes in brackets, with a hyphen or in inches, "200g/7oz", "2-3 tbsp".

extension PhrasingPass {
    /// True when the words at `index` name a thing a whole one of is meant ("pizza", "pepperoni
    /// pizza"): a word, not an amount, a unit, a size or a word "whole" is part of the name of.
    func namesAWholeThing(_ index: Int) -> Bool {
        guard let next = word(index), Unit.named(next) == nil, NumberWords.value(of: next) == nil,
            !PhrasingWords.wholeCompounds.contains(next), !PhrasingWords.measureSizes.contains(next), next != "of"
        else { return false }
        return true
    }

    /// "20oz bottle of coke", "a 16 oz can of beer": a container's size said before it is the
    /// amount ("20 oz coke"), a count before it times that ("2 20oz bottles" = 2 × 20 oz);
    /// "a 12 oz latte" is "12 oz latte".
    mutating func rewriteSizedContainers() {
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].number != nil, let unit = word(index + 1), let found = Unit.named(unit),
                found.kind != .portion
            else {
                index += 1
                continue
            }
            if index > 0, let before = word(index - 1), before == "a" || before == "an",
                index == 1 || PhrasingPass.isJoiner(tokens[index - 2])
            {
                tokens.remove(at: index - 1)
                index -= 1
            }
            if let container = word(index + 2), PhrasingWords.sizedContainers.contains(container) {
                // "a 400g tin chickpeas, drained": the tin's net weight less its liquid, 60 %
                // (as `multiplied(by:container:)` says).
                if PhrasingWords.cans.contains(container), tokens.contains(where: { $0.word == "drained" }),
                    let value = tokens[index].number
                {
                    tokens[index] = Token(.number(value * 0.6), tokens[index].range, isGlued: tokens[index].isGlued)
                }
                tokens.remove(at: index + 2)
                if word(index + 2) == "of" { tokens.remove(at: index + 2) }
                // "2 20oz bottles": 2 × 20 oz.
                if index > 0, tokens[index - 1].number != nil {
                    tokens.insert(Token(.multiplier(nil), tokens[index].range), at: index)
                    index += 1
                }
            }
            index += 2
        }
    }

    /// "grapefruit half", "bagel half": a share said after a food with no amount is its amount;
    /// "a cup and a half of milk" is "a and a half cup of milk" (1½ cups).
    mutating func moveTrailingShares() {
        var index = 1
        while index < tokens.count {
            if word(index) == "and", word(index + 1) == "a", word(index + 2) == "half", index >= 2,
                let unit = word(index - 1), Unit.named(unit) != nil,
                tokens[index - 2].number != nil || word(index - 2).flatMap(NumberWords.value(of:)) != nil
            {
                let half = Array(tokens[index...(index + 2)])
                tokens.removeSubrange(index...(index + 2))
                tokens.insert(contentsOf: half, at: index - 1)
                index += 3
                continue
            }
            guard let word = word(index), word == "half",
                let previous = self.word(index - 1), !["a", "an", "and", "the", "of", "in", "into"].contains(previous),
                !PhrasingWords.howWords.contains(previous),
                index + 1 == tokens.count || PhrasingPass.isJoiner(tokens[index + 1])
            else {
                index += 1
                continue
            }
            let start = clauseStart(before: index)
            // ", cut in half", ", broken in half": how the cook cuts, in a note.
            guard !tokens[start..<index].contains(where: { $0.number != nil }),
                let first = self.word(start), NumberWords.value(of: first) == nil, first != "half",
                !PhrasingWords.isCooksParticiple(first)
            else {
                index += 1
                continue
            }
            let share = tokens.remove(at: index)
            tokens.insert(share, at: start)
            index += 1
        }
    }

    /// "ground beef 80/20", "(90/10)": a lean-to-fat ratio is a word of the meat's name ("90%
    /// lean meat / 10% fat"), not a count.
    mutating func rewriteLeanRatios() {
        for index in tokens.indices where index > 0 {
            guard tokens[index].number != nil,
                scalars[tokens[index].range.start..<min(tokens[index].range.end, scalars.count)].contains("/")
            else { continue }
            let typed = text(tokens[index].range)
            let parts = typed.split(separator: "/")
            guard parts.count == 2, let lean = Int(parts[0]), let fat = Int(parts[1]), lean + fat == 100, lean > fat
            else { continue }
            tokens[index] = Token(.word("\(lean)%"), tokens[index].range, isGlued: tokens[index].isGlued)
        }
        // A ratio alone in brackets stays: "(90/10)".
        var index = 0
        while index + 2 < tokens.count {
            if tokens[index].kind == .open, tokens[index + 2].kind == .close,
                tokens[index + 1].word?.hasSuffix("%") == true
            {
                tokens.remove(at: index + 2)
                tokens.remove(at: index)
            }
            index += 1
        }
    }

    /// Sizes written with a hyphen or in inches: "2 15-oz cans beans" is "2 (15 oz) cans beans";
    /// "6 inch sub" and "6-inch sub" name a size in inches (one word, "6-inch", a unit
    /// the resolver weighs by USDA's inch portions), "foot long" is a footlong; and "1-inch piece
    /// of ginger" is a piece, the inches only how the cook cut it.
    mutating func rewriteSizes() {
        // The lexer reads "15-oz" and "6-inch" as one word, as it reads "7-up": split them.
        tokens = tokens.flatMap { token -> [Token] in
            guard let word = token.word, let dash = word.firstIndex(of: "-"), dash > word.startIndex,
                let value = Double(word[..<dash]), value > 0
            else { return [token] }
            let unit = String(word[word.index(after: dash)...])
            guard unit == "inch" || unit == "inches" || Unit.named(unit).map({ $0.kind != .portion }) == true
            else { return [token] }
            let digits = word.distance(from: word.startIndex, to: dash)
            let start = token.range.start
            return [
                Token(.number(value), SourceRange(start, start + digits), isGlued: token.isGlued),
                Token(.minus, SourceRange(start + digits, start + digits + 1), isGlued: true),
                Token(.word(unit), SourceRange(start + digits + 1, token.range.end), isGlued: true),
            ]
        }
        var index = 0
        while index < tokens.count {
            guard let value = tokens[index].number, value > 0 else {
                if word(index) == "foot", word(index + 1) == "long" {
                    tokens.replaceSubrange(
                        index...(index + 1),
                        with: [Token(.word("footlong"), tokens[index].range.union(tokens[index + 1].range))])
                }
                index += 1
                continue
            }
            let hyphen =
                kind(index + 1) == .minus && tokens[index + 1].isGlued && tokens[safe: index + 2]?.isGlued == true
            let unitAt = hyphen ? index + 2 : index + 1
            let unitWord = word(unitAt)
            // "15-oz can": the size of a container, as if in brackets.
            if hyphen, let unitWord, let unit = Unit.named(unitWord), unit.kind != .portion,
                let container = word(unitAt + 1), PhrasingWords.containers.contains(container)
            {
                var size = [tokens[index], tokens[unitAt]]
                size.insert(Token(.open, tokens[index + 1].range), at: 0)
                size.append(Token(.close, tokens[unitAt].range))
                if index > 0, tokens[index - 1].number == nil, let typed = word(index - 1), typed != "a", typed != "an",
                    let count = NumberWords.value(of: typed)
                {
                    // "One 15-ounce can", "Two 14-oz cans": the count in words.
                    tokens[index - 1] = Token(.number(count), tokens[index - 1].range)
                } else if index == 0 || tokens[index - 1].number == nil {
                    size.insert(Token(.number(1), tokens[index].range), at: 0)
                }
                tokens.replaceSubrange(index...unitAt, with: size)
                index += size.count
                continue
            }
            let inches = unitWord == "inch" || unitWord == "inches"
            // A count past all sense ("99999999999999999999 inch sub") stays a number, refused later
            // as too much, never turned into an Int it overflows.
            guard inches, value == value.rounded(), value < 10_000, let after = word(unitAt + 1) else {
                index += 1
                continue
            }
            let range = tokens[index].range.union(tokens[unitAt].range)
            // "1-inch piece of ginger", "2 inch cube": the cut, not the food's size.
            if let unit = Unit.named(after), unit.kind == .portion {
                let counted = index > 0 && tokens[index - 1].number != nil
                tokens.replaceSubrange(index...unitAt, with: counted ? [] : [Token(.number(1), range)])
                continue
            }
            tokens.replaceSubrange(index...unitAt, with: [Token(.word("\(Int(value))-inch"), range)])
            index += 1
        }
    }

    /// Brackets: a container's size ("1 (14 oz) can", "1 can (400g)", "4 fillets (6 oz each)")
    /// becomes the amount; anything else in brackets is another unit's amount ("½ cup (125
    /// ml)": the first is used) or a note, and is dropped.
    mutating func rewriteBrackets() {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .open else {
                if tokens[index].kind != .close { result.append(tokens[index]) }
                index += 1
                continue
            }
            var close = index + 1
            var depth = 1
            while close < tokens.count {
                if tokens[close].kind == .open { depth += 1 }
                if tokens[close].kind == .close {
                    depth -= 1
                    if depth == 0 { break }
                }
                close += 1
            }
            var inside = index + 1
            while let word = word(inside), PhrasingWords.roughly.contains(word) { inside += 1 }
            let measure = measureLength(at: inside).flatMap { length in
                inside + length == close
                    || (inside + length + 1 == close && ["each", "total"].contains(word(inside + length) ?? ""))
                    ? length : nil
            }
            // "2 eggs (large)": a size in brackets is a size.
            if close == index + 2, let size = word(index + 1), Unit.sizeWords.contains(size) {
                result.append(tokens[index + 1])
                index = close + 1
                continue
            }
            // "5 (1.25 L) cups stock", "¼ (50 mL) cup sugar": a unit after the brackets says the
            // count's unit; the brackets hold the same amount in another, dropped.
            if measure != nil, result.last?.number != nil, measureUnitWord(word(close + 1)) != nil {
                index = close + 1
                continue
            }
            if let measure {
                let size = Array(tokens[inside..<(inside + measure)])
                let each = word(inside + measure) == "each"
                // "1 (14 oz) can tomatoes": the count, then the size.
                if let last = result.last, last.number != nil, !each {
                    result.append(contentsOf: multiplied(by: size, container: word(close + 1)))
                    index = close + 1
                    if let container = word(index), PhrasingWords.containers.contains(container) {
                        // What comes in a can is the canned food: "1 (28 oz) can crushed tomatoes".
                        if PhrasingWords.cans.contains(container) {
                            result.append(Token(.word("canned"), tokens[index].range))
                        }
                        index += 1
                    } else if let portion = word(index), Unit.named(portion)?.kind == .portion,
                        !Unit.sizeWords.contains(portion), word(index + 1) != nil
                    {
                        // "6 (1 ounce) slices prosciutto": the size of each slice.
                        index += 1
                    }
                    continue
                }
                // "1 can (400g) chickpeas": the container's size replaces the container.
                if let container = result.last?.word, PhrasingWords.containers.contains(container),
                    result.count >= 2, result[result.count - 2].number != nil
                {
                    let container = result.removeLast()
                    result.append(contentsOf: multiplied(by: size, container: container.word))
                    if let word = container.word, PhrasingWords.cans.contains(word) {
                        result.append(Token(.word("canned"), container.range))
                    }
                    index = close + 1
                    continue
                }
                // "4 salmon fillets (6 oz each)": four times the size.
                if each {
                    let start = clauseStart(before: result.count)
                    if let count = result[safe: start], count.number != nil {
                        result.insert(contentsOf: multiplied(by: size), at: start + 1)
                        // The food's own unit word is the portion the size replaces.
                        if let unit = result[safe: start + 1 + size.count + 1]?.word, Unit.named(unit) != nil {
                            result.remove(at: start + 1 + size.count + 1)
                        }
                        index = close + 1
                        continue
                    }
                }
                // "4 chicken breasts (about 2 lbs)", "1 pork tenderloin (about 1 lb)": a weight
                // after a counted food is what they all weigh, and replaces the count.
                let start = clauseStart(before: result.count)
                if !each, start + 1 < result.count, result[start].number != nil,
                    let last = result.last?.word, Unit.named(last) == nil,
                    measureUnitWord(result[start + 1].word) == nil,
                    size.count == 2, size[0].number != nil, let unit = size[1].word.flatMap(Unit.named),
                    case .mass = unit.kind
                {
                    result.replaceSubrange(start...start, with: size)
                    // A size word after the count said how big each was; the weight says it now.
                    if let word = result[safe: start + 2]?.word, Unit.sizeWords.contains(word) {
                        result.remove(at: start + 2)
                    }
                    index = close + 1
                    continue
                }
            }
            index = min(close, tokens.count - 1) + 1
        }
        tokens = result
    }

    /// The size as "× 14 oz" after a count. A can the line says is drained holds its food
    /// without the liquid: 60 % of the net weight on the label (USDA SR28's "1 can, drained
    /// solids" of beans and vegetables weigh 253 to 266 g of a 425 g can).
    func multiplied(by size: [Token], container: String? = nil) -> [Token] {
        guard let first = size.first, var value = first.number else { return size }
        if let container, PhrasingWords.cans.contains(container), tokens.contains(where: { $0.word == "drained" }) {
            value *= 0.6
        }
        return [Token(.multiplier(value), first.range, isGlued: false)] + size.dropFirst()
    }

    /// "w/" is "with"; "200g/7oz" and "1 tsp/5ml" give one amount in two units (the first is
    /// used); "and/or" is "or"; in a line that opens with its amount, a "/" between words is
    /// "or" (a choice, `keepChoice`); any other stays an error ("coffee/tea": which?).
    mutating func rewriteSlashes() {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .slash else {
                result.append(token)
                index += 1
                continue
            }
            if let last = result.last, last.word == "w" {
                result[result.count - 1] = Token(.word("with"), last.range.union(token.range))
                index += 1
                continue
            }
            if let length = measureLength(at: index + 1) {
                // "500g/1lb 2oz": the other units' amount may be in two units itself.
                let kind = measureUnit(at: index + 2).flatMap { PhrasingPass.base(of: $0.unit) }
                index += 1 + length
                if let kind, let more = measureLength(at: index),
                    let next = measureUnit(at: index + 1).flatMap({ PhrasingPass.base(of: $0.unit) }),
                    next.isMass == kind.isMass, next.amount < kind.amount
                {
                    index += more
                }
                continue
            }
            if result.last?.word == "and", word(index + 1) == "or" {
                // "and/or": the first is used.
                result.removeLast()
                index += 1
                continue
            }
            // "2 tbsp dill/parsley", "250g penne/rigatoni": in a recipe's
            // line, which opens with its amount, a "/" between words offers a choice, as "or".
            if isCountStart(0), result.last?.word != nil, word(index + 1) != nil {
                result.append(Token(.word("or"), token.range))
                index += 1
                continue
            }
            // Any other "/" between words is a choice the line does not make: it stays an error.
            result.append(Token(.unknown("/"), token.range, isGlued: token.isGlued))
            index += 1
        }
        tokens = result
    }

    /// "2-3 tbsp", "2 to 3 cloves", "2 or 3 eggs": the middle of the range, said.
    mutating func rewriteRanges() {
        var index = 0
        while index + 2 < tokens.count {
            guard let low = tokens[index].number, let high = tokens[index + 2].number, high > low,
                tokens[index + 1].kind == .minus || ["to", "or"].contains(word(index + 1) ?? "")
            else {
                index += 1
                continue
            }
            let range = tokens[index].range.union(tokens[index + 2].range)
            let middle = Token(.number((low + high) / 2), range, isGlued: tokens[index].isGlued)
            tokens.replaceSubrange(index...(index + 2), with: [middle])
            countRanges[range] = text(range)
            index += 1
        }
    }
}
