import CalorinaSupport

/// What a `define` or `edit food` line says of a food: its energy and any of the macros and
/// nutrients, each nil where the line does not say. Grams, but sodium in milligrams.
public struct FoodFacts: Equatable, Sendable {
    public var kcal: Double?
    public var protein: Double?
    public var carbs: Double?
    public var fat: Double?
    public var fiber: Double?
    public var sugars: Double?
    public var saturatedFat: Double?
    /// Milligrams.
    public var sodium: Double?

    /// Creates facts; nil is "not said".
    public init(
        kcal: Double? = nil, protein: Double? = nil, carbs: Double? = nil, fat: Double? = nil,
        fiber: Double? = nil, sugars: Double? = nil, saturatedFat: Double? = nil, sodium: Double? = nil
    ) {
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.fiber = fiber
        self.sugars = sugars
        self.saturatedFat = saturatedFat
        self.sodium = sodium
    }

    /// One thing a line can say of a food, in the order they are shown.
    public enum Fact: String, CaseIterable, Sendable {
        case kcal, protein, carbs, fat, fiber, sugars, saturatedFat, sodium

        /// The name shown to people: British spelling, as the README writes.
        public var label: String {
            switch self {
            case .kcal: "kcal"
            case .protein: "protein"
            case .carbs: "carbs"
            case .fat: "fat"
            case .fiber: "fibre"
            case .sugars: "sugars"
            case .saturatedFat: "saturated fat"
            case .sodium: "sodium"
            }
        }

        /// The unit its value is in: `kcal`, `g` or `mg`.
        public var unit: String {
            switch self {
            case .kcal: "kcal"
            case .sodium: "mg"
            default: "g"
            }
        }

        /// The key in `Command.summary` and in JSON: as `Entry` spells it.
        public var key: String { rawValue }
    }

    /// The value of one fact, nil where not said.
    public subscript(fact: Fact) -> Double? {
        get {
            switch fact {
            case .kcal: kcal
            case .protein: protein
            case .carbs: carbs
            case .fat: fat
            case .fiber: fiber
            case .sugars: sugars
            case .saturatedFat: saturatedFat
            case .sodium: sodium
            }
        }
        set {
            switch fact {
            case .kcal: kcal = newValue
            case .protein: protein = newValue
            case .carbs: carbs = newValue
            case .fat: fat = newValue
            case .fiber: fiber = newValue
            case .sugars: sugars = newValue
            case .saturatedFat: saturatedFat = newValue
            case .sodium: sodium = newValue
            }
        }
    }

    /// True when the line says nothing.
    public var isEmpty: Bool { Fact.allCases.allSatisfy { self[$0] == nil } }

    /// True when protein, carbs and fat are all said, so energy can be worked out from them.
    public var hasMacros: Bool { protein != nil && carbs != nil && fat != nil }

    /// Energy from the macros by the Atwater general factors, 4 kcal per g of protein and of
    /// carbohydrate and 9 per g of fat; nil unless all three are said.
    public var kcalFromMacros: Double? {
        guard let protein, let carbs, let fat else { return nil }
        return 4 * protein + 4 * carbs + 9 * fat
    }

    /// These facts with those `newer` says put over them: what `edit food` leaves.
    public func updated(with newer: FoodFacts) -> FoodFacts {
        var result = self
        for fact in Fact.allCases { if let value = newer[fact] { result[fact] = value } }
        return result
    }

    /// `210 kcal, 20 g protein, 8 g fat`: the facts said, in their order.
    public var text: String {
        Fact.allCases.compactMap { fact in
            self[fact].map {
                fact == .kcal ? "\(Format.number($0)) kcal" : "\(Format.number($0)) \(fact.unit) \(fact.label)"
            }
        }.joined(separator: ", ")
    }

    /// `kcal=210 protein=20 fat=8`, for `Command.summary`.
    public var summary: String {
        Fact.allCases.compactMap { fact in self[fact].map { "\(fact.key)=\(Format.number($0))" } }.joined(
            separator: " ")
    }
}
