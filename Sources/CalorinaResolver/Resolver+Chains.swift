import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

// MARK: - A chain's items, dishes and takeaway portions

extension Resolver {
    /// The chain a food phrase opens with, as its normalized words ("taco bell", "gregg"), and
    /// how many of the phrase's words name it; nil when it opens with none
    /// (`FoodWords.chainPhrases`, then `FoodWords.chains`).
    static func chainOpening(_ words: [String]) -> (key: String, count: Int)? {
        let keys = words.map(FoodWords.chainKey)
        if let chain = FoodWords.chainPhrases.first(where: { chain in
            keys.count >= chain.count && Array(keys.prefix(chain.count)) == chain
        }) {
            return (FoodWords.normalized(chain.joined(separator: " ")), chain.count)
        }
        let count = keys.prefix(while: FoodWords.chains.contains).count
        guard count > 0 else { return nil }
        return (FoodWords.normalized(words.prefix(count).joined(separator: " ")), count)
    }

    /// The items `data/everyday.tsv` names with a chain's name before them ("taco bell taco",
    /// "greggs steak bake"), one per food, as the chain's menu to ask with.
    func chainItems(_ key: String) -> [ResolveError.Candidate] {
        guard !key.isEmpty else { return [] }
        let prefix = key + " "
        var seen = Set<Int>()
        var items: [ResolveError.Candidate] = []
        for name in index.table.allEverydayNames where name.name.hasPrefix(prefix) && seen.insert(name.code).inserted {
            items.append(ResolveError.Candidate(name: name.alias, code: name.code))
        }
        return items
    }

    /// "taco bell", "greggs", "dominos": a chain said alone names no food (never Domino's sugar):
    /// the question lists the chain's items, or the chain is said to be no food when the table
    /// names none of them. Nil when the words are more than a chain, or the chain's name is an
    /// everyday name of its own ("subway" is the sandwich, "kfc" a piece of chicken) or the
    /// user's.
    func chainAlone(_ item: LogItem, user: UserFoods) -> ResolveError? {
        guard item.kcal == nil, let phrase = item.food, !phrase.words.isEmpty,
            let chain = Resolver.chainOpening(phrase.words), chain.count == phrase.words.count,
            user.named(phrase.text) == nil, index.table.everyday(named: FoodWords.normalized(phrase.text)) == nil
        else { return nil }
        let items = chainItems(chain.key)
        guard !items.isEmpty else { return ResolveError(.unknownFood(phrase.text, suggestions: []), phrase.range) }
        return ResolveError(.ambiguous(phrase.text, candidates: items), phrase.range)
    }

    /// "a burrito from chipotle" ("burrito chipotle": the parser keeps a chain said after "from"
    /// or "at" after the food): the chain before the food, read as any chain said first is
    /// ("chipotle burrito", `withoutChain`); nil when the words end with no chain, are a name,
    /// or open with a chain already ("dunkin boston kreme": "kreme" is no place there).
    func withChainAfter(_ item: LogItem, user: UserFoods) -> LogItem? {
        guard item.kcal == nil, let phrase = item.food, phrase.words.count > 1, user.named(phrase.text) == nil,
            index.table.everyday(named: FoodWords.normalized(phrase.text)) == nil,
            Resolver.chainOpening(phrase.words) == nil
        else { return nil }
        let trailing = phrase.words.reversed().prefix { FoodWords.chains.contains(FoodWords.chainKey($0)) }.count
        guard trailing > 0, trailing < phrase.words.count else { return nil }
        let words = Array(phrase.words.suffix(trailing)) + phrase.words.dropLast(trailing)
        var named = item
        named.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        return named
    }

    /// "taco bell mexican pizza": a chain with an item the table lacks asks with the chain's
    /// items, when it has any; nil otherwise.
    func chainItemUnknown(_ item: LogItem, error: ResolveError) -> ResolveError? {
        guard Resolver.isAmbiguousOrUnknown(error.kind), let phrase = item.food,
            let chain = Resolver.chainOpening(phrase.words), chain.count < phrase.words.count
        else { return nil }
        let items = chainItems(chain.key)
        guard !items.isEmpty else { return nil }
        return ResolveError(.ambiguous(phrase.text, candidates: items), phrase.range)
    }

