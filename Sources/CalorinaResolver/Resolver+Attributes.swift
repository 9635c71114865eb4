import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

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
