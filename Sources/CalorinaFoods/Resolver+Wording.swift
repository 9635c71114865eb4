import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

// Words people use for a food that the USDA names do not: British, Irish and Australian English
// ("courgette", "double cream", "beef mince"), spellings ("yoghurt", "chilli", "purée"), and the
// part of a food said after its name ("cod fillets", "celery stalks", "broccoli florets", "carrot
// sticks"). Tried only when the words as typed find no food, so a name the table knows always
// wins ("fish sticks", "peanut butter cup").

extension Resolver {
    /// One word read as the US word (or words) USDA's names use. Each is the same food, never a
    /// guess at a close one: "courgette" is a zucchini, "prawn" a shrimp, "mince" ground meat.
    static let regionalWords: [String: [String]] = [
        "courgette": ["zucchini"], "aubergine": ["eggplant"], "rocket": ["arugula"], "prawn": ["shrimp"],
        "mince": ["ground"], "wholemeal": ["whole", "wheat"], "wholewheat": ["whole", "wheat"],
        "wholegrain": ["whole", "grain"], "muscovado": ["brown"], "demerara": ["brown"], "turbinado": ["brown"],
        "treacle": ["molasses"], "essence": ["extract"], "chilli": ["chili"], "chillie": ["chili"], "chile": ["chili"],
        "skimmed": ["skim"], "cornflour": ["cornstarch"], "bicarbonate": ["baking"], "bicarb": ["baking"],
        "capsicum": ["bell", "pepper"], "swede": ["rutabaga"], "mangetout": ["snow", "pea"], "beetroot": ["beet"],
        "sultana": ["raisin"], "passata": ["tomato", "puree"], "lardon": ["bacon"], "streaky": [],
        "gammon": ["ham"], "yoghurt": ["yogurt"], "yogourt": ["yogurt"], "omelette": ["omelet"], "omlette": ["omelet"],
        "icecream": ["ice", "cream"], "veggie": ["vegetable"], "veg": ["vegetable"], "avo": ["avocado"],
        "sarnie": ["sandwich"], "sandwhich": ["sandwich"], "toastie": ["grilled", "sandwich"], "cuppa": ["tea"],
        "lager": ["beer"], "ale": ["beer"], "stout": ["beer"], "garbanzo": ["chickpea"], "evoo": ["olive", "oil"],
        "coriander": ["cilantro"], "scallion": ["green", "onion"], "kabob": ["kebab"], "kebob": ["kebab"],
        "doughnut": ["donut"], "whisky": ["whiskey"], "mayo": ["mayonnaise"], "parm": ["parmesan"],
        "spag": ["spaghetti"],
        "bolognese": ["meat", "sauce"], "porridge": ["oatmeal"], "roast": ["roasted"],
        "sauteed": ["cooked"], "steamed": ["cooked"], "boiled": ["cooked"], "hashbrown": ["hash", "brown"],
        "hashbrowns": ["hash", "brown"], "lite": ["light"], "choc": ["chocolate"],
    ]

    /// Two words read as others: "double cream" is heavy cream, "spring onion" a green onion;
    /// "penne pasta" is penne.
    static let regionalPairs: [String: [String]] = pastaShapePairs.merging([
        "double cream": ["heavy", "cream"], "single cream": ["light", "cream"], "whipping cream": ["heavy", "cream"],
        "spring onion": ["green", "onion"], "icing sugar": ["powdered", "sugar"], "caster sugar": ["sugar"],
        "castor sugar": ["sugar"], "jacket potato": ["baked", "potato"], "fish finger": ["fish", "stick"],
        "semi skimmed": ["2%"], "semi skim": ["2%"], "full fat": ["whole"], "plain flour": ["all-purpose", "flour"],
        "self raising": ["self-rising"], "tomato puree": ["tomato", "paste"], "tomato purée": ["tomato", "paste"],
        "stock cube": ["bouillon"], "golden syrup": ["corn", "syrup"], "runner bean": ["green", "bean"],
        "french bean": ["green", "bean"], "broad bean": ["fava", "bean"], "minced beef": ["ground", "beef"],
        "minced pork": ["ground", "pork"], "minced lamb": ["ground", "lamb"], "minced turkey": ["ground", "turkey"],
        "minced chicken": ["ground", "chicken"], "minced meat": ["ground", "meat"], "lemon zest": ["lemon", "peel"],
        "orange zest": ["orange", "peel"], "lime zest": ["lime", "peel"],
    ]) { first, _ in first }

    /// "penne pasta", "spaghetti pasta": the shape says it all.
    static let pastaShapePairs: [String: [String]] = Dictionary(
        uniqueKeysWithValues: pastaShapes.map { ($0 + " pasta", [$0]) })

    /// Parts a food is cut into or served as, said after its name: the part is the unit ("4 cod
    /// fillets" are four fillets of cod), or, said without a count and in the plural, a serving
    /// ("carrot sticks"). A weight or volume said before it stays ("2 cups broccoli florets").
    static let cutParts: Set<String> = [
        "fillet", "filet", "stalk", "stick", "slice", "chunk", "piece", "floret", "leaf", "leave", "spear", "sprig",
        "wedge", "strip", "cube", "segment", "ring", "cup", "side", "plate", "bowl", "portion", "serving", "rib",
        "clove", "head", "sheet", "ball", "loaf", "round", "bite", "tub", "pot", "square",
    ]

    /// A cup said after a food's name ("pudding cup", "fruit cup") is a snack cup: 4 oz, half a cup.
    static let snackCupCups = 0.5

    /// The item in the words USDA's names use, and with a part said after the food's name as its
    /// unit; nil when there is nothing to reword.
    /// A wine said by its colour alone ("a glass of red").
    static let wineColours: Set<String> = ["red", "white", "rose", "rosé", "sparkling"]

    /// Words that multiply the food after them when no food is called with them.
    static let multiplierWords: [String: Double] = ["double": 2, "triple": 3]

