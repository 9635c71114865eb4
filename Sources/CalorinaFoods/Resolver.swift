import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
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

    private func resolve(items: [LogItem], user: UserFoods, depth: Int) -> Result<[ResolvedItem], ResolveFailure> {
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

    /// Rejoins items split at "and" or "with" when the joined words name one food better
    /// ("mac and cheese", "fish and chips"): the second item must be a bare food, and the joined
    /// words must be what a food is called, not merely words its description mentions.
    func mergingNames(_ items: [LogItem], user: UserFoods = UserFoods()) -> [LogItem] {
        var result: [LogItem] = []
        for item in items {
            // "1 onion, diced", "butter, melted", "salt, to taste": words after a comma that only
            // say how the food before them is belong to it, in its name when that names a food
            // ("chicken, fried"), else saying nothing of its calories.
            if item.joiner == .punctuation, item.isBareFood, let second = item.food,
                !second.words.contains(where: { FoodWords.isContentWord(FoodWords.singular($0)) }),
                let previous = result.last, let first = previous.food, previous.kcal == nil,
                user.named(second.text) == nil
            {
                var merged = previous
                let text = first.text + " " + second.text
                if index.lookup(text, limit: 1, lettingGo: false).matches.first?.isStrong == true {
                    merged.food = FoodPhrase(
                        words: first.words + second.words, text: text, range: first.range.union(second.range))
                }
                merged.range = previous.range.union(item.range)
                result[result.count - 1] = merged
                continue
            }
            if let previous = result.last, let first = previous.food, let second = item.food,
                previous.kcal == nil, item.isBareFood, item.joiner == .and || item.joiner == .with
            {
                let joinWord = item.joiner == .and ? "and" : "with"
                let text = first.text + " " + joinWord + " " + second.text
                // Then in USDA's words, when the words as typed are no name ("whisky and coke").
                func rewordedNamesOneFood() -> Bool {
                    var probe = item
                    probe.food = FoodPhrase(
                        words: first.words + [joinWord] + second.words, text: text, range: item.range)
                    guard let reworded = Resolver.reworded(probe)?.food?.text else { return false }
                    return namesOneFood(reworded, first: first.words, second: second.words, joinedBy: item.joiner)
                }
                if user.named(text) != nil
                    || namesOneFood(text, first: first.words, second: second.words, joinedBy: item.joiner)
                    || rewordedNamesOneFood()
                {
                    var merged = previous
                    merged.food = FoodPhrase(
                        words: first.words + [joinWord] + second.words, text: text,
                        range: first.range.union(second.range))
                    merged.range = previous.range.union(item.range)
                    result[result.count - 1] = merged
                    continue
                }
            }
            // "BLT on wheat", "turkey sandwich on rye": the bread a sandwich is on says which
            // sandwich, in USDA's own words when it has that one ("Turkey sandwich on wheat"),
            // else the sandwich as named; it is no second food.
            // "on a slice of white bread", "on two slices of rye" say the same of the sandwich.
            let slices = item.unit.map { ["slice", "piece"].contains($0.name) } ?? false
            if let previous = result.last, let first = previous.food, let second = item.food,
                previous.kcal == nil, item.kcal == nil, item.unit == nil || slices, item.count ?? 1 <= 2,
                item.joiner == .with,
                second.words.allSatisfy({ Resolver.breadWords.contains($0.lowercased()) }), namesSandwich(first.text)
            {
                var merged = previous
                let text = first.text + " on " + second.text
                if let match = index.lookup(text, limit: 1, lettingGo: false).matches.first, match.isStrong,
                    Set(FoodWords.keyWords(text)).isSubset(of: FoodWords.keyWords(index.table.foods[match.index].name))
                {
                    merged.food = FoodPhrase(
                        words: first.words + ["on"] + second.words, text: text, range: first.range.union(second.range))
                }
                merged.range = previous.range.union(item.range)
                result[result.count - 1] = merged
                continue
            }
            result.append(item)
        }
        return result
    }

    /// Words that name the bread a sandwich is on ("on wheat", "on whole wheat", "on a bagel").
    static let breadWords: Set<String> = [
        "wheat", "whole", "white", "rye", "sourdough", "multigrain", "grain", "wholemeal", "brown", "granary",
        "ciabatta", "bagel", "croissant", "bun", "roll", "biscuit", "toast", "toasted", "bread", "pita", "a",
        "english", "muffin", "french", "italian", "pumpernickel", "focaccia", "baguette", "kaiser",
    ]

    /// True when the words name a sandwich: its food's name, before any bread it is on, says
    /// sandwich, sub, wrap or burger.
    func namesSandwich(_ text: String) -> Bool {
        let kinds: Set<String> = ["sandwich", "sub", "wrap", "burger", "hamburger", "cheeseburger", "hoagie"]
        // "an egg and cheese sandwich": said so, whatever the table calls it.
        if let last = FoodWords.words(text.lowercased()).last, kinds.contains(FoodWords.singular(last)) { return true }
        guard let match = index.lookup(text, limit: 1, lettingGo: false).matches.first, match.isStrong else {
            return false
        }
        let name = FoodWords.words(String(index.table.foods[match.index].name.split(separator: " on ")[0]))
        return name.contains(where: kinds.contains)
    }

    /// True when joined words ("mac and cheese", "coffee with milk") are what one food is called:
    /// an everyday name, or a food whose name holds every word and whose head is what was named
    /// ("Tea, bubble" is no tea with milk; "Milk 'n Cereal bar" is a bar, not cereal with milk).
    /// An everyday name or a synonym counts only for "and" ("peanut butter and jelly"): with
    /// "with", the food's own name must say it, for the second food is otherwise added to the
    /// first ("tea with milk" is no "milk tea").
    func namesOneFood(_ text: String, first: [String], second: [String] = [], joinedBy joiner: LogItem.Joiner) -> Bool {
        // A weak match will do for "and" when the food's name holds every word and joins two
        // foods ("Egg sandwich on biscuit, with bacon and cheese"): checked below.
        let found = index.lookup(text, limit: 2, lettingGo: false).matches
        guard let match = found.first, match.isStrong || joiner == .and else { return false }
        // Weak and not clearly the one ("mashed potatoes and gravy": five potatoes with gravy):
        // the two foods.
        if !match.isStrong, found.count > 1, found[1].score > match.score - Resolver.ambiguityMargin { return false }
        if joiner == .and, match.isEveryday { return true }
        let food = index.table.foods[match.index]
        // Two foods joined are one only when the food's own name joins them too: "Beef and
        // broccoli", "Macaroni or noodles with cheese". "Crackers, cheese" is cheese crackers,
        // not cheese and crackers.
        if joiner == .and, !Resolver.namesAJoin(food.name) { return false }
        // An everyday name said with its own "with" ("spaghetti with meat sauce") is that dish.
        if joiner == .with, match.isEveryday,
            index.table.everyday(named: FoodWords.normalized(text))?.alias.contains(" with ") == true
        {
            return true
        }
        let typed = Set(FoodWords.keyWords(text).map(FoodWords.singular))
        let named = Set(FoodWords.keyWords(food.name).map(FoodWords.singular))
        guard typed.isSubset(of: named) else { return false }
        // What the food is must be what was named first: "pancakes with syrup" is no "Pancake syrup",
        // "wine and cheese" no "Cheese, with wine", though it is that food's name word for word.
        // The head's nouns, before any "with" in it ("Quarter Pounder with cheese" is a pounder).
        // Or, after "and", what the words after it end in, when they are more than a food
        // ("bacon, egg and cheese sandwich" is a sandwich; "salt and pepper" stays two).
        let nouns = FoodWords.phraseNouns(food.head).map(FoodWords.singular)
        var said = Set(first.map { FoodWords.singular($0.lowercased()) })
        if joiner == .and, second.count > 1, let last = second.last {
            said.insert(FoodWords.singular(last.lowercased()))
        }
        return nouns.contains(where: said.contains)
    }

    /// True when a food's name joins two foods: "and", "with", "&" or "n" between words.
    static func namesAJoin(_ name: String) -> Bool {
        FoodWords.words(name).contains { $0 == "and" || $0 == "with" || $0 == "n" || $0 == "&" }
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
        let match = FoodIndex.Match(index: index, score: 2000, isStrong: true, isExact: true, isEveryday: false)
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

    /// The item read in USDA's spellings (`respelled`), when that reading lets go fewer words
    /// than `value` did, or asks: nil when there is nothing to respell or it does no better.
    func respelledReading(_ item: LogItem, user: UserFoods, depth: Int, against value: ResolvedItem) -> Result<
        ResolvedItem, ResolveError
    >? {
        guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil,
            let respelled = Resolver.respelled(item)
        else { return nil }
        switch resolvePlainly(respelled, user: user, depth: depth) {
        case .success(let found):
            let read = Resolver.accounted(found, for: item, translated: true)
            return read.skipped.count < value.skipped.count ? .success(read) : nil
        case .failure(let error):
            guard case .ambiguous = error.kind else { return nil }
            return .failure(ResolveError(error.kind, phrase.range))
        }
    }

    /// The longest everyday name the words start with, when every word after it is in the
    /// name of that name's food ("side salad" + "no dressing": "Lettuce, salad …, no dressing").
    /// Or the longest it ends with, the words before it in the name ("thin crust" + "margherita
    /// pizza": "Pizza, cheese, …, thin crust").
    func everydayAndItsWords(_ phrase: FoodPhrase) -> FoodPhrase? {
        let words = phrase.words
        guard words.count > 1 else { return nil }
        for length in stride(from: words.count - 1, through: 1, by: -1) {
            for named in [Array(words[..<length]), Array(words[(words.count - length)...])] {
                let text = named.joined(separator: " ")
                guard let everyday = index.table.everyday(named: FoodWords.normalized(text)),
                    let position = index.table.index(code: everyday.code)
                else { continue }
                let name = Set(FoodWords.keyWords(index.table.foods[position].name).map(FoodWords.singular))
                let others = named.first == words.first ? words[length...] : words[..<(words.count - length)]
                let rest = FoodWords.keyWords(others.joined(separator: " ")).map(FoodWords.singular)
                if !rest.isEmpty, rest.allSatisfy(name.contains) {
                    return FoodPhrase(words: named, text: text, range: phrase.range)
                }
            }
        }
        return nil
    }

    static func isAmbiguousOrUnknown(_ kind: ResolveError.Kind) -> Bool {
        switch kind {
        case .ambiguous, .unknownFood: true
        default: false
        }
    }

    /// Words for USDA's miniature portions ("1 miniature", "1 mini/small").
    static let miniWords: Set<String> = ["mini", "miniature"]

    /// "3 egg omelette": a count before a word the rest's food is weighed by ("1 egg" of an
    /// omelet) counts those portions, when the words together are no everyday name or exact
    /// name ("2 egg rolls" stay egg rolls). "mini muffins x3": USDA's miniature muffin.
    func countedInPortions(_ item: LogItem, user: UserFoods) -> LogItem? {
        guard item.unit == nil, item.kcal == nil, let phrase = item.food, phrase.words.count >= 2,
            user.named(phrase.text) == nil
        else { return nil }
        let word = FoodWords.singular(phrase.words[0].lowercased())
        let isMini = Resolver.miniWords.contains(word)
        guard item.count != nil || isMini else { return nil }
        guard isMini || (Unit.named(word) == nil && FoodWords.isContentWord(word)) else { return nil }
        if let whole = index.lookup(phrase.text, limit: 1, lettingGo: false).matches.first,
            whole.isEveryday || whole.isExact
        {
            return nil
        }
        let rest = Array(phrase.words.dropFirst())
        let restText = rest.joined(separator: " ")
        guard let match = index.lookup(restText, limit: 1, lettingGo: false).matches.first, match.isStrong,
            let portion = index.table.foods[match.index].portions.first(where: {
                isMini
                    ? $0.description.hasPrefix("1 mini")
                    : $0.description == "1 " + word || $0.description.hasPrefix("1 \(word),")
            })
        else { return nil }
        var counted = item
        counted.food = FoodPhrase(words: rest, text: restText, range: phrase.range)
        let unit = isMini ? FoodWords.words(Resolver.label(portion)).first ?? word : word
        counted.unit = Unit(unit, .portion)
        counted.unitWord = unit
        return counted
    }

    /// Words that say when, where or why a food was eaten, not what it is: a feast, a day, a
    /// place, a time ("thanksgiving turkey", "office donut", "leftover chili"). Nonsense is no
    /// such word: "zzqxv pie" stays unknown.
    static let occasionWords: Set<String> = [
        "thanksgiving", "christmas", "xmas", "easter", "holiday", "birthday", "wedding", "weekend", "sunday",
        "saturday", "friday", "party", "office", "work", "gym", "leftover", "leftovers", "takeaway", "takeout",
        "midnight", "usual", "daily", "morning", "afternoon", "evening", "late-night", "post-workout",
        "pre-workout", "movie", "cinema", "airport", "canteen", "cafeteria", "school", "street", "pub", "chippy",
    ]

    /// The words without the leading or trailing ones that say only the occasion, when the rest names a food
    /// strongly; nil otherwise.
    func withoutOccasion(_ phrase: FoodPhrase) -> FoodPhrase? {
        // Before the food ("office donut"), or after it, where a place said as one is kept
        // ("chips from the chippy": "chips chippy").
        let occasion = phrase.words.prefix { Resolver.occasionWords.contains($0.lowercased()) }
        let after = phrase.words.reversed().prefix { Resolver.occasionWords.contains($0.lowercased()) }
        guard !occasion.isEmpty || !after.isEmpty, occasion.count + after.count <= 2,
            occasion.count + after.count < phrase.words.count
        else { return nil }
        let kept = Array(phrase.words.dropFirst(occasion.count).dropLast(after.count))
        let text = kept.joined(separator: " ")
        let found = index.lookup(text, limit: 1, lettingGo: false)
        guard kept.contains(where: { FoodWords.isContentWord(FoodWords.singular($0)) }),
            let match = found.matches.first, match.isStrong, !match.isWeak, found.corrections.isEmpty
        else { return nil }
        return FoodPhrase(words: kept, text: text, range: phrase.range)
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
                ResolveError(.missingFood(after: after), SourceRange(phrase.range.end, phrase.range.end + 1)))
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
                    .unknownUnit(first, suggestion: suggestion),
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
                FoodIndex.Match(index: $0, score: 2000, isStrong: true, isExact: true, isEveryday: false)
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

    /// Weighs an item as a found food.
    func weighed(_ item: LogItem, food: Food, match: FoodIndex.Match, words: [String]) -> Result<
        ResolvedItem, ResolveError
    > {
        // Weighing looks at the portions several times: split them once.
        let food = food.withPortionsParsed()
        var count = item.count ?? 1
        var weighing: Weighing
        switch weigh(food, unit: item.unit, words: words, match: match, counted: item.count != nil, count: count) {
        case .success(let value): weighing = value
        case .failure(let kind): return .failure(ResolveError(kind, item.range))
        }
        // "a dollop of brown sauce": a condiment USDA serves by the tablespoon or less is
        // dolloped by the tablespoon, not by a dollop of cream's two.
        if item.unit?.name == "dollop", let serving = food.defaultPortion,
            let spoon = food.portions.first(where: { $0.description == "1 tablespoon" }), serving.grams <= spoon.grams
        {
            weighing = Weighing(gramsPerUnit: spoon.grams, label: "dollop", isPortion: true)
        }
        // "a whole cake", "a whole chicken": one whole one or more, which the table weighs only
        // by the piece, the slice or the serving, is a portion that does not fit; the line asks
        // for a weight. Half of one is half of that one ("half a sushi").
        if item.unit?.name == "entire", count >= 1, Resolver.namesAPart(weighing.label) {
            return .failure(
                ResolveError(
                    .unitDoesNotApply(unit: "whole", food: food.name, portions: food.portions.map(\.description)),
                    item.range))
        }
        // "a pizza", "a pizza margherita": one said with an article, of a food USDA counts by
        // the slice and weighs whole in sizes (a small, a medium, a large pizza), is one whole
        // one, the usual size: it is ordered whole. A number ("2 pizza") still counts slices.
        var wholeNote: String?
        if item.count == 1, item.countInWords, item.unit == nil, Resolver.namesAPart(weighing.label),
            !words.contains(where: { Resolver.partOfAWhole.contains(FoodWords.singular($0.lowercased())) }),
            Resolver.isOrderedWhole(food),
            let whole = wholePortion(food, words: Array(FoodWords.keyWords(food.head).suffix(1)))
        {
            weighing = Weighing(gramsPerUnit: whole.grams, label: Resolver.label(whole), isPortion: true)
            wholeNote = "a whole one"
        }
        // "grapes", "almonds": a plural without a count is a serving, not one. So is a food
        // named without any amount whose unit is a small part of what USDA found people eat of
        // it ("sushi": a piece of 30 g against 180; "asparagus": a spear): a serving, not one.
        let plural = Resolver.isPlural(words)
        if item.count == nil, item.unit == nil, let serving = food.defaultPortion,
            serving.grams > weighing.gramsPerUnit * (plural ? 1 : Resolver.servingToPieceRatio)
        {
            weighing = Weighing(gramsPerUnit: serving.grams, label: "serving", isPortion: true)
        } else if item.count == nil, item.unit == nil, plural, weighing.label != "serving",
            !match.isEveryday || Resolver.portionNamesThing(weighing.label, words: words)
        {
            // "chicken fajitas", "eggs": said in the plural, at least two of them. An everyday
            // name whose portion is no one of the thing named says itself what it means:
            // "fries" an order, "nachos" a plate.
            count = 2
        }
        // "roast beef", "pork tenderloin": a cut of meat named alone is at least a serving of
        // cooked meat, 3 oz (USDA's default is one 60 g slice). A default under 50 g is a snack
        // or a part, not a cut (pork rinds 30 g, bones 45 g).
        if item.count == nil, item.unit == nil, weighing.label == "serving", Resolver.isMeatCut(food),
            weighing.gramsPerUnit >= 50, weighing.gramsPerUnit < Resolver.meatServingGrams
        {
            weighing = Weighing(gramsPerUnit: Resolver.meatServingGrams, label: "serving", isPortion: true)
        }
        // "1 red onion", "2 eggplants": a count of a fruit or vegetable USDA serves by the
        // spoonful when unsaid (15 g of onion) is of whole ones.
        if item.count != nil, item.unit == nil, weighing.label == "serving", Resolver.isProduce(food),
            let whole = food.portions.first(where: { $0.description == "1 whole" }), whole.grams > weighing.gramsPerUnit
        {
            weighing = Weighing(gramsPerUnit: whole.grams, label: "whole", isPortion: true)
        }
        let grams = weighing.gramsPerUnit * count
        let kcal = grams * food.kcalPer100g / 100
        if grams > Parser.maxCount || kcal > Parser.maxKcal {
            return .failure(ResolveError(.tooLarge(grams: grams, kcal: kcal), item.range))
        }
        let amount = Resolver.amountText(
            count: count, label: weighing.label, gramsPerUnit: weighing.gramsPerUnit, isPortion: weighing.isPortion)
        // A served portion says what it is: "a served bowl: 3 cups (735 g)".
        let served = weighing.label == "serving" ? nil : servedWeighing(food, match: match)
        let note =
            wholeNote ?? partNote(food, weighing: weighing)
            ?? served.flatMap { served in
                weighing.label == Resolver.label(served.portion) || Unit.sizeWords.contains(weighing.label)
                    ? served.note : nil
            }
        return .success(
            ResolvedItem(
                food: food.name, code: food.code, quantity: count, unit: weighing.label, amount: amount,
                grams: Format.rounded(grams, places: 1), kcal: Format.rounded(kcal, places: 1),
                protein: Format.rounded(grams * food.proteinPer100g / 100, places: 1),
                carbs: Format.rounded(grams * food.carbsPer100g / 100, places: 1),
                fat: Format.rounded(grams * food.fatPer100g / 100, places: 1),
                nutrients: Resolver.nutrients(food.nutrientsPer100g, grams: grams), range: item.range, note: note))
    }

    /// A food's fibre, sugars, saturated fat and sodium in `grams` of it, to a tenth as the
    /// macros are; what the table does not know stays unknown.
    public static func nutrients(_ per100g: Nutrients, grams: Double) -> Nutrients {
        per100g.scaled(by: grams / 100).rounded(places: 1)
    }

    /// True when a portion is one of the thing the last word names: "egg" for "eggs",
    /// "wing, any size" for "wings"; not "order" for "fries".
    static func portionNamesThing(_ label: String, words: [String]) -> Bool {
        guard let last = words.last else { return false }
        let thing = FoodWords.singular(last.lowercased())
        return FoodWords.words(label).contains(thing)
    }

    /// How many of a food's units USDA's default portion must hold for a food named without an
    /// amount to mean the default portion: more than three (a cookie is one cookie, though
    /// USDA's default is two).
    static let servingToPieceRatio = 3.0

    /// How close in score two foods must be for the words to be ambiguous.
    static let ambiguityMargin = 1.0

    /// The foods the words could mean, when the best is no everyday name or remembered choice and
    /// - others score within the margin (the same food in both USDA tables counts once);
    /// - the best is a weak match: only a modifier, or a word other than the head, is what it is
    ///   ("cinnamon" for a cinnamon doughnut);
    /// - the words name only a kind, and different foods come in it ("vanilla": gelato, pudding,
    ///   yogurt), where a kind one food comes in ("cheddar": cheese) is that food.
    /// Nil when the best stands out.
    func ambiguity(_ matches: [FoodIndex.Match]) -> [ResolveError.Candidate]? {
        guard let best = matches.first, !best.isEveryday, best.score < 2000 else { return nil }
        let table = index.table
        var offered: [FoodIndex.Match] = []
        var names: [ArraySlice<Int32>] = []
        if best.isWeak {
            offered = Array(matches.prefix(5))
        } else if best.agreement == .kind {
            // One food of each kind of food named: the best, then others that are something else.
            var nouns: [ArraySlice<Int32>] = []
            for match in matches where match.agreement == .kind && offered.count < 5 {
                let entry = table.entry(at: match.index)
                guard !nouns.contains(where: { FoodIndex.intersectionCount($0, entry.nouns) > 0 }) else { continue }
                nouns.append(entry.nouns)
                offered.append(match)
            }
        }
        if offered.count < 2 && !best.isWeak {
            offered = []
            for match in matches.prefix(6) where match.score >= best.score - Resolver.ambiguityMargin {
                let name = table.entry(at: match.index).nameSet
                guard !names.contains(name) else { continue }
                names.append(name)
                offered.append(match)
            }
            // Foods that fit the words alike and differ by little energy ("canned black beans":
            // with or without added fat, reduced sodium) are one answer: the best is taken, and
            // the entry names it. Only a choice that changes the count is a question.
            if offered.count > 1, Resolver.closeInEnergy(offered.map { table.food(at: $0.index).kcalPer100g }) {
                return nil
            }
        }
        guard offered.count > 1 || best.isWeak else { return nil }
        return offered.prefix(5).map { match in
            let food = table.food(at: match.index)
            return ResolveError.Candidate(name: food.name, code: food.code)
        }
    }

    /// Of foods that fit the words alike, the one that adds least to what was said: "frozen
    /// peas" are "Peas, green, frozen, unprepared", not the ones cooked with fat added or the
    /// edible-podded kind; "cheese ravioli" the one with no sauce; "canned pumpkin" the plain
    /// canned one. Several equally plain foods close in energy are the best of them. Nil when
    /// no single food is plainest and the choice changes the count: that is a question.
    func plainest(_ matches: [FoodIndex.Match], typed: [String]) -> FoodIndex.Match? {
        guard let best = matches.first, !best.isEveryday, best.score < 2000, !best.isWeak, best.agreement != .kind
        else { return nil }
        let tied = matches.prefix(6).filter { $0.score >= best.score - Resolver.ambiguityMargin }
        guard tied.count > 1 else { return nil }
        let table = index.table
        // Alike in energy: the best is taken as it is (below, in `ambiguity`).
        if Resolver.closeInEnergy(tied.map { table.food(at: $0.index).kcalPer100g }) { return nil }
        let said = Set(typed.map { FoodWords.singular($0.lowercased()) })
        // Only foods that hold every word said: "square of dark chocolate" found no dark one.
        let key = FoodWords.keyWords(typed.joined(separator: " ")).map(FoodWords.singular)
        let holding = tied.filter { match in
            let name = Set(FoodWords.words(table.food(at: match.index).name))
            return key.allSatisfy(name.contains)
        }
        guard holding.first?.index == best.index, holding.count > 1 else { return nil }
        let scored = holding.map { (match: $0, added: Resolver.unsaid(table.food(at: $0.index).name, said: said)) }
        guard let least = scored.map(\.added).min() else { return nil }
        let plainest = scored.filter { $0.added == least }
        if plainest.count == 1 { return plainest[0].match }
        // Equally plain: the best of them when the choice hardly changes the count.
        guard Resolver.closeInEnergy(plainest.map { table.food(at: $0.match.index).kcalPer100g }) else { return nil }
        return plainest[0].match
    }

    /// Parts of USDA names that only say the food is plain ("no added fat", "without salt",
    /// "drained solids"): they add nothing to what was said.
    static let plainParts: Set<String> = [
        "no added fat", "without salt", "no salt added", "drained solids", "enriched", "unenriched", "from raw",
        "from fresh", "regular", "no sauce", "plain", "nfs", "ns as to form", "solids and liquids", "not fried",
        "without added sugar", "unsweetened", "no dressing", "all-purpose",
    ]

    /// Parts that say something was added or changed, one more thing than was said.
    static let addedParts: Set<String> = [
        "fat added", "ns as to fat type", "with salt", "reduced sodium", "low sodium", "ns as to fat",
        "fat added in cooking", "with added fat", "from pre-cooked", "from frozen",
    ]

    /// Words of a name that are only grammar ("NS as to", "or", "with").
    static let nameFillers: Set<String> = [
        "ns", "as", "to", "nfs", "or", "and", "with", "of", "in", "the", "a", "from",
    ]

    /// How much a food's name says beyond the words typed: one for each part that adds
    /// something, one for each other word not said.
    static func unsaid(_ name: String, said: Set<String>) -> Int {
        var count = 0
        for part in name.lowercased().split(separator: ",") {
            let part = part.trimmingWhitespace()
            if plainParts.contains(part) { continue }
            if addedParts.contains(part) {
                count += 1
                continue
            }
            for word in FoodWords.words(part) {
                let single = FoodWords.singular(word)
                if !said.contains(single), !said.contains(word), !nameFillers.contains(word),
                    !word.contains(where: \.isNumber)
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// How far apart, at most, foods that fit the words alike may be in energy per 100 g for the
    /// best to be taken without asking: the most within 25 % of the least (plus 10 kcal, so that
    /// a broth at 5 and one at 12 are alike).
    static let closeEnergyRatio = 1.25

    /// True when the energies (kcal per 100 g) are all close: the choice hardly changes the day.
    static func closeInEnergy(_ energies: [Double]) -> Bool {
        guard let least = energies.min(), let most = energies.max() else { return true }
        return most <= least * closeEnergyRatio + 10
    }

    // MARK: - The user's foods

    /// A dish of several foods (`composedDish`), resolved as a recipe of its parts is.
    private func resolve(_ item: LogItem, composed dish: ComposedDish, user: UserFoods, depth: Int) -> Result<
        ResolvedItem, ResolveError
    > {
        guard depth < Resolver.maxDepth else { return .failure(ResolveError(.tooDeep(dish.alias), item.range)) }
        return resolve(item, as: .recipe(Recipe(name: dish.name, items: dish.parts)), user: user, depth: depth).map {
            var value = $0
            (value.matched, value.skipped) = (item.food?.words ?? [], [])
            // The name says what is in it; the amount, how many of the dish.
            value.amount =
                Format.number(value.quantity) + " × " + dish.said + (value.grams.map { " (\(Format.grams($0)))" } ?? "")
            return value
        }
    }

    private func resolve(_ item: LogItem, as named: UserFoods.Named, user: UserFoods, depth: Int) -> Result<
        ResolvedItem, ResolveError
    > {
        let count = item.count ?? 1
        switch named {
        case .alias(let alias):
            var target = item
            let range = item.food?.range ?? item.range
            target.food = FoodPhrase(words: FoodWords.keyWords(alias.target), text: alias.target, range: range)
            return resolve(target, user: user, depth: depth + 1)
        case .food(let food):
            return weigh(food, item: item, count: count)
        case .recipe(let recipe):
            if let unit = item.unit, unit.name != "serving", unit.name != "portion" {
                return .failure(
                    ResolveError(
                        .unitDoesNotApply(unit: unit.name, food: recipe.name, portions: ["a count of servings"]),
                        item.range))
            }
            // A pasted recipe's parts are its servings' shares: it is logged by the serving.
            let serves = recipe.lines == nil ? 1 : recipe.serves ?? 1
            var tooDeep = false
            switch parts(of: recipe, user: user, depth: depth, tooDeep: &tooDeep) {
            case nil:
                // Past the nesting limit is said as such: "cannot find" misled (issue 25, F24).
                return .failure(
                    ResolveError(tooDeep ? .tooDeep(recipe.name) : .brokenRecipe(recipe.name), item.range))
            case let parts?:
                func sum(_ value: (ResolvedItem) -> Double?) -> Double? {
                    let values = parts.map(value)
                    guard values.allSatisfy({ $0 != nil }) else { return nil }
                    return Format.rounded(values.reduce(0) { $0 + ($1 ?? 0) } / serves * count, places: 1)
                }
                let kcal = Format.rounded(parts.reduce(0) { $0 + $1.kcal } / serves * count, places: 1)
                let grams = sum(\.grams)
                let what = recipe.serves.map { "1/\(Format.number($0)) of \(recipe.name)" } ?? recipe.items
                let amount = Format.number(count) + " × " + what + (grams.map { " (\(Format.grams($0)))" } ?? "")
                let nutrients = Nutrients { nutrient in nutrient.isMacro ? nil : sum { $0.nutrients[nutrient] } }
                return .success(
                    ResolvedItem(
                        food: recipe.name, code: nil, quantity: count, unit: "serving", amount: amount, grams: grams,
                        kcal: kcal, protein: sum(\.protein), carbs: sum(\.carbs), fat: sum(\.fat), nutrients: nutrients,
                        range: item.range))
            }
        }
    }

    /// A recipe's items as they resolve, for the whole recipe (all its servings); nil when one
    /// no longer does. A pasted recipe's lines each give theirs.
    public func parts(of recipe: Recipe, user: UserFoods) -> [ResolvedItem]? {
        parts(of: recipe, user: user, depth: 0)
    }

    /// Why `parts(of:user:)` gave nil: the recipe nests too deep, or an item is no longer found.
    public func partsProblem(of recipe: Recipe, user: UserFoods) -> ResolveError.Kind {
        var tooDeep = false
        _ = parts(of: recipe, user: user, depth: 0, tooDeep: &tooDeep)
        return tooDeep ? .tooDeep(recipe.name) : .brokenRecipe(recipe.name)
    }

    private func parts(of recipe: Recipe, user: UserFoods, depth: Int) -> [ResolvedItem]? {
        var tooDeep = false
        return parts(of: recipe, user: user, depth: depth, tooDeep: &tooDeep)
    }

    /// The recipe's parts, or nil with `tooDeep` set when that was why.
    private func parts(of recipe: Recipe, user: UserFoods, depth: Int, tooDeep: inout Bool) -> [ResolvedItem]? {
        if let lines = recipe.lines { return resolve(lines: lines, user: user, depth: depth + 1, tooDeep: &tooDeep) }
        guard case .log(let command)? = try? Parser.parse(recipe.items) else { return nil }
        return parts(resolve(items: command.items, user: user, depth: depth + 1), tooDeep: &tooDeep)
    }

    /// The parts resolved, or nil with `tooDeep` set when an item nested too deep.
    private func parts(_ result: Result<[ResolvedItem], ResolveFailure>, tooDeep: inout Bool) -> [ResolvedItem]? {
        switch result {
        case .success(let parts):
            return parts
        case .failure(let failure):
            tooDeep = failure.errors.contains { error in
                if case .tooDeep = error.kind { return true }
                return false
            }
            return nil
        }
    }

    /// Resolves a pasted recipe's lines, each a log line of its own; nil when one fails.
    func resolve(lines: [String], user: UserFoods, depth: Int = 0) -> [ResolvedItem]? {
        var tooDeep = false
        return resolve(lines: lines, user: user, depth: depth, tooDeep: &tooDeep)
    }

    private func resolve(lines: [String], user: UserFoods, depth: Int, tooDeep: inout Bool) -> [ResolvedItem]? {
        var parts: [ResolvedItem] = []
        for line in lines {
            guard case .log(let command)? = try? Parser.parse(line),
                let items = self.parts(resolve(items: command.items, user: user, depth: depth), tooDeep: &tooDeep)
            else { return nil }
            parts += items
        }
        return parts
    }

    /// A user food by count ("2 protein bars"), by its own unit, or by weight when it is defined
    /// per a weight or its portion's weight is known, by volume when it is defined per a volume.
    /// Its macros and nutrients are scaled as its energy is.
    private func weigh(_ food: UserFood, item: LogItem, count: Double) -> Result<ResolvedItem, ResolveError> {
        let definedUnit = Unit.named(food.unit)
        // How many times the amount the food is defined per.
        let share: Double
        var grams: Double?
        var amount: String
        switch (item.unit?.kind, definedUnit?.kind) {
        case (.mass(let perUnit)?, _) where food.gramsPerAmount != nil:
            grams = count * perUnit
            share = count * perUnit / (food.gramsPerAmount ?? 1)
            amount = Format.number(count) + " " + (item.unit?.name(for: count) ?? "")
        case (.volume(let perUnit)?, .volume(let definedPerUnit)?):
            share = count * perUnit / (food.amount * definedPerUnit)
            amount = Format.number(count) + " " + (item.unit?.name(for: count) ?? "")
        case (nil, .mass?):
            return .failure(ResolveError(.needsUnit(food: food.name, definedAs: food.kcalSummary), item.range))
        case (nil, .volume?), (.mass?, .volume?):
            return .failure(ResolveError(.needsVolume(food: food.name, definedAs: food.kcalSummary), item.range))
        case (nil, _):
            share = count / food.amount
            amount = Format.number(count) + " " + (count == 1 ? food.unit : Unit.plural(of: food.unit))
        case (.portion?, _) where item.unit?.name == food.unit || item.unit?.name == "serving":
            share = count / food.amount
            amount = Format.number(count) + " " + (count == 1 ? food.unit : Unit.plural(of: food.unit))
        default:
            return .failure(
                ResolveError(
                    .unitDoesNotApply(unit: item.unit?.name ?? "", food: food.name, portions: [food.kcalSummary]),
                    item.range))
        }
        if grams == nil, definedUnit?.kind == .portion || definedUnit == nil, let portion = food.grams {
            grams = portion * share
        }
        let kcal = share * food.kcal
        if kcal > Parser.maxKcal || (grams ?? 0) > Parser.maxCount {
            return .failure(ResolveError(.tooLarge(grams: grams ?? 0, kcal: kcal), item.range))
        }
        func scaled(_ value: Double?) -> Double? { value.map { Format.rounded($0 * share, places: 1) } }
        return .success(
            ResolvedItem(
                food: food.name, code: nil, quantity: count, unit: item.unit?.name ?? food.unit, amount: amount,
                grams: grams.map { Format.rounded($0, places: 1) }, kcal: Format.rounded(kcal, places: 1),
                protein: scaled(food.protein), carbs: scaled(food.carbs), fat: scaled(food.fat),
                nutrients: food.nutrients.map(scaled),
                range: item.range))
    }

    /// "2 servings (2 × 240 g)", "1 cup (248 g)", "200 g".
    static func amountText(count: Double, label: String, gramsPerUnit: Double, isPortion: Bool) -> String {
        let number = Format.number(count)
        let invariable = label.contains(" " as Character) || Resolver.invariableLabels.contains(label)
        let labelText = count == 1 || invariable ? label : Unit.plural(of: label)
        let said = label.contains(" " as Character) && count != 1 ? "\(number) × \(label)" : "\(number) \(labelText)"
        if label == "g" { return said }
        let total = Format.grams(gramsPerUnit * count)
        if isPortion && count != 1 {
            return "\(said) (\(number) × \(Format.grams(gramsPerUnit)))"
        }
        return "\(said) (\(total))"
    }

    // MARK: - Weighing

    /// How one unit of an item weighs, and what to call that unit.
    struct Weighing: Equatable {
        var gramsPerUnit: Double
        var label: String
        var isPortion: Bool
    }

    func weigh(
        _ food: Food, unit: Unit?, words: [String], match: FoodIndex.Match, counted: Bool = false, count: Double = 1
    ) -> Result<
        Weighing, ResolveError.Kind
    > {
        guard let unit else {
            guard let portion = countPortion(food, words: words, match: match, counted: counted, count: count) else {
                return .failure(.noPortion(food: food.name))
            }
            return .success(Weighing(gramsPerUnit: portion.grams, label: Resolver.label(portion), isPortion: true))
        }
        switch unit.kind {
        case .mass(let grams):
            return .success(Weighing(gramsPerUnit: grams, label: unit.name, isPortion: false))
        case .volume(let milliliters):
            guard let density = gramsPerMilliliter(food) else {
                return .failure(
                    .unitDoesNotApply(unit: unit.name, food: food.name, portions: food.portions.map(\.description)))
            }
            return .success(Weighing(gramsPerUnit: density * milliliters, label: unit.name, isPortion: false))
        case .portion:
            // "a small bag": USDA's portion of that size and kind, else the bag.
            if let (_, package) = Resolver.sizedPackage(unit.name) {
                if let portion = namedPortion(food, word: unit.name) {
                    return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
                }
                return weigh(food, unit: Unit.named(package), words: words, match: match, counted: counted)
            }
            if unit.name == "serving" || unit.name == "portion" {
                guard let portion = food.defaultPortion ?? countPortion(food, words: words, match: match) else {
                    return .failure(.noPortion(food: food.name))
                }
                return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
            }
            // "a bowl of bibimbap": the served portion, when it is served as that.
            if let served = Resolver.servedPortion(match.everydayPortion), served.name == unit.name,
                let portion = servedWeighing(food, match: match)?.portion
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: Resolver.label(portion), isPortion: true))
            }
            // "2 bottles of beer": the everyday portion, when it is of that kind ("1 can or bottle").
            if let everyday = match.everydayPortion, FoodWords.words(everyday).contains(unit.name),
                let portion = food.portions.first(where: { $0.description == everyday })
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
            }
            if let weighing = inchWeighing(food, word: unit.name) { return .success(weighing) }
            // "3 leaves basil", "2 sprigs thyme": a small part the food has no portion of.
            // (A fillet said as the unit is the food's own fillet or count: "4 anchovy fillets".)
            if let part = Resolver.smallPartWords[unit.name], part != "fillet", ownPartPortion(food, part: part) == nil,
                measure(unit.name, for: food) == nil,
                let portion = Resolver.partPortion(food, part: part)
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: part, isPortion: true))
            }
            // "a whole pizza", "half a baguette": the whole thing, as USDA weighs one.
            if unit.name == "entire",
                let portion = wholePortion(food, words: words)
                    ?? countPortion(food, words: words, match: match, counted: true)
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: Resolver.label(portion), isPortion: true))
            }
            // A container is never one of USDA's single-serving units: "a tub of hummus" is no
            // "1 individual container", "a loaf of bread" no "1 individual loaf".
            if Resolver.containerWords.contains(unit.name) {
                if let portion = containerPortion(food, word: unit.name) {
                    return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
                }
            } else if let portion = namedPortion(food, word: unit.name)
                ?? Resolver.alternativeWords[unit.name]?.lazy.compactMap({ namedPortion(food, word: $0) }).first
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
            }
            // "1 large egg": a size the food has no portion for means its usual one, made
            // smaller or larger as USDA's sized portions are when the usual one has no size.
            if Unit.sizeWords.contains(unit.name) || unit.name == "extra large",
                let portion = countPortion(food, words: words, match: match),
                portion.description != "Quantity not specified"
            {
                let sized = FoodWords.words(portion.description).contains(where: Unit.sizeWords.contains)
                // A fruit or vegetable, a served portion ("a large pho") or one of any size ("a
                // large doner": "1 sandwich, any size") is scaled as produce is.
                let scales =
                    Resolver.isProduce(food) || Resolver.isServed(Resolver.label(portion))
                    || portion.description.lowercased().contains("any size")
                if !sized, scales, let scale = Resolver.sizeScale[unit.name] {
                    return .success(Weighing(gramsPerUnit: portion.grams * scale, label: unit.name, isPortion: true))
                }
                return .success(Weighing(gramsPerUnit: portion.grams, label: Resolver.label(portion), isPortion: true))
            }
            // A drink counted in a container the table does not name: a glass is 8 fl oz, a can 12.
            if let fluidOunces = Resolver.containerFluidOunces[unit.name],
                food.portions.contains(where: { $0.description.contains("fl oz") }),
                let density = gramsPerMilliliter(food)
            {
                let grams = density * fluidOunces * Unit.fluidOunceMilliliters
                return .success(
                    Weighing(
                        gramsPerUnit: grams, label: "\(unit.name), \(Format.number(fluidOunces)) fl oz", isPortion: true
                    ))
            }
            // "a bowl of chili", "a handful of almonds", "6 piece nuggets": a measure of a kind.
            if let measure = measure(unit.name, for: food),
                let weighing = weighing(measure, word: unit.name, food: food, words: words, match: match)
            {
                return .success(weighing)
            }
            return .failure(
                .unitDoesNotApply(unit: unit.name, food: food.name, portions: food.portions.map(\.description)))
        }
    }

    /// True when a portion's name, before any "(" or ",", is a part of a whole food or an amount
    /// of it ("piece/slice, any size", "cup"), never a whole one.
    static func namesAPart(_ label: String) -> Bool {
        let named = label.split(whereSeparator: { $0 == "(" || $0 == "," }).first.map(String.init) ?? label
        return FoodWords.words(named).contains(where: partOfAWhole.contains)
    }

    /// Portion words for a part of a whole food, or an amount of it, never the whole one.
    static let partOfAWhole: Set<String> = [
        "piece", "slice", "serving", "wedge", "cup", "oz", "drumstick", "wing", "thigh", "breast", "leg", "bite",
    ]

    /// A small one and a large one against the usual (medium) one (`Unit.sizeScale`). Only
    /// fruits and vegetables: an egg or a marshmallow counted without a size is the large one
    /// already.
    static let sizeScale = Unit.sizeScale

    /// A serving of cooked meat: 3 oz (USDA Dietary Guidelines for Americans 2020-2025, the
    /// ounce-equivalents of protein foods: "3 ounces of cooked lean meat").
    static let meatServingGrams = 85.0

    /// Beef, pork, lamb, goat and game (WWEIA 2002, 2006, 2008): cuts of meat.
    static func isMeatCut(_ food: Food) -> Bool {
        [2002, 2006, 2008].contains(food.category)
    }

    /// Fruits and vegetables, in either table (WWEIA 6000-6999; SR28 groups 0900 and 1100).
    static func isProduce(_ food: Food) -> Bool {
        (6000..<7000).contains(food.category) || food.category == 100_900 || food.category == 101_100
    }

    /// Labels that read the same for one or many: sizes and abbreviated measures.
    static let invariableLabels: Set<String> = [
        "regular", "small", "medium", "large", "jumbo", "whole", "g", "kg", "oz", "lb", "ml", "l", "cl", "dl", "tsp",
        "tbsp",
        "tall", "grande", "venti", "primo", "medio", "massimo",
    ]

    /// Portion words that stand in for each other when a food has only one of them.
    static let alternativeWords: [String: [String]] = [
        "slice": ["piece"], "piece": ["slice"], "glass": ["cup"], "mug": ["cup"], "rasher": ["slice"],
        "strip": ["slice"], "square": ["piece"], "pot": ["container", "tub", "can", "cup"], "jar": ["container"],
        "tub": ["container"],
        "carton": ["container"], "sachet": ["packet"], "envelope": ["packet"], "package": ["packet", "pouch"],
        "packet": ["package", "pouch"], "bag": ["pouch"],
    ]

    /// Containers a drink may be counted in when the table names no such portion.
    /// Coffee-shop cups are the chains' published sizes: tall 12, grande 16, venti 20 fl oz
    /// (Starbucks); primo 8, medio 12, massimo 16 fl oz (Costa).
    static let containerFluidOunces: [String: Double] = [
        "glass": 8, "mug": 8, "can": 12, "bottle": 12, "tall": 12, "grande": 16, "venti": 20, "primo": 8,
        "medio": 12, "massimo": 16,
    ]

    /// The portion's name as a unit: "1 banana" → "banana"; the default portion → "serving".
    public static func label(_ portion: Portion) -> String {
        if portion.description == "Quantity not specified" { return "serving" }
        var text = Substring(portion.description)
        if text.hasPrefix("1 ") { text = text.dropFirst(2) }
        if text.hasSuffix(", NFS") { text = text.dropLast(5) }
        return String(text)
    }

    /// The portion a bare count means: an everyday name's portion, else, counted, one item
    /// when USDA weighs one, else an everyday name's USDA default, else the one named after the
    /// food ("1 egg" for eggs), else one item, else USDA's default, else a medium one, else the first.
    public func countPortion(
        _ food: Food, words: [String], match: FoodIndex.Match, counted: Bool = false, count: Double = 1
    ) -> Portion? {
        // "pho", "2 bibimbap": a dish an everyday name gives a served portion is that portion.
        if let served = servedWeighing(food, match: match) { return served.portion }
        if let everydayPortion = match.everydayPortion,
            let portion = food.portions.first(where: { $0.description == everydayPortion })
        {
            return portion
        }
        // "24 cilantro leaves", "12 cardamom pods", "1 monkfish fillet": a count of a food's
        // small parts is of that part, USDA's portion of it or `partWeights`; else nil, and
        // the line asks (`Resolver+Parts.swift`).
        if counted, let part = Resolver.countedPart(words), !Resolver.countsWhole(food, part: part) {
            return ownPartPortion(food, part: part) ?? Resolver.partPortion(food, part: part)
        }
        // "4 pierogi": counted, one item (an everyday name's too), when USDA weighs one of any
        // size ("1 item, any size", "1 piece").
        if counted, let item = Resolver.oneItem(food) { return item }
        // An everyday name with no portion of its own means USDA's default one.
        if match.isEveryday, let portion = food.defaultPortion { return portion }
        // Words typed (as corrected) and the food's head both name the unit: "1 banana", "1 egg".
        let query = Set(FoodWords.keyWords(words.joined(separator: " "))).union(FoodWords.keyWords(food.head))
        var best: (score: Int, portion: Portion)?
        for portion in food.portions where portion.description.hasPrefix("1 ") {
            let portionWords = FoodWords.keyWords(portion.description)
            let shared = Set(portionWords).intersection(query).count
            guard shared > 0 else { continue }
            // "a raw carrot" is no baby carrot: a smaller kind than was said is no portion of it.
            if portionWords.contains(where: { Resolver.smallKinds.contains($0) && !query.contains($0) }) { continue }
            if let current = best,
                current.score > shared
                    || (current.score == shared && current.portion.description.count <= portion.description.count)
            {
                continue
            }
            best = (shared, portion)
        }
        if let best { return best.portion }
        if counted, let item = Resolver.oneItem(food) { return item }
        // A count of several is of things: the food's own unit before a measure ("2 hard-cooked
        // eggs" are 2 large), and never its cups ("24 cilantro" is no 24 cups).
        return food.defaultPortion
            ?? food.portions.first { $0.description.hasPrefix("1 medium") }
            ?? food.portions.first {
                counted && count != 1 && $0.description.hasPrefix("1 ") && !Resolver.isMeasure($0)
            }
            ?? food.portions.first { !counted || count == 1 || !Resolver.isCupMeasure($0) }
    }

    /// USDA's portion of one item of any size ("1 item, any size", "1 piece"), if it has one.
    static func oneItem(_ food: Food) -> Portion? {
        food.portions.first {
            $0.description == "1 item" || $0.description.hasPrefix("1 item,") || $0.description == "1 piece"
                || $0.description.hasPrefix("1 piece,")
        }
    }

    /// The food's portion named by a portion word: exactly "1 slice", else one that mentions it,
    /// preferring regular, medium and standard sizes, then the shortest description.
    func namedPortion(_ food: Food, word: String) -> Portion? {
        // "small bag" (`sizedPackages`): the food's portion of that size and kind ("1 small single
        // serving bag"), else its bag.
        if let (size, package) = Resolver.sizedPackage(word) {
            // A small one is USDA's single-serving one too: "1 individual school container".
            let kinds = Set([package] + (Resolver.alternativeWords[package] ?? []))
            let sized = food.portions.filter {
                let words = FoodWords.words($0.description.lowercased())
                return !kinds.isDisjoint(with: words)
                    && (words.contains(size) || (size == "small" && Resolver.isSingleServing($0)))
            }
            // The one the size names first ("1 small single serving bag", not "1 single serving bag, NFS").
            func rank(_ portion: Portion) -> (Int, Int) {
                let says = FoodWords.words(portion.description.lowercased()).contains(size)
                return (says ? 0 : 1, portion.description.count)
            }
            return sized.min(by: { rank($0) < rank($1) }).map(Resolver.perOne)
        }
        if Unit.sizeWords.contains(word) || word == "extra large" {
            let prefix = "1 " + word
            let exact = food.portions
                .filter {
                    $0.description.lowercased() == prefix || $0.description.lowercased().hasPrefix(prefix + " ")
                        || $0.description.lowercased().hasPrefix(prefix + ",")
                }
                .min { $0.description.count < $1.description.count }
            if exact != nil || word == "extra large" { return exact }
            // "1 small/regular", "1 regular/large": a size USDA gives with another; a medium one
            // is the regular one.
            return food.portions.first { portion in
                let lowered = portion.description.lowercased()
                guard lowered.hasPrefix("1 "), let slot = lowered.dropFirst(2).split(separator: " ").first,
                    slot.contains("/")
                else { return false }
                let sizes = slot.split(separator: "/").map(String.init)
                return sizes.contains(word) || (word == "medium" && sizes.contains("regular"))
            }
        }
        var best: (score: Int, portion: Portion)?
        for portion in food.portions {
            let lowered = portion.description.lowercased()
            let words = FoodWords.words(lowered)
            guard words.contains(word) else { continue }
            var score = 0
            if lowered == "1 " + word { score += 100 }
            if words.contains("regular") || words.contains("medium") || words.contains("standard") { score += 10 }
            if words.contains("nfs") { score += 5 }
            score -= lowered.count / 4
            if let current = best, current.score >= score { continue }
            best = (score, portion)
        }
        return best.map { Resolver.perOne($0.portion) }
    }

    /// Packages USDA weighs in sizes ("1 small single serving bag", "1 large box"): a size said
    /// before one stays with it.
    static let sizedPackages: Set<String> = ["bag", "box", "packet", "carton", "container", "package", "pouch"]

    /// The size and the package of a unit said "small bag" (`sizedPackages`), or nil.
    static func sizedPackage(_ name: String) -> (size: String, package: String)? {
        let parts = name.split(separator: " ").map(String.init)
        guard parts.count == 2, Unit.sizeWords.contains(parts[0]), sizedPackages.contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    /// A portion USDA weighs as several or a part ("1/2 bottle" 375 g, "10 chips") as one of
    /// its unit: "1 bottle" 750 g, "1 chip". Other portions as they are.
    static func perOne(_ portion: Portion) -> Portion {
        guard let (count, isFraction, rest) = leadingCount(of: portion) else { return portion }
        var words = rest.split(separator: " ", maxSplits: 1).map(String.init)
        // "5 oz package" is one package of 5 oz, not five.
        if !isFraction, Unit.named(words[0]).map({ $0.kind != .portion }) == true { return portion }
        if count > 1 { words[0] = FoodWords.singular(words[0]) }
        return Portion(description: "1 " + words.joined(separator: " "), grams: portion.grams / count)
    }

    /// A portion of several of a measure or a part of one ("2 Tbsp", "1/4 cup") as one of it.
    static func perOneMeasure(_ portion: Portion) -> Portion {
        guard let (count, _, rest) = leadingCount(of: portion) else { return portion }
        return Portion(description: "1 " + rest, grams: portion.grams / count)
    }

    /// The number a portion's description starts with, when it is not 1 ("10", "1/2"), whether
    /// it is a fraction, and the words after it; nil for "1 …" or a description without one.
    private static func leadingCount(of portion: Portion) -> (count: Double, isFraction: Bool, rest: String)? {
        let parts = portion.description.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0] != "1" else { return nil }
        let number = parts[0].split(separator: "/")
        let count: Double?
        if number.count == 2, let top = Double(number[0]), let bottom = Double(number[1]), bottom > 0 {
            count = top / bottom
        } else {
            count = Double(parts[0])
        }
        guard let count, count > 0 else { return nil }
        return (count, number.count == 2, String(parts[1]))
    }

    /// Grams per millilitre, from the food's own cup, fluid-ounce, tablespoon or teaspoon weight.
    func gramsPerMilliliter(_ food: Food) -> Double? {
        var best: (rank: Int, density: Double)?
        for portion in food.portions {
            let candidates: [(prefix: String, milliliters: Double, rank: Int)] = [
                ("1 cup", Unit.cupMilliliters, 10), ("1 fl oz", Unit.fluidOunceMilliliters, 8),
                ("1 tablespoon", Unit.cupMilliliters / 16, 4), ("1 teaspoon", Unit.cupMilliliters / 48, 2),
                ("1 tbsp", Unit.cupMilliliters / 16, 4), ("1 tsp", Unit.cupMilliliters / 48, 2),
            ]
            // SR28 weighs some foods by "2 Tbsp" or "1/4 cup": per one of the unit.
            let one = Resolver.perOneMeasure(portion)
            let lowered = one.description.lowercased()
            for candidate in candidates where lowered.hasPrefix(candidate.prefix) {
                let rest = lowered.dropFirst(candidate.prefix.count)
                guard rest.isEmpty || rest.first == " " || rest.first == "," || rest.first == "(" else { continue }
                var rank = candidate.rank * 10
                if rest.isEmpty { rank += 5 }
                if rest.contains("nfs") || rest.contains("no ice") { rank += 3 }
                if rest.contains("with ice") || rest.contains("dry") || rest.contains("yields")
                    || rest.contains("uncooked")
                {
                    rank -= 60
                }
                if let current = best, current.rank >= rank { continue }
                best = (rank, one.grams / candidate.milliliters)
            }
        }
        return best?.density
    }
}

