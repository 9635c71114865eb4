import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaParser
import CalorinaSupport
import Synchronization

/// Turns parsed items into weighed foods: which food, how many grams, how many kcal.
///
/// A unit picks the portion: a mass is weighed directly; a volume goes through the food's own
/// cup, fluid-ounce, tablespoon or teaspoon weight; a portion word (`slice`, `medium`, `can`)
/// through the food's portion of that name; `serving` is USDA's default portion; a bare count
/// ("2 eggs") through the portion named after the food ("1 egg"). A unit that cannot apply is
/// an error that lists the portions the food has, never an invented weight.
public struct Resolver: Sendable {
    /// The index searched.
    public let index: FoodIndex
    /// Items already resolved, for the user foods they were resolved with.
    private let memory = Memory()
    /// The words some food's name gives as its kind (`Resolver+IngredientNames.swift`), worked out once.
    let namingWords = NamingWords()

    /// True when the person reads British English (`set units uk`): a word with a British
    /// meaning ("chips", "biscuit", "squash") means the British food (`britishReadings`). A line
    /// with a word only Britain uses ("crisps", "cuppa", "a tin of") is read so whatever this says.
    public var readsBritish = false

    /// Creates a resolver over an index.
    public init(index: FoodIndex) {
        self.index = index
    }

    /// What a resolver remembers: each item it resolved, by what the item says (not where it
    /// stands in its line). A script logs the same few hundred foods over and over, and an item
    /// resolves the same way every time for the same user foods: the table never changes.
    private final class Memory: Sendable {
        struct State {
            var user = UserFoods()
            var items: [String: ResolvedItem] = [:]
        }
        /// Enough for every distinct item of a long script; when full, it starts again.
        static let capacity = 20_000
        let state = Mutex(State())

        func recall(_ key: String, user: UserFoods) -> ResolvedItem? {
            state.withLock { state in state.user == user ? state.items[key] : nil }
        }

        func keep(_ item: ResolvedItem, as key: String, user: UserFoods) {
            state.withLock { state in
                if state.user != user || state.items.count >= Memory.capacity {
                    state = State(user: user, items: [:])
                }
                state.items[key] = item
            }
        }
    }

    /// What an item says, as a key: everything that decides how it resolves.
    private static func memoryKey(_ item: LogItem) -> String {
        var key = item.count.map { String($0) } ?? ""
        key += "|" + (item.unitWord ?? "") + "|" + (item.unit?.name ?? "") + "|" + (item.food?.text ?? "")
        key += "|" + (item.food?.words.joined(separator: " ") ?? "") + "|" + (item.kcal.map { String($0) } ?? "")
        key += item.unitAsFood == nil ? "" : "|unit-as-food"
        key += item.countText.map { "|range " + $0 } ?? ""
        return key
    }

    /// Resolves every item of a log line. All problems are reported, not only the first.
    public func resolve(_ command: LogCommand, user: UserFoods = UserFoods()) -> Result<[ResolvedItem], ResolveFailure>
    {
        resolve(items: command.items, user: user, depth: 0)
    }

    /// Resolves the items of a recipe being made, which lie one level deeper than a line's: a
    /// recipe nested past `maxDepth` is refused when it is made, not when it is logged.
    public func resolve(recipeItems command: LogCommand, user: UserFoods) -> Result<[ResolvedItem], ResolveFailure> {
        resolve(items: command.items, user: user, depth: 1)
    }

