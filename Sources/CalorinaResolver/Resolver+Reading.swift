import CalorinaFoods
import CalorinaLanguage
import CalorinaParser
import CalorinaSupport

// Every word of a food accounted for (issue 26): a resolved item says which of its typed words
// the food found was found by (`matched`) and which it let go (`skipped`). A word let go must
// have a role that says nothing of which food it is: a filler, a word of how the food was
// readied or how big it is, a unit or a part, where it came from or when it was eaten. A
// content word let go ("walked" of "walked the dog", "greggs" of "a greggs sausage roll") means
// the food found is not what was said: the resolver asks rather than log it.

extension Resolver {
    /// The role a word let go plays; `measured` when the item says an amount or is a recipe's
    /// line, where a cook's participle before the food ("packed", "pounded") says how it is.
    static func role(of typed: String, measured: Bool, knows: (String) -> Bool = { _ in true }) -> WordRole {
        let word = typed.lowercased()
        let single = FoodWords.singular(word)
        if !word.contains(where: \.isLetter) { return .filler }
        // "stuff", "food": no food is named, but the words were there to name one.
        if FoodWords.vagueWords.contains(word) { return .content }
        if FoodWords.keyWords(word).isEmpty || FoodWords.notFoodWords.contains(word)
            || FoodWords.notFoodWords.contains(single)
        {
            return .filler
        }
        if PreparationWords.contains(word) || PreparationWords.manner.contains(word)
            || FoodWords.rawSigns.contains(word)
            || stateWords.contains(word) || descriptors.contains(word) || cuts.contains(word)
        {
            return .preparation
        }
        // A unit, a part, or a unit mistyped ("a glas of wine").
        if Unit.named(word) != nil || partWords.contains(word)
            || (!knows(word) && Parser.unitSuggestion(for: word) != nil)
        {
            return .measure
        }
        if FoodWords.descriptors.contains(word) || smallKinds.contains(word) || miniWords.contains(word) {
            return .description
        }
        // A chain or shop the food came from ("costa latte").
        if originWords.contains(word) || occasionWords.contains(word)
            || FoodWords.chains.contains(FoodWords.chainKey(word))
        {
            return .origin
        }
        if eatingWords.contains(word) { return .filler }
        // A cook's participle or adverb ("pounded", "loosely") in a recipe's line, and a word
        // made of words ("full-fat", "day-old"), which describes the food after it.
        if measured, word.count > 4, word.hasSuffix("ed") || word.hasSuffix("ly") { return .preparation }
        if measured, word.contains("-") { return .description }
        // A name the table does not know, in a recipe's or a weighed line: a variety or a
        // brand of the food ("Ratte potatoes", "48g Reese's crispy bar"), as `withoutVariety`
        // reads it. Said without an amount ("a greggs sausage roll") it is a question.
        if measured, readsAsAName(word), !knows(word) { return .origin }
        return .content
    }

    /// Words that say a food was eaten or had, left in a line a sentence's reading did not
    /// take apart ("i had a kitkat").
    static let eatingWords: Set<String> = [
        "had", "have", "has", "ate", "eat", "eaten", "eating", "got", "get", "grabbed", "having", "drank", "drink",
    ]

    /// True when the item says how much (digits, a unit) or is a recipe's line: "a" and "an"
    /// say one, not a measure.
    static func isMeasured(_ item: LogItem) -> Bool {
        item.isIngredient || item.unit != nil || (item.count != nil && !item.countInWords)
    }

    /// The comparable forms of a typed word ("Eggs" → egg; "semi-skimmed" → semi, skimmed).
    static func keys(_ word: String) -> [String] {
        FoodWords.keyWords(word).map(FoodWords.singular)
    }

    /// The phrase's words split into those the food was found by and those let go, as typed:
    /// a word is matched when one of its comparable forms is among `found`'s.
    static func accounting(_ words: [String], found: Set<String>) -> (matched: [String], skipped: [String]) {
        var matched: [String] = []
        var skipped: [String] = []
        for word in words {
            let forms = keys(word)
            if !forms.isEmpty, forms.contains(where: found.contains) {
                matched.append(word)
            } else {
                skipped.append(word)
            }
        }
        return (matched, skipped)
    }

    /// Sets the words an item's food was found by, from the phrase looked up and what the
    /// lookup let go.
    static func accounted(_ value: ResolvedItem, phrase: FoodPhrase, letGo: [String]) -> ResolvedItem {
        var value = value
        // Nothing let go, the commonest case (and several readings are tried a line): every
        // word but a stop word was found, without cutting each into its comparable forms.
        if letGo.isEmpty {
            value.matched = phrase.words.filter { !FoodWords.stopWords.contains($0.lowercased()) }
            value.skipped = phrase.words.filter { FoodWords.stopWords.contains($0.lowercased()) }
            return value
        }
        let dropped = Set(letGo.map(FoodWords.singular))
        let found = Set(phrase.words.flatMap(keys)).subtracting(dropped)
        (value.matched, value.skipped) = accounting(phrase.words, found: found)
        return value
    }

