import CalorinaFoods
import CalorinaLanguage
import CalorinaSupport

// Amounts people say that the USDA tables give no weight for: containers and hand measures
// ("a bowl of chili", "a handful of almonds", "6 piece nuggets", "a stack of pancakes"), a
// plural without a count ("grapes": a serving, not one grape), and additions ("coffee with
// milk": a splash of milk, not a cup). Each is documented in grammar/calorina.ebnf ("measures")
// and stated here once, by kind of food, never by food.

extension Resolver {
    /// How a container or hand measure is weighed when the food has no portion of that name.
    enum Measure {
        /// A volume, weighed through the food's own density; `grams` when it has none.
        case volume(cups: Double, grams: Double)
        /// So many of the food's own units ("1 pancake", "1 nugget").
        case units(Double)
        /// USDA's default portion ("Quantity not specified").
        case serving
    }

    /// Words in a food's name that make a bowl or a plate of it a large one: soups, stews,
    /// pasta, rice and noodle dishes (a bowl 1½ cups, a plate 2 cups); salads (a bowl 2 cups).
    static let dishWords: Set<String> = [
        "soup", "chili", "stew", "noodle", "noodles", "pasta", "spaghetti", "rice", "curry", "ramen", "pho",
        "chowder", "gumbo", "macaroni", "risotto", "stir", "bisque", "broth", "dal", "dhal", "goulash",
    ]

    /// The measure a portion word stands for when the food names no such portion.
    ///
    /// - bowl: 1½ cups of a soup, stew, pasta, rice or noodle dish; 2 cups of a salad; 1 cup of
    ///   anything else (cereal, fruit, ice cream); 350 g when the food has no cup weight.
    /// - plate: 2 cups; 400 g without a cup weight.
    /// - handful: 1 oz (28 g) of an energy-dense food (over 250 kcal per 100 g: nuts, chips,
    ///   dried fruit, sweets), else ½ cup (75 g without a cup weight: grapes, berries).
    /// - piece, stack, square, rasher, side: the food's own unit (a stack is 3), a serving for a side.
    /// - punnet: 150 g, the usual small box of berries, cherry tomatoes or mushrooms.
    /// - can (tin): 400 g of a food the table weighs no can of.
    /// - head: 10 cloves of garlic; of a vegetable its USDA bunch, else 500 g. bunch: 30 g of
    ///   herbs, else 150 g. sprig: 1 g.
    func measure(_ word: String, for food: Food) -> Measure? {
        let nameWords = Set(FoodWords.keyWords(food.name))
        switch word {
        case "bowl":
            if nameWords.contains("salad") { return .volume(cups: 2, grams: 350) }
            if !nameWords.isDisjoint(with: Resolver.dishWords) { return .volume(cups: 1.5, grams: 350) }
            return .volume(cups: 1, grams: 350)
        case "plate":
            return .volume(cups: 2, grams: 400)
        case "handful":
            return food.kcalPer100g > 250 ? .volume(cups: 0, grams: 28) : .volume(cups: 0.5, grams: 75)
        case "piece", "square", "rasher", "strip", "cube", "entire":
            return .units(1)
        case "stack":
            return .units(3)
        case "side":
            return .serving
        case "head":
            // A head of garlic is 10 cloves; of a vegetable, its bunch when USDA weighs one, else 500 g.
            if food.portions.contains(where: { $0.description.contains("clove") }) { return .units(10) }
            if let bunch = namedPortion(food, word: "bunch") { return .volume(cups: 0, grams: bunch.grams) }
            return .volume(cups: 0, grams: 500)
        case "bunch":
            // A bunch of herbs 30 g; of greens or onions 150 g.
            return Portions.isHerb(food) ? .volume(cups: 0, grams: 30) : .volume(cups: 0, grams: 150)
        case "sprig":
            return .volume(cups: 0, grams: 1)
        case "punnet":
            // The UK's small fruit box: 150 g of berries, cherry tomatoes or mushrooms.
            return .volume(cups: 0, grams: 150)
        case "loaf":
            // A large sliced loaf as UK shops sell it, 800 g (a US 20 oz loaf is 567 g).
            return .volume(cups: 0, grams: 800)
        case "carton":
            // A carton of juice or milk: 1 litre (UK cartons 1 l; a US quart 946 ml).
            return .volume(cups: 1000 / Unit.cupMilliliters, grams: 1000)
        case "tub":
            // Ice cream 500 ml (UK tubs; a US pint 473 ml); hummus, dips and spreads 200 g, the
            // usual supermarket tub (a US tub 10 oz, 283 g).
            if Portions.isFrozenDessert(food) { return .volume(cups: 500 / Unit.cupMilliliters, grams: 280) }
            return .volume(cups: 0, grams: 200)
        case "can":
            // A tin of food the table weighs no can of ("a tin of beans"): 400 g, the usual UK
            // tin (a US 15 oz can is 425 g). A drink's can is 12 fl oz (`containerFluidOunces`).
            return .volume(cups: 0, grams: 400)

        default:
            return nil
        }
    }

