import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// `info NAME` of a food the user defined or of a recipe: its energy, macros and nutrients per
/// what it is defined per (and per 100 g or ml when its weight or volume is known), or for a
/// recipe its items' values added up, per recipe and per serving.
public struct OwnFoodInfoReport: Equatable, Sendable {
    /// A value, or a sum of values some of which may be unknown.
    public struct Total: Equatable, Sendable {
        /// What is known: the value, or the sum of the known ones; nil when none is.
        public var value: Double?
        /// The items whose value is unknown (for a food of one's own, its name when unknown).
        public var unknownIn: [String]

        /// True when the value is known for some items and not for others: a part only.
        public var isPartial: Bool { value != nil && !unknownIn.isEmpty }

        /// Creates a total.
        public init(value: Double?, unknownIn: [String] = []) {
            self.value = value
            self.unknownIn = unknownIn
        }

        /// The total times `factor`.
        func scaled(by factor: Double) -> Total {
            Total(value: value.map { $0 * factor }, unknownIn: unknownIn)
        }
    }

    /// The values for one amount: a food's serving, 100 g, a whole recipe, a serving of it.
    public struct Column: Equatable, Sendable {
        /// `per bar`, `per 100 g`, `per recipe`, `per serving (1/6)`.
        public var label: String
        public var kcal: Double
        /// Each nutrient (`Nutrient`), in its unit (grams or milligrams), in
        /// the order of `FoodFacts.Fact` after kcal.
        public var values: [FoodFacts.Fact: Total]

        /// The total of one fact.
        public subscript(fact: FoodFacts.Fact) -> Total { values[fact] ?? Total(value: nil) }

        /// The column times `factor`, under another label.
        func scaled(by factor: Double, label: String) -> Column {
            Column(label: label, kcal: kcal * factor, values: values.mapValues { $0.scaled(by: factor) })
        }
    }

    /// One item of a recipe as it resolves today.
    public struct Item: Equatable, Sendable {
        public var food: String
        /// `2 eggs (100 g)`.
        public var amount: String
        public var kcal: Double
        public var protein: Double?
        public var carbs: Double?
        public var fat: Double?
    }

    /// What the name is.
    public enum Kind: Equatable, Sendable {
        case food, recipe
    }

    public var name: String
    public var kind: Kind
    /// How it was defined: `210 kcal, 20 g protein per bar`, or a recipe's items.
    public var definition: String
    /// A note on where a number comes from: energy worked out from the macros.
    public var note: String?
    public var columns: [Column]
    /// A recipe's items; empty for a food.
    public var items: [Item] = []

    /// The facts besides energy, in the order shown.
    public static let shownFacts = FoodFacts.Fact.allCases.filter { $0 != .kcal }
}

extension OwnFoodInfoReport {
    /// A food of the user's own: per what it is defined per, and per 100 g (or ml) when its
    /// weight (or volume) is known and that is not already what it is per.
    package init(food: UserFood) {
        let facts = food.facts
        var values: [FoodFacts.Fact: Total] = [:]
        for fact in Self.shownFacts {
            values[fact] = Total(value: facts[fact], unknownIn: facts[fact] == nil ? [food.name] : [])
        }
        let own = Column(label: "per \(food.per)", kcal: food.kcal, values: values)
        var columns = [own]
        if let grams = food.gramsPerAmount, grams > 0, !(food.unit == "g" && food.amount == 100) {
            columns.append(own.scaled(by: 100 / grams, label: "per 100 g"))
        } else if let milliliters = food.millilitersPerAmount, milliliters > 0,
            !(food.unit == "ml" && food.amount == 100)
        {
            columns.append(own.scaled(by: 100 / milliliters, label: "per 100 ml"))
        }
        let note =
            food.kcalFromMacros == true
            ? "kcal worked out from the macros: 4 × protein + 4 × carbs + 9 × fat" : nil
        self.init(name: food.name, kind: .food, definition: food.summary, note: note, columns: columns)
    }

    /// A recipe: its items' values added up, per recipe and, when it says how many it serves,
    /// per serving. A value some items do not know is a part only, and says for which.
    package init(recipe: Recipe, parts: [ResolvedItem]) {
        func total(_ value: (ResolvedItem) -> Double?) -> Total {
            let known = parts.compactMap(value)
            let unknown = parts.filter { value($0) == nil }.map(\.food)
            return Total(value: known.isEmpty ? nil : known.reduce(0, +), unknownIn: unknown)
        }
        var values: [FoodFacts.Fact: Total] = [:]
        for nutrient in Nutrient.all { values[FoodFacts.Fact(nutrient)] = total { $0[nutrient] } }
        let whole = Column(label: "per recipe", kcal: parts.reduce(0) { $0 + $1.kcal }, values: values)
        var columns = [whole]
        if let serves = recipe.serves, serves > 0 {
            columns[0].label = "per recipe (\(Format.number(serves)) servings)"
            columns.append(whole.scaled(by: 1 / serves, label: "per serving (1/\(Format.number(serves)))"))
        }
        self.init(
            name: recipe.name, kind: .recipe, definition: recipe.items, note: nil, columns: columns,
            items: parts.map {
                Item(food: $0.food, amount: $0.amount, kcal: $0.kcal, protein: $0.protein, carbs: $0.carbs, fat: $0.fat)
            })
    }
}
