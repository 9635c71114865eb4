import CalorinaJournal
import CalorinaModel
import CalorinaSupport

/// A day's nutrients besides the macros (`Nutrient.others`): each the sum over the food entries that know
/// it, and how many do not (entries logged before nutrients were kept, direct calories, foods the
/// table has no value for), so that a view can say "at least" or "n/a" rather than a made-up total.
public struct NutrientTotals: Equatable, Sendable {
    /// One nutrient summed over a day's food entries.
    public struct Sum: Equatable, Sendable {
        /// The sum over the entries that know it, in its nutrient's unit.
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

    /// Each nutrient's sum; only `Nutrient.others` are summed here (the macros are the day's own).
    public var sums = NutrientValues(repeating: Sum())

    /// Nothing summed yet.
    public init() {}

    /// The nutrients of a day's sums: each known sum, and how many food entries did not say it.
    public init(_ day: DaySums) {
        for nutrient in Nutrient.others {
            let known = day.known[nutrient]
            sums[nutrient] = Sum(value: day.nutrients[nutrient] ?? 0, known: known, unknown: day.foodCount - known)
        }
    }

    /// Adds a food entry's nutrients, known or not.
    mutating func add(_ nutrients: Nutrients) {
        for nutrient in Nutrient.others { sums[nutrient].add(nutrients[nutrient]) }
    }

    /// The sums, in the order views show them, with the JSON key of each (`Nutrient.column`).
    public var all: [(key: String, sum: Sum)] {
        Nutrient.others.map { ($0.column, sums[$0]) }
    }
}
