import CalorinaFoods
import CalorinaLanguage
import CalorinaSupport

// A count of a food's small parts ("24 cilantro leaves", "12 cardamom pods", "1 monkfish
// fillet") is weighed by the part: USDA's portion of that part where the food has one, else the
// weight of one such part from `Resolver.partWeights`, else not at all (the line asks). Never
// several of the food's cups: 24 leaves are no 24 cups. The entry says which weight it took.

extension Resolver {
    /// The weight of one part of a kind of food, where USDA weighs no such part of the food itself.
    struct PartWeight: Sendable {
        /// The part, singular: "leaf", "pod".
        var part: String
        /// Which foods it is a part of.
        var kind: PartKind
        /// Grams of one.
        var grams: Double
        /// Where the figure comes from.
        var source: String
    }

    /// The foods a part weight is for.
    enum PartKind: Sendable {
        /// A fresh or dried herb (`isHerb`).
        case herb
        /// A fish (WWEIA 2402, SR28 group 15's finfish).
        case fish
        /// A fruit or a vegetable (`isProduce`): a leaf of it is a leafy vegetable's.
        case leafy
        /// A food whose name holds one of these words.
        case named(Set<String>)
    }

    /// Part words said after a food's name that are small parts of it, as typed and singular.
    static let smallPartWords: [String: String] = [
        "leaf": "leaf", "leaves": "leaf", "leave": "leaf", "sprig": "sprig", "sprigs": "sprig", "pod": "pod",
        "pods": "pod", "strand": "strand", "strands": "strand", "thread": "thread", "threads": "thread",
        "seed": "seed", "seeds": "seed", "clove": "clove", "cloves": "clove", "fillet": "fillet",
        "fillets": "fillet", "filet": "fillet", "filets": "fillet",
    ]

    /// One part's weight by kind of food. Each figure says where it comes from; an estimate says
    /// it is one. A part not listed, of a food USDA does not weigh by it, is asked about.
    static let partWeights: [PartWeight] = [
        PartWeight(
            part: "leaf", kind: .herb, grams: 0.15,
            source: "median of SR28's herb leaves weighed by count: 02044 basil 0.5 g, 02065 spearmint 0.15 g, "
                + "02064 peppermint 0.05 g"),
        PartWeight(
            part: "sprig", kind: .herb, grams: 1,
            source: "the kitchen's sprig (`measure`: 1 g); SR28's six sprig weights run 0.2-2.5 g: 02045 dill "
                + "0.2 g, 11203 cress 1 g, 11297 parsley 1 g, 11984 epazote 2 g, 11165 cilantro 2.2 g, "
                + "11591 watercress 2.5 g"),
        PartWeight(
            part: "leaf", kind: .named(["bay", "curry", "kaffir", "makrut", "lime"]), grams: 0.15,
            source: "as a herb's leaf (above): USDA weighs no bay, curry or lime leaf by count"),
        PartWeight(
            part: "leaf", kind: .leafy, grams: 14,
            source: "median of SR28's 35 leaf portions of vegetables (arugula 2 g to chard 48 g)"),
        PartWeight(
            part: "pod", kind: .named(["cardamom"]), grams: 0.2,
            source: "an estimate, USDA weighs no pod: cooks' guides give about ten green pods to a teaspoon "
                + "of ground seed, which SR28 02006 weighs at 2 g"),
        PartWeight(
            part: "thread", kind: .named(["saffron"]), grams: 0.002,
            source: "an estimate, USDA weighs no thread: a gram of saffron is about 500 threads"),
        PartWeight(
            part: "strand", kind: .named(["saffron"]), grams: 0.002,
            source: "an estimate, USDA weighs no strand: a gram of saffron is about 500 threads"),
        PartWeight(
            part: "fillet", kind: .fish, grams: 159,
            source: "median of SR28's 140 fillet portions of fish, raw and cooked (20-408 g)"),
    ]

    /// The food's own portion of a part: "1 leaf", or USDA's "5 leaves" as one (whose words read
    /// "leave", as the table's singular of "leaves" is).
    /// A measure of parts ("1 teaspoon, leaves") is no part.
    func ownPartPortion(_ food: Food, part: String) -> Portion? {
        let portion = namedPortion(food, word: part) ?? (part == "leaf" ? namedPortion(food, word: "leave") : nil)
        return portion.flatMap { Resolver.isMeasure($0) ? nil : $0 }
    }

    /// What an entry weighed by `partWeights` says: "a leaf taken as 0.15 g"; nil when the weight
    /// is the food's own portion, or no part weight.
    func partNote(_ food: Food, weighing: Weighing) -> String? {
        guard let part = Resolver.smallPartWords[weighing.label], ownPartPortion(food, part: part) == nil,
            let portion = Resolver.partPortion(food, part: part), portion.grams == weighing.gramsPerUnit
        else { return nil }
        return "a \(part) taken as \(Format.grams(portion.grams))"
    }