    func resolve(items: [LogItem], user: UserFoods, depth: Int) -> Result<[ResolvedItem], ResolveFailure> {
        var resolved: [ResolvedItem] = []
        var errors: [ResolveError] = []
        var items = items
        // "Grated peel of 1 orange": words that only say how the cook readied a food name none.
        if items.count > 1, items.contains(where: { !Resolver.namesOnlyPreparation($0) }) {
            items.removeAll { item in
                Resolver.namesOnlyPreparation(item) && item.food.map { user.named($0.text) == nil } != false
            }
        }
        let read = mergingNames(fillingDishes(attachingAttributes(items, user: user), user: user), user: user)
        let british = readsBritish || Resolver.saysBritish(items)
        let chips = readingChips(read)
        let list = withAdditions(splittingToppings(british ? britishReadings(chips, user: user) : chips, user: user))
        var taken = false
        for (position, item) in list.enumerated() {
            if taken {
                taken = false
                continue
            }
            // "a full english": a dish of several foods, logged as one entry named with its parts.
            let next = position + 1 < list.count ? list[position + 1] : nil
            if let (dish, joinsNext) = composedDish(item, before: next, user: user) {
                var whole = item
                if joinsNext, let next {
                    whole.range = item.range.union(next.range)
                    taken = true
                }
                switch resolve(whole, composed: dish, user: user, depth: depth) {
                case .success(let value): resolved.append(value.eaten(at: item.meal))
                case .failure(let error): errors.append(error)
                }
                continue
            }
            // Only a line's own items: inside a recipe, the depth limit decides too.
            // An item with choices says which it is: never remembered as the plain words.
            let key = depth == 0 && item.choices.isEmpty ? Resolver.memoryKey(item) : nil
            if let key, var known = memory.recall(key, user: user) {
                known.range = item.range
                resolved.append(known.eaten(at: item.meal))
                continue
            }
            var result = resolve(item, user: user, depth: depth)
            // "a bag of chips", "a milky way": said where nothing says which English, a name
            // Britain orders another size of asks which.
            if !british, case .success(let value) = result,
                let doubt = dialectDoubt(item, value, user: user, depth: depth)
            {
                result = .failure(doubt)
            }
            // "jasmine or long-grain rice": the first food said, else one of those offered instead.
            if !item.choices.isEmpty {
                result = resolveChoosing(item, first: result) { self.resolve($0, user: user, depth: depth) }
            }
            switch result {
            case .success(let value) where depth == 0 && namesOnlyAKind(item, value, user: user):
                let candidates = value.code.map { [ResolveError.Candidate(name: value.food, code: $0)] } ?? []
                let phrase = item.food?.text ?? ""
                errors.append(ResolveError(.ambiguous(phrase, candidates: candidates), item.food?.range ?? item.range))
            case .success(var value):
                // "2-3 tbsp": the middle is used, and the entry says what was typed.
                if let typed = item.countText { value.amount += " (\(typed): the middle)" }
                resolved.append(value.eaten(at: item.meal))
                if let key { memory.keep(value, as: key, user: user) }
            case .failure(let error): errors.append(error)
            }
        }
        return errors.isEmpty ? .success(resolved) : .failure(ResolveFailure(errors: errors))
    }

    /// "a straw": one word said with no amount, that found only a kind of a cook's ingredient
    /// ("Mushrooms, straw"), neither its name nor what it is: the head noun does not agree, and
    /// an ingredient alone is no food eaten, so the line asks with it to pick.
    func namesOnlyAKind(_ item: LogItem, _ value: ResolvedItem, user: UserFoods) -> Bool {
        guard item.unit == nil, item.unitWord == nil, item.kcal == nil, item.count == nil || item.countInWords,
            item.count ?? 1 == 1, !item.isIngredient, value.quantity == 1, let phrase = item.food,
            let code = value.code,
            FoodSource(code: code) == .sr28, !value.isFoundExactly, !value.isFoundByWhatItIs,
            value.corrections.isEmpty, user.named(phrase.text) == nil,
            user.choices[FoodWords.normalized(phrase.text)] == nil
        else { return false }
        // One word and nothing else: "dried oregano", "shredded Swiss" are a recipe's, whose
        // kinds of spice and cheese are what a cook means.
        let content = phrase.words.map { FoodWords.singular($0.lowercased()) }.filter(FoodWords.isContentWord)
        guard phrase.words.count == 1, content.count == 1, let word = content.first,
            let position = index.table.index(code: code)
        else { return false }
        // What the food is, said ("toasted bagel" of "Bagels, …, toasted"), agrees.
        let nouns = FoodWords.phraseNouns(index.table.food(at: position).head).map(FoodWords.singular)
        return !nouns.contains(word)
    }

    /// Resolves one item.
    public func resolve(_ item: LogItem, user: UserFoods = UserFoods()) -> Result<ResolvedItem, ResolveError> {
        resolve(item, user: user, depth: 0)
    }

