import CalorinaDocuments
import CalorinaFiles
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The user's own foods, aliases, recipes and remembered choices: `foods.json` in the data folder.
///
/// Read in place (issue 25, item 6): a line that names no food of the user's must not pay for
/// decoding two thousand of them, nor for normalizing their names. `UserFoodsStore` keeps an
/// index of the names beside the file (`UserFoodsIndex`, in `cache/`), made once from the file as
/// it was decoded whole; while the file is as it was, a reading is the file's bytes and that index:
/// `named` decodes only the food it finds, and the lists are decoded whole the first time they are
/// asked for. The name index of a value is built once and kept up to date by `add`, so that a
/// script of `define` lines looks names up in constant time.
public struct UserFoods: Codable, Equatable, Sendable {
    /// The newest `foods.json` format this Calorina reads. Version 2 added a recipe's pasted
    /// `lines` and `serves`; version 3 a food's macros, nutrients and portion weight. A file of an
    /// earlier version reads as it is: what it does not say is unknown.
    public static let supportedVersion = 3

    /// The oldest version that holds these foods, the one they are written in, so that an
    /// earlier Calorina still reads a file that has nothing it would lose.
    public var versionNeeded: Int {
        foods.contains(where: \.needsVersion3) ? 3 : 2
    }

    public var version = UserFoods.supportedVersion
    /// The food a phrase means, as picked from numbered choices: normalized phrase → USDA code.
    public var choices: [String: Int] = [:]
    var storage = UserFoodsStorage()

    /// Before the lists change: the storage made this value's own, decoded whole, its index of
    /// names forgotten.
    private mutating func willChangeLists() {
        makeStorageUnique()
        storage.materialize()
        storage.forgetIndex()
    }

    // Each list is read from storage as it is, and changed (or set, through `_modify`) after
    // `willChangeLists`.
    public var foods: [UserFood] {
        get { storage.decodedLists().foods }
        _modify {
            willChangeLists()
            yield &storage.lists.foods
        }
    }

    public var aliases: [UserAlias] {
        get { storage.decodedLists().aliases }
        _modify {
            willChangeLists()
            yield &storage.lists.aliases
        }
    }

    public var recipes: [Recipe] {
        get { storage.decodedLists().recipes }
        _modify {
            willChangeLists()
            yield &storage.lists.recipes
        }
    }

    /// An empty set.
    public init() {}

    /// The foods of a `foods.json` as it was when `index` was made from it: nothing is read or
    /// decoded until it is asked for (`bytes` reads the file).
    init(inPlace bytes: @escaping @Sendable () -> [UInt8], index: UserFoodsIndex) {
        version = index.version
        choices = index.choices
        storage = UserFoodsStorage(source: bytes, index: index)
    }

