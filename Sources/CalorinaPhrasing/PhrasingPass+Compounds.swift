import CalorinaLanguage
import CalorinaSupport

// The phrasing rule for words people write for a number or a food in several words.

extension PhrasingPass {
    /// Words people write for a number or a food in several words: "a couple of", "a few",
    /// "half and half" (the cream), "juice of 1 lemon".
    mutating func rewriteCompounds() {
        var index = 0
        while index < tokens.count {
            let word = word(index)
            // Only an article, "the" or a word of the rules below starts a compound: one
            // lookup skips the rest.
            let startsCompound = word.map { typed in
                typed == "a" || typed == "an" || typed == "the"
                    || PhrasingWords.roles[typed]?.contains(.compoundWord) == true
            }
            guard startsCompound == true else {
                index += 1
                continue
            }
            let article = word == "a" || word == "an"
            let head = article ? self.word(index + 1) : word
            let span = article ? 2 : 1
            if let head, let value = PhrasingWords.counts[head] {
                let range = tokens[index].range.union(tokens[index + span - 1].range)
                tokens.replaceSubrange(index..<(index + span), with: [Token(.number(value), range)])
                if self.word(index + 1) == "of" { tokens.remove(at: index + 1) }
                index += 1
                continue
            }
            if word == "another" {
                tokens[index] = Token(.word("one"), tokens[index].range)
            }
            // "a quarter of a pizza", "a third of the cake", "half of a bagel": a share of a whole one.
            if let head, let value = PhrasingWords.shares[head],
                self.word(index + span) == "of", article || head == "half"
            {
                var end = index + span + 1
                if let next = self.word(end), ["a", "an", "the", "my"].contains(next) { end += 1 }
                let range = tokens[index].range.union(tokens[end - 1].range)
                var share = [Token(.number(value), range)]
                if namesAWholeThing(end) { share.append(Token(.word("entire"), range)) }
                tokens.replaceSubrange(index..<end, with: share)
                index += 1
                continue
            }
            // "a quarter cup of granola", "a third cup of sugar": a share of the unit.
            if article, let head, let value = PhrasingWords.shares[head], let unit = self.word(index + 2),
                Unit.named(unit) != nil, index == 0 || self.word(index - 1) != "and"
            {
                let range = tokens[index].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(index...(index + 1), with: [Token(.number(value), range)])
                index += 1
                continue
            }
            // "half a pizza", "a whole baguette", "an entire cake": the whole thing as USDA weighs
            // one ("a pizza" is a slice of one).
            if word == "half", let next = self.word(index + 1), next == "a" || next == "an", namesAWholeThing(index + 2)
            {
                let range = tokens[index].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(
                    index...(index + 1), with: [Token(.number(0.5), range), Token(.word("entire"), range)])
                index += 2
                continue
            }
            if article || word == "the" || word == "one", let whole = self.word(index + 1),
                whole == "whole" || whole == "entire", namesAWholeThing(index + 2)
            {
                let range = tokens[index].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(
                    index...(index + 1), with: [Token(.number(1), range), Token(.word("entire"), range)])
                index += 2
                continue
            }
            // "the rest of the mac and cheese", "lots of popcorn": the food, a serving.
            if (word == "the" && self.word(index + 1) == "rest" && self.word(index + 2) == "of")
                || ((word == "lots" || word == "plenty" || word == "loads") && self.word(index + 1) == "of")
            {
                var end = index + (word == "the" ? 3 : 2)
                if self.word(end) == "the" { end += 1 }
                tokens.removeSubrange(index..<end)
                continue
            }
            // "2 T. butter", "1 t. salt": cookbook shorthand, a capital T for a tablespoon.
            if word == "t", index > 0, tokens[index - 1].number != nil {
                let typed = scalars[safe: tokens[index].range.start]
                tokens[index] = Token(.word(typed == "T" ? "tbsp" : "tsp"), tokens[index].range)
            }
            // "cup o tea": "o" is "of".
            if word == "o", index > 0, tokens[index - 1].word.map({ Unit.named($0) != nil }) == true {
                tokens[index] = Token(.word("of"), tokens[index].range)
            }
            // "big bowl", "small handful": a size before a measure scales it as a large or a small
            // one is scaled against the usual one (`Unit.sizeScale`); "heaped", "level" and the
            // like say little the measure does not.
            // "a whole large pizza": a size says a whole one already ("a large pizza").
            if word == "whole" || word == "entire", index > 0,
                let before = self.word(index - 1), ["a", "an", "the", "one"].contains(before),
                let size = self.word(index + 1), ["large", "small", "medium", "big", "extra-large"].contains(size)
            {
                tokens.remove(at: index)
                continue
            }
            // "a sharing bag of crisps", "2 family bags of doritos": a sharing bag holds 150 g.
            if let size = word, PhrasingWords.sharingSizes.contains(size), let bag = self.word(index + 1),
                PhrasingWords.sharingContainers.contains(bag)
            {
                var start = index
                var count = 1.0
                if index > 0, let article = self.word(index - 1), article == "a" || article == "an" {
                    start = index - 1
                } else if index > 0, let number = tokens[index - 1].number {
                    start = index - 1
                    count = number
                }
                let range = tokens[start].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(
                    start...(index + 1),
                    with: [Token(.number(count * PhrasingWords.sharingBagGrams), range), Token(.word("g"), range)])
                index = start + 2
                continue
            }
            // "a whole tub of ice cream", "a whole loaf": a container is a whole one already.
            if let size = word, PhrasingWords.measureSizes.contains(size),
                let measure = self.word(index + 1), let unit = Unit.named(measure),
                unit.kind != .portion || PhrasingWords.sizedMeasures.contains(unit.name)
                    || ((size == "whole" || size == "entire") && PhrasingWords.wholeContainers.contains(measure))
            {
                if unit.kind == .portion, PhrasingWords.scaledMeasures.contains(unit.name),
                    let scale = PhrasingWords.sizeScale[size]
                {
                    if index > 0,
                        let count = tokens[index - 1].number ?? tokens[index - 1].word.flatMap(NumberWords.value(of:))
                    {
                        let range = tokens[index - 1].range.union(tokens[index].range)
                        tokens.replaceSubrange((index - 1)...index, with: [Token(.number(count * scale), range)])
                    } else {
                        tokens[index] = Token(.number(scale), tokens[index].range)
                    }
                    continue
                }
                // "a small bag of chips", "a large box of raisins": USDA weighs a bag or a box by
                // its size ("1 small single serving bag"), which the size says.
                if Unit.sizeWords.contains(size), PhrasingWords.sizedPackages.contains(unit.name) {
                    index += 1
                    continue
                }
                tokens.remove(at: index)
                continue
            }

            if word == "half", self.word(index + 1) == "and", self.word(index + 2) == "half" {
                let range = tokens[index].range.union(tokens[index + 2].range)
                tokens.replaceSubrange(index...(index + 2), with: [Token(.word("half-and-half"), range)])
            }
            // "zest and juice of 2 limes": the juice is what the fruits give (their zest, a few kcal).
            if let part = word, PhrasingWords.parts.contains(part), self.word(index + 1) == "and",
                let other = self.word(index + 2), PhrasingWords.parts.contains(other), other != part,
                self.word(index + 3) == "of"
            {
                let kept = part == "juice" ? tokens[index] : tokens[index + 2]
                tokens.replaceSubrange(index...(index + 2), with: [kept])
                continue
            }
            // "juice of 1 lemon" → "1 lemon juice".
            if let part = word, PhrasingWords.parts.contains(part), self.word(index + 1) == "of",
                isCountStart(index + 2)
            {
                var end = index + 3
                while end < tokens.count, !PhrasingPass.isJoiner(tokens[end]), tokens[end].word != nil { end += 1 }
                if end > index + 3 {
                    // The juice or zest of a fruit is its raw juice or peel: "1 lemon juice raw",
                    // whose USDA portion is what one lemon yields.
                    let partToken = tokens[index]
                    var moved = Array(tokens[(index + 2)..<end])
                    let part = part == "juice" ? "juice" : "peel"
                    moved.append(Token(.word(part), partToken.range))
                    moved.append(Token(.word("raw"), partToken.range))
                    tokens.replaceSubrange(index..<end, with: moved)
                    index = end - 1
                }
            }
            index += 1
        }
    }
}