    /// The portion that is a whole one of the food ("a whole pizza", "half a baguette"): USDA's
    /// portion named after the thing itself, not a slice or piece of it ("1 medium pizza
    /// (11-12" diameter)", "1 baguette (about 22" long)"), the usual size before a mini or a
    /// large one; else its "1 whole" or "1 loaf". Nil when it has none: one of its own units.
    func wholePortion(_ food: Food, words: [String]) -> Portion? {
        let heads = Set(words.suffix(1).map { FoodWords.singular($0.lowercased()) })
        let parts: Set<String> = ["slice", "piece", "wedge", "slices", "pieces", "surface", "crust", "cup", "oz"]
        // A whole one is said with its size: "(11-12" diameter)", "(about 22" long)", "whole", "loaf".
        let candidates = food.portions.filter { portion in
            let lowered = portion.description.lowercased()
            let words = FoodWords.words(lowered).map(FoodWords.singular)
            return !heads.isDisjoint(with: words) && words.allSatisfy { !parts.contains($0) }
                && (lowered.contains("\"") || words.contains("whole") || words.contains("loaf"))
        }
        func rank(_ portion: Portion) -> Int {
            let words = Set(FoodWords.words(portion.description.lowercased()))
            if !words.isDisjoint(with: ["medium", "regular"]) { return 0 }
            if words.isDisjoint(with: ["mini", "small", "large", "extra-large", "personal", "individual", "snack"]) {
                return 1
            }
            return 2
        }
        if let best = candidates.min(by: { rank($0) < rank($1) }) { return best }
        let whole = food.portions.first {
            $0.description.lowercased() == "1 whole" || $0.description.lowercased().hasPrefix("1 whole ")
        }
        if let found = whole ?? food.portions.first(where: { $0.description.lowercased().hasPrefix("1 loaf") }) {
            return found
        }
        // "a whole chicken": two of USDA's halves ("1/2 chicken (yield after cooking, bone removed)").
        func isHalf(_ portion: Portion) -> Bool {
            let lowered = portion.description.lowercased()
            return lowered.hasPrefix("1/2 ") && heads.contains { lowered.dropFirst(4).hasPrefix($0) }
        }
        guard let half = food.portions.first(where: isHalf) else { return nil }
        let thing = half.description.dropFirst(4).split(separator: " ").first.map(String.init) ?? "one"
        return Portion(description: "1 whole \(thing) (2 halves)", grams: half.grams * 2)
    }

