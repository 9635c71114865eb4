import CalorinaLanguage
import CalorinaSupport

// The prose reader's mentions: each clause's food mention made plain (its words of appeal, taste
// and temperature dropped, its portion, source and amount said as the log grammar says them).

extension PhrasingPass {
    /// A mention's tokens from `start`: up to a comment ("which", "for a burst of flavour", "to
    /// start my day", a frame verb), without words of appeal.
    func mentionTokens(from start: Int, to end: Int) -> [Token] {
        var result: [Token] = []
        var index = start
        while index < end {
            let token = tokens[index]
            // "2 small/regular fillets", "a child/senior drink", "skin/coating": the first word
            // of two a slash offers.
            if token.kind == .slash, result.last?.word != nil, self.word(index + 1) != nil {
                index += 2
                continue
            }
            guard let word = token.word else {
                result.append(token)
                index += 1
                continue
            }
            if !result.isEmpty {
                if ProseWords.relatives.contains(word) { break }
                // "filled with meat and topped with sour cream": one dish, said with two participles.
                if word == "and", let next = self.word(index + 1),
                    ProseWords.holding.contains(next) || next == "topped",
                    let preposition = self.word(index + 2), ["with", "in", "by"].contains(preposition)
                {
                    index += 1
                    continue
                }
                // "a bottle filled with water": of.
                if ProseWords.holding.contains(word), let before = result.last?.word, Unit.named(before) != nil,
                    self.word(index + 1) == "with"
                {
                    result.append(Token(.word("of"), token.range))
                    index += 2
                    continue
                }
                // "a sandwich featuring a chicken fillet", "an enchilada covered in sauce": with.
                // "a crisp apple", "two juicy peaches": how it tasted, before the food ("apple
                // crisp" is the dessert).
                if ProseWords.tasteBefore.contains(word), result.count == 1,
                    result[0].number != nil || ProseWords.openers.contains(result[0].word ?? ""),
                    self.word(index + 1).map({ $0 != "and" && $0 != "of" && $0 != "," }) == true
                {
                    index += 1
                    continue
                }
                // "stuffed with both chicken and rice": "both" says nothing of the food.
                if word == "both", self.word(index + 1).map({ $0 != "of" && $0 != "and" }) == true {
                    index += 1
                    continue
                }
                // "a package containing two tarts": what the container holds.
                if word == "containing", let before = result.last?.word, Unit.named(before) != nil {
                    result.append(Token(.word("of"), token.range))
                    index += 1
                    continue
                }
                // "stuffed crust pizza", "a glazed doughnut": a participle with no preposition
                // (or object) after it is part of the name.
                if ProseWords.holding.contains(word), !word.hasSuffix("ing"),
                    self.word(index + 1).map({ !["with", "in", "on", "by", "full", "of"].contains($0) }) ?? true
                {
                    result.append(token)
                    index += 1
                    continue
                }
                if ProseWords.holding.contains(word) {
                    var end = index + 1
                    if let next = self.word(end), ["with", "in", "on", "by", "full"].contains(next) { end += 1 }
                    if self.word(end) == "of" { end += 1 }
                    // "packed with meat", "featuring a chicken fillet": what fills it, said with
                    // no amount ("a" before a food, not before a measure), is the dish's own.
                    // ("stuffed crust" is no filling: the participle needs its "with").
                    if ProseWords.inside.contains(word), end > index + 1 || word.hasSuffix("ing") {
                        result.append(Token(.word("filled"), token.range))
                    }
                    // "coated in a tomato-based sauce": what covers it, said with an article and
                    // no amount, as the dish's name would say it ("Pasta with tomato-based sauce").
                    if let article = self.word(end), article == "a" || article == "an",
                        let next = self.word(end + 1), Unit.named(next) == nil,
                        !PhrasingWords.measureSizes.contains(next), !ProseWords.openers.contains(next)
                    {
                        end += 1
                    }
                    result.append(Token(.word("with"), token.range))
                    index = end
                    continue
                }
                // "pizza is my go-to", "salmon was on the menu": what follows is about it.
                if ["is", "was", "are", "were", "makes"].contains(word), tokens[safe: index + 1]?.number == nil {
                    break
                }
                if word == "any", result.last?.word == "without" {
                    index += 1
                    continue
                }
                if word == "for" || (word == "to" && self.word(index + 1) != nil && tokens[index - 1].number == nil) {
                    break
                }
                if word == "as", let next = self.word(index + 1),
                    ["a", "an", "my", "part", "the", "it", "i", "is", "was", "we", "our", "they"].contains(next)
                {
                    break
                }
                if word == "on", let next = self.word(index + 1), next == "the" || next == "a",
                    let what = self.word(index + 2), ["side", "go", "whim", "run", "menu"].contains(what)
                {
                    break
                }
                // "a piece of chewing gum": after "of" the word names the food ("a relaxing
                // evening" is none).
                if ProseWords.frameVerbs.contains(word), !ProseWords.appeal.contains(word),
                    word.hasSuffix("ing") || word.hasSuffix("ed"), result.last?.word != "of",
                    ![
                        "filled", "topped", "served", "cooked", "made", "packed", "whipped", "added", "left",
                        "prepared", "making", "filling", "topping", "serving",
                    ].contains(word)
                {
                    break
                }
                if word == "weighing" { break }
                // "a turkey burger served on a bun": the burger is served so; "served with" adds.
                if word == "served", self.word(index + 1) != "with" { break }
                // "on a soft white bun": the bread, as the sandwich rules know it.
                if word == "soft", result.last?.word == "a", result.dropLast().last?.word == "on" {
                    index += 1
                    continue
                }
                // "pizza with a thin crust", "pizza on a thin crust": the crust names the pizza
                // ("thin crust pizza").
                if word == "with" || word == "on", let crust = crustLength(at: index + 1) {
                    let named = tokens[(index + 1 + crust.skip)..<(index + 1 + crust.skip + crust.words)]
                    if let head = result.lastIndex(where: {
                        !["a", "an", "of"].contains($0.word ?? "") && $0.word != nil
                    }),
                        let start = result[...head].lastIndex(where: { $0.word == "of" || $0.number != nil }).map({
                            $0 + 1
                        })
                            ?? (result.first.map { ProseWords.openers.contains($0.word ?? "") } == true ? 1 : 0) as Int?
                    {
                        result.insert(contentsOf: named, at: min(start, result.count))
                    }
                    index += 1 + crust.skip + crust.words
                    continue
                }
                // "with a unique flavor profile", "with its crispy coating": about the food.
                if word == "with", saysHow(from: index + 1) { break }
                // "half a cup in size".
                if word == "in", self.word(index + 1) == "size" { break }
                // "with my dinner", "after lunch", "before bed", "on a sunny afternoon": when.
                if ["with", "after", "before", "on", "at", "in", "during"].contains(word), saysWhen(from: index + 1) {
                    break
                }
                // "from my garden", "into my salad", "over my eggs", "to my oatmeal": where it went.
                if ["from", "into", "in", "over", "onto", "to"].contains(word), self.word(index + 1) == "my" { break }
            }
            // "a sweet and juicy ear of corn": an "and" between two words that say how the food
            // is joins no foods ("sweet and sour" names one: "sour" is no such word).
            if word == "and", let before = tokens[safe: index - 1]?.word, let after = self.word(index + 1),
                ProseWords.saysHowItIs(before), ProseWords.saysHowItIs(after)
            {
                index += 1
                continue
            }
            if ProseWords.appeal.contains(word), !result.isEmpty || !ProseWords.openers.contains(word) {
                // "a big bowl" keeps its size for the portion rules; only the words of appeal go.
                if !PhrasingWords.measureSizes.contains(word) || !isMeasureAfter(index) {
                    index += 1
                    continue
                }
            }
            // "medium-sized cookie" is a medium one.
            if word.hasSuffix("-sized") || word.hasSuffix("-size"), let dash = word.firstIndex(of: "-") {
                let size = String(word[..<dash])
                if ["small", "medium", "large", "regular", "big", "extra-large"].contains(size) {
                    result.append(Token(.word(size), token.range, isGlued: token.isGlued))
                    index += 1
                    continue
                }
            }
            result.append(token)
            index += 1
        }
        // "a delicious half a goose egg", "a half an oat bran muffin": the share is the amount.
        if result.count > 2, let first = result[0].word, first == "a" || first == "an", result[1].word == "half",
            let next = result[2].word, next == "a" || next == "an"
        {
            result.removeFirst()
        }
        // "a rich and chocolatey bar" without its words of appeal: no "and" is left after the article.
        var at = 0
        while at < result.count {
            if result[at].word == "and", at == 0 || ["a", "an", "the"].contains(result[at - 1].word ?? "") {
                result.remove(at: at)
            } else {
                at += 1
            }
        }
        // "a 0.5 large latte": the number is the amount ("a 240 g bowl" is the measure's).
        if result.count > 2, let first = result[0].word, first == "a" || first == "an", result[1].number != nil,
            measureLength(in: result, at: 1) == nil
        {
            result.removeFirst()
        }
        // "a one ounce steak": the number word is the amount.
        if let first = result.first?.word, first == "a" || first == "an", let count = result[safe: 1]?.word,
            NumberWords.value(of: count) != nil, let unit = result[safe: 2]?.word, Unit.named(unit) != nil
        {
            result.removeFirst()
        }
        // A mention ends with its food, never with a joiner or an article.
        while let last = result.last, let word = last.word,
            ["and", "with", "of", "a", "an", "the", "or", "in", "on", "some", "my", "it"].contains(word)
        {
            result.removeLast()
        }
        // "a crisp small apple", "a juicy medium patty": words of opinion come before the
        // size in English, so what stands between the article and a size says how it tasted.
        if let size = result.prefix(5).firstIndex(where: { $0.word.map(Unit.sizeWords.contains) == true }), size > 1,
            let first = result.first, first.word == "a" || first.word == "an" || first.number != nil,
            result[1..<size].allSatisfy({ $0.word != nil && $0.word != "of" })
        {
            result.removeSubrange(1..<size)
        }
        // "a stack of two pancakes", "a plate of 3 tacos": the count says how many.
        if result.count > 3, let first = result[0].word, first == "a" || first == "an", result[1].word != nil,
            result[2].word == "of", result[3].number != nil || result[3].word.flatMap(NumberWords.value(of:)) != nil,
            result[3].word != "a", result[3].word != "an"
        {
            result.removeSubrange(0..<3)
        }
        result = PhrasingPass.plainPortion(result)
        result = PhrasingPass.plainSource(result)
        // "a 240 g bowl of chili", "185g portion of rice", "with a 12 fl oz can of soda": the
        // weight is the amount.
        var measure = 0
        while measure < result.count {
            guard let length = measureLength(in: result, at: measure) else {
                measure += 1
                continue
            }
            let after = measure + length
            if let noun = result[safe: after]?.word, result[safe: after + 1]?.word == "of", noun != "of" {
                result.removeSubrange(after...(after + 1))
            }
            // "a sweet 28g cookie", "a generous 507g serving of water": the words between the
            // article and the weight say how the food was, not how much.
            let start = result[..<measure].lastIndex(where: { $0.word == "a" || $0.word == "an" })
            if let start, start < measure, measure - start <= 4,
                result[(start + 1)..<measure].allSatisfy({
                    $0.word != nil && !["of", "with", "or"].contains($0.word ?? "")
                        && !ProseWords.openers.contains($0.word ?? "")
                })
            {
                result.removeSubrange(start..<measure)
                measure = start
            } else if measure > 1, measure <= 5, result[measure - 1].word == "of",
                result[..<measure].allSatisfy({ $0.word != nil })
            {
                // "a small serving of 21g pickles": the weight says how much the serving was.
                result.removeSubrange(0..<measure)
                measure = 0
            }
            measure += length
        }
        return result
    }