/// A food weighed and counted: what a log line becomes before it is an entry.
public struct ResolvedItem: Equatable, Sendable {
    /// The food's name as shown and stored.
    public var food: String
    /// The USDA code, for table foods.
    public var code: Int?
    /// The count.
    public var quantity: Double
    /// The unit or portion name: `cup`, `g`, `serving`, `banana`.
    public var unit: String
    /// The amount as shown: `2 servings (2 × 240 g)`; empty for direct calories.
    public var amount: String
    public var grams: Double?
    public var kcal: Double
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?
    /// Fibre, sugars, saturated fat and sodium, scaled as the macros are, where the food says
    /// them; none for direct calories.
    public var nutrients = Nutrients()
    /// Where the item stands in the line.
    public var range: SourceRange
    /// Typed words read as others to find the food ("garlc" as garlic), to be shown.
    public var corrections: [FoodIndex.Correction] = []
    /// The words of the item's food, as typed, that the food was found by.
    public var matched: [String] = []
    /// The words of the item's food, as typed, that the food was found without: fillers, how it
    /// was readied, its size, where it came from (`Resolver.role(of:measured:)`).
    public var skipped: [String] = []
    /// What each skipped word says instead, in the order of `skipped`.
    public var skippedRoles: [WordRole] = []
    /// True when the words the food was found by are a name of it: an everyday name, its own
    /// name or a synonym said exactly, or a pick.
    public var isFoundExactly = false
    /// True when what was named is only what the food comes with ("melted cheese" of "Garlic
    /// bread, with melted cheese"): the food is a guess.
    public var isFoundByAddition = false
    /// True when the words are what the food is, all of them in its head ("bar" for "Breakfast
    /// bar"), not only which kind of it ("plate" for "Beef, plate").
    public var isFoundByWhatItIs = false
    /// What the entry assumed, in one short line ("a served bowl: 3 cups (735 g)"), or nil.
    public var note: String? = nil
    /// The meal a paragraph of several meals said for the item ("…; lunch: a sandwich"); nil
    /// for the line's meal.
    public var meal: Meal? = nil

    /// The item, eaten at `meal` when one was said for it.
    func eaten(at meal: Meal?) -> ResolvedItem {
        guard let meal else { return self }
        var item = self
        item.meal = meal
        return item
    }
}