    /// The words left after a chain with the chain's dish added when they do not say it: a
    /// topping or a flavour after a pizza chain is its pizza ("dominos pepperoni": pepperoni
    /// pizza; "papa johns pepperoni slice": pepperoni pizza slice), when those words name a
    /// food whose name holds the dish; nil otherwise (`FoodWords.chainDishes`).
    func withChainDish(_ words: [String], chain: String) -> [String]? {
        guard let dish = FoodWords.chainDishes[chain],
            !words.contains(where: { FoodWords.singular($0.lowercased()) == dish })
        else { return nil }
        var dished = words
        if words.count > 1, let last = words.last, Unit.named(last.lowercased()) != nil {
            dished.insert(dish, at: words.count - 1)
        } else {
            dished.append(dish)
        }
        let text = dished.joined(separator: " ")
        if index.table.everyday(named: FoodWords.normalized(text)) != nil { return dished }
        guard let match = index.lookup(text, limit: 1, lettingGo: false).matches.first, match.isStrong,
            FoodWords.keyWords(index.table.foods[match.index].name).contains(dish)
        else { return nil }
        return dished
    }

    /// "tandoori chicken pizza", "hazelnut frappuccino": words the table knows before a dish sold
    /// in many varieties (`FoodWords.varietyDishes`), which together name no food, are the
    /// dish's variety: the dish (its everyday name, with any words after it) is the food, every
    /// word is accounted for, and the entry says what was taken as the variety. Nil when no dish
    /// ends the words, no word before it is one the table knows ("zzqxv pizza" stays unknown;
    /// "tandoori chicken pizza" has chicken), or the dish names no food.
    func dishOfVariety(_ item: LogItem, user: UserFoods, depth: Int) -> ResolvedItem? {
        guard item.kcal == nil, let phrase = item.food, phrase.words.count > 1 else { return nil }
        let lowered = phrase.words.map { $0.lowercased() }
        // The last dish the words hold, of one word or more ("ice cream").
        let singular = lowered.map(FoodWords.singular)
        let dishes = FoodWords.varietyDishes.map { $0.split(separator: " ").map(String.init) }
        guard
            let dishAt = singular.indices.last(where: { at in
                dishes.contains { dish in Array(singular[at...].prefix(dish.count)) == dish }
            }), dishAt > 0
        else { return nil }
        let length = dishes.filter { Array(singular[dishAt...].prefix($0.count)) == $0 }.map(\.count).max() ?? 1
        let dishName = lowered[dishAt..<(dishAt + length)].joined(separator: " ")
        for start in 1...dishAt {
            let variety = lowered[..<start].filter { !FoodWords.stopWords.contains($0) }
            guard !variety.isEmpty, variety.contains(where: { index.knows(word: $0) }),
                variety.allSatisfy({ Resolver.role(of: $0, measured: false) == .content })
            else { continue }
            let tail = Array(phrase.words[start...])
            let text = tail.joined(separator: " ")
            guard index.table.everyday(named: FoodWords.normalized(text)) != nil else { continue }
            var dish = item
            dish.food = FoodPhrase(words: tail, text: text, range: phrase.range)
            guard case .success(var value) = resolvePlainly(dish, user: user, depth: depth) else { continue }
            value.matched = phrase.words.filter { !FoodWords.stopWords.contains($0.lowercased()) }
            value.skipped = phrase.words.filter { FoodWords.stopWords.contains($0.lowercased()) }
            value.note = "'\(variety.joined(separator: " "))' taken as the \(dishName)'s kind"
            return value
        }
        return nil
    }

    /// How many cups a takeaway's tub of a dish holds: a UK takeaway tub holds 450-500 ml,
    /// about 2 cups (as `curry`'s served portion in `data/everyday.tsv`).
    static let takeawayCups: Double = 2

    /// "a lamb bhuna from the indian", "chicken chow mein from the chinese": a dish USDA weighs
    /// by the cup, said from a takeaway with no unit and at most one, is a takeaway's tub of it
    /// (`takeawayCups`); nil otherwise. The entry says so.
    func servedAsTakeaway(_ item: LogItem, as value: ResolvedItem, user: UserFoods, depth: Int) -> ResolvedItem? {
        guard item.unit == nil, item.kcal == nil, (item.count ?? 1) == 1, let code = value.code,
            let position = index.table.index(code: code), let grams = value.grams,
            let cup = index.table.foods[position].portions.first(where: { $0.description == "1 cup" }),
            abs(grams - cup.grams) < 0.5, let unit = Unit.named("cup")
        else { return nil }
        var tub = item
        tub.count = Resolver.takeawayCups
        tub.unit = unit
        tub.unitWord = "cups"
        guard case .success(var found) = resolve(tub, user: user, depth: depth), found.code == code else { return nil }
        found.note = "from a takeaway: a tub of \(Format.number(Resolver.takeawayCups)) cups"
        return found
    }
}

