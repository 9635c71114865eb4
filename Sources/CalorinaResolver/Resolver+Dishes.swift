import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

// MARK: - Dishes of several foods

extension Resolver {
    /// True when the item's amount counts whole dishes ("2 scotch eggs", "a serving of"): a
    /// composed dish is weighed by nothing else ("a mug of tea" is the tea, by the mug).
    static func countsDishes(_ item: LogItem) -> Bool {
        guard let unit = item.unit else { return true }
        return unit.name == "serving" || unit.name == "portion"
    }

    /// The dish an item names, when it is a composed one said as a dish: alone, not with what is
    /// in it ("cuppa with milk" is the tea the milk goes in), and not a name of the user's own;
    /// or the chain it came from left out ("a wagamama katsu curry"); or with the next item, when
    /// the line split the dish's own name at a joiner ("toad in the hole"). `joinsNext` when it
    /// takes the next item too.
    func composedDish(_ item: LogItem, before next: LogItem?, user: UserFoods) -> (dish: ComposedDish, joinsNext: Bool)?
    {
        guard item.kcal == nil, Resolver.countsDishes(item), let phrase = item.food, user.named(phrase.text) == nil
        else { return nil }
        if let next, let second = next.food, next.isBareFood, next.joiner == .with || next.joiner == .and,
            user.named(second.text) == nil,
            let dish = ComposedDish.bundled[FoodWords.normalized(phrase.text + " " + second.text)]
        {
            return (dish, true)
        }
        if let next, next.joiner == .with { return nil }
        if let dish = ComposedDish.bundled[FoodWords.normalized(phrase.text)] { return (dish, false) }
        if let plain = withoutChain(item, user: user)?.food,
            let dish = ComposedDish.bundled[FoodWords.normalized(plain.text)]
        {
            return (dish, false)
        }
        return nil
    }
}

// MARK: - Numbers and units inside names

extension Resolver {
    /// Number words a name may open with ("five guys", "three musketeers").
    static let namingNumbers: [String: Double] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    ]

    /// The item with a count said in words given back to the name it opens: "five guys burger"
    /// is one burger from Five Guys (a chain, `FoodWords.chainPhrases`), "three musketeers" one
    /// bar (an everyday name). Nil when the number word opens no such name: "five burgers" are five.
    func withNumberInName(_ item: LogItem, user: UserFoods) -> LogItem? {
        guard item.countInWords, item.unit == nil, item.kcal == nil, let count = item.count, let phrase = item.food
        else { return nil }
        for (word, value) in Resolver.namingNumbers where value == count {
            let words = [word] + phrase.words
            let keys = words.map(FoodWords.chainKey)
            let opensChain = FoodWords.chainPhrases.contains { chain in
                chain.first == word && keys.count > chain.count && Array(keys.prefix(chain.count)) == chain
            }
            let text = words.joined(separator: " ")
            guard
                opensChain || user.named(text) != nil || index.table.everyday(named: FoodWords.normalized(text)) != nil
            else { continue }
            var named = item
            named.count = nil
            named.countInWords = false
            named.countRange = nil
            named.food = FoodPhrase(
                words: words, text: text, range: item.countRange.map { $0.union(phrase.range) } ?? phrase.range)
            return named
        }
        return nil
    }

    /// The item with a unit said after a chain's or an everyday name ("subway footlong": a
    /// footlong Subway sandwich, "pizza slice") as its unit, when the words together name no
    /// food; nil otherwise.
    func withUnitAfterName(_ item: LogItem, user: UserFoods) -> LogItem? {
        guard item.unit == nil, item.kcal == nil, let phrase = item.food, phrase.words.count >= 2,
            let last = phrase.words.last?.lowercased(), let unit = Unit.named(last), case .portion = unit.kind
        else { return nil }
        let rest = Array(phrase.words.dropLast())
        let text = rest.joined(separator: " ")
        guard user.named(text) != nil || index.table.everyday(named: FoodWords.normalized(text)) != nil else {
            return nil
        }
        var named = item
        named.unit = unit
        named.unitWord = last
        named.food = FoodPhrase(words: rest, text: text, range: phrase.range)
        return named
    }
}