    /// "a small single serving bag of chips", "an individual school container of juice": the
    /// words between the count and a portion word say what kind of portion it is; only its size
    /// is kept ("a small bag of chips"), and the food's own portions say what that weighs.
    /// "a large fast food order of fries", "a large drink of iced tea": a serving word the
    /// portions do not use is the food's serving of that size ("a large fries").
    static func plainPortion(_ mention: [Token]) -> [Token] {
        // "half a fast food package of croutons": half of the portion the rest says.
        if mention.count > 3, mention[0].word == "half", let article = mention[1].word,
            article == "a" || article == "an"
        {
            return [mention[0]] + plainPortion(Array(mention[1...]))
        }
        guard let of = mention.prefix(7).firstIndex(where: { $0.word == "of" }), of >= 2,
            let opener = mention.first, opener.number != nil || opener.word.map(ProseWords.openers.contains) == true,
            let noun = mention[of - 1].word, mention[1..<of].allSatisfy({ $0.word != nil })
        else { return mention }
        let described = mention[1..<(of - 1)]
        // "two pancakes with a tablespoon of syrup" holds two mentions, not one portion; "a half
        // cup of rice" says how much.
        guard described.count <= 4,
            described.allSatisfy({
                !["with", "and", "or", "a", "an", "the", "in", "on", "of"].contains($0.word ?? "")
                    && $0.word.flatMap(NumberWords.value(of:)) == nil && PhrasingWords.shares[$0.word ?? ""] == nil
                    && PhrasingWords.counts[$0.word ?? ""] == nil
            })
        else { return mention }
        // "a medium slice", "a regular bag": the usual size is the one the portion word means.
        var sizes = described.filter {
            $0.word.map { ProseWords.portionSizes.contains($0) && $0 != "medium" && $0 != "regular" } == true
        }.map { $0.word == "extra-large" ? Token(.word("large"), $0.range, isGlued: $0.isGlued) : $0 }
        let dropsWords = sizes.count < described.count
        // "an individual school carton", "a single serving bag": the small one.
        if sizes.isEmpty, let single = described.first(where: { ProseWords.singleServing.contains($0.word ?? "") }) {
            sizes = [Token(.word("small"), single.range, isGlued: single.isGlued)]
        }
        if Unit.named(noun) != nil {
            guard dropsWords else { return mention }
            return [opener] + sizes + mention[(of - 1)...]
        }
        guard ProseWords.servingNouns.contains(noun) else { return mention }
        return [opener] + sizes + mention[(of + 1)...]
    }