    /// The small part a counted food's words end with ("cilantro leaves": leaf), or nil.
    static func countedPart(_ words: [String]) -> String? {
        guard words.count >= 2, let last = words.last else { return nil }
        return smallPartWords[last.lowercased()]
    }

    /// One part of the food by `partWeights`, as a portion that says it ("1 leaf (0.15 g)"); nil
    /// when no part weight is for the food.
    static func partPortion(_ food: Food, part: String) -> Portion? {
        let name = FoodWords.words(food.name.lowercased())
        guard let first = name.first else { return nil }
        for weight in partWeights where weight.part == part {
            let fits: Bool
            switch weight.kind {
            case .herb: fits = isHerb(food)
            case .fish: fits = food.category == 2402 || (food.category == 101_500 && first == "fish")
            case .leafy: fits = isProduce(food)
            case .named(let words): fits = name.contains(where: words.contains)
            }
            if fits { return Portion(description: "1 \(part)", grams: weight.grams) }
        }
        return nil
    }

    /// True when a part is what USDA counts the food by already: a fillet of a fish it counts
    /// whole ("4 anchovy fillets" are 4 × "1 anchovy", never four 159 g fillets).
    static func countsWhole(_ food: Food, part: String) -> Bool {
        part == "fillet" && food.portions.contains { $0.description.hasPrefix("1 ") && !isMeasure($0) }
    }

    /// True for a portion that is a cup or more ("1 cup", "1 pint"): what a count of several
    /// never means.
    static func isCupMeasure(_ portion: Portion) -> Bool {
        let words = FoodWords.words(portion.description.lowercased())
        guard words.count >= 2, words[0] == "1" else { return false }
        return ["cup", "pint", "quart", "gallon", "liter", "litre", "lb"].contains(words[1])
    }

    /// True for a portion that is a measure (a cup, a spoon, an ounce), not a thing counted.
    static func isMeasure(_ portion: Portion) -> Bool {
        let words = FoodWords.words(portion.description.lowercased())
        guard words.count >= 2, words[0] == "1" else { return false }
        return measureWords.contains(words[1])
    }

    /// The words of USDA's portions that are measures.
    static let measureWords: Set<String> = [
        "cup", "cups", "tablespoon", "tablespoons", "teaspoon", "teaspoons", "tbsp", "tsp", "oz", "fl", "lb",
        "g", "ml", "cubic", "pint", "quart", "gallon", "liter", "litre",
    ]
}

// MARK: - Toppings the cook cut

extension Resolver {
    /// Words that say a nut or a cheese was cut to go on something ("crushed peanuts", "torn
    /// mozzarella", "grated cheese"): said without an amount, it is a topping's amount.
    static let toppingCuts: Set<String> = [
        "crushed", "chopped", "slivered", "flaked", "sliced", "grated", "shredded", "torn", "crumbled", "diced",
        "cubed", "shaved",
    ]

    /// A topping's amount of a cut nut or cheese: nuts and seeds 2 tbsp (a sprinkle: USDA's cup of
    /// chopped nuts is 115-145 g, so about 15-18 g), cheese 1 oz (the amount a cheese added to a
    /// food gets, `addition`). Nil for any other food, an amount said, or no cut word.
    func toppingAmount(_ item: LogItem, _ value: ResolvedItem) -> ResolvedItem? {
        guard item.count == nil, item.unit == nil, item.kcal == nil, let phrase = item.food,
            phrase.words.contains(where: { Resolver.toppingCuts.contains($0.lowercased()) }), let code = value.code,
            let food = index.table.food(code: code)
        else { return nil }
        let isNut = food.category == 2804 || food.category == 101_200
        let isCheese = food.category == 1602 || (food.category == 100_100 && food.name.hasPrefix("Cheese"))
        guard isNut || isCheese, let unit = Unit.named(isNut ? "tbsp" : "oz") else { return nil }
        var topping = item
        topping.count = isNut ? 2 : 1
        topping.unit = unit
        topping.unitWord = unit.name
        guard case .success(var weighed) = resolve(topping, food: food, words: value.matched),
            (weighed.grams ?? 0) != (value.grams ?? 0)
        else { return nil }
        (weighed.matched, weighed.skipped, weighed.corrections) = (value.matched, value.skipped, value.corrections)
        (weighed.isFoundExactly, weighed.isFoundByWhatItIs) = (value.isFoundExactly, value.isFoundByWhatItIs)
        weighed.isFoundByAddition = value.isFoundByAddition
        weighed.note = "a topping's amount"
        return weighed
    }
}
