import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The user's own foods, aliases, recipes and remembered choices: `foods.json` in the data folder.
public struct UserFoods: Codable, Equatable, Sendable {
    /// The newest `foods.json` format this Calorina reads, and the one it writes. Version 2
    /// added a recipe's pasted `lines` and `serves`; a version 1 file reads as it is.
    public static let supportedVersion = 2

    public var version = UserFoods.supportedVersion
    public var foods: [UserFood] = []
    public var aliases: [UserAlias] = []
    public var recipes: [Recipe] = []
    /// The food a phrase means, as picked from numbered choices: normalized phrase → USDA code.
    public var choices: [String: Int] = [:]

    /// An empty set.
    public init() {}

    /// True when there is a food, alias or recipe of the user's own.
    public var hasNames: Bool { !foods.isEmpty || !aliases.isEmpty || !recipes.isEmpty }

    /// What a user name means.
    public enum Named: Equatable, Sendable {
        case food(UserFood)
        case alias(UserAlias)
        case recipe(Recipe)

        /// The name as the user typed it.
        public var name: String {
            switch self {
            case .food(let food): food.name
            case .alias(let alias): alias.name
            case .recipe(let recipe): recipe.name
            }
        }
    }

    /// The food, alias or recipe with this name (compared by normalized words).
    public func named(_ text: String) -> Named? {
        guard hasNames else { return nil }
        let key = FoodWords.normalized(text)
        guard !key.isEmpty else { return nil }
        if let food = foods.first(where: { FoodWords.normalized($0.name) == key }) { return .food(food) }
        if let alias = aliases.first(where: { FoodWords.normalized($0.name) == key }) { return .alias(alias) }
        if let recipe = recipes.first(where: { FoodWords.normalized($0.name) == key }) { return .recipe(recipe) }
        return nil
    }

    /// Removes the food, alias or recipe with this name; false when there is none.
    public mutating func remove(named text: String) -> Bool {
        let key = FoodWords.normalized(text)
        let before = foods.count + aliases.count + recipes.count
        foods.removeAll { FoodWords.normalized($0.name) == key }
        aliases.removeAll { FoodWords.normalized($0.name) == key }
        recipes.removeAll { FoodWords.normalized($0.name) == key }
        return foods.count + aliases.count + recipes.count < before
    }

    /// Renames the food, alias or recipe called `old`; false when there is none.
    public mutating func rename(_ old: String, to new: String) -> Bool {
        let key = FoodWords.normalized(old)
        if let index = foods.firstIndex(where: { FoodWords.normalized($0.name) == key }) {
            foods[index].name = new
        } else if let index = aliases.firstIndex(where: { FoodWords.normalized($0.name) == key }) {
            aliases[index].name = new
        } else if let index = recipes.firstIndex(where: { FoodWords.normalized($0.name) == key }) {
            recipes[index].name = new
        } else {
            return false
        }
        return true
    }
}

/// A food the user defined: energy per some amount of a unit.
public struct UserFood: Codable, Equatable, Sendable {
    public var name: String
    /// Energy per `amount` of `unit`.
    public var kcal: Double
    public var amount: Double
    /// `bar`, `serving`, `g`, `cup`…
    public var unit: String

    /// `210 kcal per bar`, `450 kcal per 100 g`.
    public var summary: String {
        let per = amount == 1 ? unit : "\(Format.number(amount)) \(unit)"
        return "\(Format.number(kcal)) kcal per \(per)"
    }
}

/// Another name for a food: its words stand for the target's.
public struct UserAlias: Codable, Equatable, Sendable {
    public var name: String
    public var target: String

    public init(name: String, target: String) {
        self.name = name
        self.target = target
    }
}

extension UserFood {
    /// The food a `define` line defines.
    public init(_ definition: FoodDefinition) {
        self.init(name: definition.name, kcal: definition.kcal, amount: definition.amount, unit: definition.unit)
    }
}

/// A named list of items, logged as their sum.
public struct Recipe: Codable, Equatable, Sendable {
    public var name: String
    /// The items as typed: `2 eggs, 1 slice toast, coffee`; for a pasted recipe, its lines
    /// joined by "; ".
    public var items: String
    /// A pasted recipe's ingredient lines, each as typed (version 2 of `foods.json`).
    public var lines: [String]? = nil
    /// How many servings a pasted recipe makes: one serving is the sum divided by this.
    public var serves: Double? = nil

    public init(name: String, items: String, lines: [String]? = nil, serves: Double? = nil) {
        self.name = name
        self.items = items
        self.lines = lines
        self.serves = serves
    }
}

/// Reads and writes `foods.json`.
public typealias UserFoodsStore = DocumentStore<UserFoods>

extension UserFoods: StoredDocument {
    public static let fileName = "foods.json"
}
