import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// Meal descriptions in prose ("For supper I savoured a hearty bowl of beef stew, paired with a
// warm buttered roll, and washed it all down with a tall glass of iced tea"): the sentence is
// read for its food mentions before the other phrasing rules run. A prose line is cut into
// clauses at commas, semicolons, sentence ends, connectives ("paired with", "washed down
// with") and an "and" that starts another mention; each clause loses its framing ("I savoured",
// "my snack consisted of", "to start my day") and its comments ("which hit the spot", "for a
// burst of flavour"), and each mention loses its words of appeal, taste and temperature. What is
// left is a list of foods: "dinner: a bowl of beef stew, a buttered roll, a glass of iced tea".
//
// Every word the rule drops comes from the closed lists of `ProseWords` (grammar/calorina.ebnf,
// "prose", lists them); none is about a food.

extension PhrasingPass {
    /// True when a sentence ends between the token at `index` and the one before it: the
    /// lexer drops "." as white space, so the typed text between them is read.
    func sentenceEnds(before index: Int) -> Bool {
        guard index > 0, index < tokens.count else { return false }
        let from = min(tokens[index - 1].range.end, scalars.count)
        let to = min(tokens[index].range.start, scalars.count)
        guard from < to else { return false }
        return scalars[from..<to].contains { $0 == "." || $0 == "!" }
    }

    /// How many tokens a connective at `index` spans ("paired with" 2, "washed it all down
    /// with" 5, "alongside" 1), or nil.
    func connectiveLength(at index: Int) -> Int? {
        guard let first = word(index) else { return nil }
        if ProseWords.soloConnectives.contains(first) {
            // "XS Gold Plus" is a name; "plus a coffee" joins.
            return first == "alongside" || opensMention(index + 1) ? 1 : nil
        }
        if first == "as", word(index + 1) == "well", word(index + 2) == "as" { return 3 }
        if first == "with", word(index + 1) == "a", word(index + 2) == "side", word(index + 3) == "of" { return 4 }
        // "while sipping on a coffee": another mention, said as what went with the first.
        if first == "while" || first == "also", let verb = word(index + 1), ProseWords.frameVerbs.contains(verb) {
            return 1
        }
        guard ProseWords.connectiveVerbs.contains(first) else { return nil }
        var at = index + 1
        // "washed it all down with", "paired perfectly with".
        while let object = word(at), ProseWords.connectiveObjects.contains(object) || object.hasSuffix("ly"),
            at - index < 4
        {
            at += 1
        }
        while let particle = word(at), ProseWords.connectiveParticles.contains(particle) { at += 1 }
        guard let joiner = word(at), joiner == "with" || joiner == "by" else { return nil }
        // "topped with", "served with": the food comes with it unless something was said between.
        if (first == "topped" || first == "served" || first == "enjoyed") && at == index + 1 { return nil }
        return at - index + 1
    }

    /// True when the token at `index` starts a mention: an amount or an article.
    func opensMention(_ index: Int) -> Bool {
        guard let token = tokens[safe: index] else { return false }
        if token.number != nil { return true }
        guard let word = token.word else { return false }
        return ProseWords.openers.contains(word) || PhrasingGlance.startsWithNumber(word)
    }

