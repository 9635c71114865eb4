import CalorinaLanguage
import CalorinaSupport

// The phrasing rules for the notes after a food (", finely chopped", "to taste"), and for a
// comma between the words that say how a food is.

extension PhrasingPass {
    /// Notes: after a comma, a phrase that says how to prepare or serve the food (", finely
    /// chopped", ", seeds removed", ", to taste", ", plus more for dusting"); anywhere, "to
    /// taste", "plus more …" and "or …" (the first choice is used).
    /// "2 boneless, skinless chicken breasts", "1 large, ripe avocado": a comma between the
    /// words that say how a food is, before its name, lists them; it starts no new food.
    mutating func joinListedAdjectives() {
        func isListed(_ word: String) -> Bool {
            PhrasingWords.listedAdjectives.contains(word) || PhrasingWords.isCooksParticiple(word)
        }
        var index = 1
        while index + 1 < tokens.count {
            defer { index += 1 }
            // "cooked and peeled chestnuts", "peeled, seeded, and chopped tomatoes": what the
            // cook did, listed before the food's name, is one list.
            let comma = tokens[index - 1].kind == .comma
            if word(index) == "and", let before = word(comma ? index - 2 : index - 1), let after = word(index + 1),
                PhrasingWords.isCooksParticiple(before), PhrasingWords.isCooksParticiple(after)
            {
                tokens.remove(at: index)
                if comma { tokens.remove(at: index - 1) }
                index -= 1
                continue
            }
            guard tokens[index].kind == .comma, let before = word(index - 1), word(index + 1) != nil,
                isListed(before)
            else { continue }
            let start = clauseStart(before: index - 1)
            let clause = tokens[start..<index]
            // "2 x 200g fresh, boneless salmon fillets", "One whole, ripe pineapple": a count said
            // in words or with "x" is the amount before the list.
            guard
                clause.allSatisfy({ token in
                    if case .multiplier = token.kind { return true }
                    return token.number != nil
                        || token.word.map { isListed($0) || Unit.named($0) != nil || NumberWords.value(of: $0) != nil }
                            == true
                })
            else { continue }
            tokens.remove(at: index)
            index -= 1  // the word after the comma stands here now: it may open another list
        }
    }

