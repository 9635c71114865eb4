import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// A numbered list the session showed, kept so that `log 2` (or `2` right after it) logs its
/// second item. The library keeps it; the executable only prints the list.
struct PickList: Equatable, Sendable {
    /// What an item logs.
    enum Target: Equatable, Sendable {
        /// A food of the bundled table, by its code: the portion a bare count means is found by
        /// `words` (those the list was made for); `amount`, when set, is what a pick without
        /// one logs (a suggestion: the amount last logged).
        case table(code: Int, words: [String], amount: PickAmount?)
        /// A food, alias or recipe of the person's own, by its name.
        case own(name: String, amount: PickAmount?)
        /// Calories logged as typed (`burger 650 kcal`): the same again.
        case calories(food: String, kcal: Double)
        /// A food that words of a log line could be: the line again, those words meaning it.
        case candidate(Pin, command: LogCommand, line: String)
    }

    /// One numbered item.
    struct Item: Equatable, Sendable {
        /// The name as listed.
        var name: String
        var target: Target
    }

    /// The list as a message names it: `search 'greek yogurt'`, `suggest`, `foods`.
    var what: String
    /// In the order shown, numbered from 1.
    var items: [Item]
    /// The meal the list was for (`suggest dinner`): a pick that names none goes there.
    var meal: Meal? = nil
}

/// An amount to log an item with when the pick gives none.
struct PickAmount: Equatable, Sendable {
    var count: Double
    var unit: Unit?
    /// The grams it came to when it was logged, when known: the pick weighs the same.
    var grams: Double?
}

/// Words of a line that mean one food for that line only, as a remembered pick does.
struct Pin: Equatable, Sendable {
    /// The words as the resolver reported them.
    var phrase: String
    var code: Int
}
