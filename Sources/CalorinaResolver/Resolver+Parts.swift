import CalorinaFoods
import CalorinaLanguage
import CalorinaSupport

// A count of a food's small parts ("24 cilantro leaves", "12 cardamom pods", "1 monkfish
// fillet") is weighed by the part: USDA's portion of that part where the food has one, else the
// weight of one such part from `Portions.partWeights`, else not at all (the line asks). Never
// several of the food's cups: 24 leaves are no 24 cups. The entry says which weight it took.

extension Resolver {
    /// The food's own portion of a part: "1 leaf", or USDA's "5 leaves" as one (whose words read
    /// "leave", as the table's singular of "leaves" is).
    /// A measure of parts ("1 teaspoon, leaves") is no part.
    func ownPartPortion(_ food: Food, part: String) -> Portion? {
        let portion = namedPortion(food, word: part) ?? (part == "leaf" ? namedPortion(food, word: "leave") : nil)
        return portion.flatMap { Portions.isMeasure($0) ? nil : $0 }
    }

    /// What an entry weighed by `Portions.partWeights` says: "a leaf taken as 0.15 g"; nil when the weight
    /// is the food's own portion, or no part weight.
    func partNote(_ food: Food, weighing: Weighing) -> String? {
        guard let part = Portions.smallPartWords[weighing.label], ownPartPortion(food, part: part) == nil,
            let portion = Portions.partPortion(food, part: part), portion.grams == weighing.gramsPerUnit
        else { return nil }
        return "a \(part) taken as \(Format.grams(portion.grams))"
    }

    /// The small part a counted food's words end with ("cilantro leaves": leaf), or nil.
    static func countedPart(_ words: [String]) -> String? {
        guard words.count >= 2, let last = words.last else { return nil }
        return Portions.smallPartWords[last.lowercased()]
    }

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