    /// The item with each word of `regionalWords` read as USDA's ("lite yoghurt": light
    /// yogurt) and nothing else changed; nil when no word is respelled.
    static func respelled(_ item: LogItem) -> LogItem? {
        guard let phrase = item.food else { return nil }
        var changed = false
        let words = phrase.words.flatMap { word -> [String] in
            guard let replacement = regionalWords[word.lowercased()], !replacement.isEmpty,
                replacement != [word.lowercased()]
            else { return [word] }
            changed = true
            return replacement
        }
        guard changed else { return nil }
        var result = item
        result.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        return result
    }

    static func reworded(_ item: LogItem) -> LogItem? {
        guard let phrase = item.food else { return nil }
        let typed = FoodWords.keyWords(phrase.text)
        var words: [String] = []
        var index = 0
        var changed = false
        while index < typed.count {
            if index + 1 < typed.count, let pair = regionalPairs[typed[index] + " " + typed[index + 1]] {
                words += pair
                index += 2
                changed = true
                continue
            }
            if let replacement = regionalWords[typed[index]], replacement != [typed[index]] {
                words += replacement
                changed = true
            } else {
                words.append(typed[index])
            }
            index += 1
        }
        // "beef mince" read as "beef ground": ground meat is said "ground beef".
        if let ground = words.firstIndex(of: "ground"), ground == words.count - 1, words.count > 1 {
            words.insert(words.removeLast(), at: 0)
        }
        var result = item
        // "a glass of red", "half a bottle of white": a wine's colour alone, poured, is the wine.
        if words.count == 1, wineColours.contains(words[0]),
            let unit = item.unit?.name, ["glass", "bottle", "carafe", "glassful"].contains(unit)
        {
            words.append("wine")
            changed = true
        }
        // "double whisky", "triple gin": twice or three times the one food named, when no food
        // is called so ("a double vodka soda" is one drink, and stays unknown as typed).
        if words.count == 2, let times = multiplierWords[words[0]], item.unit == nil {
            words.removeFirst()
            result.count = (item.count ?? 1) * times
            changed = true
        }
        // "1 medium head cauliflower": a portion word after a size is the unit.
        if words.count > 1, let first = words.first, let unit = Unit.named(first), unit.kind == .portion,
            !Unit.standsBeforeFood(first), item.unit.map({ Unit.standsBeforeFood($0.name) }) ?? true
        {
            words.removeFirst()
            result.unit = unit
            result.unitWord = first
            // "a small bag of chips": USDA weighs a bag or a box by its size ("1 small single
            // serving bag"), so the size stays with it (`namedPortion`).
            if let size = item.unit?.name, Unit.sizeWords.contains(size), Resolver.sizedPackages.contains(unit.name) {
                result.unit = Unit(size + " " + unit.name, .portion)
                result.unitWord = size + " " + first
            }
            changed = true
        }
        if words.count > 1, let last = words.last, cutParts.contains(last) {
            words.removeLast()
            changed = true
            let typedLast = phrase.words.last ?? last
            let plural = FoodWords.singular(typedLast) != typedLast
            if item.unit == nil {
                if item.count == nil, plural {
                    result.unit = Unit.named("serving")
                } else if last == "cup" {
                    // "a pudding cup", "jello cup": a snack cup, 4 oz (half a cup).
                    result.count = (item.count ?? 1) * Resolver.snackCupCups
                    result.unit = Unit.named("cup")
                } else {
                    result.unit = Unit.named(last) ?? Unit(last == "leave" ? "leaf" : last, .portion)
                }
                result.unitWord = result.unit?.name
            }
        }
        guard changed, !words.isEmpty else { return nil }
        result.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        return result
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

// MARK: - Attributes

extension Resolver {
    /// Words that only say what a food has or lacks, said after it with "with", "no", a comma
    /// or "and": what was added to it or left out ("orange juice with added calcium", "a soft
    /// drink with caffeine", "sweet potato with the peel not eaten", "waffle, no added fat",
    /// "turnover with no gravy", "a smoothie free of dairy"). A closed list: a phrase of only
    /// these names no food of its own.
    static let attributeWords: Set<String> = [
        "added", "calcium", "vitamin", "vitamins", "d", "c", "a", "b", "iron", "fiber", "fibre", "caffeine",
        "caffeinated", "no", "not", "without", "free", "of", "the", "fat", "salt", "sodium", "sugar", "sugars",
        "peel", "skin", "eaten", "high", "low", "reduced", "extra", "fortified",
        "enriched", "its", "any", "little", "bit", "touch", "lean", "trimmed", "omega-3", "protein",
    ]

    /// Words of such a phrase that say something is absent: it is read with them ("no added fat"
    /// is a USDA name's part) or left out, never added as a food.
    static let absenceWords: Set<String> = ["no", "not", "without", "free", "unsweetened", "sugar-free"]

    /// The items with each phrase of only attribute words (`attributeWords`) after a food made
    /// part of it: in the food's name when a food is called so ("orange juice" + "added calcium":
    /// "Orange juice, 100%, with calcium added"; "soft drink" + "caffeine"), else the food as
    /// named. "Protein" or "vitamin" alone stays a food: a phrase must hold "added", "no",
    /// "not", "without", "free", "high", "low" or "extra", or follow "with"; a phrase that
    /// opens with "no", "not", "without" or "free" says what is absent whatever it names ("with
    /// no gravy", "free of dairy").
    func attachingAttributes(_ items: [LogItem], user: UserFoods) -> [LogItem] {
        var result: [LogItem] = []
        for item in items {
            // "scrambled egg without added fat", "milk no sugar": the absence said inside the words.
            if let (food, absent) = absenceInside(item, user: user) {
                result.append(attaching(absent, to: food, user: user))
                continue
            }
            guard let previous = result.last, previous.food != nil, previous.kcal == nil, item.isBareFood,
                item.joiner != .none, let second = item.food, user.named(second.text) == nil,
                second.words.first.map({ Resolver.absenceWords.contains($0) }) == true
                    || (second.words.allSatisfy({ Resolver.attributeWords.contains($0.lowercased()) })
                        && (item.joiner == .with
                            || second.words.contains(where: {
                                Resolver.absenceWords.contains($0) || ["added", "high", "low", "extra"].contains($0)
                            })))
            else {
                result.append(item)
                continue
            }
            var merged = attaching(second, to: previous, user: user)
            merged.range = previous.range.union(item.range)
            result[result.count - 1] = merged
        }
        return result
    }

    /// The item's words split before a "no" or "without" inside them ("scrambled egg without
    /// added fat", "milk no sugar") when only attribute words follow, and the words are no name
    /// of the user's or an everyday one; nil otherwise.
    func absenceInside(_ item: LogItem, user: UserFoods) -> (LogItem, FoodPhrase)? {
        guard item.kcal == nil, let phrase = item.food,
            let at = phrase.words.dropFirst().firstIndex(where: { $0 == "no" || $0 == "without" }),
            user.named(phrase.text) == nil, index.table.everyday(named: FoodWords.normalized(phrase.text)) == nil
        else { return nil }
        let kept = Array(phrase.words[..<at])
        let absent = Array(phrase.words[at...])
        // "no sugar", "without added fat"; "burger no bun" and "salad no dressing" are names.
        guard absent.dropFirst().allSatisfy({ Resolver.attributeWords.contains($0) }) else { return nil }
        var food = item
        food.food = FoodPhrase(words: kept, text: kept.joined(separator: " "), range: phrase.range)
        return (food, FoodPhrase(words: absent, text: absent.joined(separator: " "), range: phrase.range))
    }

    /// The item with the attribute's words in its food's name, when a food is called so and
    /// weighs the item's amount; else the item as it was.
    func attaching(_ attribute: FoodPhrase, to item: LogItem, user: UserFoods) -> LogItem {
        guard let first = item.food else { return item }
        let said = attribute.words.filter { !["the", "a", "its", "any", "of"].contains($0) }
        let saysAbsence = said.contains(where: Resolver.absenceWords.contains)
        let named = FoodWords.keyWords(first.text).map(FoodWords.singular)
        let content = said.filter { !Resolver.absenceWords.contains($0) && $0 != "added" }.map(FoodWords.singular)
        // A food's name fits when it says the food's words and the attribute's, and an absence
        // exactly when the line does ("with caffeine" is no "caffeine free", "no sugar" no
        // "reduced sugar").
        func fits(_ foodName: String) -> Bool {
            let name = Set(FoodWords.words(foodName.lowercased()).map(FoodWords.singular))
            return named.allSatisfy(name.contains) && content.allSatisfy(name.contains)
                && name.contains(where: Resolver.absenceWords.contains) == saysAbsence
        }
        // The words together, when they find such a food, or a question between such foods
        // ("tuna in water without salt": light or white).
        var together = item
        together.food = FoodPhrase(
            words: first.words + said, text: first.text + " " + said.joined(separator: " "),
            range: first.range.union(attribute.range))
        switch resolvePlainly(together, user: user, depth: 0) {
        case .success(let value) where fits(value.food):
            return together
        case .failure(let error):
            if case .ambiguous(_, let candidates) = error.kind, candidates.allSatisfy({ fits($0.name) }) {
                return together
            }
        default:
            break
        }
        // Else the first food that fits and weighs the amount said ("a container of orange
        // juice with added calcium"), by its name; else the food as named.
        // USDA says "no added fat", "no sugar added": "without" is looked up as "no".
        let text = first.text + " " + said.map { $0 == "without" ? "no" : $0 }.joined(separator: " ")
        for match in index.lookup(text, limit: 6, lettingGo: false).matches {
            let food = index.table.food(at: match.index)
            guard fits(food.name) else { continue }
            let lowered = food.name.lowercased()
            var merged = item
            merged.food = FoodPhrase(
                words: FoodWords.keyWords(lowered), text: lowered, range: first.range.union(attribute.range))
            if case .success = weighed(merged, food: food, match: match, words: merged.food?.words ?? []) {
                return merged
            }
        }
        return item
    }
}

// MARK: - Fillings

extension Resolver {
    /// Dishes whose fillings or toppings are said after them with "with" ("a burrito with meat,
    /// beans and rice", "a taco topped with meat", "scrambled eggs with cheese and meat"): USDA
    /// names many such dishes by what is in them.
    static let filledDishes: Set<String> = [
        "burrito", "taco", "pizza", "sandwich", "omelet", "omelette", "dumpling", "tamale", "quesadilla", "turnover",
        "pocket", "egg", "nacho", "enchilada", "wrap", "sub", "pasta", "noodle", "potato", "crepe", "bagel",
        "chimichanga", "tostada", "calzone", "biscuit", "croissant", "muffin", "frankfurter", "hot dog", "pie",
        "yogurt", "yoghurt", "doughnut", "donut", "cupcake",
    ]

    /// Fillings that say only that a dish has meat in it, as USDA's dish of that name has.
    static let meatFillings: Set<String> = [
        "meat", "meats", "savory", "savoury", "various", "variety", "assorted", "of", "a",
    ]

    /// Words after a dish that say it is filled: "filled", "stuffed", "topped" (with …).
    static let fillingVerbs: Set<String> = [
        "filled", "stuffed", "topped", "loaded", "smothered", "piled", "layered", "packed", "made",
    ]

    /// Dishes said "made with" what goes into them ("a smoothie made with banana and almond
    /// milk", "a salad made with kale"): the dish is that, never the dish and each of them.
    static let madeDishes: Set<String> = [
        "smoothie", "shake", "salad", "soup", "stew", "curry", "casserole", "chili", "stir-fry", "bowl", "frittata",
    ]

    /// Filling words that say what is inside a dish ("a burrito filled with meat and beans", "a
    /// bagel stuffed with cream cheese"): said without an amount, that is part of the dish, never
    /// a second food, even when no food is called by it.
    static let insideVerbs: Set<String> = ["filled", "stuffed", "packed"]

    /// The items with a dish and the fillings said after it ("with meat, beans and rice": bare
    /// words, no amount) made one food, when a food is called so: its name says the dish and
    /// a filling ("Burrito, with meat, beans, and rice"), or the foods it could be all do (a
    /// question between them). Else the items as they were: a food with another.
    func fillingDishes(_ items: [LogItem], user: UserFoods) -> [LogItem] {
        guard items.count > 1 else { return items }
        var result: [LogItem] = []
        var at = 0
        while at < items.count {
            var dish = items[at]
            // "a dumpling filled with meat", "a taco topped with meat": how it is filled says no food.
            var verb: String?
            if let typed = dish.food, typed.words.count > 1, let last = typed.words.last,
                Resolver.fillingVerbs.contains(last.lowercased()), at + 1 < items.count, items[at + 1].joiner == .with
            {
                let kept = Array(typed.words.dropLast())
                dish.food = FoodPhrase(words: kept, text: kept.joined(separator: " "), range: typed.range)
                verb = last.lowercased()
            }
            // A dish said filled is one whatever it is ("a cookie filled with peanut butter").
            guard let phrase = dish.food, dish.kcal == nil, user.named(phrase.text) == nil,
                let head = phrase.words.last.map({ FoodWords.singular($0.lowercased()) }),
                Resolver.filledDishes.contains(head) || verb != nil, at + 1 < items.count,
                items[at + 1].joiner == .with
            else {
                result.append(items[at])
                at += 1
                continue
            }
            var end = at + 1
            var fillings: [String] = []
            while end < items.count, let filling = items[end].food, items[end].isBareFood, filling.words.count <= 3,
                end == at + 1 || items[end].joiner == .and || items[end].joiner == .punctuation,
                user.named(filling.text) == nil
            {
                fillings += filling.words
                end += 1
            }
            // "BLT on wheat": the bread a sandwich is on (`mergingNames`).
            guard !fillings.isEmpty, !fillings.allSatisfy({ Resolver.breadWords.contains($0.lowercased()) }) else {
                result.append(items[at])
                at += 1
                continue
            }
            // The dish's own word last, as it was typed last: "scrambled eggs" without a count
            // stay two eggs, whatever is in them.
            let span = dish.range.union(items[end - 1].range)
            let foodSpan = phrase.range.union(items[end - 1].food?.range ?? phrase.range)
            func naming(_ fillings: [String]) -> LogItem? {
                var merged = dish
                let text = fillings.joined(separator: " ") + " " + phrase.text
                merged.food = FoodPhrase(words: fillings + phrase.words, text: text, range: foodSpan)
                merged.range = span
                let said = Set(fillings.map { FoodWords.singular($0.lowercased()) })
                // The dish, a filling said, and nothing said missing from it: "Tamale, no meat" is
                // no tamale with meat; "Burrito, meat, with beans, no cheese" is a burrito with
                // meat and beans.
                func fits(_ name: String) -> Bool {
                    let words = FoodWords.words(name.lowercased()).map(FoodWords.singular)
                    let lacking = zip(words, words.dropFirst()).filter { $0.0 == "no" || $0.0 == "without" }.map(\.1)
                    return words.contains(head) && words.contains(where: said.contains)
                        && !lacking.contains(where: said.contains)
                        && !(words.contains("meatless") && !said.isDisjoint(with: Resolver.meatFillings))
                }
                // A glance first: most dishes said with a food are no such name ("a sandwich with
                // chicken tenders"), and resolving the joined words costs a search.
                let glance = [text, phrase.text + " with " + fillings.joined(separator: " ")].flatMap {
                    index.lookup($0, limit: 12, lettingGo: false).matches
                }
                guard glance.contains(where: { fits(index.table.foods[$0.index].name) }) else { return nil }
                // The name decides, not the size ("a medium burrito" of a food weighed by the burrito).
                var probe = merged
                if let size = probe.unit, Unit.sizeWords.contains(size.name) { probe.unit = nil }
                // "an egg omelet made with margarine": USDA's own words first, as said.
                if let verb, verb == "made" {
                    let words = phrase.words + [verb, "with"] + fillings
                    var asSaid = probe
                    asSaid.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: foodSpan)
                    if case .success(let value) = resolvePlainly(asSaid, user: user, depth: 0), fits(value.food) {
                        merged.food = asSaid.food
                        probe = asSaid
                    }
                }
                switch resolvePlainly(probe, user: user, depth: 0) {
                case .success(let value): return fits(value.food) ? merged : nil
                case .failure(let error):
                    guard case .ambiguous(_, let candidates) = error.kind, candidates.allSatisfy({ fits($0.name) })
                    else { return nil }
                    return merged
                }
            }
            let found = naming(fillings)
            if let found {
                result.append(found)
                at = end
            } else if let verb,
                Resolver.insideVerbs.contains(verb)
                    || (verb == "made"
                        && (Resolver.filledDishes.contains(head) || Resolver.madeDishes.contains(head)))
            {
                // "a bagel filled with cream", "a cookie made with oats": what is in it is its own.
                var whole = dish
                whole.range = dish.range.union(items[end - 1].range)
                result.append(whole)
                at = end
            } else if fillings.allSatisfy({ Resolver.meatFillings.contains($0.lowercased()) }),
                case .success(let alone) = resolvePlainly(dish, user: user, depth: 0),
                FoodWords.words(alone.food.lowercased()).allSatisfy({ !["meatless", "vegetarian", "no"].contains($0) })
            {
                // "a taco topped with meat", "a dumpling filled with meat": USDA's dish is the one
                // with meat, so the meat is in it, not a second food.
                var whole = dish
                whole.range = dish.range.union(items[end - 1].range)
                result.append(whole)
                at = end
            } else {
                result.append(items[at])
                at += 1
            }
        }
        return result
    }
}

// MARK: - Chips

extension Resolver {
    /// Mains "chips" go with in British English, where they are fried potatoes: "fish and chips",
    /// "egg and chips", "burger and chips", "steak and chips".
    static let chipsMains: Set<String> = [
        "fish", "cod", "haddock", "plaice", "scampi", "finger", "burger", "cheeseburger", "hamburger", "steak", "egg",
        "sausage", "banger", "pie", "gammon", "kebab", "schnitzel", "battered",
    ]

