import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// A numbered list the session showed, kept so that `log 2` (or `2` right after it) logs its
/// second item. The library keeps it; the executable only prints the list.
package struct PickList: Equatable, Sendable {
    /// What an item logs.
    package enum Target: Equatable, Sendable {
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
    package struct Item: Equatable, Sendable {
        /// The name as listed.
        package var name: String
        package var target: Target

        /// Every field, for the session, which makes it in another module.
        package init(name: String, target: Target) {
            self.name = name
            self.target = target
        }
    }

    /// The list as a message names it: `search 'greek yogurt'`, `suggest`, `foods`.
    package var what: String
    /// In the order shown, numbered from 1.
    package var items: [Item]
    /// The meal the list was for (`suggest dinner`): a pick that names none goes there.
    package var meal: Meal? = nil

    /// Every field, for the session, which makes it in another module.
    package init(what: String, items: [Item], meal: Meal? = nil) {
        self.what = what
        self.items = items
        self.meal = meal
    }
}

/// An amount to log an item with when the pick gives none.
package struct PickAmount: Equatable, Sendable {
    package var count: Double
    package var unit: Unit?
    /// The grams it came to when it was logged, when known: the pick weighs the same.
    package var grams: Double?

    /// Every field, for the session, which makes it in another module.
    package init(count: Double, unit: Unit?, grams: Double?) {
        self.count = count
        self.unit = unit
        self.grams = grams
    }
}

/// Words of a line that mean one food for that line only, as a remembered pick does.
package struct Pin: Equatable, Sendable {
    /// The words as the resolver reported them.
    package var phrase: String
    package var code: Int

    /// Every field, for the session, which makes it in another module.
    package init(phrase: String, code: Int) {
        self.phrase = phrase
        self.code = code
    }
}
