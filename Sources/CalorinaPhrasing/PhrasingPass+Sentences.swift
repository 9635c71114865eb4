import CalorinaLanguage
import CalorinaSupport

// The phrasing rules for the sentence around the foods: a bullet, what comes before the eating
// verb, a label before a colon, times and meals said inside the sentence, and its frames.

extension PhrasingPass {
    /// "• 2 eggs", "* 1 tsp salt": a bullet of a pasted list.
    mutating func dropBullet() {
        guard let first = tokens.first else { return }
        // A "-" is not a bullet: "- 3 eggs" is a negative amount, and says so.
        if case .unknown(let character) = first.kind, "•*–—·▪◦".contains(character) { tokens.removeFirst() }
    }

    /// "I think I had 3 cookies", "at the office party I had …", "woke up late so just had a
    /// coffee": what comes before the eating verb, when a speaker or a verb of something else
    /// opens the line, is about something else.
    mutating func dropSentencePrefix() {
        guard
            let verb = tokens.indices.first(where: { PhrasingWords.innerEatingVerbs.contains(tokens[$0].word ?? "") }),
            verb > 0, tokens[..<verb].allSatisfy({ $0.number == nil })
        else { return }
        let before = tokens[..<verb].compactMap(\.word)
        let spoken = before.contains { PhrasingWords.speakers.contains($0) }
        let context = before.first.map { PhrasingWords.contextVerbs.contains($0) } ?? false
        guard spoken || context else { return }
        var end = verb + 1
        while let particle = word(end), ["on", "up", "down", "in"].contains(particle) { end += 1 }
        // A meal said in the prefix is kept: "after dinner had some ice cream" is still food.
        let meals = tokens[..<verb].filter { $0.word.flatMap(MealWords.meal(for:)) != nil }
        tokens.replaceSubrange(0..<end, with: meals.isEmpty ? [] : [meals[0], Token(.colon, meals[0].range)])
    }

    /// "post workout: protein shake", "late night snack: bowl of cereal", "tea time - 2
    /// biscuits": words before a colon (or a spaced dash) that say no amount are a label; a
    /// meal in it is kept.
    mutating func rewriteLabel() {
        guard
            let colon = tokens.prefix(7).indices.first(where: { index in
                tokens[index].kind == .colon
                    || (tokens[index].kind == .minus && !tokens[index].isGlued
                        && tokens[safe: index + 1]?.isGlued == false)
            }), colon > 0, colon + 1 < tokens.count,
            tokens[..<colon].allSatisfy({ $0.word != nil || $0.kind == .comma })
        else { return }
        let label = tokens[..<colon].compactMap(\.word)
        // "breakfast: 2 eggs" is the grammar's own; only a longer label is rewritten.
        if label.count == 1, MealWords.meal(for: label[0]) != nil {
            tokens[colon] = Token(.colon, tokens[colon].range)
            return
        }
        if label.count == 1, DayWords.day(for: label[0]) != nil { return }
        let meal = tokens[..<colon].last { $0.word.flatMap(MealWords.meal(for:)) != nil }
        var replacement: [Token] = []
        if let meal { replacement = [meal, Token(.colon, tokens[colon].range)] }
        tokens.replaceSubrange(0...colon, with: replacement)
    }

    /// Times and meals said inside a sentence ("at 10", "at 7am", "12:30", "this morning",
    /// "last night", "for lunch" before more foods) move to the line's end, as meal and day
    /// words, where the parser reads modifiers.
    mutating func moveTimesAndMeals() {
        var index = 0
        while index < tokens.count {
            // Only a number or a word a phrase starts with can start one: one lookup skips the rest.
            if let word = tokens[index].word, PhrasingWords.roles[word]?.contains(.timeWord) != true {
                index += 1
                continue
            }
            if let (length, replacement) = timeOrMeal(at: index) {
                let range = tokens[index].range.union(tokens[index + length - 1].range)
                let atStart = index == 0
                tokens.removeSubrange(index..<(index + length))
                // A meal said first stays first: "for lunch I had …" reads as "lunch: …".
                if atStart, replacement.count == 1 {
                    tokens.insert(contentsOf: replacement.map { Token(.word($0), range) }, at: 0)
                    tokens.insert(Token(.colon, range), at: 1)
                    index = 2
                } else {
                    moved += replacement.map { Token(.word($0), range) }
                }
                continue
            }
            index += 1
        }
    }