    /// Words of a bread dish "chips" go with in American English, where they are crisps
    /// ("turkey sandwich, chips").
    static let chipsBreads: Set<String> = ["sandwich", "sub", "wrap", "sarnie", "hoagie", "salsa", "guac", "dip"]

    /// Dips that come with tortilla chips.
    static let tortillaDips: Set<String> = ["salsa", "guac", "guacamole", "queso", "pico"]

    /// "chips" said with a Mexican dip are tortilla chips; with a British main, fries; with a
    /// sandwich or another dip, or alone, the bag.
    func readingChips(_ items: [LogItem]) -> [LogItem] {
        guard items.count > 1,
            items.contains(where: { $0.food.map { FoodWords.singular($0.text.lowercased()) == "chip" } ?? false })
        else { return items }
        let others = Set(
            items.flatMap { $0.food?.words ?? [] }.map { FoodWords.singular($0.lowercased()) })
        // "chips and salsa", "chips and guac": tortilla chips, as Mexican dips come.
        let tortilla = !others.isDisjoint(with: Resolver.tortillaDips)
        guard
            tortilla || (!others.isDisjoint(with: Resolver.chipsMains) && others.isDisjoint(with: Resolver.chipsBreads))
        else {
            return items
        }
        return items.map { item in
            guard let phrase = item.food, FoodWords.singular(phrase.text.lowercased()) == "chip" else { return item }
            var read = item
            read.food =
                tortilla
                ? FoodPhrase(words: ["tortilla", "chips"], text: "tortilla chips", range: phrase.range)
                : FoodPhrase(words: ["french", "fries"], text: "french fries", range: phrase.range)
            return read
        }
    }
}

// MARK: - Ingredients, bought raw

extension Resolver {
    /// Words that say the cook has the food raw in hand (`FoodWords.rawSigns`: the parser reads
    /// them too).
    static let rawSigns = FoodWords.rawSigns

