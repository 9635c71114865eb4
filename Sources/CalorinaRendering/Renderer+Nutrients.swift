import CalorinaJournal
import CalorinaModel
import CalorinaSession
import CalorinaSupport

/// Fibre, sugars, saturated fat and sodium, as `today` and `info` show them and as JSON carries
/// them. Text says "fibre" (the README's spelling), JSON "fiber" (as `Entry` names it).
extension Renderer {
    /// The four as text labels say them, each with its unit.
    private static let nutrientNames: [(label: String, unit: String)] = [
        ("fibre", "g"), ("sugars", "g"), ("sat fat", "g"), ("sodium", "mg"),
    ]

    private static func values(_ nutrients: Nutrients) -> [Double?] {
        [nutrients.fiber, nutrients.sugars, nutrients.saturatedFat, nutrients.sodium]
    }

    /// A day's sums: `fibre 21 g · sugars 48 g · sat fat 17 g · sodium 2,140 mg`. A sum that
    /// some of the day's foods do not know is at least what the others add up to (`≥ 21 g`);
    /// one that none knows is `n/a`, never 0.
    func nutrientsLine(_ totals: NutrientTotals) -> String {
        zip(Renderer.nutrientNames, totals.all.map(\.sum)).map { name, sum in
            if sum.isUnknown { return "\(name.label) n/a" }
            return "\(name.label) \(sum.isPartial ? "≥ " : "")\(Format.integer(sum.value)) \(name.unit)"
        }.joined(separator: " · ")
    }

    /// One food's or portion's four: grams as `Format.grams` writes them (`2.1 g`, `20 g`),
    /// sodium in whole milligrams; `n/a` where the table has no value. `precise` writes every
    /// value to two decimals, as the per-100 g line writes the macros.
    func nutrientsText(_ nutrients: Nutrients, precise: Bool = false) -> String {
        zip(Renderer.nutrientNames, Renderer.values(nutrients)).map { name, value in
            guard let value else { return "\(name.label) n/a" }
            if precise { return "\(name.label) \(Format.number(value)) \(name.unit)" }
            if name.unit == "mg" { return "\(name.label) \(Format.integer(value)) mg" }
            return "\(name.label) \(Format.grams(value))"
        }.joined(separator: " · ")
    }

    /// An entry's or a portion's four as JSON pairs: `fiber`, `sugars`, `saturated_fat`,
    /// `sodium` (mg), null where unknown; `suffix` names them per 100 g (`fiber_per_100g`).
    static func jsonPairs(_ nutrients: Nutrients, suffix: String = "") -> [(String, JSONValue)] {
        zip(["fiber", "sugars", "saturated_fat", "sodium"], values(nutrients)).map { key, value in
            (key + suffix, value.map(JSONValue.number) ?? .null)
        }
    }

    /// A day's sums as JSON pairs: each sum over the entries that know it (null when none does),
    /// then `nutrients_partial`, the keys whose sum some of the day's foods do not know.
    static func jsonPairs(_ totals: NutrientTotals) -> [(String, JSONValue)] {
        totals.all.map { key, sum in (key, sum.isUnknown ? .null : .number(Format.rounded(sum.value, places: 1))) }
            + [("nutrients_partial", .array(totals.all.filter { $0.sum.isPartial }.map { .string($0.key) }))]
    }
}
