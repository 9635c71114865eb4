import CalorinaJournal
import CalorinaSupport

/// A day's fibre, sugars, saturated fat and sodium: each the sum over the food entries that know
/// it, and how many do not (entries logged before nutrients were kept, direct calories, foods the
/// table has no value for), so that a view can say "at least" or "n/a" rather than a made-up total.
public struct NutrientTotals: Equatable, Sendable {
    /// One nutrient summed over a day's food entries.
    public struct Sum: Equatable, Sendable {
        /// The sum over the entries that know it: grams, or milligrams for sodium.
        public var value = 0.0
        /// How many food entries know it.
        public var known = 0
        /// How many food entries do not.
        public var unknown = 0

        /// True when some entries know it and some do not: the day had at least `value`.
        public var isPartial: Bool { known > 0 && unknown > 0 }
        /// True when no entry knows it: the day's amount is not known at all.
        public var isUnknown: Bool { known == 0 }

        mutating func add(_ amount: Double?) {
            guard let amount else {
                unknown += 1
                return
            }
            // Entries keep tenths; summing doubles drifts, so round back as the macros do.
            value = Format.rounded(value + amount, places: 1)
            known += 1
        }
    }

    public var fiber = Sum()
    public var sugars = Sum()
    public var saturatedFat = Sum()
    public var sodium = Sum()

    /// Nothing summed yet.
    public init() {}

    /// The nutrients of a day's sums: each known sum, and how many food entries did not say it.
    public init(_ day: DaySums) {
        func sum(_ value: Double?, known: Int) -> Sum {
            Sum(value: value ?? 0, known: known, unknown: day.foodCount - known)
        }
        fiber = sum(day.nutrients.fiber, known: day.known.fiber)
        sugars = sum(day.nutrients.sugars, known: day.known.sugars)
        saturatedFat = sum(day.nutrients.saturatedFat, known: day.known.saturatedFat)
        sodium = sum(day.nutrients.sodium, known: day.known.sodium)
    }

    /// Adds a food entry's nutrients, known or not.
    mutating func add(_ nutrients: Nutrients) {
        fiber.add(nutrients.fiber)
        sugars.add(nutrients.sugars)
        saturatedFat.add(nutrients.saturatedFat)
        sodium.add(nutrients.sodium)
    }

    /// The sums, in the order views show them, with the JSON key of each (as `Entry` names them).
    public var all: [(key: String, sum: Sum)] {
        [("fiber", fiber), ("sugars", sugars), ("saturated_fat", saturatedFat), ("sodium", sodium)]
    }
}