    /// True when the words from `index` name a meal or a time of day, after at most an article
    /// or "my" and two other words ("my dinner", "a sunny afternoon", "the evening").
    func saysWhen(from index: Int) -> Bool {
        var at = index
        if let first = word(at), ["a", "an", "the", "my", "our", "this", "that"].contains(first) { at += 1 }
        for offset in 0..<2 {
            guard let word = word(at + offset) else { return false }
            if MealWords.meal(for: word) != nil || ProseWords.times.contains(word) { return true }
            if tokens[at + offset].number != nil || ProseWords.openers.contains(word)
                || PhrasingWords.placePrepositions.contains(word) || word == "of" || word == "and" || word == "with"
            {
                return false
            }
        }
        return false
    }

    /// "from a local fast-food joint", "from a nearby restaurant": where the food came from, in
    /// USDA's words ("from fast food", "from restaurant"); "from a package" says nothing.
    static func plainSource(_ mention: [Token]) -> [Token] {
        guard let from = mention.lastIndex(where: { $0.word == "from" }), from > 0 else { return mention }
        let tail = mention[(from + 1)...].compactMap(\.word)
        let range = mention[from].range
        let kept = Array(mention[...from])
        if tail.contains(where: { ["fast", "fast-food", "drive-thru", "drive-through"].contains($0) }) {
            return kept + [Token(.word("fast"), range), Token(.word("food"), range)]
        }
        if tail.contains(where: ProseWords.eateries.contains) { return kept + [Token(.word("restaurant"), range)] }
        if let last = tail.last, PhrasingWords.containers.contains(last) { return Array(mention[..<from]) }
        // "a slice of pizza from a medium pie", "a piece of cake from a two-layer cake": the
        // whole the piece was cut from.
        if let last = tail.last, ProseWords.wholes.contains(last),
            mention[..<from].contains(where: {
                $0.word.map { Unit.named($0).map { $0.kind == .portion } ?? false } ?? false
            })
        {
            return Array(mention[..<from])
        }
        return mention
    }