    /// "For supper I savoured a hearty bowl of beef stew, paired with a warm buttered roll":
    /// the food mentions of a sentence or a paragraph, joined by commas, after the meal it names.
    mutating func readProse() {
        // 1. Clauses: cut at punctuation, sentence ends, connectives and an "and" before an
        //    amount or a frame.
        // Each clause keeps what joined it to the one before: "and" and "+" stay as typed
        // ("a sandwich and an apple"), anything else becomes a comma.
        var clauses: [(range: Range<Int>, joiner: Token?)] = []
        var start = 0
        var index = 0
        var joiner: Token?
        var labels: [Range<Int>] = []
        // Where a sentence starts, or a clause follows ";": a meal said there is the next
        // mentions' ("For lunch I had soup. For dinner I had a steak.").
        var sentences: Set<Int> = []
        func cut(_ end: Int, next: Int, by token: Token? = nil) {
            if start < end { clauses.append((start..<end, joiner)) }
            if start < end || joiner == nil { joiner = token }
            start = next
            index = next
        }
        while index < tokens.count {
            let token = tokens[index]
            if sentenceEnds(before: index) {
                cut(index, next: index)
                sentences.insert(index)
            }
            if token.kind == .comma, listsAdjectives(at: index) {
                tokens.remove(at: index)
                continue
            }
            switch token.kind {
            case .colon:
                // "dinner at my mum's: roast chicken …": what stands before a colon is a label.
                labels.append(start..<index)
                cut(index, next: index + 1)
                continue
            case .comma, .semicolon, .plus:
                if token.kind == .semicolon { sentences.insert(index + 1) }
                cut(index, next: index + 1, by: token.kind == .plus ? token : nil)
                continue
            default: break
            }
            if let length = connectiveLength(at: index), index > start {
                cut(index, next: index + length)
                continue
            }
            // "… and mixed it with a cup of water": a verb and its object start a clause too.
            if word(index) == "and", index > start,
                opensMention(index + 1)
                    || word(index + 1).map({ ProseWords.frameVerbs.contains($0) || $0 == "i" })
                        == true
                    || (word(index + 1)?.hasSuffix("ed") == true
                        && ["it", "them"].contains(word(index + 2) ?? ""))
            {
                cut(index, next: index + 1, by: tokens[index])
                continue
            }
            index += 1
        }
        cut(tokens.count, next: tokens.count)

        // 2. Each clause's mention.
        var meal: Token?
        var mentions: [[Token]] = []
        var joiners: [Token?] = []
        // The meal of each mention when it is not the one before it; the meal a new sentence
        // names waits for its first mention.
        var meals: [Token?] = []
        var current: Token?
        var pending: Token?
        for (number, (clause, clauseJoiner)) in clauses.enumerated() {
            var at = clause.lowerBound
            var skipped = 0
            var named: Token?
            func found(_ meal: Meal, at index: Int) {
                if named == nil { named = Token(.word(meal.rawValue), tokens[index].range) }
            }
            // "and paired it with a bag of popcorn": a clause a connective opens is a mention,
            // never a comment on the one before.
            var joined = false
            while at < clause.upperBound {
                guard let typed = word(at) else { break }
                let word = typed.contains("’") ? String(typed.map { $0 == "’" ? "'" : $0 }) : typed
                if let said = MealWords.meal(for: word) {
                    found(said, at: at)
                    if meal == nil { meal = Token(.word(said.rawValue), tokens[at].range) }
                    at += 1
                    skipped += 1
                    continue
                }
                // "a light meal of", "a sweet snack consisting of", "my afternoon treat was".
                if let end = occasionEnd(from: at, before: clause.upperBound) {
                    for inside in at..<end {
                        if let said = self.word(inside).flatMap(MealWords.meal(for:)) {
                            found(said, at: inside)
                            if meal == nil { meal = Token(.word(said.rawValue), tokens[inside].range) }
                        }
                    }
                    skipped += end - at
                    at = end
                    continue
                }
                if let length = connectiveLength(at: at) {
                    if at == clause.lowerBound { joined = true }
                    at += length
                    skipped += length
                    continue
                }
                // "mixed it with", "topped them with": a verb, its object and a preposition.
                if let object = self.word(at + 1), object == "it" || object == "them",
                    let preposition = self.word(at + 2), ["with", "into", "in", "on", "down"].contains(preposition)
                {
                    at += 2
                    skipped += 2
                    continue
                }
                // "to wrap up my day", "to round off the meal": a verb and its particle.
                if let particle = self.word(at + 1), particle == "up" || particle == "off",
                    let next = self.word(at + 2), ["my", "the", "our", "this", "it", "with"].contains(next)
                {
                    at += 2
                    skipped += 2
                    continue
                }
                if ProseWords.frameVerbs.contains(word) || (ProseWords.frameWords.contains(word) && !opensMention(at))
                    || (word.hasSuffix("ly") && word.count > 4 && !opensMention(at))
                {
                    at += 1
                    skipped += 1
                    continue
                }
                // "I scooped a cup of …", "we whipped up a …": a verb in the past after "I" or
                // "we", before a mention or a word of the frame, is one of eating or making.
                if word.hasSuffix("ed"), at > clause.lowerBound, ["i", "we"].contains(self.word(at - 1) ?? ""),
                    opensMention(at + 1)
                        || self.word(at + 1).map({
                            ProseWords.frameWords.contains($0) || ProseWords.connectiveParticles.contains($0)
                        }) == true
                {
                    at += 1
                    skipped += 1
                    continue
                }
                break
            }
            // "To quiet my hunger, …", "to wash it down": what it was for, no food.
            if word(clause.lowerBound) == "to", let object = word(clause.lowerBound + 2),
                ["my", "our", "it", "the", "me", "myself"].contains(object), !opensMention(clause.lowerBound + 1),
                !(clause.lowerBound..<clause.upperBound).contains(where: opensMention)
            {
                continue
            }
            // "For dinner I had …" after a sentence of lunch: the mentions from here are dinner's.
            if let named, current != nil, sentences.contains(clause.lowerBound) || number == 0 {
                pending = named
            }
            guard at < clause.upperBound else { continue }
            if labels.contains(clause) {
                for inside in clause {
                    if let said = self.word(inside).flatMap(MealWords.meal(for:)) {
                        found(said, at: inside)
                        if meal == nil { meal = Token(.word(said.rawValue), tokens[inside].range) }
                    }
                }
                if let named, current != nil { pending = named }
                continue
            }
            // "we went out for Italian": a clause about going somewhere names no food.
            if (clause.lowerBound..<at).contains(where: { ProseWords.goingVerbs.contains(self.word($0) ?? "") }),
                !opensMention(at)
            {
                continue
            }
            // ", 3 oz", ", about 250 g": an amount alone says how much the food before it was.
            if number > 0, !mentions.isEmpty, let amount = amountAlone(in: clause) {
                mentions[mentions.count - 1] = weighed(mentions[mentions.count - 1], by: amount)
                continue
            }
            // A comment: "which hit the spot", ", savouring every bite".
            let first = word(clause.lowerBound) ?? ""
            // ", enhanced with a tablespoon of honey": what was added, a mention of its own.
            if number > 0, ProseWords.holding.contains(first), let preposition = word(clause.lowerBound + 1),
                preposition == "with" || preposition == "by" || preposition == "in",
                opensMention(clause.lowerBound + 2),
                clause.lowerBound + 2 < clause.upperBound
            {
                at = clause.lowerBound + 2
            } else if number > 0, !joined,
                ProseWords.relatives.contains(first) || ProseWords.holding.contains(first)
                    || (ProseWords.commentOpeners.contains(first) && at == clause.lowerBound)
                    || (skipped > 0 && !opensMention(at) && first.hasSuffix("ing"))
            {
                if let amount = statedAmount(in: clause), !mentions.isEmpty {
                    mentions[mentions.count - 1] = weighed(mentions[mentions.count - 1], by: amount)
                }
                continue
            }
            var mention = mentionTokens(from: at, to: clause.upperBound)
            if mention.isEmpty { continue }
            // "a flapjack for dessert", "a pasty at lunch": the meal said after the food ("after
            // dinner" is no dinner).
            if meal == nil,
                let inside = (at + 1..<clause.upperBound).first(where: { place in
                    ["for", "at", "during", "with"].contains(self.word(place - 1) ?? "")
                        && self.word(place).flatMap(MealWords.meal(for:)) != nil
                }), let found = self.word(inside).flatMap(MealWords.meal(for:))
            {
                meal = Token(.word(found.rawValue), tokens[inside].range)
            }
            // ", a quick and easy option for dinner": a word about the food before, not a food.
            if number > 0, mention.last?.word.map(ProseWords.appositions.contains) == true {
                continue
            }
            // "we ordered pizza and I ate three slices", "some popcorn, a medium bag", ", about
            // two cups": an amount with no food is how much of the food before it.
            if number > 0, let previous = mentions.last, let amount = PhrasingPass.amountWithoutFood(mention) {
                mentions[mentions.count - 1] = amount + PhrasingPass.withoutAmount(previous)
                continue
            }
            if let amount = statedAmount(in: clause) {
                mention = weighed(mention, by: amount)
            }
            mentions.append(mention)
            joiners.append(clauseJoiner)
            if let next = pending, next.word != current?.word {
                meals.append(next)
                current = next
            } else {
                meals.append(nil)
            }
            pending = nil
            if current == nil { current = meal }
        }
        guard !mentions.isEmpty else { return }
        var result: [Token] = []
        if let meal { result += [meal, Token(.colon, meal.range)] }
        for (number, mention) in mentions.enumerated() {
            if number > 0, let next = meals[number] {
                // "…; dinner: a steak" (meal-label).
                result += [Token(.semicolon, mention[0].range), next, Token(.colon, next.range)]
            } else if number > 0 {
                result.append(joiners[number] ?? Token(.comma, mention[0].range))
            }
            result += mention
        }
        tokens = result
    }

