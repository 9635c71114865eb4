import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaReports
import CalorinaResults
import CalorinaSupport

/// Targets for the nutrients and water: `goals`, a target set, the day's
/// progress in `today`, `history 30 protein`, and the days met under `week` and `month`.
extension Renderer {
    // MARK: - Amounts

    /// An amount in the nutrient's unit, without the unit: `92`, `2,140`, water in litres `1.2`
    /// (in US fl oz with US units, `68`).
    static func targetValue(_ value: Double, _ nutrient: TargetNutrient, _ units: UnitSystem = .metric) -> String {
        guard nutrient == .water else { return Format.integer(value) }
        if units == .us { return Format.water(milliliters: value, units: units) }
        return Format.number(Format.rounded(value / 1000, places: 1))
    }

    /// The unit shown after a nutrient's amounts.
    static func targetUnit(_ nutrient: TargetNutrient, _ units: UnitSystem = .metric) -> String {
        switch nutrient.unit {
        case .milliliters: units == .us ? "fl oz" : "l"
        case .milligrams: "mg"
        case .grams, .percent: "g"
        }
    }

    /// What a target asks for, without the unit: `150` (at least), `<2,300` (at most), `254–367`.
    func targetBound(_ target: DailyTarget, _ units: UnitSystem = .metric) -> String {
        let nutrient = target.nutrient
        switch (target.low, target.high) {
        case (let low?, let high?):
            return Renderer.targetValue(low, nutrient, units) + (ascii ? "-" : "–")
                + Renderer.targetValue(high, nutrient, units)
        case (let low?, nil): return Renderer.targetValue(low, nutrient, units)
        case (nil, let high?): return "<" + Renderer.targetValue(high, nutrient, units)
        case (nil, nil): return "?"
        }
    }

    /// A target in words: `at least 150 g`, `under 2,300 mg`, `254–367 g`.
    func targetWords(_ target: DailyTarget, _ units: UnitSystem = .metric) -> String {
        let unit = " " + Renderer.targetUnit(target.nutrient, units)
        switch (target.low, target.high) {
        case (_?, _?): return targetBound(target, units) + unit
        case (let low?, nil): return "at least " + Renderer.targetValue(low, target.nutrient, units) + unit
        case (nil, let high?): return "under " + Renderer.targetValue(high, target.nutrient, units) + unit
        case (nil, nil): return "none"
        }
    }

    /// The day's amount: `92`; `≥18` when some foods do not say it (as `today`'s nutrient line
    /// writes it); `n/a` when none does.
    func sumText(_ sum: NutrientSum, _ nutrient: TargetNutrient, _ units: UnitSystem = .metric) -> String {
        if sum.isUnknown { return "n/a" }
        return (sum.isPartial ? (ascii ? ">=" : "≥") : "") + Renderer.targetValue(sum.amount, nutrient, units)
    }

    func paintMark(_ text: String, _ mark: TargetMark) -> String {
        switch mark {
        case .met: paint(text, .green)
        case .over: paint(text, .red)
        case .under, .partial, .unknown, .notLogged: text
        }
    }

    // MARK: - today

    /// `protein 92/150 g · fat ≥18/70 g · … · water 1.2/3.7 l`, wrapped
    /// to the width, and what `+` and `n/a` mean when either is shown.
    func targetsLine(_ progress: [TargetProgress], units: UnitSystem = .metric) -> String {
        guard !progress.isEmpty else { return "" }
        let parts = progress.map { item in
            let nutrient = item.target.nutrient
            return paintMark(
                "\(nutrient.displayName) \(sumText(item.sum, nutrient, units))/\(targetBound(item.target, units)) "
                    + Renderer.targetUnit(nutrient, units), item.mark)
        }
        var out = ""
        var line = "targets"
        var visible = line.count
        for (part, item) in zip(parts, progress) {
            let length =
                item.target.nutrient.displayName.count + sumText(item.sum, item.target.nutrient, units).count
                + targetBound(item.target, units).count + Renderer.targetUnit(item.target.nutrient, units).count + 2
            if visible + 3 + length > width {
                out += line + "\n"
                line = "  " + part
                visible = 2 + length
            } else {
                line += " · " + part
                visible += 3 + length
            }
        }
        out += line + "\n"
        let partial = progress.contains { $0.sum.isPartial }
        let unknown = progress.contains { $0.sum.isUnknown }
        if partial || unknown {
            var notes: [String] = []
            if partial { notes.append((ascii ? ">=" : "≥") + " some foods do not say it") }
            if unknown { notes.append("n/a no food says it") }
            out += "  " + paint(notes.joined(separator: "; "), .dim) + "\n"
        }
        return out
    }