    /// The meal and day words a phrase at `index` stands for, and its length in tokens.
    func timeOrMeal(at index: Int) -> (Int, [String])? {
        let first = word(index)
        let second = word(index + 1)
        switch (first, second) {
        case ("this", "morning"): return (2, ["breakfast"])
        case ("this", "afternoon"): return (2, ["snack"])
        case ("this", "evening"): return (2, ["dinner"])
        case ("last", "night"): return (2, ["dinner", "yesterday"])
        case ("yesterday", "morning"): return (2, ["breakfast", "yesterday"])
        case ("yesterday", "evening"), ("yesterday", "afternoon"):
            return (2, [second == "evening" ? "dinner" : "snack", "yesterday"])
        case ("for", "brekkie"), ("for", "brekky"), ("for", "brunch"), ("at", "brunch"): return (2, ["breakfast"])
        case ("as", "a"), ("for", "a"):
            if word(index + 2) == "snack" { return (3, ["snack"]) }
        case ("at", "noon"), ("at", "lunchtime"), ("around", "noon"): return (2, ["lunch"])
        case ("at", "night"), ("late", "night"): return (2, ["dinner"])
        case ("all", "afternoon"), ("all", "day"): return (2, ["snack"])
        case ("in", "the"):
            if word(index + 2) == "morning" { return (3, ["breakfast"]) }
            if word(index + 2) == "afternoon" { return (3, ["snack"]) }
            if word(index + 2) == "evening" { return (3, ["dinner"]) }
        default: break
        }
        if first == "tonight" { return (1, ["dinner"]) }
        if first == "brekkie" || first == "brekky" || first == "b'fast" || first == "bfast" || first == "brunch" {
            return (1, ["breakfast"])
        }
        // "for lunch" inside a line, with foods after it: moved to the end.
        if index > 0, first == "for" || first == "at" || first == "with" || first == "after" || first == "before",
            let second, MealWords.meal(for: second) != nil,
            first == "with" && !startsModifier(index + 2)
                || (index + 2 < tokens.count
                    && (!PhrasingPass.isJoiner(tokens[index + 2]) || tokens[index + 2].kind == .comma)
                    && !startsModifier(index + 2))
        {
            return (2, [second])
        }
        // Times: "at 10", "at 7am", "7 am", "12:30", "at 12:30 pm".
        var at = index
        let saidAt = first == "at" || first == "around"
        if saidAt { at += 1 }
        guard let hour = tokens[safe: at]?.number, hour == hour.rounded(), hour <= 24 else { return nil }
        var length = at - index + 1
        var value = hour
        if kind(at + 1) == .colon, let minutes = tokens[safe: at + 2]?.number, minutes < 60, tokens[at + 2].isGlued {
            length += 2
            value += minutes / 60
        }
        let suffix = word(index + length)
        if suffix == "am" || suffix == "pm" || suffix == "a.m" || suffix == "p.m" {
            if suffix?.hasPrefix("p") == true, value < 12 { value += 12 }
            length += 1
        } else if !saidAt && length == at - index + 1 {
            return nil  // a bare number is a count
        } else if saidAt, length == 2, value < 7 {
            value += 12  // "at 6": in the evening
        }
        // "2 eggs at 10" is a time; "at 2 eggs" is not.
        if let next = tokens[safe: index + length], next.word.map({ Unit.named($0) != nil }) == true { return nil }
        return (length, [PhrasingWords.meal(atHour: value).rawValue])
    }

    /// True when a meal or day word, or "for", "at" or "on" before one, stands at `index`.
    func startsModifier(_ index: Int) -> Bool {
        guard let token = tokens[safe: index] else { return false }
        if case .date = token.kind { return true }
        guard let word = token.word else { return false }
        if MealWords.meal(for: word) != nil || DayWords.day(for: word) != nil { return true }
        return ["for", "at", "on"].contains(word) && startsModifier(index + 1)
    }