    /// A size in inches or a footlong, by USDA's own portions: "6-inch" is the portion whose
    /// description says 6" (`1 regular or 6" submarine`, `1 pizza (12" dia)`); a footlong is the
    /// food's "1 footlong" (hot dogs), else two 6-inch portions (a 12-inch sub). Nil for any
    /// other word, or a food with no such portion.
    func inchWeighing(_ food: Food, word: String) -> Weighing? {
        if word == "footlong" {
            if let portion = food.portions.first(where: { $0.description.lowercased().contains("footlong") }) {
                return Weighing(gramsPerUnit: portion.grams, label: word, isPortion: true)
            }
            guard let six = inchPortion(food, inches: 6) else { return nil }
            return Weighing(gramsPerUnit: six.grams * 2, label: word, isPortion: true)
        }
        guard Unit.isInches(word), let inches = Int(word.dropLast(5)), let portion = inchPortion(food, inches: inches)
        else { return nil }
        return Weighing(gramsPerUnit: portion.grams, label: word, isPortion: true)
    }

    /// The food's portion said in whole inches: `6"` in its description, not `16"` or `6" x 2"`'s
    /// second size.
    private func inchPortion(_ food: Food, inches: Int) -> Portion? {
        let mark = "\(inches)\""
        return food.portions.first { portion in
            guard let range = portion.description.firstRange(of: mark) else { return false }
            return range.lowerBound == portion.description.startIndex
                || !portion.description[portion.description.index(before: range.lowerBound)].isNumber
        }
    }

    // MARK: - Served portions

    /// The served portion of a food found by an everyday name, weighed: nil when the name gives
    /// none, or its USDA portion is not the food's.
    func servedWeighing(_ food: Food, match: FoodIndex.Match) -> (portion: Portion, note: String)? {
        guard let served = Portions.servedPortion(match.everydayPortion) else { return nil }
        guard let description = served.portion else {
            let grams = Format.grams(served.count)
            return (Portion(description: "1 " + served.label, grams: served.count), "a \(served.label) is \(grams)")
        }
        guard let usda = food.portions.first(where: { $0.description == description }) else { return nil }
        let grams = usda.grams * served.count
        // "3 cups" where USDA's portion is one of a unit ("1 cup"), else "3 × 1 individual container".
        let unit = description.hasPrefix("1 ") ? String(description.dropFirst(2)) : ""
        let said =
            !unit.isEmpty && !unit.contains(where: { !$0.isLetter })
            ? Format.number(served.count) + " " + (served.count == 1 ? unit : Unit.plural(of: unit))
            : Format.number(served.count) + " × " + description
        return (Portion(description: "1 " + served.label, grams: grams), "a \(served.label): \(said)")
    }

    // MARK: - From a shop

    /// Words that say a food came from a shop that sells it whole: takeaway, takeout, delivery.
    static let shopWords: Set<String> = ["takeaway", "takeout", "take-away", "take-out", "delivery"]

    /// "a dominos pizza", "takeaway pizza": a food a chain or a takeaway sells, said with no unit
    /// and at most one, is one whole one when USDA weighs the food by a part of a whole (a slice
    /// of pizza, two as its serving) and the whole one too; nil otherwise. The entry says so.
    func servedWhole(_ item: LogItem, as value: ResolvedItem, user: UserFoods, depth: Int) -> ResolvedItem? {
        guard item.unit == nil, item.kcal == nil, (item.count ?? 1) == 1, Portions.namesAPart(value.unit),
            let entire = Unit.named("entire")
        else { return nil }
        var whole = item
        whole.count = 1
        whole.unit = entire
        whole.unitWord = "whole"
        guard case .success(var found) = resolve(whole, user: user, depth: depth), found.code == value.code,
            (found.grams ?? 0) > (value.grams ?? 0)
        else { return nil }
        found.note = "from a shop: a whole one"
        return found
    }

    // MARK: - Containers

    /// Containers a shop sells a food in: said of a food ("a tub of hummus"), one is the whole
    /// container, never one of USDA's single-serving units (`isSingleServing`); a food with no
    /// portion of the container's own is weighed by `measure` (loaf, carton, tub).
    static let containerWords: Set<String> = ["loaf", "carton", "tub", "pot"]