    mutating func dropNotes() {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .comma || token.kind == .semicolon {
                var end = index + 1
                while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .semicolon { end += 1 }
                // "gouda, edam, or cheddar cheese": the foods listed before ", or" and after it are choices.
                if token.kind == .comma, word(index + 1) == "or", keepChoice(from: index + 2, to: end, after: &result) {
                    index = end
                    continue
                }
                if isNote(from: index + 1, to: end) {
                    if tokens[(index + 1)..<end].contains(where: { PhrasingWords.cookCuts.contains($0.word ?? "") }) {
                        preparedAt.append(token.range.start)
                    }
                    if tokens[(index + 1)..<end].contains(where: { $0.word == "taste" }) {
                        PhrasingPass.measureTasted(&result)
                    }
                    index = end
                    continue
                }
            }
            if token.word == "to", word(index + 1) == "taste" {
                PhrasingPass.measureTasted(&result)
                index += 2
                continue
            }
            // "up to 250g", "at least 4 tbsp": a limit before an amount says no more than the amount.
            if (token.word == "up" || token.word == "at"), word(index + 1) == "to" || word(index + 1) == "least",
                (token.word == "up") == (word(index + 1) == "to"), tokens[safe: index + 2]?.number != nil
            {
                index += 2
                continue
            }
            // "butter for greasing", "oil for deep frying", "cooked according to the packet": what
            // the food is for or how, not what it is, to the end of the clause.
            if !result.isEmpty, result.last?.word != nil,
                (token.word == "for" && word(index + 1).map(PhrasingWords.isPurpose) == true)
                    || (token.word == "according" && word(index + 1) == "to")
            {
                while index < tokens.count, tokens[index].kind != .comma, tokens[index].kind != .semicolon {
                    index += 1
                }
                continue
            }
            if isInlineNote(at: index, after: result) {
                while index < tokens.count, tokens[index].kind != .comma, tokens[index].kind != .semicolon {
                    index += 1
                }
                continue
            }
            if token.word == "plus", let next = word(index + 1),
                ["more", "extra", "additional"].contains(next)
                    || (next == "a" && word(index + 2) == "little")
            {
                while index < tokens.count, tokens[index].kind != .comma, tokens[index].kind != .semicolon {
                    index += 1
                }
                continue
            }
            // "fresh or dried thyme", "white or brown crabmeat": a choice between two words that
            // say how the food is, before its name; the first is used, the name kept.
            if token.word == "or", let before = result.last?.word, word(index + 1) != nil,
                FoodWords.isDescriptor(before),
                let after = word(index + 2), !Parser.kcalWords.contains(after), after != "or"
            {
                index += 2
                continue
            }
            if token.word == "or", !result.isEmpty, result.last?.number == nil {
                var end = index + 1
                while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .semicolon { end += 1 }
                _ = keepChoice(from: index + 1, to: end, after: &result)
                index = end
                continue
            }
            result.append(token)
            index += 1
        }
        tokens = result
    }

    /// "salt and pepper to taste", "1 tsp salt, pepper to taste": each food said "to taste"
    /// without an amount is a pinch of it (`Resolver.spiceMeasures`: a pinch of pepper is the
    /// spice). Walks back over the foods before "to taste" as far as one with an amount.
    static func measureTasted(_ result: inout [Token]) {
        var end = result.count
        while end > 0 {
            var start = end
            while start > 0 {
                let token = result[start - 1]
                if token.kind == .comma || token.kind == .plus || token.kind == .ampersand || token.kind == .colon
                    || token.word == "and" || token.word == "or"
                {
                    break
                }
                start -= 1
            }
            guard start < end, let first = result[safe: start] else { return }
            let counted =
                first.number != nil
                || first.word.map { NumberWords.value(of: $0) != nil || Unit.named($0) != nil } == true
            if counted || first.word == nil { return }
            result.insert(Token(.word("pinch"), first.range), at: start)
            guard start > 0, result[start - 1].kind != .colon else { return }
            end = start - 1
        }
    }

    /// True when tokens `from..<to` are a note: they open with a note word or an adverb, or end
    /// with a preparation ("seeds removed"), and say no amount of a food.
    func isNote(from start: Int, to end: Int) -> Bool {
        guard start < end, let first = word(start) else { return false }
        let words = tokens[start..<end].compactMap(\.word)
        if words.isEmpty { return false }
        // ", grated zest and juice", ", juice only": which parts of the fruit the cook uses.
        if words.contains(where: PhrasingWords.parts.contains),
            words.allSatisfy({ PhrasingWords.parts.contains($0) || PhrasingWords.partNoteWords.contains($0) })
        {
            return true
        }
        // A meal or a day after a comma is a modifier, not a note.
        if MealWords.meal(for: first) != nil || DayWords.day(for: first) != nil { return false }
        // ", pepper to taste": a food before "to taste" is no note; "to taste" is read alone.
        if !PhrasingWords.noteOpeners.contains(first), let to = words.firstIndex(of: "to"), to > 0,
            words.index(after: to) < words.endIndex, words[words.index(after: to)] == "taste"
        {
            return false
        }
        // ", cored, seeded, and cut into strips": the last of a list of notes.
        if first == "and" || first == "then", start + 1 < end, word(start + 1) != nil {
            return isNote(from: start + 1, to: end)
        }
        if PhrasingWords.noteOpeners.contains(first) {
            // ", about 8 pieces" and ", or 2 eggs" are amounts, handled elsewhere.
            if PhrasingWords.roughly.contains(first), tokens[safe: start + 1]?.number != nil { return false }
            return true
        }
        if first.hasSuffix("ly"), first.count > 3, !Parser.kcalWords.contains(first) { return true }
        // ", sliced lengthways", ", cut into 2cm pieces", ", washed under cold running water": a
        // participle of the cook's work, then how, where or how long.
        if PhrasingWords.isCooksParticiple(first) {
            if words.count == 1 || tokens[start..<end].contains(where: { $0.number != nil }) { return true }
            let second = words[1]
            if PhrasingWords.participleFollowers.contains(second) || PhrasingWords.preparations.contains(second)
                || PhrasingWords.howWords.contains(second)
                || PhrasingWords.isCooksParticiple(second) || second.hasSuffix("ly") || second.hasSuffix("ways")
                || second.hasSuffix("wise")
            {
                return true
            }
        }
        if isPartReadied(from: start, words: words) { return true }
        if tokens[start..<end].contains(where: { $0.number != nil }) { return false }
        // ", whipped to stiff peaks", ", soaked overnight": a participle, then how.
        if first.count > 4, first.hasSuffix("ed"),
            words.count == 1 || PhrasingWords.participleFollowers.contains(words[1])
        {
            return true
        }
        // ", white and light green parts only".
        if words.contains("only") { return true }
        // ", casings removed", ", stems discarded": what was done to a part.
        if let last = words.last, words.count <= 3,
            PhrasingWords.preparations.contains(last) || (last.count > 4 && last.hasSuffix("ed"))
        {
            return true
        }
        // ", all visible fat removed", ", tough outer leaves removed": a part, then what was done to it.
        if let last = words.last, words.count <= 5, PhrasingWords.isCooksParticiple(last), last.hasSuffix("ed"),
            !words.dropLast().contains(where: { PhrasingWords.isCooksParticiple($0) == false && Unit.named($0) != nil })
        {
            return true
        }
        if let last = words.last, PhrasingWords.preparations.contains(last), words.count <= 6,
            tokens[start].number == nil
        {
            return words.allSatisfy {
                PhrasingWords.preparations.contains($0) || $0 == "and" || $0.hasSuffix("ed")
                    || $0.hasSuffix("ly") || $0 == "into" || $0 == "the" || $0 == "of" || $0 == "seeds" || $0 == "skin"
                    || $0 == "bones" || $0 == "ends" || $0 == "stems" || $0 == "rind"
            }
        }
        return false
    }
}