    /// "a thin crust", "a medium crust": how many words to skip (the article) and how many name
    /// the crust, or nil.
    func crustLength(at index: Int) -> (skip: Int, words: Int)? {
        var skip = 0
        if let article = word(index), article == "a" || article == "an" || article == "the" { skip = 1 }
        for length in 1...3 {
            guard let word = word(index + skip + length - 1), tokens[index + skip + length - 1].number == nil else {
                return nil
            }
            if word == "crust" { return length > 1 ? (skip, length) : nil }
            if ["of", "and", "with", "on", "from"].contains(word) { return nil }
        }
        return nil
    }

    /// True when the words from `index` (at most four, with no "of") end with a word of how a
    /// food tastes or feels ("a unique flavor profile", "its crispy coating").
    func saysHow(from index: Int) -> Bool {
        for offset in 0..<4 {
            guard let word = word(index + offset), word != "of", tokens[index + offset].number == nil else {
                return false
            }
            if ProseWords.sensations.contains(word) { return self.word(index + offset + 1) != "of" }
        }
        return false
    }

    /// True when a measure ("bowl", "glass") follows the size word at `index`.
    func isMeasureAfter(_ index: Int) -> Bool {
        guard let next = word(index + 1) else { return false }
        return PhrasingWords.sizedMeasures.contains(next) || Unit.named(next) != nil
    }