    // MARK: - goals

    func targetsText(_ report: TargetsReport) -> String {
        var out = ""
        if let changed = report.changed {
            out += "  " + paint("✓", .green) + " \(changed)\n"
        } else {
            out += paint("targets", .bold) + " · a day of \(Format.integer(report.kcalGoal)) kcal\n"
        }
        let nameWidth = report.rows.map(\.nutrient.displayName.count).max() ?? 0
        for row in report.rows {
            let name = Renderer.left(row.nutrient.displayName, nameWidth)
            guard let target = row.target else {
                out += "  \(name)  " + paint("none", .dim) + (row.missing.map { " · " + $0 } ?? "") + "\n"
                continue
            }
            out += "  \(name)  " + targetWords(target, report.units) + " · " + sourceText(target) + "\n"
        }
        return out
    }

    /// Where a target comes from: `yours: 30 % of kcal`, `0.8 g per kg of 80 kg (US DRI RDA)`.
    func sourceText(_ target: DailyTarget) -> String {
        switch target.source {
        case .own(let amount):
            switch amount.unit {
            case .percent: return "yours: \(Format.number(amount.amount)) % of kcal"
            default: return "yours"
            }
        case .guideline(let rule, let guideline):
            return paint("\(rule) (\(guideline))", .dim)
        }
    }

    // MARK: - history 30 protein

    func targetHistoryText(_ report: TargetHistoryReport) -> String {
        let nutrient = report.nutrient
        let count = report.days.count
        var out =
            paint("\(nutrient.displayName) · last \(count) \(count == 1 ? "day" : "days")", .bold) + " · "
            + Renderer.span(report.first, report.last) + "\n"
        let unit = Renderer.targetUnit(nutrient, report.units)
        for day in report.days {
            let label = day.date.description + " " + day.date.weekdayAbbreviation
            var row = label + "  " + targetMarkText(day.mark)
            switch day.mark {
            case .notLogged:
                out += Renderer.trimmingTrailingSpaces(row) + "\n"
                continue
            case .unknown:
                row += "  n/a" + (day.target == nil ? "" : " · no food that day says it")
                out += row + "\n"
                continue
            default:
                break
            }
            let amount = Renderer.right(sumText(day.sum, nutrient, report.units), 7)
            let target = day.target.map { " of " + targetBound($0, report.units) } ?? ""
            row += " " + amount + target + " " + unit
            if day.mark == .partial { row += " · " + "\(day.sum.known) of \(day.sum.count) foods say it" }
            out += row + "\n"
        }
        let judged = report.count(.met) + report.count(.under) + report.count(.over)
        var summary = "target met on \(report.count(.met)) of \(judged) \(judged == 1 ? "day" : "days")"
        if report.count(.under) > 0 { summary += " · under on \(report.count(.under))" }
        if report.count(.over) > 0 { summary += " · over on \(report.count(.over))" }
        if report.count(.partial) > 0 { summary += " · \(report.count(.partial)) partial" }
        if report.count(.unknown) > 0 { summary += " · \(report.count(.unknown)) n/a" }
        if report.count(.notLogged) > 0 { summary += " · \(report.count(.notLogged)) with no log" }
        return out + summary + "\n"
    }