    /// Resolves an item as a given table food, with the item's amount (for `edit`, and for an
    /// item picked from a list): as a remembered pick is, the portion a bare count means found
    /// by `words` (those the food was named by; its name's head when nil).
    public func resolve(_ item: LogItem, food: Food, words: [String]? = nil) -> Result<ResolvedItem, ResolveError> {
        guard let index = index.table.index(code: food.code) else {
            return .failure(ResolveError(.unknownFood(food.name, suggestions: []), item.range))
        }
        let match = FoodIndex.Match.chosen(index)
        return weighed(item, food: food, match: match, words: words ?? FoodWords.keyWords(food.head))
    }

    /// How deep aliases and recipes may nest (a recipe of recipes of an alias…).
    static let maxDepth = 4

    /// Resolves one item and accounts for its words: which the food was found by, which it let
    /// go. A word let go that says which food ("walked" of "walked the dog") leaves the food in
    /// doubt: the item asks, with the food found to pick, rather than log it (a pick of the
    /// words, or the person's own name for them, is taken as said).
    func resolve(_ item: LogItem, user: UserFoods, depth: Int) -> Result<ResolvedItem, ResolveError> {
        // "five guys burger": a number word that opens a name is no count, and a word of the name.
        let item = withNumberInName(item, user: user) ?? item
        let result = read(item, user: user, depth: depth)
        guard case .success(var value) = result, let phrase = item.food else { return result }
        guard item.kcal == nil else {
            (value.matched, value.skipped) = (phrase.words, [])
            return .success(value)
        }
        value = Resolver.accounted(value, for: item)
        // "takeaway pizza": a shop's comes whole.
        if value.skipped.contains(where: { Resolver.shopWords.contains($0.lowercased()) }),
            let whole = servedWhole(item, as: value, user: user, depth: depth)
                ?? servedAsTakeaway(item, as: value, user: user, depth: depth)
        {
            value = Resolver.accounted(whole, for: item)
        }
        // "crushed peanuts", "torn mozzarella": a nut or a cheese the cook cut, said with no
        // amount, is a topping's amount of it, never one whole unit (a peanut, a slice).
        if let topped = toppingAmount(item, value) {
            value = topped
        }
        let measured = Resolver.isMeasured(item)
        value.skippedRoles = value.skipped.map { Resolver.role(of: $0, measured: measured, knows: index.knows) }
        let picked = user.choices[FoodWords.normalized(phrase.text)] != nil
        guard !picked, user.named(phrase.text) == nil, let code = value.code else { return .success(value) }
        let candidates = [ResolveError.Candidate(name: value.food, code: code)]
        if let word = leftOverWord(value, item: item) {
            return .failure(ResolveError(.leftOver(phrase.text, word: word, candidates: candidates), phrase.range))
        }
        // "baby corn", "6 baby potatoes": a smaller kind said and let go, the food found of the
        // usual size, is no portion of what was eaten (an ear of corn is no baby corn).
        if item.unit == nil,
            let small = value.skipped.first(where: { word in
                // A size of the food: said right before a word of it ("my baby a fl oz of
                // formula" is a child).
                guard Resolver.smallKinds.contains(word.lowercased()),
                    let position = phrase.words.firstIndex(of: word), position + 1 < phrase.words.count
                else { return false }
                return value.matched.contains(phrase.words[position + 1])
            }),
            !FoodWords.words(value.food.lowercased() + " " + value.amount.lowercased()).contains(where: {
                Resolver.smallKinds.contains($0)
            })
        {
            return .failure(ResolveError(.leftOver(phrase.text, word: small, candidates: candidates), phrase.range))
        }
        if value.isFoundByAddition || namesBabyFoodUnsaid(code: code, words: phrase.words) {
            return .failure(ResolveError(.ambiguous(phrase.text, candidates: candidates), phrase.range))
        }
        // "plate", "a big slice": words that are all measures, sizes or fillers, with no unit
        // before them, say how much of a food, not which; a food found by them is a guess,
        // unless they are its name ("½ tsp ground cloves" is the spice).
        if item.unit == nil && !value.isFoundExactly && !value.isFoundByWhatItIs
            && Resolver.namesOnlyAnAmount(phrase.words, measured: measured)
            || Resolver.namesOnlyVaguely(phrase.words, measured: measured)
        {
            return .failure(ResolveError(.ambiguous(phrase.text, candidates: candidates), phrase.range))
        }
        return .success(value)
    }

