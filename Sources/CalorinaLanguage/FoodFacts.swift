import CalorinaModel
import CalorinaSupport

/// What a `define` or `edit food` line says of a food: its energy and any of the macros and
/// nutrients, each nil where the line does not say, in the nutrient's unit.
public struct FoodFacts: Equatable, Sendable {
    public var kcal: Double?
    /// The macros and nutrients said, nil where not.
    public var nutrients: Nutrients

    /// Creates facts; nil is "not said".
    public init(kcal: Double? = nil, nutrients: Nutrients = Nutrients()) {
        self.kcal = kcal
        self.nutrients = nutrients
    }

    /// One thing a line can say of a food, in the order they are shown: energy, then each
    /// `Nutrient`.
    public enum Fact: Hashable, CaseIterable, Sendable {
        case kcal
        case nutrient(Nutrient)

        /// Energy, then every nutrient in its order.
        public static let allCases: [Fact] = [.kcal] + Nutrient.all.map(Fact.nutrient)

        /// The nutrient it is; nil for kcal.
        public var nutrient: Nutrient? {
            if case .nutrient(let nutrient) = self { return nutrient }
            return nil
        }

        /// The fact a nutrient is.
        public init(_ nutrient: Nutrient) {
            self = .nutrient(nutrient)
        }

        /// The name shown to people: British spelling, as the README writes.
        public var label: String { nutrient?.name ?? "kcal" }

        /// The unit its value is in: `kcal`, `g` or `mg`.
        public var unit: String { nutrient?.unit ?? "kcal" }

        /// The key in `Command.summary` and in JSON: as `Entry` spells it.
        public var key: String { nutrient?.key ?? "kcal" }
    }

    /// The value of one fact, nil where not said.
    public subscript(fact: Fact) -> Double? {
        get {
            guard let nutrient = fact.nutrient else { return kcal }
            return nutrients[nutrient]
        }
        set {
            if let nutrient = fact.nutrient { nutrients[nutrient] = newValue } else { kcal = newValue }
        }
    }

    /// True when the line says nothing.
    public var isEmpty: Bool { Fact.allCases.allSatisfy { self[$0] == nil } }

    /// True when protein, carbs and fat are all said, so energy can be worked out from them.
    public var hasMacros: Bool { Nutrient.macros.allSatisfy { nutrients[$0] != nil } }

    /// Energy from the macros by the Atwater general factors, 4 kcal per g of protein and of
    /// carbohydrate and 9 per g of fat; nil unless all three are said.
    public var kcalFromMacros: Double? {
        guard hasMacros else { return nil }
        return Nutrient.macros.reduce(0) { $0 + ($1.kcalPerGram ?? 0) * (nutrients[$1] ?? 0) }
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