    /// Of those, the words a raw food's name may hold too: "breast, skinless, boneless, meat only, raw".
    static let rawNameWords: Set<String> = ["boneless", "skinless"]

    /// Words that say the food is already cooked or kept some other way: no raw food is meant.
    static let cookedSigns: Set<String> = [
        "cooked", "roasted", "roast", "baked", "fried", "grilled", "boiled", "steamed", "smoked", "canned", "tinned",
        "frozen", "dried", "toasted", "leftover", "rotisserie", "sauteed", "mashed", "poached", "scrambled", "braised",
        "stewed", "barbecued", "bbq", "pickled", "cured", "jarred", "instant", "powder", "flour", "juice", "sauce",
    ]

    /// True for an amount no one eats at a sitting and a cook buys: two pounds (900 g) or more
    /// by weight ("1 kg chicken thighs", "2 lbs chicken wings"; a 1 lb steak may be dinner).
    static func isCooksAmount(_ item: LogItem) -> Bool {
        guard case .mass(let grams)? = item.unit?.kind else { return false }
        let amount = (item.count ?? 1) * grams
        guard amount >= 250 else { return false }
        let words = item.food.map { FoodWords.keyWords($0.text) } ?? []
        let threshold = words.contains(where: dryStaples.contains) ? 250.0 : 900
        return amount >= threshold
    }