    /// "breakfast was porridge", "lunch today was a salad", "dinner - grilled salmon": a meal
    /// named first, then what it was.
    mutating func rewriteMealAnnouncements() {
        guard let first = word(0), MealWords.meal(for: first) != nil else { return }
        var at = 1
        if let day = word(at), DayWords.day(for: day) != nil { at += 1 }
        if let verb = word(at), ["was", "were", "is", "consisted", "included"].contains(verb) {
            tokens[at] = Token(.colon, tokens[at].range)
            if word(at + 1) == "of" { tokens.remove(at: at + 1) }
        } else if kind(at) == .minus, let next = tokens[safe: at + 1], !next.isGlued {
            tokens[at] = Token(.colon, tokens[at].range)
        }
    }

    /// "I had", "we ate", "had", "just", "some": the sentence around the foods, at the start of
    /// a clause; "at the cafe", "on the way to work", "before my run": where, not what.
    mutating func dropSentenceFrames() {
        var result: [Token] = []
        var index = 0
        var clauseStart = true
        while index < tokens.count {
            let token = tokens[index]
            guard let word = token.word else {
                result.append(token)
                clauseStart = PhrasingPass.isJoiner(token) || token.kind == .colon
                index += 1
                continue
            }
            if clauseStart {
                var at = index
                while let speaker = self.word(at), PhrasingWords.speakers.contains(speaker) { at += 1 }
                while let filler = self.word(at), PhrasingWords.fillers.contains(filler) { at += 1 }
                // "shared a pizza", "split a bottle of wine": half of it was theirs ("split peas"
                // stay a food: "split" is no eating verb).
                if let verb = self.word(at), verb == "shared" || verb == "split",
                    let next = self.word(at + 1), next == "a" || next == "an"
                {
                    result.append(Token(.word("half"), tokens[at].range))
                    index = at + 1
                    clauseStart = false
                    continue
                }
                if let verb = self.word(at), PhrasingWords.eatingVerbs.contains(verb), at > index || isSentence(at) {
                    at += 1
                    while let particle = self.word(at), ["on", "down", "up", "in", "myself", "to"].contains(particle) {
                        at += 1
                    }
                    // "picked at some chips", "nibbled at a muffin": eating a little of it.
                    if ["picked", "nibbled", "grazed", "pecked"].contains(verb), self.word(at) == "at" { at += 1 }
                    index = at
                    continue
                }
            }
            if PhrasingWords.fillers.contains(word),
                self.word(index + 1) != nil || tokens[safe: index + 1]?.number != nil,
                !(word == "as" && self.word(index + 1) == "well")
            {
                index += 1
                continue
            }
            if PhrasingWords.roughly.contains(word), tokens[safe: index + 1]?.number != nil {
                index += 1
                continue
            }
            // "bit of toast", "bits of cake" at the start of a clause: "a bit of" said short.
            if clauseStart || result.last.map(PhrasingPass.isJoiner) == true, word == "bit" || word == "bits",
                self.word(index + 1) == "of"
            {
                result.append(Token(.word("small"), token.range.union(tokens[index + 1].range)))
                index += 2
                clauseStart = false
                continue
            }
            // "2 bits of toast": pieces of it.
            if word == "bits" || word == "bit", tokens[safe: index - 1]?.number != nil, self.word(index + 1) == "of" {
                result.append(Token(.word("pieces"), token.range))
                index += 1
                continue
            }
            if word == "a", self.word(index + 1) == "bit" || self.word(index + 1) == "little" {
                // "a bit of cheese", "a little milk": a small amount.
                var at = index + 2
                if self.word(at) == "bit" { at += 1 }
                if self.word(at) == "of" { at += 1 }
                result.append(Token(.word("small"), token.range.union(tokens[at - 1].range)))
                index = at
                clauseStart = false
                continue
            }
            // "a whole pizza to myself", "all by myself": who ate it, not what.
            if word == "to" || word == "by" || word == "all", !result.isEmpty {
                var at = index
                if self.word(at) == "all" { at += 1 }
                if let preposition = self.word(at), preposition == "to" || preposition == "by",
                    let who = self.word(at + 1), PhrasingWords.selves.contains(who)
                {
                    index = at + 2
                    continue
                }
            }
            // "with my partner", "with the kids": who, not what.
            if word == "with", let next = self.word(index + 1), ["my", "the", "our", "a"].contains(next),
                let who = self.word(index + 2), PhrasingWords.people.contains(who)
            {
                index += 3
                continue
            }
            // "a brownie with my coffee": whose adds nothing ("my granola" alone may be a name).
            if word == "with", let next = self.word(index + 1), next == "my" || next == "our" {
                result.append(token)
                index += 2
                clauseStart = false
                continue
            }
            // "no time for food", "nothing else", "skipped lunch": what was not eaten.
            if clauseStart || result.last?.kind == .comma, ["no", "nothing", "skipped", "not"].contains(word),
                !result.isEmpty
            {
                var end = index + 1
                while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .semicolon { end += 1 }
                if result.last?.kind == .comma { result.removeLast() }
                index = end
                continue
            }
            // "eggs over easy": how the egg was cooked.
            if word == "over", let how = self.word(index + 1), ["easy", "medium", "hard", "well"].contains(how) {
                index += 2
                continue
            }
            // "while watching tv", "during the meeting": "while" and "during" always say when.
            if PhrasingWords.placePrepositions.contains(word), let next = self.word(index + 1),
                PhrasingWords.placeOpeners.contains(next) || word == "while" || word == "during",
                !(word == "for" && MealWords.meal(for: next) != nil), !result.isEmpty
            {
                var end = index + 1
                while end < tokens.count, !PhrasingPass.isJoiner(tokens[end]) { end += 1 }
                // "chips from the chippy", "popcorn at the cinema": a place that says what kind
                // of portion it serves is kept, as one word after the food.
                if let source = PhrasingPass.source(in: tokens[(index + 1)..<end].compactMap(\.word)) {
                    result.append(Token(.word(source), tokens[index].range.union(tokens[end - 1].range)))
                } else if word == "from" || word == "at",
                    let last = result.last?.word, MealWords.meal(for: last) == nil,
                    !PhrasingWords.eatingVerbs.contains(last)
                {
                    // "a burrito from chipotle": the chain is kept after the food; the resolver
                    // reads it as the chain's ("chipotle burrito") or leaves it out.
                    for place in tokens[(index + 1)..<end]
                    where place.word.map({ FoodWords.chains.contains(FoodWords.chainKey($0)) }) == true {
                        result.append(place)
                    }
                }
                index = end
                continue
            }
            result.append(token)
            // After a meal or a day said first ("for lunch I had …"), a sentence may start.
            clauseStart = MealWords.meal(for: word) != nil || DayWords.day(for: word) != nil
            index += 1
        }
        tokens = result
    }

    /// The place among a place phrase's words that says what kind of portion a food comes in:
    /// a chip shop's chips, a cinema's popcorn (`PhrasingWords.sources`); nil for any other place.
    static func source(in words: [String]) -> String? {
        for (offset, word) in words.enumerated() {
            if word == "chip", words.dropFirst(offset + 1).first == "shop" { return "chippy" }
            if ["kebab", "curry", "pizza", "burger"].contains(word),
                ["shop", "house", "place", "van"].contains(words.dropFirst(offset + 1).first ?? "")
            {
                return "takeaway"
            }
            if let source = PhrasingWords.sources[word] { return source }
        }
        return nil
    }

    /// True when the verb at `index` opens a sentence rather than a food name: it is followed
    /// by an amount, an article or a food, not ending the line ("had a coffee" but "ate" alone).
    func isSentence(_ index: Int) -> Bool {
        guard let next = tokens[safe: index + 1] else { return false }
        return next.word != nil || next.number != nil
    }
}
