import CalorinaJournal
import CalorinaModel
import CalorinaReports
import CalorinaResults
import CalorinaSupport

/// The nutrients besides the macros (`Nutrient.others`), as `today` and `info` show them and as
/// JSON carries them. Text says each by its `label` (the README's spelling), JSON by its `column`.
extension Renderer {
    /// A day's sums, each as its label, sum and unit (`… 21 g · …`). A sum that
    /// some of the day's foods do not know is at least what the others add up to (`≥ 21 g`);
    /// one that none knows is `n/a`, never 0.
    func nutrientsLine(_ totals: NutrientTotals) -> String {
        Nutrient.others.map { nutrient in
            let sum = totals.sums[nutrient]
            if sum.isUnknown { return "\(nutrient.label) n/a" }
            return "\(nutrient.label) \(sum.isPartial ? "≥ " : "")\(Format.integer(sum.value)) \(nutrient.unit)"
        }.joined(separator: " · ")
    }

    /// One food's or portion's others: grams as `Format.grams` writes them (`2.1 g`, `20 g`),
    /// milligrams whole; `n/a` where the table has no value. `precise` writes every
    /// value to two decimals, as the per-100 g line writes the macros.
    func nutrientsText(_ nutrients: Nutrients, precise: Bool = false) -> String {
        Nutrient.others.map { nutrient in
            guard let value = nutrients[nutrient] else { return "\(nutrient.label) n/a" }
            if precise { return "\(nutrient.label) \(Format.number(value)) \(nutrient.unit)" }
            if nutrient.unit == "mg" { return "\(nutrient.label) \(Format.integer(value)) mg" }
            return "\(nutrient.label) \(Format.grams(value))"
        }.joined(separator: " · ")
    }

    /// An entry's or a portion's others as JSON pairs named by their columns, each in its unit,
    /// null where unknown; `suffix` names them per 100 g (`_per_100g`).
    static func jsonPairs(_ nutrients: Nutrients, suffix: String = "") -> [(String, JSONValue)] {
        Nutrient.others.map { nutrient in
            (nutrient.column + suffix, nutrients[nutrient].map(JSONValue.number) ?? .null)
        }
    }

    /// A day's sums as JSON pairs: each sum over the entries that know it (null when none does),
    /// then `nutrients_partial`, the keys whose sum some of the day's foods do not know.
    static func jsonPairs(_ totals: NutrientTotals) -> [(String, JSONValue)] {
        totals.all.map { key, sum in (key, sum.isUnknown ? .null : .number(Format.rounded(sum.value, places: 1))) }
            + [("nutrients_partial", .array(totals.all.filter { $0.sum.isPartial }.map { .string($0.key) }))]
    }
}