    /// Shapes of pasta, which USDA weighs dry as "Pasta, dry".
    static let pastaShapes: Set<String> = [
        "spaghetti", "penne", "fusilli", "macaroni", "linguine", "fettuccine", "rigatoni", "orzo", "farfalle",
        "tagliatelle", "conchiglie", "ziti", "rotini", "vermicelli", "bucatini", "pappardelle",
    ]

    /// Staples a kitchen keeps dry and a recipe weighs dry: 250 g or more of them is bought, not
    /// served ("1 lb spaghetti", "300g basmati rice").
    static let dryStaples: Set<String> = [
        "pasta", "spaghetti", "penne", "fusilli", "macaroni", "noodle", "linguine", "fettuccine", "rigatoni",
        "lasagna", "lasagne", "orzo", "rice", "quinoa", "couscous", "bulgur", "lentil", "barley", "farro", "oat",
    ]

    /// True for a portion's name that is a measure of volume ("cup chopped", "tablespoon").
    static func isVolumeLabel(_ label: String) -> Bool {
        guard let first = label.split(separator: " ").first else { return false }
        return ["cup", "cups", "tablespoon", "teaspoon", "tbsp", "tsp", "fl"].contains(first.lowercased())
    }

    /// Words that say a staple is bought dry: "dried spaghetti", "dry lentils", "uncooked rice".
    static let dryWords: Set<String> = ["dried", "dry", "uncooked"]

    /// Pulses, which a kitchen keeps dry or canned.
    static let pulses: Set<String> = ["bean", "chickpea", "garbanzo", "lentil", "pea"]

    /// Pulses a recipe mostly takes from a can: rinsed or drained, they are canned ones.
    static let cannedPulses: Set<String> = ["bean", "chickpea", "garbanzo"]

    /// Beans eaten fresh in the pod ("green beans"), which are no pulse.
    static let freshBeans: Set<String> = [
        "green", "string", "runner", "french", "wax", "snap", "yellow", "long", "broad",
    ]

    /// True when the words name beans or chickpeas a recipe takes from a can, not fresh beans.
    static func namesCannedPulse(_ words: [String]) -> Bool {
        let words = words.map { FoodWords.singular($0.lowercased()) }
        return words.contains(where: cannedPulses.contains) && !words.contains(where: freshBeans.contains)
    }

    /// True when the words say a staple or a pulse is dry ("dried black beans", "dry lentils").
    static func saysDry(_ words: [String]) -> Bool {
        words.contains(where: dryWords.contains)
            && words.contains {
                dryStaples.contains(FoodWords.singular($0)) || pulses.contains(FoodWords.singular($0))
                    || pastaShapes.contains($0)
            }
    }

    /// True for a food's name that says it is raw: "Onions, raw", "Pork, cured, bacon,
    /// unprepared"; not "Chicken thigh, fried, coated, from raw".
    static func isRaw(_ name: String) -> Bool {
        let parts = name.lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
        return parts.dropFirst().contains {
            $0 == "raw" || $0 == "unprepared" || $0 == "uncooked" || $0.hasPrefix("raw ") || $0 == "dry"
                || $0 == "dried"
        }
    }

