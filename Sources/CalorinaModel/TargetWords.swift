// What a daily target can be set for (`goal protein 150 g`, `goal water 2 l`): each nutrient, by
// the words `Nutrient` keeps, and water; and the amount a target asks for.

/// A nutrient (or water) a daily target is set for.
public enum TargetNutrient: Hashable, Sendable, CaseIterable, RawRepresentable, Codable {
    case nutrient(Nutrient)
    case water

    /// Every target, in the order they are listed: the nutrients' (`Nutrient.goalOrder`), then water.
    public static let allCases: [TargetNutrient] = Nutrient.goalOrder.map(TargetNutrient.nutrient) + [.water]

    /// As a profile keeps it: the nutrient's `key`, or `water`.
    public var rawValue: String { nutrient?.key ?? "water" }

    /// The target a profile's key names.
    public init?(rawValue: String) {
        if rawValue == "water" {
            self = .water
        } else if let nutrient = Nutrient(key: rawValue) {
            self = .nutrient(nutrient)
        } else {
            return nil
        }
    }

    /// The target the words at the start of `words` name (a nutrient's, `Nutrient.named`, or
    /// "water"), and how many they are.
    public static func named(_ words: [String]) -> (nutrient: TargetNutrient, words: Int)? {
        if let (nutrient, count) = Nutrient.named(words) { return (.nutrient(nutrient), count) }
        return words.first == "water" ? (.water, 1) : nil
    }

    /// The one-word names, water's too.
    package static let wordTable: [String: TargetNutrient] = Nutrient.wordTable.mapValues(TargetNutrient.nutrient)
        .merging(["water": .water]) { first, _ in first }

    /// Every one-word name, for "did you mean".
    public static var words: [String] { wordTable.keys.sorted() }

    /// The nutrient it is a target for; nil for water.
    public var nutrient: Nutrient? {
        if case .nutrient(let nutrient) = self { return nutrient }
        return nil
    }

    /// The target for `nutrient`.
    public init(_ nutrient: Nutrient) {
        self = .nutrient(nutrient)
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
    /// all but those a day should reach (`Nutrient.isFloorByDefault`) and water.
    public var isLimitByDefault: Bool { !(nutrient?.isFloorByDefault ?? true) }

    /// The example a refused target line is shown.
    public var example: String { nutrient?.targetExample ?? "goal water 2 l" }
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
    /// In `unit`: grams, milligrams (as the nutrient's `unit` says), millilitres (water) or a percentage of kcal.
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