    private mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    private enum CodingKeys: String, CodingKey {
        case aliases, choices, foods, recipes, version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        choices = try container.decode([String: Int].self, forKey: .choices)
        storage = UserFoodsStorage(
            lists: .init(
                foods: try container.decode([UserFood].self, forKey: .foods),
                aliases: try container.decode([UserAlias].self, forKey: .aliases),
                recipes: try container.decode([Recipe].self, forKey: .recipes)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(choices, forKey: .choices)
        try container.encode(foods, forKey: .foods)
        try container.encode(recipes, forKey: .recipes)
        try container.encode(version, forKey: .version)
    }

    /// Equal when they hold the same; told apart by their counts first, so that comparing a
    /// value read in place with another (the resolver's memory does, every line) decodes nothing.
    public static func == (lhs: UserFoods, rhs: UserFoods) -> Bool {
        if lhs.storage === rhs.storage { return lhs.version == rhs.version && lhs.choices == rhs.choices }
        return lhs.version == rhs.version && lhs.choices == rhs.choices
            && lhs.storage.nameCount == rhs.storage.nameCount
            && lhs.storage.decodedLists() == rhs.storage.decodedLists()
    }

    /// True when there is a food, alias or recipe of the user's own.
    public var hasNames: Bool { storage.nameCount > 0 }

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

    /// The food, alias or recipe with this name (compared by normalized words): a foods first,
    /// then an alias, then a recipe.
    public func named(_ text: String) -> Named? {
        guard hasNames else { return nil }
        let key = FoodWords.normalized(text)
        guard !key.isEmpty else { return nil }
        return storage.named(key: key)
    }

    /// Adds a food, keeping the name index as it is rather than building it again.
    public mutating func add(_ food: UserFood) {
        makeStorageUnique()
        storage.materialize()
        storage.lists.foods.append(food)
        storage.noteAdded(.food(food), at: storage.lists.foods.count - 1)
    }

    /// Adds an alias, keeping the name index.
    public mutating func add(_ alias: UserAlias) {
        makeStorageUnique()
        storage.materialize()
        storage.lists.aliases.append(alias)
        storage.noteAdded(.alias(alias), at: storage.lists.aliases.count - 1)
    }

    /// Adds a recipe, keeping the name index.
    public mutating func add(_ recipe: Recipe) {
        makeStorageUnique()
        storage.materialize()
        storage.lists.recipes.append(recipe)
        storage.noteAdded(.recipe(recipe), at: storage.lists.recipes.count - 1)
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

/// A food the user defined: energy, and any of the macros and nutrients, per some amount of a unit.
public struct UserFood: Codable, Hashable, Sendable {
    public var name: String
    /// Energy per `amount` of `unit`.
    public var kcal: Double
    public var amount: Double
    /// `bar`, `serving`, `g`, `ml`, `cup`…
    public var unit: String
    /// Its nutrients per `amount` of `unit`, in each one's unit (grams or milligrams), nil where
    /// not said (version 3 and later, as are all below). In its JSON each is a member named by
    /// its `key`.
    public var nutrients = Nutrients()
    /// What `amount` of a portion unit weighs (`per bar (60 g)`), when said.
    public var grams: Double?
    /// True when `kcal` was worked out from the macros (4 kcal a gram of protein or carbs, 9 of
    /// fat) rather than said: then a change to them works it out again.
    public var kcalFromMacros: Bool?

    /// A food of energy only, as version 2 and earlier have them.
    public init(name: String, kcal: Double, amount: Double, unit: String) {
        self.name = name
        self.kcal = kcal
        self.amount = amount
        self.unit = unit
    }

    /// Its members but the nutrients, which `Nutrients` codes by their keys.
    enum CodingKeys: String, CodingKey {
        case name, kcal, amount, unit, grams, kcalFromMacros
    }

    /// Reads a food as `JSONDecoder` does: a member missing where optional is nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (name, unit) = (
            try container.decode(String.self, forKey: .name), try container.decode(String.self, forKey: .unit)
        )
        (kcal, amount) = (
            try container.decode(Double.self, forKey: .kcal), try container.decode(Double.self, forKey: .amount)
        )
        nutrients = try Nutrients(from: decoder)
        grams = try container.decodeIfPresent(Double.self, forKey: .grams)
        kcalFromMacros = try container.decodeIfPresent(Bool.self, forKey: .kcalFromMacros)
    }

    /// Writes a food as `JSONEncoder` would its fields (a nil one left out), the nutrients by
    /// their keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (key, value) in [(CodingKeys.name, name), (.unit, unit)] { try container.encode(value, forKey: key) }
        for (key, value) in [(CodingKeys.kcal, kcal), (.amount, amount)] { try container.encode(value, forKey: key) }
        try nutrients.encode(to: encoder)
        try container.encodeIfPresent(grams, forKey: .grams)
        try container.encodeIfPresent(kcalFromMacros, forKey: .kcalFromMacros)
    }

    /// True when it holds what a version 2 file cannot.
    var needsVersion3: Bool {
        !nutrients.isEmpty || grams != nil || kcalFromMacros != nil
    }

    /// Everything it says, as `define` and `edit food` say it.
    public var facts: FoodFacts {
        get { FoodFacts(kcal: kcal, nutrients: nutrients) }
        set {
            kcal = newValue.kcal ?? kcal
            nutrients = newValue.nutrients
        }
    }

    /// `bar`, `100 g`, `bar (60 g)`: what the values are per.
    public var per: String {
        (amount == 1 ? unit : "\(Format.number(amount)) \(unit)") + (grams.map { " (\(Format.grams($0)))" } ?? "")
    }

    /// `210 kcal per bar`, `450 kcal per 100 g`: its energy only, for messages about amounts.
    public var kcalSummary: String {
        "\(Format.number(kcal)) kcal per \(per)"
    }

    /// `210 kcal per bar`, `450 kcal, 10 g protein per 100 g`: all it says.
    public var summary: String {
        "\(facts.text) per \(per)"
    }

    /// Grams in `amount` of `unit`, when known: the unit is a mass, or the portion's weight was said.
    public var gramsPerAmount: Double? {
        if case .mass(let perUnit)? = Unit.named(unit)?.kind { return amount * perUnit }
        return grams
    }

    /// Millilitres in `amount` of `unit`, when it is a volume.
    public var millilitersPerAmount: Double? {
        if case .volume(let perUnit)? = Unit.named(unit)?.kind { return amount * perUnit }
        return nil
    }

    /// This food with an `edit food` line's changes: the facts said replace, the rest stay;
    /// energy worked out from the macros is worked out again unless the line gives kcal.
    public func edited(by change: FoodDefinition) -> UserFood {
        var food = self
        food.facts = facts.updated(with: change.facts)
        if change.facts.kcal != nil {
            food.kcalFromMacros = nil
        } else if kcalFromMacros == true, let kcal = food.facts.kcalFromMacros {
            food.kcal = kcal
        }
        if let per = change.per {
            food.amount = per.amount
            food.unit = per.unit
            food.grams = per.grams
        }
        return food
    }
}

/// Another name for a food: its words stand for the target's.
public struct UserAlias: Codable, Hashable, Sendable {
    public var name: String
    public var target: String