    /// The food's portion of a container, or of a word it goes by (`alternativeWords`: a pot is
    /// a container, a tub or a can), of its single-serving ones none.
    func containerPortion(_ food: Food, word: String) -> Portion? {
        var whole = food
        whole.portions = food.portions.filter { !Portions.isSingleServing($0) }
        for name in [word] + (Portions.alternativeWords[word] ?? []) {
            if let portion = namedPortion(whole, word: name) { return portion }
        }
        return nil
    }

    /// Weighs a measure for a food; nil when the food gives no way to.
    func weighing(_ measure: Measure, word: String, food: Food, words: [String], match: FoodIndex.Match) -> Weighing? {
        switch measure {
        case .volume(let cups, let grams):
            if cups > 0, let density = Portions.gramsPerMilliliter(food) {
                return Weighing(gramsPerUnit: density * cups * Unit.cupMilliliters, label: word, isPortion: true)
            }
            return Weighing(gramsPerUnit: grams, label: word, isPortion: true)
        case .units(let count):
            guard let portion = unitPortion(food, words: words, match: match) else { return nil }
            return Weighing(gramsPerUnit: portion.grams * count, label: word, isPortion: true)
        case .serving:
            guard let portion = food.defaultPortion ?? countPortion(food, words: words, match: match) else {
                return nil
            }
            return Weighing(gramsPerUnit: portion.grams, label: word, isPortion: true)
        }
    }

    /// The food's own unit: the portion a bare count means, unless that is USDA's unspecified
    /// quantity; then a "1 piece" or "1 slice".
    func unitPortion(_ food: Food, words: [String], match: FoodIndex.Match) -> Portion? {
        if let portion = countPortion(food, words: words, match: match), portion.description != "Quantity not specified"
        {
            return portion
        }
        return namedPortion(food, word: "piece") ?? namedPortion(food, word: "slice")
    }

    /// True when the food words end in a plural ("grapes", "almonds", "fries"): said without a
    /// count, they mean a serving, not one.
    static func isPlural(_ words: [String]) -> Bool {
        guard let last = words.last, last.count > 3, last.hasSuffix("s") else { return false }
        return !last.hasSuffix("ss") && !last.hasSuffix("us") && !last.hasSuffix("is")
    }

    // MARK: - Additions

    /// What is added to a food rather than eaten as one: said after "with" (or "on", "in"), or
    /// after "and" when the food before takes it, without an amount, it gets the amount usually
    /// added. Amounts by kind: milk in a drink 2 tbsp and on cereal ½ cup; cream 1 tbsp; sugar
    /// 1 tsp (a count of sugars is teaspoons); syrup 2 tbsp; honey, jam and other sweet spreads
    /// 1 tbsp; butter 1 tsp (a pat); nut butters 1 tbsp on bread or crackers, else 2 tbsp; cream
    /// cheese 2 tbsp; cheese 1 oz; dressings,
    /// sauces and dips 2 tbsp (ketchup and mustard 1 tbsp, gravy ¼ cup).
    struct Addition {
        var count: Double
        var unit: String
    }

    /// Drinks that take milk by the splash, and foods that take it by the half cup.
    static let drinkHosts: Set<String> = [
        "coffee", "tea", "espresso", "americano", "cuppa", "chai", "decaf", "brew", "cappuccino", "latte",
    ]
    static let cerealHosts: Set<String> = [
        "cereal", "cheerios", "cornflakes", "flakes", "granola", "muesli", "oats", "oatmeal", "porridge", "weetabix",
        "bran", "crunch", "krispies", "chex", "shreddies",
    ]

    /// Breads and crackers a spread goes on thinly: those a topping is named before, and others.
    static let breadHosts: Set<String> = spreadHosts.union([
        "bread", "roll", "bun", "pita", "tortilla", "wrap", "crispbread", "oatcake", "sourdough", "slice", "ryvita",
        "pretzel",
    ])