    /// True when a food's name gives it a size the typed words did not ("Squash, zucchini,
    /// baby, raw" for "2 medium zucchini"): its portions would weigh another food.
    static func saysAnUnsaidSize(_ name: String, _ typed: [String]) -> Bool {
        FoodWords.words(name).contains { ["baby", "mini", "miniature", "jumbo"].contains($0) && !typed.contains($0) }
    }

    /// The raw food an ingredient line means, when it says the cook cut or readied the food
    /// (in its words or in a note: "1 kg potatoes, peeled and quartered") and the table has the
    /// food raw: "Potatoes, raw", not USDA's cooked "Potato, NFS". Nil otherwise.
    /// `asEaten` receives the item resolved as typed when it had to be, so that it is not done twice.
    func rawIngredient(
        _ item: LogItem, user: UserFoods, depth: Int, asEaten found: inout Result<ResolvedItem, ResolveError>?
    ) -> ResolvedItem? {
        // Most lines say nothing of the kind: a glance at the typed words decides.
        guard item.kcal == nil, let typedPhrase = item.food,
            item.isIngredient || typedPhrase.words.contains(where: Resolver.rawSigns.contains)
                || Resolver.isCooksAmount(item) || Resolver.saysDry(typedPhrase.words),
            user.named(typedPhrase.text) == nil,
            // An everyday name that holds the cut word is what it says: "boneless wings" are USDA's.
            !(typedPhrase.words.contains(where: Resolver.rawSigns.contains)
                && index.table.everyday(named: FoodWords.normalized(typedPhrase.text)) != nil)
        else { return nil }
        let saysDry = Resolver.saysDry(typedPhrase.words)
        // Beans and chickpeas rinsed or drained come from a can: only said dry are they bought dry.
        if item.isIngredient, !saysDry, !typedPhrase.words.contains(where: Resolver.rawSigns.contains),
            Resolver.namesCannedPulse(typedPhrase.words)
        {
            return nil
        }
        // In USDA's words first ("lean minced beef" is ground beef, "1 medium head cauliflower"
        // a head of it).
        let reworded = Resolver.reworded(item)
        let item = reworded ?? item
        guard let phrase = item.food else { return nil }
        let words = FoodWords.keyWords(phrase.text)
        // "dried spaghetti", "dry lentils" are the dry staple; any other cooked or kept word is no raw food.
        guard
            !words.contains(where: { Resolver.cookedSigns.contains($0) && !(saysDry && Resolver.dryWords.contains($0)) }
            )
        else { return nil }
        var asEaten = resolvePlainly(item, user: user, depth: depth)
        // The line as typed, resolved: the caller's answer when no raw food is meant.
        if reworded == nil { found = asEaten }
        // Found raw as said ("3 cloves garlic, minced": the everyday clove of raw garlic).
        if case .success(let plain) = asEaten, Resolver.isRaw(plain.food) { return plain }
        let kept = words.filter {
            Resolver.rawNameWords.contains($0)
                || (!Resolver.rawSigns.contains($0) && !Resolver.descriptors.contains($0)
                    && !Resolver.dryWords.contains($0))
        }
        // A count weighs as the food as eaten does (below): the raw food is found by name alone.
        let counted = item.unit == nil || item.unit?.kind == .portion
        var rawFound: ResolvedItem?
        // As said ("red onion"), then without colours and other kinds the raw food may not name.
        // Then, boned and skinned said, as the meat alone ("thigh, meat only, raw").
        let plainer = kept.filter { !FoodWords.descriptors.contains($0) }
        let meat = plainer.filter { !Resolver.rawNameWords.contains($0) } + (plainer.count < kept.count ? ["meat"] : [])
        // Grains and pasta are bought dry ("Pasta, dry, enriched", "Rice, white, long-grain,
        // regular, raw"); a shape of pasta is pasta.
        let dry = kept.contains(where: Resolver.dryStaples.contains) || saysDry
        let shapes = kept.map { Resolver.pastaShapes.contains($0) ? "pasta" : $0 }
        var cores = [kept, plainer, meat, meat.last == "meat" ? [] : meat + ["meat"]]
        if shapes != kept {
            var once: [String] = []
            for word in shapes where !once.contains(word) { once.append(word) }
            cores.insert(once, at: 0)
        }
        // Then the staple alone: "basmati rice" is rice, "elbow macaroni" pasta.
        if dry, let staple = shapes.last(where: { Resolver.dryStaples.contains($0) || $0 == "pasta" }) {
            cores.append([staple])
        }
        for state in dry ? ["dry", "raw"] : ["raw"] where rawFound == nil {
            for core in cores where !core.isEmpty {
                var raw = item
                if counted {
                    raw.unit = nil
                    raw.unitWord = nil
                }
                let rawWords = core + [state]
                raw.food = FoodPhrase(words: rawWords, text: rawWords.joined(separator: " "), range: phrase.range)
                switch resolvePlainly(raw, user: user, depth: depth) {
                case .success(let value)
                where Resolver.isRaw(value.food) && !Resolver.saysAnUnsaidSize(value.food, words):
                    rawFound = value
                case .success(let value) where Resolver.isRaw(value.food):
                    // A raw food of a size not said ("Squash, zucchini, baby, raw"): the first
                    // other raw food that names every word and no size ("Squash, summer,
                    // zucchini, includes skin, raw").
                    let key = core.map(FoodWords.singular)
                    for match in index.lookup(raw.food?.text ?? "", limit: 6, lettingGo: false).matches {
                        let food = index.table.food(at: match.index)
                        let name = Set(FoodWords.words(food.name.lowercased()).map(FoodWords.singular))
                        guard food.code != value.code, Resolver.isRaw(food.name),
                            !Resolver.saysAnUnsaidSize(food.name, words), key.allSatisfy(name.contains),
                            case .success(let other) = weighed(raw, food: food, match: match, words: rawWords)
                        else { continue }
                        rawFound = other
                        break
                    }
                case .failure(let error):
                    // Raw foods that differ by a cut or a label ("with added solution"): the first
                    // raw one, the meat alone when the bones and skin are off.
                    guard case .ambiguous(_, let candidates) = error.kind else { continue }
                    let rawOnes = candidates.filter {
                        Resolver.isRaw($0.name) && !Resolver.saysAnUnsaidSize($0.name, words)
                            && (core != meat || $0.name.contains("meat only"))
                    }
                    guard let pick = rawOnes.first(where: { !$0.name.contains("added solution") }) ?? rawOnes.first,
                        let position = index.table.index(code: pick.code)
                    else { continue }
                    let match = FoodIndex.Match(
                        index: position, score: 2000, isStrong: true, isExact: true, isEveryday: false)
                    if case .success(let value) = weighed(
                        raw, food: index.table.food(at: position), match: match, words: rawWords)
                    {
                        rawFound = value
                    }
                default:
                    continue
                }
                if rawFound != nil { break }
            }
        }
        guard var value = rawFound else { return nil }
        // "2 boneless, skinless chicken breasts": what two chicken breasts weigh as eaten.
        let named = plainer.filter { !Resolver.rawNameWords.contains($0) }
        if case .failure = asEaten, named.count < words.count, !named.isEmpty {
            var plain = item
            plain.food = FoodPhrase(words: named, text: named.joined(separator: " "), range: phrase.range)
            asEaten = resolvePlainly(plain, user: user, depth: depth)
        }
        // A count ("1 red onion", "2 medium sweet potatoes") weighs what the food as eaten
        // weighs, which knows a whole onion; the raw food gives the energy per gram.
        if counted {
            // A size the raw food is weighed in ("1 small onion": USDA's small raw onion).
            if let unit = item.unit, Unit.sizeWords.contains(unit.name), let code = value.code,
                let position = index.table.index(code: code),
                namedPortion(index.table.food(at: position).withPortionsParsed(), word: unit.name) != nil
            {
                let match = FoodIndex.Match(
                    index: position, score: 2000, isStrong: true, isExact: true, isEveryday: false)
                if case .success(let own) = weighed(
                    item, food: index.table.food(at: position), match: match, words: words)
                {
                    return own
                }
            }
            // The food as eaten weighs a count only by the spoonful or cup ("Onions, yellow,
            // sauteed": 1 cup chopped): no count of whole ones, so the raw food's own.
            var byVolume = false
            if case .success(let eaten) = asEaten { byVolume = Resolver.isVolumeLabel(eaten.unit) }
            guard case .success(let asEaten) = asEaten, !byVolume,
                let grams = asEaten.grams, let rawGrams = value.grams, rawGrams > 0
            else {
                // The food as eaten cannot be weighed so ("1 head broccoli"): the raw food's own
                // portion, or nothing (the error of the food as eaten says why).
                guard let code = value.code, let food = index.table.index(code: code) else { return nil }
                let match = FoodIndex.Match(index: food, score: 2000, isStrong: true, isExact: true, isEveryday: false)
                guard
                    case .success(let weighed) = weighed(
                        item, food: index.table.food(at: food), match: match, words: words)
                else { return nil }
                return weighed
            }
            let factor = grams / rawGrams
            value.kcal = Format.rounded(value.kcal * factor, places: 1)
            value.protein = value.protein.map { Format.rounded($0 * factor, places: 1) }
            value.carbs = value.carbs.map { Format.rounded($0 * factor, places: 1) }
            value.fat = value.fat.map { Format.rounded($0 * factor, places: 1) }
            value.nutrients = value.nutrients.scaled(by: factor).rounded(places: 1)
            value.grams = grams
            value.amount = asEaten.amount
            value.unit = asEaten.unit
            value.quantity = asEaten.quantity
        }
        return value
    }
}

// MARK: - British readings

extension Resolver {
    /// Words only British English uses for food and drink, or for how it comes: a line that says
    /// one is read as British (`britishReadings`), whatever the profile's units ("a tin of beans",
    /// "chips and a cuppa"). A closed list: a word American English uses too ("chips", "biscuit",
    /// "pudding", "brew": a cold brew) says nothing of where the line was typed.
    static let britishWords: Set<String> = [
        "tin", "tins", "tinned", "crisps", "cuppa", "sarnie", "sarnies", "butty", "butties", "chippy",
        "takeaway", "biccy", "biccies", "bap", "baps", "rasher", "rashers", "courgette", "courgettes",
        "aubergine", "aubergines", "yoghurt", "wholemeal", "skimmed", "mince", "jacket", "beetroot",
    ]