// MARK: - Chains

extension Resolver {
    /// The item without the chain, café, shop or brand its words open with ("costa latte",
    /// "krispy kreme donut": `FoodWords.chains`), when the rest is a food's name and the whole is
    /// no everyday name ("mcdonalds fries" is one) nor the user's own; nil otherwise. A chain
    /// said alone stays: "subway" is the sandwich.
    func withoutChain(_ item: LogItem, user: UserFoods) -> LogItem? {
        guard item.kcal == nil, let phrase = item.food, !phrase.words.isEmpty,
            user.named(phrase.text) == nil, index.table.everyday(named: FoodWords.normalized(phrase.text)) == nil
        else { return nil }
        // "taco bell quesadilla": a chain of several words first, then any of one word.
        var words = ArraySlice(phrase.words)
        var chainName = ""
        if let chain = FoodWords.chainPhrases.first(where: { chain in
            words.count > chain.count && zip(words, chain).allSatisfy { FoodWords.chainKey($0) == $1 }
        }) {
            words = words.dropFirst(chain.count)
            chainName = chain.joined(separator: " ")
        }
        if chainName.isEmpty {
            chainName = words.prefix { FoodWords.chains.contains(FoodWords.chainKey($0)) }.map(FoodWords.chainKey)
                .joined(separator: " ")
        }
        var kept = Array(words.drop { FoodWords.chains.contains(FoodWords.chainKey($0)) })
        guard !kept.isEmpty, kept.count < phrase.words.count,
            kept.contains(where: { FoodWords.isContentWord(FoodWords.singular($0)) }),
            // A chain's name that is a food's too, said whole: "wasabi peas" are USDA's.
            index.lookup(phrase.text, limit: 1, lettingGo: false).matches.first?.isExact != true
        else { return nil }
        var plain = item
        // "starbucks tall cappuccino", "a papa johns pepperoni slice": a unit said between the
        // chain and the food, or after the food, is the item's.
        if item.unit == nil, kept.count > 1 {
            if let first = kept.first, let unit = Unit.named(first.lowercased()) {
                (plain.unit, plain.unitWord) = (unit, first)
                kept.removeFirst()
            } else if let last = kept.last, let unit = Unit.named(last.lowercased()), unit.kind == .portion {
                (plain.unit, plain.unitWord) = (unit, last)
                kept.removeLast()
            }
        }
        // "dominos pepperoni": a topping after a pizza chain is its pizza.
        kept = withChainDish(kept, chain: chainName) ?? kept
        plain.food = FoodPhrase(words: kept, text: kept.joined(separator: " "), range: phrase.range)
        return plain
    }
}

// MARK: - Where a food came from

extension Resolver {
    /// The words without the place they end with, in USDA's words ("from fast food", "from
    /// restaurant", which the phrasing pass writes for "from a fast-food joint"); nil when they
    /// end with none or nothing is left.
    static func withoutSource(_ phrase: FoodPhrase) -> FoodPhrase? {
        let words = phrase.words.map { $0.lowercased() }
        guard let from = words.lastIndex(of: "from"), from > 0, from < words.count - 1,
            words[(from + 1)...].allSatisfy(Resolver.sourceWords.contains),
            words[(from + 1)...].contains(where: { ["restaurant", "food", "fast-food", "diner", "cafe"].contains($0) })
        else { return nil }
        let kept = Array(phrase.words[..<from])
        return FoodPhrase(words: kept, text: kept.joined(separator: " "), range: phrase.range)
    }

    /// The words of such a place: "from a local fast food restaurant".
    static let sourceWords: Set<String> = [
        "a", "an", "the", "my", "our", "local", "nearby", "favorite", "favourite", "fast", "food", "fast-food",
        "restaurant", "restaurants", "chain", "joint", "place", "spot", "diner", "cafe",
    ]
}