    /// The amount usually added, for an addition's words after a host's words.
    static func addition(_ words: [String], after host: [String], joiner: LogItem.Joiner) -> Addition? {
        let words = words.map { $0.hasSuffix("s") && $0.count > 4 ? String($0.dropLast()) : $0 }
        guard let head = words.last else { return nil }
        let hostWords = Set(host.map { $0.hasSuffix("s") && $0.count > 4 ? String($0.dropLast()) : $0 })
        // "a jacket potato with tuna mayo": a filling, not a spoon of a condiment.
        if let grams = fillingGrams(words, host: hostWords) { return Addition(count: grams, unit: "g") }
        let inDrink = !hostWords.isDisjoint(with: drinkHosts)
        let onCereal = !hostWords.isDisjoint(with: cerealHosts.union(["oat"]))
        let addition: Addition?
        switch head {
        case "milk", "half-and-half":
            addition = inDrink ? Addition(count: 2, unit: "tbsp") : onCereal ? Addition(count: 0.5, unit: "cup") : nil
        case "cream", "creamer":
            addition = words.contains("cheese") || words.contains("ice") ? nil : Addition(count: 1, unit: "tbsp")
        case "sugar", "sweetener":
            addition = Addition(count: 1, unit: "tsp")
        case "syrup":
            addition = Addition(count: 2, unit: "tbsp")
        case "honey", "jam", "jelly", "marmalade", "preserve", "nutella", "agave", "whip":
            addition = Addition(count: 1, unit: "tbsp")
        case "marmite", "vegemite", "butter", "margarine", "ghee", "pb":
            if head == "butter" && words.count > 1 || head == "pb" {
                // Peanut butter: a tablespoon spread on bread, crackers or a rice cake; two with fruit.
                let onBread = !hostWords.isDisjoint(with: breadHosts) || hostWords.isSuperset(of: ["rice", "cake"])
                addition = Addition(count: onBread ? 1 : 2, unit: "tbsp")
            } else {
                addition = Addition(count: 1, unit: "tsp")
            }
        case "cheese":
            addition = words.contains("cream") ? Addition(count: 2, unit: "tbsp") : Addition(count: 1, unit: "oz")
        case "parmesan":
            addition = Addition(count: 1, unit: "tbsp")
        case "dressing", "ranch", "vinaigrette", "mayo", "mayonnaise", "sauce", "salsa", "hummus", "guacamole",
            "guac", "tzatziki", "aioli", "pesto", "dip", "relish", "chutney":
            addition = Addition(count: 2, unit: "tbsp")
        case "avocado", "avo":
            addition = Addition(count: 50, unit: "g")  // a third of an avocado, sliced or mashed on top
        case "ketchup", "mustard", "sriracha":
            addition = Addition(count: 1, unit: "tbsp")
        case "gravy":
            addition = Addition(count: 0.25, unit: "cup")
        default:
            addition = nil
        }
        guard let addition else { return nil }
        // After "and", only what the food before takes: "coffee and milk", not "bread and cheese".
        if joiner == .and, !(inDrink || onCereal || head == "sugar" || head == "butter" && words.count == 1) {
            return nil
        }
        return addition
    }

    /// Foods a filling goes in or on, and a filling's grams there: a jacket potato's scoop 100 g,
    /// a sandwich's, a wrap's or a roll's 60 g. Typical UK café and sandwich-shop amounts (a
    /// jacket potato filling is sold as 90-120 g, a sandwich's filling is 50-70 g), written from
    /// known figures, not fetched; a filling is never a condiment's 2 tbsp (30 g).
    static let fillingHosts: [String: Double] = [
        "potato": 100, "jacket": 100, "sandwich": 60, "sarnie": 60, "wrap": 60, "roll": 60, "baguette": 60,
        "sub": 60, "bap": 60, "panini": 60, "bagel": 60, "pitta": 60, "pita": 60, "croissant": 60,
    ]