    /// True when a line's words say it was typed in British English (`britishWords`).
    static func saysBritish(_ items: [LogItem]) -> Bool {
        items.contains { item in
            (item.unitWord.map { britishWords.contains($0.lowercased()) } ?? false)
                || (item.food?.words.contains { britishWords.contains($0.lowercased()) } ?? false)
        }
    }

    /// The items with each food said by a word that means another food in Britain read as
    /// Britain means it: "chips" are fried potatoes (chip-shop chips), "a biscuit" a sweet
    /// biscuit (a cookie), "squash" the diluted drink, "beans" baked beans, "a kebab" a doner.
    /// The British meaning of a name is its everyday row "british NAME" (data/everyday.tsv, a
    /// food or a composed dish), so a new word is a data row. A name of the user's own, or a line that already read the word
    /// ("chips and salsa": `readingChips`), is kept.
    func britishReadings(_ items: [LogItem], user: UserFoods) -> [LogItem] {
        items.indices.map { position in
            let item = items[position]
            guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil else { return item }
            let name = FoodWords.normalized(phrase.text)
            // A dish only as `composedDish` takes one: counted, and not said with what is in it.
            let next = position + 1 < items.count ? items[position + 1] : nil
            let asDish = Resolver.countsDishes(item) && next?.joiner != .with
            func british(_ name: String) -> String? {
                index.table.everyday(named: "british " + name)?.alias
                    ?? (asDish ? Resolver.composedDishes["british " + name]?.alias : nil)
            }
            guard !name.isEmpty else { return item }
            var read = item
            // "a bag of chips": what a chip shop or a takeaway serves it in, which the British
            // food has no portion of, is one of its own portions (a bag of chips is a portion).
            func servedIn(_ found: String, _ read: inout LogItem) {
                if let unit = item.unit, Resolver.servedInWords.contains(unit.name),
                    let row = index.table.everyday(named: FoodWords.normalized(found)),
                    let food = index.table.food(code: row.code), namedPortion(food, word: unit.name) == nil
                {
                    read.unit = nil
                    read.unitWord = nil
                }
            }
            if let found = british(name) {
                read.food = FoodPhrase(words: phrase.words, text: found, range: phrase.range)
                servedIn(found, &read)
                return read
            }
            // "a kebab from the takeaway" ("kebab takeaway"): the food before the place said
            // after it is read as Britain means it, unless the words together are a name; the
            // place stays among the words, an origin.
            guard phrase.words.count > 1, let last = phrase.words.last,
                Resolver.occasionWords.contains(last.lowercased()), index.table.everyday(named: name) == nil,
                index.table.everyday(wordSet: FoodTable.wordSetKey(name.split(separator: " ").map(String.init))) == nil,
                let found = british(FoodWords.normalized(phrase.words.dropLast().joined(separator: " ")))
            else { return item }
            read.food = FoodPhrase(words: phrase.words, text: found, range: phrase.range)
            servedIn(found, &read)
            return read
        }
    }

