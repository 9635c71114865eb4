// The nutrients a daily target can be set for (`goal protein 150 g`, `goal sodium under 2300 mg`,
// `goal water 2 l`), the words that name them, and the amount a target asks for.

/// A nutrient (or water) a daily target is set for.
public enum TargetNutrient: String, CaseIterable, Codable, Sendable {
    case protein, carbs, fat, saturatedFat, fiber, sugars, sodium, water

    /// The one table of the words that name a nutrient, for targets, `history 30 protein`,
    /// `define` and `edit food`: the nutrient the words at the start of `words` name, and how
    /// many they are: "fibre" and "fiber", "carbohydrate", "sat fat", "total carbs", "dietary
    /// fibre". ("salt" names none: a gram of salt is 0.39 g of sodium.)
    public static func named(_ words: [String]) -> (nutrient: TargetNutrient, words: Int)? {
        if words.count >= 2 {
            switch (words[0], words[1]) {
            case ("saturated", "fat"), ("sat", "fat"), ("saturated", "fats"), ("sat", "fats"): return (.saturatedFat, 2)
            case ("added", "sugar"), ("added", "sugars"): return (.sugars, 2)
            case ("total", _), ("dietary", _):
                guard let (nutrient, count) = named(Array(words.dropFirst())), count == 1 else { return nil }
                let takes: Set<TargetNutrient> =
                    words[0] == "total" ? [.protein, .carbs, .fat, .sugars, .fiber] : [.fiber]
                return takes.contains(nutrient) ? (nutrient, 2) : nil
            default: break
            }
        }
        guard let first = words.first else { return nil }
        return wordTable[first].map { ($0, 1) }
    }

    /// The one-word names.
    package static let wordTable: [String: TargetNutrient] = [
        "protein": .protein, "proteins": .protein,
        "carbs": .carbs, "carb": .carbs, "carbohydrate": .carbs, "carbohydrates": .carbs,
        "fat": .fat, "fats": .fat,
        "satfat": .saturatedFat, "saturates": .saturatedFat, "saturated-fat": .saturatedFat, "sat-fat": .saturatedFat,
        "fibre": .fiber, "fiber": .fiber, "fibres": .fiber, "fibers": .fiber,
        "sugar": .sugars, "sugars": .sugars,
        "sodium": .sodium,
        "water": .water,
    ]

    /// Every one-word name, for "did you mean".
    public static var words: [String] { wordTable.keys.sorted() }

    /// The nutrient it is a target for; nil for water.
    public var nutrient: Nutrient? { Nutrient(key: rawValue) }

    /// The target for `nutrient`.
    public init(_ nutrient: Nutrient) {
        // Every nutrient's key is a target's raw value (a test holds them so).
        self = TargetNutrient(rawValue: nutrient.key) ?? .water
    }

    /// The name shown in text output (British spelling, as the README writes it).
    public var displayName: String { nutrient?.name ?? rawValue }

    /// The unit its amounts are kept and shown in.
    public var unit: TargetUnit {
        guard let nutrient else { return .milliliters }
        return nutrient.unit == "mg" ? .milligrams : .grams
    }

    /// kcal a gram, for a target given as a share of the day's kcal goal; nil for a nutrient no
    /// share is taken of.
    public var kcalPerGram: Double? { nutrient?.kcalPerGram }

    /// True for a nutrient whose target is a most, not a least, unless the line says otherwise:
    /// all but protein, fibre and water, which a day should reach.
    public var isLimitByDefault: Bool { !(self == .protein || self == .fiber || self == .water) }
}

/// The unit a target's amount is in.
public enum TargetUnit: String, Codable, Sendable {
    case grams = "g"
    case milligrams = "mg"
    case milliliters = "ml"
    /// A share of the day's kcal goal.
    case percent = "%"
}

/// What a target asks for: an amount in its unit, at least (a floor) or at most (a limit).
public struct TargetAmount: Codable, Equatable, Sendable {
    /// In `unit`: grams, milligrams (sodium), millilitres (water) or a percentage of kcal.
    public var amount: Double
    public var unit: TargetUnit
    /// True for a limit ("under 2300 mg"): the day meets it at or under the amount. False (or
    /// absent in the file) for a floor: the day meets it at or over the amount.
    public var limit: Bool?

    /// Creates a target amount.
    public init(amount: Double, unit: TargetUnit, limit: Bool) {
        self.amount = amount
        self.unit = unit
        self.limit = limit ? true : nil
    }

    /// True for a limit.
    public var isLimit: Bool { limit == true }
}
