import CalorinaLanguage
import CalorinaSupport

// The phrasing rules for the words people write for joiners ("w/", "plus", "alongside"), and
// for an amount said after its food.

extension PhrasingPass {
    /// "w", "plus", "alongside", "along with", "as well as", "n", and a food "on" or "over"
    /// another: joiners.
    mutating func rewriteJoiners() {
        // "in n out": a chain's name (In-N-Out), never "in" and "out" joined.
        var start = 0
        while start + 2 < tokens.count {
            if word(start) == "in", word(start + 1) == "n", word(start + 2) == "out" {
                let range = tokens[start].range.union(tokens[start + 2].range)
                tokens.replaceSubrange(start...(start + 2), with: [Token(.word("in-n-out"), range)])
            }
            start += 1
        }
        var index = 1
        while index < tokens.count - 1 {
            guard let word = word(index), tokens[index - 1].word != nil || tokens[index - 1].number != nil else {
                index += 1
                continue
            }
            let next = tokens[index + 1]
            let nextIsFood = next.word != nil || next.number != nil
            if word == "along", self.word(index + 1) == "with" {
                tokens.replaceSubrange(index...(index + 1), with: [Token(.plus, tokens[index].range)])
            } else if word == "as", self.word(index + 1) == "well", self.word(index + 2) == "as" {
                tokens.replaceSubrange(index...(index + 2), with: [Token(.plus, tokens[index].range)])
            } else if word == "topped", self.word(index + 1) == "with" {
                tokens.replaceSubrange(index...(index + 1), with: [Token(.word("with"), tokens[index].range)])
            } else if PhrasingWords.plusWords.contains(word), nextIsFood {
                tokens[index] = Token(.plus, tokens[index].range)
            } else if word == "n", nextIsFood {
                tokens[index] = Token(.word("and"), tokens[index].range)
            } else if word == "w", nextIsFood {
                tokens[index] = Token(.word("with"), tokens[index].range)
            } else if word == "on" || word == "over", nextIsFood, !isDayAfter(index),
                let following = next.word, !["top", "the", "side"].contains(following)
            {
                tokens[index] = Token(.word("with"), tokens[index].range)
            } else if word == "on", self.word(index + 1) == "top" || self.word(index + 1) == "the" {
                tokens.removeSubrange(index...min(index + 2, tokens.count - 1))
                continue
            }
            index += 1
        }
    }

    func isDayAfter(_ index: Int) -> Bool {
        guard let next = tokens[safe: index + 1] else { return false }
        if case .date = next.kind { return true }
        return next.word.flatMap(DayWords.day(for:)) != nil
    }

    /// "had sushi, about 8 pieces", "chicken wings, about 10", "tacos, about 3 each": an amount
    /// alone after a comma belongs to the food before it.
    mutating func attachLateAmounts() {
        var index = 1
        while index < tokens.count {
            guard tokens[index].kind == .comma, let count = tokens[safe: index + 1], count.number != nil else {
                index += 1
                continue
            }
            var end = index + 2
            if let unit = word(end), Unit.named(unit) != nil { end += 1 }
            // "tacos, about 3 each": each person's count is the eater's.
            if word(end) == "each", end + 1 == tokens.count {
                tokens.remove(at: end)
            }
            let clause = clauseStart(before: index)
            let clauseHasCount = tokens[clause..<index].contains { $0.number != nil }
            if end == tokens.count, !clauseHasCount {
                tokens.remove(at: index)
                continue
            }
            index += 1
        }
    }
}