    /// True when the comma at `index` stands between words that say how a food is ("a small,
    /// lean steak", "a cup of rich, buttery popcorn"), not between two mentions.
    func listsAdjectives(at index: Int) -> Bool {
        guard let before = word(index - 1), let after = word(index + 1),
            PhrasingWords.listedAdjectives.contains(before) || ProseWords.appeal.contains(before)
                || ProseWords.describing.contains(before)
        else { return false }
        return !opensMention(index + 1) && !ProseWords.frameVerbs.contains(after)
            && !ProseWords.frameWords.contains(after)
            && !ProseWords.relatives.contains(after) && connectiveLength(at: index + 1) == nil
            && MealWords.meal(for: after) == nil
    }

    /// The end of an occasion phrase at `index` ("a light meal of", "a sweet snack consisting
    /// of", "my afternoon treat was"): an article or "my", at most three words, an occasion
    /// noun, then "of", "consisting of", "was" … or the clause's end.
    func occasionEnd(from index: Int, before end: Int) -> Int? {
        guard let first = word(index), ["a", "an", "my", "the", "our"].contains(first) else { return nil }
        var at = index + 1
        while at < end, at - index <= 4 {
            guard let word = word(at) else { return nil }
            // "for a refreshing drink, …": a drink said alone at the clause's end is the occasion;
            // "a large drink of iced tea" is a serving (`plainPortion`), "a soft drink" a food.
            if ProseWords.occasions.contains(word)
                || (ProseWords.drinks.contains(word) && at + 1 >= end
                    && ((index + 1)..<at).allSatisfy({ saysOnlyHowItIs(self.word($0) ?? "") }))
            {
                at += 1
                // "my go-to meal on busy days is": what follows the occasion up to its verb.
                if let verb = (at..<min(end, at + 5)).first(where: {
                    ProseWords.linkVerbs.contains(self.word($0) ?? "")
                }),
                    (at..<verb).allSatisfy({
                        tokens[$0].number == nil && !ProseWords.openers.contains(self.word($0) ?? "")
                    })
                {
                    at = verb
                }
                while at < end, let link = self.word(at),
                    [
                        "of", "consisting", "consisted", "featuring", "that", "which", "was", "is", "included",
                        "includes", "including", "consists", "with",
                    ].contains(link)
                {
                    at += 1
                }
                return at
            }
            // "a flapjack for dessert", "a sandwich at lunch": a food said before its occasion.
            if tokens[at].number != nil || ProseWords.openers.contains(word) || ProseWords.linking.contains(word) {
                return nil
            }
            at += 1
        }
        return nil
    }

    /// True for a word that says how a drink or a snack felt and names none: "refreshing",
    /// "quick", "cold" ("soft" names a soft drink).
    func saysOnlyHowItIs(_ word: String) -> Bool {
        (ProseWords.saysHowItIs(word) || word == "quick" || word == "little") && word != "soft" && word != "light"
    }
}
