import CalorinaDocuments
import CalorinaFiles
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

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
    /// The nutrients besides the macros (`Nutrient.others`), scaled as the macros are, where the food says
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

    /// An item as the resolver states it (the memberwise initializer, for the resolver's module).
    package init(
        food: String, code: Int?, quantity: Double, unit: String, amount: String, grams: Double?, kcal: Double,
        protein: Double?, carbs: Double?, fat: Double?, nutrients: Nutrients = Nutrients(), range: SourceRange,
        corrections: [FoodIndex.Correction] = [], matched: [String] = [], skipped: [String] = [],
        skippedRoles: [WordRole] = [], isFoundExactly: Bool = false, isFoundByAddition: Bool = false,
        isFoundByWhatItIs: Bool = false, note: String? = nil, meal: Meal? = nil
    ) {
        self.food = food
        self.code = code
        self.quantity = quantity
        self.unit = unit
        self.amount = amount
        self.grams = grams
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.nutrients = nutrients
        self.range = range
        self.corrections = corrections
        self.matched = matched
        self.skipped = skipped
        self.skippedRoles = skippedRoles
        self.isFoundExactly = isFoundExactly
        self.isFoundByAddition = isFoundByAddition
        self.isFoundByWhatItIs = isFoundByWhatItIs
        self.note = note
        self.meal = meal
    }

    /// The item, eaten at `meal` when one was said for it.
    package func eaten(at meal: Meal?) -> ResolvedItem {
        guard let meal else { return self }
        var item = self
        item.meal = meal
        return item
    }
}

/// What a word of a food phrase that the food found does not hold says instead.
public enum WordRole: String, Equatable, Sendable {
    /// A word that joins or fills ("the", "some", "my").
    case filler
    /// How the food was readied, kept or served ("chopped", "toasted", "finely", "to serve").
    case preparation
    /// How big, what colour, how good ("large", "baby", "red", "fresh").
    case description
    /// A unit, a portion or a part of the food ("cup", "slice", "leaves").
    case measure
    /// Where it came from or when it was eaten ("Thai", "leftover", "office").
    case origin
    /// A word that says which food: let go, it leaves the food found in doubt.
    case content
}
