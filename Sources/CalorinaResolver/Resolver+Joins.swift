import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import Synchronization

extension Resolver {
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
}
