import CalorinaLanguage
import CalorinaModel
import CalorinaReports
import CalorinaResults
import CalorinaSupport

// `info` of a food of the user's own or a recipe: a column of values for each amount, unknown
// values as "n/a", and sums some items do not know as "at least", saying which.

extension Renderer {
    func ownFoodInfoText(_ report: OwnFoodInfoReport) -> String {
        var out = paint(report.name, .bold) + " · " + (report.kind == .food ? "your food" : "your recipe") + "\n"
        if report.kind == .recipe { out += "  \(report.definition)\n" }
        for column in report.columns {
            func said(_ nutrient: Nutrient) -> String {
                let fact = FoodFacts.Fact(nutrient)
                return Renderer.said(fact, column[fact])
            }
            let macros = Nutrient.macros.map(said)
            let nutrients = Nutrient.others.map(said)
            out += "  \(column.label) · \(Format.integer(column.kcal)) kcal · " + macros.joined(separator: " · ") + "\n"
            out += "    " + nutrients.joined(separator: " · ") + "\n"
        }
        // Which items leave a sum a part only, once for all columns (they share their items).
        if let first = report.columns.first {
            // Facts unknown for the same items are said together.
            var groups: [(facts: [String], items: [String])] = []
            for fact in OwnFoodInfoReport.shownFacts where first[fact].isPartial {
                let items = first[fact].unknownIn
                if let index = groups.firstIndex(where: { $0.items == items }) {
                    groups[index].facts.append(fact.label)
                } else {
                    groups.append(([fact.label], items))
                }
            }
            for group in groups {
                let facts =
                    group.facts.count == 1
                    ? group.facts[0]
                    : group.facts.dropLast().joined(separator: ", ") + " or " + (group.facts.last ?? "")
                out +=
                    "  at least: no \(facts) known for " + group.items.map { "'\($0)'" }.joined(separator: ", ") + "\n"
            }
        }
        if !report.items.isEmpty {
            out += "  items:\n"
            for item in report.items {
                let amount = item.amount.isEmpty ? "" : " · \(item.amount)"
                let macros = [("protein", item.protein), ("carbs", item.carbs), ("fat", item.fat)].map { name, value in
                    "\(name) " + (value.map { "\(Renderer.amount($0)) g" } ?? "n/a")
                }
                out +=
                    "    \(item.food)\(amount) · \(Format.integer(item.kcal)) kcal · " + macros.joined(separator: " · ")
                    + "\n"
            }
        }
        if report.kind == .food { out += "  defined: \(report.definition)\n" }
        if let note = report.note { out += "  \(note)\n" }
        return out
    }

    /// `protein 20 g`, `fat n/a`, `fat at least 3 g`; in milligrams for a nutrient kept in them.
    static func said(_ fact: FoodFacts.Fact, _ total: OwnFoodInfoReport.Total) -> String {
        guard let value = total.value else { return "\(fact.label) n/a" }
        let shown = fact.unit == "mg" ? Format.integer(value) : amount(value)
        return "\(fact.label) " + (total.isPartial ? "at least " : "") + "\(shown) \(fact.unit)"
    }

    /// Grams to a tenth: `20`, `33.3`, `0.4`.
    static func amount(_ grams: Double) -> String {
        Format.number(Format.rounded(grams, places: 1))
    }

    static func json(_ report: OwnFoodInfoReport) -> JSONValue {
        func columnJSON(_ column: OwnFoodInfoReport.Column) -> JSONValue {
            var pairs: [(String, JSONValue)] = [
                ("per", .string(column.label)), ("kcal", .number(Format.rounded(column.kcal, places: 1))),
            ]
            var unknown: [(String, JSONValue)] = []
            for fact in OwnFoodInfoReport.shownFacts {
                let total = column[fact]
                pairs.append((fact.key, total.value.map { .number(Format.rounded($0, places: 1)) } ?? .null))
                if total.isPartial { unknown.append((fact.key, .array(total.unknownIn.map(JSONValue.string)))) }
            }
            if !unknown.isEmpty { pairs.append(("partial", .object(unknown))) }
            return .object(pairs)
        }
        var pairs: [(String, JSONValue)] = [
            ("ok", .bool(true)), ("food", .string(report.name)),
            ("kind", .string(report.kind == .food ? "food" : "recipe")), ("definition", .string(report.definition)),
            ("values", .array(report.columns.map(columnJSON))),
        ]
        if !report.items.isEmpty {
            pairs.append(
                (
                    "items",
                    .array(
                        report.items.map { item in
                            func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
                            return .object([
                                ("food", .string(item.food)), ("amount", .string(item.amount)),
                                ("kcal", .number(item.kcal)), ("protein", optional(item.protein)),
                                ("carbs", optional(item.carbs)), ("fat", optional(item.fat)),
                            ])
                        })
                ))
        }
        if let note = report.note { pairs.append(("note", .string(note))) }
        return .object(pairs)
    }
}