    /// Words a filling opens with: what it is made of, before its dressing ("tuna mayo", "egg
    /// mayonnaise", "coronation chicken", "prawn cocktail").
    static let fillingWords: Set<String> = [
        "tuna", "egg", "chicken", "prawn", "shrimp", "salmon", "crab", "ham", "turkey", "coronation", "cheese",
    ]

    /// The grams of a filling on its host, when the words are a filling (a filling word, then at
    /// least one more: "tuna mayo") and the host takes fillings; nil otherwise.
    static func fillingGrams(_ words: [String], host: Set<String>) -> Double? {
        guard words.count >= 2, let first = words.first, fillingWords.contains(first),
            words.contains(where: { ["mayo", "mayonnaise", "sauce", "salad", "cocktail", "coleslaw"].contains($0) })
                || first == "coronation"
        else { return nil }
        return host.compactMap { fillingHosts[$0] }.max()
    }

    /// Breads a spread or a topping is named before: "avocado toast", "peanut butter bagel".
    static let spreadHosts: Set<String> = ["toast", "bagel", "crumpet", "muffin", "waffle", "pancake", "cracker"]

    /// "avocado toast", "peanut butter toast": an addition named before a bread it goes on, when
    /// the words together are no food's own name, is the bread with the addition.
    func splittingToppings(_ items: [LogItem], user: UserFoods) -> [LogItem] {
        var result: [LogItem] = []
        for item in items {
            guard item.kcal == nil, let phrase = item.food, phrase.words.count >= 2, let last = phrase.words.last,
                Resolver.spreadHosts.contains(FoodWords.singular(last.lowercased())), user.named(phrase.text) == nil
            else {
                result.append(item)
                continue
            }
            // The topping as read ("avacado" as avocado).
            let topping = phrase.words.dropLast().map { word in
                let lowered = word.lowercased()
                return index.knows(word: lowered)
                    ? lowered : index.lookup(lowered, limit: 1, lettingGo: false).corrections.first?.read ?? lowered
            }
            guard Resolver.addition(topping, after: [last], joiner: .with) != nil, !namesBread(phrase, host: last)
            else {
                result.append(item)
                continue
            }
            var host = item
            host.food = FoodPhrase(words: [last], text: last, range: phrase.range)
            let added = LogItem(
                // Looked up as typed, so that a correction is shown; weighed as read.
                food: FoodPhrase(
                    words: Array(topping), text: phrase.words.dropLast().joined(separator: " "), range: phrase.range),
                joiner: .with, range: phrase.range)
            result += [host, added]
        }
        return result
    }

    /// True when the words are a food of the bread's kind by its own name: "french toast",
    /// "peanut butter crackers" ("Crackers, sandwich, peanut butter filled"), an everyday name.
    /// A food that only holds the words ("Cereal, peanut butter toast crunch") is no such name.
    private func namesBread(_ phrase: FoodPhrase, host: String) -> Bool {
        let matches = index.lookup(phrase.text, limit: 6).matches
        if let best = matches.first, best.isExact || best.isEveryday { return true }
        let said = Set(FoodWords.keyWords(phrase.text).map(FoodWords.singular))
        let bread = FoodWords.singular(host.lowercased())
        return matches.contains { match in
            let food = index.table.food(at: match.index)
            return said.isSubset(of: Set(FoodWords.keyWords(food.name).map(FoodWords.singular)))
                && FoodWords.phraseNouns(food.head).map(FoodWords.singular).contains(bread)
        }
    }

