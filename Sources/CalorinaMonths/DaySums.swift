import CalorinaFiles
import CalorinaModel
import CalorinaSupport

/// What one day's entries add up to: the numbers every view of a day or of many days starts from.
///
/// The one place entries are summed (`DayTotals` and the history views take their numbers from
/// here), and what the month summaries keep (`MonthSummary`), so that a view of ten years reads a
/// line a day instead of every entry.
public struct DaySums: Equatable, Sendable {
    /// The day, `YYYY-MM-DD`.
    public var date: String
    /// How many entries the day has, of every kind.
    public var entryCount = 0
    /// How many of them are food.
    public var foodCount = 0
    /// The latest time an entry was logged at (`HH:mm`), empty for none.
    public var latestTime = ""
    /// kcal eaten.
    public var kcal = 0.0
    /// The macros in grams, never nil (an entry that does not say counts none); the others
    /// (`Nutrient.others`), each in its unit, over the food entries that know them, nil while
    /// none does: `known` says how many of the day's food entries did, for each of those.
    public var nutrients = Nutrients { $0.isMacro ? 0 : nil }
    public var known = NutrientValues(repeating: 0)
    /// kcal burned by exercise.
    public var burned = 0.0
    /// Steps walked (`10000 steps`).
    public var steps = 0
    /// Millilitres of water.
    public var waterMl = 0.0
    /// The day's last weight, in kg.
    public var weightKg: Double?

    /// A day with nothing logged.
    public init(date: String) {
        self.date = date
    }

    /// Sums `entries`, the day's, in the order they were logged.
    public init(date: String, entries: [Entry]) {
        self.date = date
        add(entries)
    }

    /// A macro's grams (0 where no entry says it); any other nutrient's sum, 0 where none knows it.
    public subscript(nutrient: Nutrient) -> Double { nutrients[nutrient] ?? 0 }

    /// True when any food was logged.
    public var logged: Bool { foodCount > 0 }

    /// Adds more of the day's entries, logged after those summed already.
    public mutating func add(_ entries: [Entry]) {
        for entry in entries where entry.removed != true {
            entryCount += 1
            if entry.time > latestTime { latestTime = entry.time }
            switch entry.kind {
            case nil:
                foodCount += 1
                // Entries keep tenths; summing doubles drifts (2776.5 becomes 2776.4999…), so
                // each sum is rounded back.
                kcal = Format.rounded(kcal + entry.kcal, places: 1)
                for macro in Nutrient.macros {
                    nutrients[macro] = Format.rounded(self[macro] + (entry.nutrients[macro] ?? 0), places: 1)
                }
                func add(_ value: Double?, to sum: inout Double?, counting known: inout Int) {
                    guard let value else { return }
                    sum = Format.rounded((sum ?? 0) + value, places: 1)
                    known += 1
                }
                for nutrient in Nutrient.others {
                    add(entry.nutrients[nutrient], to: &nutrients[nutrient], counting: &known[nutrient])
                }
            case .exercise?:
                burned = Format.rounded(burned + entry.kcal, places: 1)
                if case .steps(let count)? = entry.workout { steps += count }
            case .water?:
                waterMl += entry.quantity
            case .weight?:
                weightKg = entry.quantity
            }
        }
    }

    /// The sums of each day of `entries` (a month's), in date order.
    public static func days(of entries: [Entry]) -> [DaySums] {
        var slotOfDate: [String: Int] = [:]
        var grouped: [(date: String, entries: [Entry])] = []
        for entry in entries where entry.removed != true {
            if let slot = slotOfDate[entry.date] {
                grouped[slot].entries.append(entry)
            } else {
                slotOfDate[entry.date] = grouped.count
                grouped.append((entry.date, [entry]))
            }
        }
        return grouped.sorted { $0.date < $1.date }.map { DaySums(date: $0.date, entries: $0.entries) }
    }
}