    /// The item's own words against what a simpler reading of them found: the words of the
    /// reading that found the food (and the unit a word became) are matched, the others
    /// skipped. A reading that put some words in USDA's ("courgette" as zucchini, "spaghetti"
    /// as dry pasta: `translated`, or said by words the item does not hold) found the food by
    /// the item's words it did not let go: of those it does not hold, only the words that say
    /// nothing of which food are skipped.
    static func accounted(
        _ value: ResolvedItem, for item: LogItem, translated: Bool = false
    ) -> ResolvedItem {
        guard let phrase = item.food else { return value }
        // Found by the item's own words as they are: nothing to work out.
        if !translated, value.matched.count + value.skipped.count == phrase.words.count,
            phrase.words.allSatisfy({ value.matched.contains($0) || value.skipped.contains($0) })
        {
            return value
        }
        var value = value
        let own = Set(phrase.words.flatMap(keys))
        var found = Set(value.matched.flatMap(keys))
        found.formUnion(keys(value.unit))
        let letGo = Set(value.skipped.flatMap(keys))
        // A reading that said no words of its own (the raw food a recipe buys, weighed as
        // found) is taken as one that put them in USDA's.
        let isTranslated =
            translated || (value.matched.isEmpty && value.skipped.isEmpty)
            || !found.isSubset(of: own.union(keys(value.unit)))
        let measured = isMeasured(item)
        var matched: [String] = []
        var skipped: [String] = []
        for word in phrase.words {
            let forms = keys(word)
            if !forms.isEmpty, forms.contains(where: found.contains) {
                matched.append(word)
            } else if isTranslated, !forms.isEmpty, !forms.contains(where: letGo.contains),
                role(of: word, measured: measured) == .content
            {
                matched.append(word)
            } else {
                skipped.append(word)
            }
        }
        (value.matched, value.skipped) = (matched, skipped)
        return value
    }

    /// True when no content word of the typed words, before any "with", "in", "of" or "from"
    /// that says what goes with the food, is in the food's name before its own "with": the
    /// words name only what the food comes with ("melted cheese" of "Garlic bread, with melted
    /// cheese"), not what it is.
    static func namesOnlyAnAddition(_ typed: [String], of name: String) -> Bool {
        let lowered = name.lowercased()
        guard let with = lowered.firstRange(of: " with ") else { return false }
        let cuts: Set<String> = ["with", "in", "on", "of", "from", "for", "without"]
        let said = typed.map { $0.lowercased() }.prefix { !cuts.contains($0) }.flatMap(keys).filter(
            FoodWords.isContentWord)
        guard !said.isEmpty else { return false }
        let before = Set(keys(String(lowered[..<with.lowerBound])))
        let after = Set(keys(String(lowered[with.upperBound...])))
        return !said.contains(where: before.contains) && said.contains(where: after.contains)
    }

    /// True when the food is one for babies (WWEIA 9002-9202: baby foods and juices) and the
    /// words do not say so ("toddler", "infant", "stage", or "baby" with "food", "juice" or
    /// "cereal"): "baby potatoes" are small potatoes, never a jar of sweet potato puree.
    func namesBabyFoodUnsaid(code: Int, words: [String]) -> Bool {
        guard let position = index.table.index(code: code),
            (9000..<9300).contains(index.table.food(at: position).category)
        else { return false }
        let said = Set(words.flatMap(Resolver.keys))
        if !said.isDisjoint(with: ["toddler", "infant", "stage"]) { return false }
        return !(said.contains("baby") && !said.isDisjoint(with: ["food", "juice", "cereal"]))
    }

    /// True when no word of a food phrase says which food: each is a unit, a part, a size or a
    /// filler, and one at least is a unit or a part ("plate", "a big slice").
    static func namesOnlyAnAmount(_ words: [String], measured: Bool) -> Bool {
        let roles = words.map { role(of: $0, measured: measured) }
        return roles.contains(.measure) && roles.allSatisfy { $0 == .measure || $0 == .filler || $0 == .description }
    }

    /// True when the words hold a vague word ("food", "stuff") and nothing else that says which
    /// food: "food" is no baby food.
    static func namesOnlyVaguely(_ words: [String], measured: Bool) -> Bool {
        let lowered = words.map { $0.lowercased() }
        return lowered.contains(where: FoodWords.vagueWords.contains)
            && lowered.allSatisfy { FoodWords.vagueWords.contains($0) || role(of: $0, measured: measured) != .content }
    }

    /// The first content word an item's food let go, when the food was found without it and the
    /// words it was found by are no name of it (an everyday name, its own name said exactly,
    /// a pick): "a dominos pizza" is pizza, "walked the dog" no hot dog. A word let go before
    /// "of" is an amount not understood, whatever the name after it.
    func leftOverWord(_ value: ResolvedItem, item: LogItem) -> String? {
        let measured = Resolver.isMeasured(item)
        let words = item.food?.words.map { $0.lowercased() } ?? []
        return value.skipped.first { word in
            guard Resolver.role(of: word, measured: measured, knows: index.knows) == .content else { return false }
            // "a bucket of popcorn", "a trough of crisps": a word before "of" says an
            // amount the food has no portion for, whatever names the food after it.
            if let position = words.firstIndex(of: word.lowercased()), let of = words.firstIndex(of: "of"),
                position < of
            {
                return true
            }
            return !value.isFoundExactly
        }
    }
}