    /// Items with the amounts usually added, where they are additions.
    func withAdditions(_ items: [LogItem]) -> [LogItem] {
        var result = items
        for index in result.indices.dropFirst() {
            let item = result[index]
            guard item.joiner == .with || item.joiner == .and, item.unit == nil, item.kcal == nil,
                let words = item.food?.words, let host = result[index - 1].food?.words,
                let addition = Resolver.addition(words, after: host, joiner: item.joiner),
                let unit = Unit.named(addition.unit)
            else { continue }
            // "two sugars": a count of the usual amount.
            result[index].count = (item.count ?? 1) * addition.count
            result[index].unit = unit
            result[index].unitWord = addition.unit
        }
        // "avocado on toast", "jam on a bagel": a topping said before the bread it is on ("on"
        // reads as "with") is the usual amount of it.
        for index in result.indices.dropFirst() {
            let topping = result[index - 1]
            guard result[index].joiner == .with, topping.count == nil, topping.unit == nil, topping.kcal == nil,
                let words = topping.food?.words, let bread = result[index].food?.words,
                bread.contains(where: { Resolver.breadHosts.contains(FoodWords.singular($0.lowercased())) }),
                let addition = Resolver.addition(words, after: bread, joiner: .with),
                let unit = Unit.named(addition.unit)
            else { continue }
            result[index - 1].count = addition.count
            result[index - 1].unit = unit
            result[index - 1].unitWord = addition.unit
        }
        return result
    }
}

// MARK: - Descriptors

extension Resolver {
    /// Words that say how a food was cut, cooked for the recipe, or how good it is, not what it
    /// is: tried without them when the food is not found with them ("1 cup chopped onion",
    /// "freshly grated parmesan", "2 ripe bananas", "pure maple syrup"). The lookup itself lets go
    /// of `FoodWords.descriptors` when no food holds them; this narrower list is what the
    /// resolver may drop even when a food was found, or the words were ambiguous, so it holds
    /// no colour or kind ("black pepper" is no pepper, "red onion" stays red).
    static let descriptors: Set<String> = [
        "chopped", "diced", "sliced", "shredded", "grated", "minced", "crumbled", "melted", "softened", "beaten",
        "cubed", "peeled", "halved", "quartered", "crushed", "packed", "sifted", "trimmed", "rinsed", "drained",
        "pitted", "seeded", "deseeded", "cored", "julienned", "torn", "shaved", "cracked", "zested", "squeezed",
        "fresh", "ripe", "very", "pure", "good", "quality", "good-quality", "organic", "free-range", "cold", "warm",
        "runny", "heaped", "level", "leveled", "natural", "unsalted", "salted", "large", "small", "medium",
        "extra-large", "thin", "thick", "fine", "coarse", "new", "baby", "loosely", "firmly", "lightly", "freshly",
        "finely", "roughly", "thinly", "coarsely", "store-bought", "homemade", "room-temperature", "mature",
        "floury", "waxy", "plump", "juicy", "crisp", "crunchy", "leftover", "about", "approximately", "into",
        "canned", "tinned",
    ]

    /// Descriptors that say only how the cook cut or handled the food: an everyday name without
    /// them is the food ("1 cup chopped onion" is an onion).
    static let cuts: Set<String> = [
        "chopped", "diced", "sliced", "shredded", "grated", "minced", "cubed", "peeled", "halved", "quartered",
        "torn", "pitted", "seeded", "deseeded", "cored", "julienned", "trimmed", "rinsed", "fresh", "freshly",
        "finely", "roughly", "thinly", "coarsely", "ripe", "very", "large", "small", "medium",
    ]

    /// The food words without descriptors, when there were any and something is left.
    static func withoutDescriptors(_ phrase: FoodPhrase) -> FoodPhrase? {
        let kept = phrase.words.filter { !descriptors.contains($0) && !($0.count > 4 && $0.hasSuffix("ly")) }
        guard !kept.isEmpty, kept.count < phrase.words.count else { return nil }
        return FoodPhrase(words: kept, text: kept.joined(separator: " "), range: phrase.range)
    }
}