    func read(_ item: LogItem, user: UserFoods, depth: Int) -> Result<ResolvedItem, ResolveError> {
        // "finely chopped", "to serve", "serves 4": how a food is readied or served names no food
        // (never an elk whose description says "chopped", never soft serve).
        if item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil,
            PreparationWords.namesNoFood(phrase.words)
        {
            return .failure(ResolveError(.onlyPreparation(phrase.text), phrase.range))
        }
        // "taco bell", "dominos": a chain alone asks with its items.
        if let alone = chainAlone(item, user: user) { return .failure(alone) }
        // "a burrito from chipotle": the chain said after the food.
        if let named = withChainAfter(item, user: user) { return resolve(named, user: user, depth: depth) }
        // "costa latte", "a greggs sausage roll": the chain it came from names no food.
        if let plain = withoutChain(item, user: user),
            case .success(let value) = resolve(plain, user: user, depth: depth)
        {
            return .success(servedWhole(plain, as: value, user: user, depth: depth) ?? value)
        }
        let item = countedInPortions(item, user: user) ?? item
        var asEaten: Result<ResolvedItem, ResolveError>?
        if let raw = rawIngredient(item, user: user, depth: depth, asEaten: &asEaten) { return .success(raw) }
        var result = asEaten ?? resolvePlainly(item, user: user, depth: depth)
        // "lite yoghurt": a word found only by letting another go is read in USDA's spelling
        // first. "light yogurt" asks which light yogurt; a plain yogurt found by forgetting
        // "lite" would log a wrong one.
        if case .success(let value) = result,
            value.skipped.contains(where: { !FoodWords.stopWords.contains($0.lowercased()) }),
            let respelled = respelledReading(item, user: user, depth: depth, against: value)
        {
            result = respelled
        }
        // "pinch of pepper", "2 pinches dried mint": a spice's measure holds a spice.
        if let spice = resolveAsSpice(item, user: user, depth: depth, found: result) { return .success(spice) }
        // "courgette", "beef mince", "4 cod fillets": in USDA's words, when the words as typed find nothing.
        guard case .failure(let error) = result, item.kcal == nil, let phrase = item.food,
            user.named(phrase.text) == nil
        else { return result }
        if let reworded = Resolver.reworded(item),
            case .success(let value) = resolvePlainly(reworded, user: user, depth: depth)
        {
            return .success(Resolver.accounted(value, for: item, translated: true))
        }
        // "subway footlong": a unit said after a name.
        if case .unknownFood = error.kind, let counted = withUnitAfterName(item, user: user),
            case .success(let value) = resolvePlainly(counted, user: user, depth: depth)
        {
            return .success(value)
        }
        // "side salad no dressing": an everyday name followed by words its food's name says.
        if Resolver.isAmbiguousOrUnknown(error.kind), let named = everydayAndItsWords(phrase) {
            var simpler = item
            simpler.food = named
            if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth) { return .success(value) }
        }
        // "french fries from fast food", "horchata from restaurant": where it came from, when
        // no food of the table says it.
        if case .unknownFood = error.kind, let plain = Resolver.withoutSource(phrase) {
            var simpler = item
            simpler.food = plain
            if case .success(let value) = resolve(simpler, user: user, depth: depth) { return .success(value) }
        }
        // "thanksgiving turkey", "office donut": words before the food that say when, where or
        // why it was eaten, not what it is.
        if case .unknownFood = error.kind, let plain = withoutOccasion(phrase) {
            var simpler = item
            simpler.food = plain
            if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth) {
                // "takeaway pizza": a shop's comes whole.
                let fromAShop = phrase.words.contains { Resolver.shopWords.contains($0.lowercased()) }
                let served =
                    fromAShop
                    ? servedWhole(simpler, as: value, user: user, depth: depth)
                        ?? servedAsTakeaway(simpler, as: value, user: user, depth: depth) : nil
                return .success(served ?? value)
            }
        }
        // "3 tbsp toasted sesame seeds", "1 medium zucchini": a unit the food found has no
        // portion of, tried on the plainer words, then on the raw food of that name.
        if case .unitDoesNotApply = error.kind, let value = weighableIngredient(item, user: user, depth: depth) {
            return .success(value)
        }
        // "12 sage leaves", "Ratte potatoes": a part word, a variety or a place the table does not know.
        if Resolver.isAmbiguousOrUnknown(error.kind), let value = resolveIngredientName(item, user: user, depth: depth)
        {
            return .success(value)
        }
        // "tandoori chicken pizza": a topping or a flavour before a dish is the dish's kind.
        if Resolver.isAmbiguousOrUnknown(error.kind), let value = dishOfVariety(item, user: user, depth: depth) {
            return .success(value)
        }
        // "taco bell mexican pizza": a chain's item the table lacks asks with the chain's items.
        if let ask = chainItemUnknown(item, error: error) { return .failure(ask) }
        return result
    }

    func resolvePlainly(_ item: LogItem, user: UserFoods, depth: Int) -> Result<ResolvedItem, ResolveError> {
        let asTyped = resolveAsTyped(item, user: user, depth: depth)
        // "1 cup chopped onion", "freshly grated parmesan", "2 ripe bananas": words that say how
        // a food was prepared or how good it is, when the food is found without them.
        guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil,
            let plain = Resolver.withoutDescriptors(phrase)
        else { return asTyped }
        var simpler = item
        simpler.food = plain
        switch asTyped {
        case .failure(let error):
            // Foods that all are what the descriptor says ("canned kidney beans": three canned
            // ones) are the question to ask, not a reason to forget the word.
            let removed = phrase.words.filter { !plain.words.contains($0) }
            if case .ambiguous(_, let candidates) = error.kind,
                candidates.allSatisfy({ candidate in
                    let name = FoodWords.words(candidate.name.lowercased())
                    return removed.allSatisfy { word in name.contains { $0.hasPrefix(word) } }
                })
            {
                return asTyped
            }
            if case .success(let value) = resolveAsTyped(simpler, user: user, depth: depth) { return .success(value) }
            return asTyped
        case .success:
            // Only the cook's cutting was said, and the plain words are an everyday name: "chopped
            // onion" is an onion, not the frozen chopped one ("canned tomatoes" stay canned).
            guard phrase.words.allSatisfy({ plain.words.contains($0) || Resolver.cuts.contains($0) }),
                index.lookup(plain.text, limit: 1).matches.first?.isEveryday == true,
                case .success(let value) = resolveAsTyped(simpler, user: user, depth: depth)
            else { return asTyped }
            return .success(value)
        }
    }

    private func resolveAsTyped(_ item: LogItem, user: UserFoods, depth: Int) -> Result<ResolvedItem, ResolveError> {
        if let after = item.unitAsFood, let phrase = item.food, user.named(phrase.text) == nil {
            return .failure(
                ResolveError(
                    .misread(.missing(.food, after: after)), SourceRange(phrase.range.end, phrase.range.end + 1))
            )
        }
        if item.kcal == nil, let phrase = item.food, let named = user.named(phrase.text) {
            guard depth < Resolver.maxDepth else {
                return .failure(ResolveError(.tooDeep(named.name), phrase.range))
            }
            return resolve(item, as: named, user: user, depth: depth).map { value in
                var value = value
                (value.matched, value.skipped) = (phrase.words, [])
                return value
            }
        }
        var item = item
        // "2 strip steak", "2 pound cake": a unit word that, with the words after it, is a food's name
        // in its own order ("1/3 cup peanut butter" is no peanut butter cup).
        // Only a unit word the table itself uses can start a name: "tbsp" never does, and looking
        // it up would cost a typo search of the whole vocabulary on every line.
        if let word = item.unitWord, let food = item.food, item.kcal == nil,
            word.split(separator: " ").allSatisfy({ index.knows(word: String($0)) }),
            index.lookup(word + " " + food.text, limit: 1, lettingGo: false).matches.first?.isInOrder == true
        {
            item.food = FoodPhrase(
                words: [word] + food.words, text: word + " " + food.text, range: item.range.union(food.range))
            item.unit = nil
            item.unitWord = nil
        }
        // "1 cupz oatmeal": a count, then a word the table does not know that is one edit from a unit.
        if item.count != nil, !item.countInWords, item.unit == nil, let food = item.food, food.words.count > 1,
            let first = food.words.first, !index.knows(word: first),
            let suggestion = Parser.unitSuggestion(for: first)
        {
            let length = first.unicodeScalars.count
            return .failure(
                ResolveError(
                    .misread(.unknownUnit(first, suggestion: suggestion)),
                    SourceRange(food.range.start, food.range.start + length)))
        }
        let count = item.count ?? 1
        if let kcal = item.kcal {
            let name = item.food.map { $0.text.prefix(1).uppercased() + $0.text.dropFirst() } ?? "Quick add"
            var amount = ""
            if let unit = item.unit {
                amount = Format.number(count) + " " + unit.name(for: count)
            } else if item.count != nil {
                amount = "× " + Format.number(count)
            }
            return .success(
                ResolvedItem(
                    food: name, code: nil, quantity: count, unit: item.unit?.name ?? "", amount: amount,
                    grams: nil, kcal: kcal, protein: nil, carbs: nil, fat: nil, range: item.range))
        }
        guard let phrase = item.food else {
            return .failure(ResolveError(.unknownFood("", suggestions: []), item.range))
        }
        let chosen = user.choices[FoodWords.normalized(phrase.text)].flatMap { code in
            index.table.index(code: code).map {
                FoodIndex.Match.chosen($0)
            }
        }
        let lookup =
            chosen.map { FoodIndex.Lookup(matches: [$0], corrections: []) } ?? index.lookup(phrase.text, limit: 6)
        var matches = lookup.matches
        // Foods that fit the words alike, one of them plainer than the rest: that one.
        if chosen == nil, let plain = plainest(matches, typed: phrase.words) { matches = [plain] }
        if let ambiguity = ambiguity(matches) {
            // "1 red cabbage", "2 lb lamb shoulder, trimmed": an ingredient with its amount, raw
            // or cooked not said, is the raw one a recipe buys.
            guard chosen == nil, let raw = rawIngredient(among: matches, item: item, typed: phrase.words) else {
                return .failure(ResolveError(.ambiguous(phrase.text, candidates: ambiguity), phrase.range))
            }
            matches = [raw]
        }
        guard let match = matches.first else {
            let suggestions = index.suggestions(phrase.text).map(\.name)
            return .failure(ResolveError(.unknownFood(phrase.text, suggestions: suggestions), phrase.range))
        }
        // The words as read ("garlc" as garlic) name the portion: "2 garlc" is 2 cloves.
        var words = phrase.words
        for correction in lookup.corrections {
            words = words.map { FoodWords.singular($0.lowercased()) == correction.typed ? correction.read : $0 }
        }
        var result = weighed(item, food: index.table.food(at: match.index), match: match, words: words)
        // "half a block of tofu": when the food found has no such portion, another that fits the
        // words as well and has one (the tofu USDA weighs by the block).
        if case .failure(let error) = result, case .unitDoesNotApply = error.kind, chosen == nil,
            let other = weighable(item, among: lookup.matches, besides: match, typed: phrase.words)
        {
            result = .success(other)
        }
        return result.map { resolved in
            var resolved = Resolver.accounted(resolved, phrase: phrase, letGo: lookup.letGo)
            resolved.corrections = lookup.corrections
            resolved.isFoundExactly = chosen != nil || match.isEveryday || match.isExact
            resolved.isFoundByWhatItIs = match.isStrong && match.agreement == .noun
            if chosen == nil, !match.isEveryday, !match.isStrong || match.agreement == .kind,
                Resolver.namesOnlyAnAddition(words, of: index.table.food(at: match.index).name)
            {
                resolved.isFoundByAddition = true
            }
            return resolved
        }
    }

    /// The first of the other strong matches that holds every word said and can be weighed in
    /// the item's unit.
    private func weighable(
        _ item: LogItem, among matches: [FoodIndex.Match], besides best: FoodIndex.Match, typed: [String]
    )
        -> ResolvedItem?
    {
        let key = FoodWords.keyWords(typed.joined(separator: " ")).map(FoodWords.singular)
        for match in matches where match.index != best.index && match.isStrong && !match.isWeak {
            let food = index.table.food(at: match.index)
            // A whole one only of a food USDA weighs whole: "a whole chicken" is no giblets.
            if item.unit?.name == "entire", wholePortion(food, words: typed) == nil { continue }
            let name = Set(FoodWords.words(food.name))
            guard key.allSatisfy(name.contains) else { continue }
            if case .success(let value) = weighed(item, food: food, match: match, words: typed) { return value }
        }
        return nil
    }
}