    /// How many tokens of `list` from `index` make an amount by weight or volume.
    func measureLength(in list: [Token], at index: Int) -> Int? {
        guard let value = list[safe: index]?.number, value > 0 else { return nil }
        if let first = list[safe: index + 1]?.word, let second = list[safe: index + 2]?.word,
            let unit = Unit.twoWord(first, second), unit.kind != .portion
        {
            return 3
        }
        if let unitWord = list[safe: index + 1]?.word, let unit = Unit.named(unitWord), unit.kind != .portion {
            return 2
        }
        return nil
    }

    /// "weighing 102g", "weighing a pound", "which is 12 fluid ounces": an amount a clause
    /// states of its food.
    func statedAmount(in clause: Range<Int>) -> [Token]? {
        for index in clause {
            guard let word = word(index),
                ["weighing", "weighed", "totaling", "totalling", "measuring", "is", "was"].contains(word)
            else { continue }
            var at = index + 1
            if word == "is" || word == "was", self.word(at) == "about" || self.word(at) == "around" { at += 1 }
            if word == "is" || word == "was" {
                guard at + 1 < clause.upperBound || clause.upperBound == tokens.count else { continue }
            }
            if tokens[safe: at]?.number != nil, let length = measureLength(at: at), at + length <= clause.upperBound {
                return Array(tokens[at..<(at + length)])
            }
            if let article = self.word(at), article == "a" || article == "an", let unitWord = self.word(at + 1),
                let unit = Unit.named(unitWord), unit.kind != .portion, at + 1 < clause.upperBound
            {
                return [Token(.number(1), tokens[at].range), tokens[at + 1]]
            }
        }
        return nil
    }

    /// The words of a mention that is only an amount, a count and a unit with no food ("three
    /// slices", "a medium bag", "about two cups"), without "about"; nil for any other.
    static func amountWithoutFood(_ mention: [Token]) -> [Token]? {
        var words = mention
        if let first = words.first?.word, ["about", "around", "roughly", "approximately", "nearly"].contains(first) {
            words.removeFirst()
        }
        guard words.count >= 2, words.count <= 3, let count = words.first,
            count.number != nil || count.word.map({ NumberWords.value(of: $0) != nil || $0 == "half" }) == true,
            let unit = words.last?.word, Unit.named(unit) != nil
        else { return nil }
        if words.count == 3, !(words[1].word.map(Unit.sizeWords.contains) ?? false) { return nil }
        return words
    }

    /// A mention without the amount it opens with ("some popcorn" → "popcorn", "a bowl of
    /// chili" → "chili").
    static func withoutAmount(_ mention: [Token]) -> [Token] {
        var rest = mention[...]
        while let first = rest.first,
            first.number != nil
                || first.word.map({
                    ProseWords.openers.contains($0) || $0 == "some" || $0 == "leftover"
                }) == true, rest.count > 1
        {
            rest = rest.dropFirst()
        }
        if rest.count > 2, let unit = rest.first?.word, Unit.named(unit) != nil, rest.dropFirst().first?.word == "of" {
            rest = rest.dropFirst(2)
        }
        return Array(rest)
    }

    /// The amount by weight or volume a clause is made of, after "about" or the like: ", 3 oz",
    /// ", about 250 g"; nil for any other clause.
    func amountAlone(in clause: Range<Int>) -> [Token]? {
        var at = clause.lowerBound
        if let first = word(at), ["about", "around", "roughly", "approximately", "nearly"].contains(first) { at += 1 }
        guard tokens[safe: at]?.number != nil, let length = measureLength(at: at), at + length == clause.upperBound
        else { return nil }
        return Array(tokens[at..<(at + length)])
    }

    /// A mention with `amount` as its amount: "a frankfurter sandwich" weighing 102 g is "102 g
    /// frankfurter sandwich".
    func weighed(_ mention: [Token], by amount: [Token]) -> [Token] {
        var rest = mention
        if let first = rest.first?.word, ["a", "an", "one"].contains(first) {
            rest.removeFirst()
        } else if rest.first?.number != nil || rest.first?.word.map(ProseWords.openers.contains) == true {
            return mention
        }
        if let cut = rest.firstIndex(where: { $0.word == "weighing" || $0.word == "weighed" }) {
            rest.removeSubrange(cut...)
        }
        // "a can of cola, which is 12 fluid ounces": 12 fl oz of cola.
        if rest.count > 2, rest[0].word != nil, rest[1].word == "of" { rest.removeFirst(2) }
        return amount + rest
    }
}