    /// What a chip shop or a takeaway serves a food in: said of a British meaning that has no
    /// such portion, one of its own portions.
    static let servedInWords: Set<String> = ["bag", "box", "tray", "cone", "carton"]
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

// MARK: - Dishes of several foods

extension Resolver {
    /// A dish data/everyday.tsv composes of several foods (code "="): "full english" is bacon,
    /// sausages, a fried egg, beans and toast.
    struct ComposedDish: Sendable {
        /// The name as people type it: `full english`.
        var alias: String
        /// What it holds, in Calorina's own words: `2 rashers of bacon, 2 sausages, …`.
        var parts: String

        /// The entry's name: the dish, and what it holds ("british chicken kebab", a British
        /// reading, is a chicken kebab).
        var name: String { said.prefix(1).uppercased() + said.dropFirst() + " (" + parts + ")" }

        /// The dish as people say it.
        var said: String { alias.hasPrefix("british ") ? String(alias.dropFirst(8)) : alias }
    }

    /// True when the item's amount counts whole dishes ("2 scotch eggs", "a serving of"): a
    /// composed dish is weighed by nothing else ("a mug of tea" is the tea, by the mug).
    static func countsDishes(_ item: LogItem) -> Bool {
        guard let unit = item.unit else { return true }
        return unit.name == "serving" || unit.name == "portion"
    }

    /// The composed dishes by normalized name, read once. Of the aliases of one name ("chip
    /// butty", "chip butties"), the shortest names the entry.
    static let composedDishes: [String: ComposedDish] = {
        var dishes: [String: ComposedDish] = [:]
        for line in bundledComposedDishes.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let key = String(fields[0])
            if let kept = dishes[key], kept.alias.count <= fields[1].count { continue }
            dishes[key] = ComposedDish(alias: String(fields[1]), parts: String(fields[2]))
        }
        return dishes
    }()

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
            let dish = Resolver.composedDishes[FoodWords.normalized(phrase.text + " " + second.text)]
        {
            return (dish, true)
        }
        if let next, next.joiner == .with { return nil }
        if let dish = Resolver.composedDishes[FoodWords.normalized(phrase.text)] { return (dish, false) }
        if let plain = withoutChain(item, user: user)?.food,
            let dish = Resolver.composedDishes[FoodWords.normalized(plain.text)]
        {
            return (dish, false)
        }
        return nil
    }
}

// MARK: - Which English

extension Resolver {
    /// How far apart the British and the plain reading of a name may weigh before a line that
    /// does not say which English asks which: more than twice the other.
    static let dialectRatio = 2.0

    /// The question to ask when a name has a British meaning (`britishReadings`) and the line
    /// does not say which English it is in, but the two readings weigh far apart
    /// (`dialectRatio`): the same food sold at another size in Britain ("a milky way": a 55 g
    /// bar, a 15-22 g one in Britain), or a food ordered by a unit both come in ("a bag of
    /// chips": a 28 g bag of crisps, or a chip shop's portion). A name said alone whose British
    /// meaning is another food ("chips", "a biscuit") is what USDA means, as the README says.
    func dialectDoubt(_ item: LogItem, _ value: ResolvedItem, user: UserFoods, depth: Int) -> ResolveError? {
        guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil, let code = value.code,
            let grams = value.grams, grams > 0,
            let british = index.table.everyday(named: "british " + FoodWords.normalized(phrase.text)),
            let food = index.table.food(code: british.code)
        else { return nil }
        let britishGrams: Double
        if british.code == code {
            guard item.unit == nil,
                let portion = food.portions.first(where: { $0.description == british.portion }) ?? food.defaultPortion
            else { return nil }
            britishGrams = portion.grams * (item.count ?? 1)
        } else {
            guard let unit = item.unit, unit.kind == .portion else { return nil }
            var read = item
            read.food = FoodPhrase(words: phrase.words, text: british.alias, range: phrase.range)
            if case .success(let found) = resolve(read, user: user, depth: depth + 1), found.code == british.code,
                let weight = found.grams
            {
                britishGrams = weight
            } else {
                guard
                    let portion = food.portions.first(where: { $0.description == british.portion })
                        ?? food.defaultPortion
                else { return nil }
                britishGrams = portion.grams * (item.count ?? 1)
            }
        }
        guard max(grams, britishGrams) > Resolver.dialectRatio * min(grams, britishGrams) else { return nil }
        var candidates = [ResolveError.Candidate(name: value.food, code: code)]
        if british.code != code { candidates.append(ResolveError.Candidate(name: food.name, code: british.code)) }
        return ResolveError(.ambiguous(phrase.text, candidates: candidates), phrase.range)
    }
}
