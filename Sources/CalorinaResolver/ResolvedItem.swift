import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import Synchronization

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