    public init(name: String, target: String) {
        self.name = name
        self.target = target
    }
}

extension UserFood {
    /// The food a `define` line defines; its energy worked out from the macros when not given.
    public init(_ definition: FoodDefinition) {
        let per = definition.per ?? FoodDefinition.Basis(amount: 1, unit: "serving")
        self.init(name: definition.name, kcal: 0, amount: per.amount, unit: per.unit)
        grams = per.grams
        facts = definition.facts
        if definition.facts.kcal == nil, let kcal = definition.facts.kcalFromMacros {
            self.kcal = kcal
            kcalFromMacros = true
        }
    }
}

/// A named list of items, logged as their sum.
public struct Recipe: Codable, Hashable, Sendable {
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

extension UserFoods: MergedDocument {
    /// The version `foods.json` is left in once its foods have moved into a device's file
    /// (`DeviceDocumentFiles`): newer than any an earlier release reads.
    public static let movedVersion = 4

    /// Foods, aliases and recipes merge by name (their words, as a line names them), remembered
    /// picks by phrase.
    public static let mergedMembers: [String: MergedMember] = [
        "choices": .dictionary(keptEmpty: true),
        "foods": .items(keptEmpty: true, byKey: false, key: UserFoods.nameKey),
        "aliases": .items(keptEmpty: true, byKey: false, key: UserFoods.nameKey),
        "recipes": .items(keptEmpty: true, byKey: false, key: UserFoods.nameKey),
    ]

    @Sendable private static func nameKey(_ item: JSONValue) -> String? {
        guard case .object(let members) = item else { return nil }
        for (name, value) in members where name == "name" {
            if case .string(let text) = value {
                let key = FoodWords.normalized(text)
                return key.isEmpty ? text : key
            }
        }
        return nil
    }
}