    /// ✓ met, ↓ under, ✗ over, ~ partial, ? n/a, · nothing logged.
    func targetMarkText(_ mark: TargetMark) -> String {
        switch mark {
        case .met: paint(ascii ? "+" : "✓", .green)
        case .over: paint(ascii ? "x" : "✗", .red)
        case .under: paint(ascii ? "v" : "↓", .yellow)
        case .partial: paint("~", .dim)
        case .unknown: paint("?", .dim)
        case .notLogged: paint(ascii ? "." : "·", .dim)
        }
    }

    // MARK: - week and month

    /// `days on target · protein 3/5 · fat 1/2 (3 n/a) · …`: days met of days settled, wrapped
    /// to the width.
    func targetTalliesText(_ tallies: [TargetTally]) -> String {
        guard tallies.contains(where: { $0.judged + $0.partial + $0.unknown > 0 }) else { return "" }
        var parts: [String] = []
        for tally in tallies {
            var part = "\(tally.nutrient.displayName) \(tally.met)/\(tally.judged)"
            var apart: [String] = []
            if tally.partial > 0 { apart.append("\(tally.partial) partial") }
            if tally.unknown > 0 { apart.append("\(tally.unknown) n/a") }
            if !apart.isEmpty { part += " (" + apart.joined(separator: ", ") + ")" }
            parts.append(part)
        }
        var out = ""
        var line = "days on target"
        for part in parts {
            if line.count + 3 + part.count > width {
                out += line + "\n"
                line = "  " + part
            } else {
                line += " · " + part
            }
        }
        return out + line + "\n"
    }

    // MARK: - JSON

    /// A target as JSON: the nutrient (its JSON name, `Nutrient.key`), the bounds in its unit, the
    /// unit, and the source.
    static func json(_ target: DailyTarget) -> JSONValue {
        func optional(_ value: Double?) -> JSONValue { value.map { .number(Format.rounded($0, places: 1)) } ?? .null }
        var pairs: [(String, JSONValue)] = [
            ("nutrient", .string(target.nutrient.rawValue)), ("low", optional(target.low)),
            ("high", optional(target.high)), ("unit", .string(target.nutrient.unit.rawValue)),
        ]
        switch target.source {
        case .own(let amount):
            pairs.append(("source", .string("own")))
            if amount.unit == .percent { pairs.append(("percent_of_kcal", .number(amount.amount))) }
        case .guideline(let rule, let guideline):
            pairs.append(("source", .string(guideline)))
            pairs.append(("rule", .string(rule)))
        }
        return .object(pairs)
    }

    static func json(_ mark: TargetMark) -> JSONValue {
        switch mark {
        case .met: .string("met")
        case .under: .string("under")
        case .over: .string("over")
        case .partial: .string("partial")
        case .unknown: .null
        case .notLogged: .string("not_logged")
        }
    }

    static func json(_ report: TargetsReport) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("ok", .bool(true))]
        if let changed = report.changed { pairs.append(("done", .string(changed))) }
        pairs.append(("kcal_goal", .number(Format.rounded(report.kcalGoal, places: 0))))
        pairs.append(
            (
                "targets",
                .array(
                    report.rows.map { row in
                        row.target.map(json)
                            ?? .object([
                                ("nutrient", .string(row.nutrient.rawValue)),
                                ("missing", row.missing.map(JSONValue.string) ?? .null),
                            ])
                    })
            ))
        return .object(pairs)
    }

    static func json(_ report: TargetHistoryReport) -> JSONValue {
        .object([
            ("ok", .bool(true)), ("view", .string("history")), ("nutrient", .string(report.nutrient.rawValue)),
            ("first", .string(report.first.description)), ("last", .string(report.last.description)),
            (
                "days",
                .array(
                    report.days.map { day in
                        .object([
                            ("date", .string(day.date.description)),
                            ("amount", day.sum.isUnknown || !day.sum.logged ? .null : .number(day.sum.amount)),
                            ("partial", .bool(day.sum.isPartial)), ("mark", json(day.mark)),
                            ("target", day.target.map(json) ?? .null),
                        ])
                    })
            ),
        ])
    }
}
