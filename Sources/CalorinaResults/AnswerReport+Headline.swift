// The one line that answers a question asked in plain words (issue 29), made from the view that
// answers it: what the session passes in is all it reads.

import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaReports
import CalorinaSupport

extension AnswerReport {
    /// True when the view says more than the one line does.
    package static func showsView(_ inquiry: Inquiry) -> Bool {
        if inquiry.period != nil { return true }
        switch inquiry.asks {
        case .kcalLeft, .kcalEaten, .kcalBurned, .nutrient, .macros, .goal: return false
        default: return true
        }
    }

    // MARK: - A day

    package static func dayAnswer(_ inquiry: Inquiry, _ report: DayReport, today: CivilDate) -> String {
        let totals = report.totals
        let when = report.isToday ? "today" : "on " + totals.date.display(today: today)
        let mealEntries = inquiry.meal.map { meal in report.entries.filter { $0.isFood && $0.meal == meal } }
        let foods = (mealEntries ?? report.entries.filter(\.isFood))
        let at = inquiry.meal.map { " at \($0.rawValue)" } ?? ""
        switch inquiry.asks {
        case .kcalLeft:
            let of = "(\(Format.integer(totals.shownNet)) of \(Format.integer(totals.goal)))"
            if totals.shownLeft < 0 { return "\(Format.integer(-totals.shownLeft)) kcal over \(when) \(of)" }
            return "\(Format.integer(totals.shownLeft)) kcal left \(when) \(of)"
        case .kcalEaten:
            if let mealEntries {
                let kcal = mealEntries.reduce(0) { $0 + $1.kcal }
                return "\(Format.integer(kcal)) kcal\(at) \(when) (\(count(mealEntries.count, "food")))"
            }
            return
                "\(Format.integer(totals.kcal)) kcal eaten \(when)"
                + (totals.burned > 0 ? ", \(Format.integer(totals.burned)) burned" : "")
                + " (\(Format.integer(totals.shownNet)) of \(Format.integer(totals.goal)); "
                + (totals.shownLeft < 0
                    ? "\(Format.integer(-totals.shownLeft)) over)" : "\(Format.integer(totals.shownLeft)) left)")
        case .exercise("steps"):
            return "\(Format.integer(Double(totals.sums.steps))) steps \(when)"
        case .kcalBurned, .exercise:
            var parts = ["\(Format.integer(totals.burned)) kcal burned \(when)"]
            if totals.sums.steps > 0 { parts.append("\(Format.integer(Double(totals.sums.steps))) steps") }
            let moves = report.entries.filter { !$0.isFood && $0.kind != .water && $0.kind != .weight }
            if !moves.isEmpty { parts.append(moves.map(\.food).joined(separator: ", ")) }
            return parts.joined(separator: " · ")
        case .eaten:
            guard !foods.isEmpty else { return "nothing logged\(at) \(when)" }
            let names = foods.prefix(4).map { "\($0.food) (\(Format.integer($0.kcal)))" }.joined(separator: ", ")
            let more = foods.count > 4 ? " and \(foods.count - 4) more" : ""
            let kcal = foods.reduce(0) { $0 + $1.kcal }
            return "\(count(foods.count, "food"))\(at) \(when), \(Format.integer(kcal)) kcal: \(names)\(more)"
        case .goal:
            guard totals.entryCount > 0 else {
                return "nothing logged \(when): \(Format.integer(totals.goal)) kcal to go"
            }
            let of = "\(Format.integer(totals.shownNet)) of \(Format.integer(totals.goal)) kcal \(when)"
            if totals.shownLeft < 0 { return "over: \(of), \(Format.integer(-totals.shownLeft)) over" }
            return (report.isToday ? "on track: " : "yes: ")
                + "\(of), \(Format.integer(totals.shownLeft)) \(report.isToday ? "left" : "under")"
        case .nutrient(let nutrient):
            let entries =
                mealEntries.map { $0 + report.entries.filter { $0.kind == .water && nutrient == .water } }
                ?? report.entries
            let sum = NutrientSum(nutrient, entries: entries)
            let target = inquiry.meal == nil ? report.targets.first { $0.target.nutrient == nutrient }?.target : nil
            return nutrientLine(nutrient, sum: sum, target: target, when: at + " " + when, units: report.units)
        case .macros:
            let source = mealEntries ?? report.entries
            func grams(_ value: Double) -> String { Format.grams(value) }
            let protein = source.reduce(0) { $0 + ($1.nutrients[.protein] ?? 0) }
            let carbs = source.reduce(0) { $0 + ($1.nutrients[.carbs] ?? 0) }
            let fat = source.reduce(0) { $0 + ($1.nutrients[.fat] ?? 0) }
            return "protein \(grams(protein)) · carbs \(grams(carbs)) · fat \(grams(fat))\(at) \(when)"
        case .weight, .weightGoal, .food, .suggest:
            return "\(Format.integer(totals.shownNet)) of \(Format.integer(totals.goal)) kcal \(when)"
        }
    }

    /// "38 g protein today (target 150 g: 112 g to go)".
    private static func nutrientLine(
        _ nutrient: TargetNutrient, sum: NutrientSum, target: DailyTarget?, when: String, units: UnitSystem
    ) -> String {
        func amount(_ value: Double) -> String { amountText(value, nutrient, units: units) }
        guard sum.logged, !sum.isUnknown else {
            return "no \(nutrient.displayName) known\(when): nothing logged says it"
        }
        let lead = (sum.isPartial ? "at least " : "") + "\(amount(sum.amount)) \(nutrient.displayName)\(when)"
        guard let target else {
            return lead + " (no target: 'goal \(nutrient.displayName) …' sets one)"
        }
        if let high = target.high, target.low == nil || sum.amount > high {
            if sum.amount > high { return lead + " (limit \(amount(high)): \(amount(sum.amount - high)) over)" }
            return lead + " (limit \(amount(high)): \(amount(high - sum.amount)) to spare)"
        }
        if let low = target.low {
            if sum.amount >= low { return lead + " (target \(amount(low)): met)" }
            return lead + " (target \(amount(low)): \(amount(low - sum.amount)) to go)"
        }
        return lead
    }

    // MARK: - Periods

    private static func periodLabel(_ inquiry: Inquiry, first: CivilDate, last: CivilDate, today: CivilDate) -> String {
        switch inquiry.period {
        case .current(.week)?: return "in the last 7 days"
        case .current(.month)?: return "this month"
        case .current(.year)?: return "in the last 12 months"
        case .days(let days)?: return "in the last \(days) days"
        case .ago(let which, 1)?: return "last \(which.rawValue)"
        case nil where last == first.adding(days: 6): return "in the last 7 days"
        default:
            return "from \(first.display(today: today)) to \(last.display(today: today))"
        }
    }

    package static func periodAnswer(_ inquiry: Inquiry, _ report: HistoryReport, today: CivilDate) -> String {
        let label = periodLabel(inquiry, first: report.first, last: report.last, today: today)
        let logged = report.loggedDays
        guard !logged.isEmpty else { return "nothing logged \(label)" }
        let eaten = logged.reduce(0) { $0 + $1.eaten }
        let average = Format.integer(report.average(\.net) ?? 0)
        let goal = Format.integer(report.goal)
        let streak = report.streak == 1 ? "1 day" : "\(report.streak) days"
        switch inquiry.asks {
        case .goal:
            let met = report.metCount
            let verdict = met * 2 >= logged.count ? "on track" : "off track"
            return
                "\(verdict) \(label): \(met) of \(count(logged.count, "logged day")) within goal, \(average) kcal a day on average (goal \(goal)); streak \(streak)"
        case .kcalLeft:
            let left = logged.reduce(0) { $0 + ($1.goal - $1.net) }
            let said = left >= 0 ? "\(Format.integer(left)) kcal under" : "\(Format.integer(-left)) kcal over"
            return
                "\(said) the goal \(label), over \(count(logged.count, "logged day")) (\(average) a day on average; goal \(goal))"
        default:
            return
                "\(Format.integer(eaten)) kcal eaten \(label), \(average) a day on average over \(count(logged.count, "logged day")) (goal \(goal))"
        }
    }

    package static func nutrientAnswer(_ inquiry: Inquiry, _ report: TargetHistoryReport, today: CivilDate) -> String {
        let nutrient = report.nutrient
        let label = periodLabel(inquiry, first: report.first, last: report.last, today: today)
        func amount(_ value: Double) -> String { amountText(value, nutrient, units: report.units) }
        let logged = report.days.filter(\.sum.logged)
        guard !logged.isEmpty else { return "no \(nutrient.displayName) logged \(label)" }
        let total = logged.reduce(0) { $0 + $1.sum.amount }
        let average = total / Double(logged.count)
        let atLeast = logged.contains { $0.sum.isPartial || $0.sum.isUnknown } ? "at least " : ""
        var line =
            atLeast
            + "\(amount(total)) \(nutrient.displayName) \(label), \(amount(average)) a day on average"
        if report.days.contains(where: { $0.target != nil }) {
            let met = report.days.filter { $0.mark == .met }.count
            line += "; target met on \(met) of \(count(logged.count, "logged day"))"
        }
        return line
    }

    /// An amount of a nutrient with its unit, `38 g`, `1,500 ml`; water in US fl oz with US
    /// units, `51 fl oz`.
    package static func amountText(_ value: Double, _ nutrient: TargetNutrient, units: UnitSystem) -> String {
        if nutrient == .water, units == .us { return Format.water(milliliters: value, units: units) + " fl oz" }
        return "\(Format.integer(value)) \(nutrient.unit.rawValue)"
    }

    // MARK: - Weight and exercise

    package static func weightAnswer(_ inquiry: Inquiry, _ report: WeightReport, today: CivilDate) -> String {
        func weight(_ kg: Double) -> String { Format.weight(kilograms: kg, units: report.units) }
        guard let current = report.currentKg else {
            return "no weight logged in this period: log one with 'weight 80'"
        }
        if inquiry.asks == .weightGoal {
            guard let goal = report.goalWeightKg else {
                return "\(weight(current)) now; no goal weight set: 'set goal-weight …' sets one"
            }
            let projection = report.atTrend ?? report.atStrategy
            switch projection {
            case .on(let date, let days)?:
                return
                    "\(weight(goal)) around \(date.display(today: today)) (\(count(days, "day"))) at your trend; \(weight(current)) now"
            case .reached?: return "you are at your goal weight, \(weight(goal))"
            case .awayFromGoal?: return "not at this rate: \(weight(current)) now, moving away from \(weight(goal))"
            case .tooFar?: return "more than ten years off at this rate: \(weight(current)) now, goal \(weight(goal))"
            case nil: return "\(weight(current)) now, goal \(weight(goal)): too few weighings for a trend yet"
            }
        }
        var line = "\(weight(current)) " + (report.currentFrom == .trend ? "(trend)" : "(latest)")
        if let from = report.changeFrom, let to = report.changeTo {
            let change = to - from
            line += ", \(change <= 0 ? "−" : "+")\(weight(abs(change))) over \(count(report.count, "weighing"))"
        }
        if let rate = report.trendKgPerWeek {
            line += ", \(rate <= 0 ? "−" : "+")\(weight(abs(rate))) a week"
        }
        return line
    }

    package static func workoutAnswer(_ inquiry: Inquiry, _ report: WorkoutReport, today: CivilDate) -> String {
        let label =
            inquiry.period.map { _ in
                periodLabel(inquiry, first: report.range.lowerBound, last: report.range.upperBound, today: today)
            }
            ?? "in the last 7 days"
        if case .exercise(let word?) = inquiry.asks {
            let stem = String(word.prefix(3))
            if word == "steps" {
                return "\(Format.integer(Double(report.steps))) steps \(label) over \(count(report.stepDays, "day"))"
            }
            if let movement = report.movements.first(where: { $0.name.lowercased().hasPrefix(stem) }) {
                return
                    "\(Format.integer(Double(movement.total))) \(movement.name) \(label) in \(count(movement.sets, "set")) (best \(movement.bestReps))"
            }
            if let cardio = report.cardio.first(where: {
                $0.name.lowercased().hasPrefix(stem) || (stem == "ran" && $0.name.lowercased().hasPrefix("run"))
            }) {
                return
                    "\(cardio.name): \(count(cardio.sessions, "session")), \(Format.integer(cardio.minutes)) min, \(Format.integer(cardio.kcal)) kcal \(label)"
            }
            return "no \(word) logged \(label)"
        }
        let sessions = report.cardio.reduce(0) { $0 + $1.sessions } + report.movements.reduce(0) { $0 + $1.sessions }
        return
            "\(Format.integer(report.burned)) kcal burned \(label): \(count(sessions, "session")), \(Format.integer(Double(report.steps))) steps"
    }

    // MARK: - Suggestions

    /// How many of the usual foods fit in the kcal `left` today.
    package static func suggestionAnswer(_ report: SuggestReport, left: Double) -> String {
        let fit = report.rows.filter { $0.kcal <= left }.count
        guard !report.rows.isEmpty else {
            return
                "\(Format.integer(left)) kcal left today; nothing logged at \(report.meal.rawValue) in the last \(report.days) days to suggest"
        }
        return "\(Format.integer(left)) kcal left today: \(fit) of your usual \(report.meal.rawValue) foods fit"
    }

    // MARK: - Foods

    /// The answer about a food: a nutrient per 100 g and in its first portion, or its kcal in
    /// what `logged` says a line of the question's words would log (else its first portion).
    package static func foodAnswer(_ inquiry: Inquiry, _ report: InfoReport, logged: () -> String?) -> String {
        guard case .food(let nutrient) = inquiry.asks else { return report.name }
        let portion = report.portions.first
        if let nutrient, let (per100, unit) = perHundred(nutrient, report) {
            var line =
                "\(report.name): \(Format.number(Format.rounded(per100, places: 1))) \(unit) \(nutrient.displayName) per 100 g"
            if let portion, portion.grams > 0 {
                let amount = Format.rounded(per100 * portion.grams / 100, places: 1)
                line =
                    "\(report.name): \(Format.number(amount)) \(unit) \(nutrient.displayName) in \(portion.description) (\(Format.grams(portion.grams))); \(Format.number(Format.rounded(per100, places: 1))) \(unit) per 100 g"
            }
            return line
        }
        var parts: [String] = []
        if let logged = logged() {
            parts.append(logged)
        } else if let portion {
            parts.append(
                "\(Format.integer(portion.kcal)) kcal in \(portion.description)"
                    + (portion.grams > 0 ? " (\(Format.grams(portion.grams)))" : ""))
        }
        if let per100 = report.kcalPer100g { parts.append("\(Format.integer(per100)) kcal per 100 g") }
        return "\(report.name): " + (parts.isEmpty ? "see below" : parts.joined(separator: "; "))
    }

    private static func perHundred(_ nutrient: TargetNutrient, _ report: InfoReport) -> (Double, String)? {
        guard let nutrient = nutrient.nutrient else { return nil }
        let value: Double? =
            switch nutrient {
            case .protein: report.proteinPer100g
            case .carbs: report.carbsPer100g
            case .fat: report.fatPer100g
            default: report.nutrientsPer100g?[nutrient]
            }
        return value.map { ($0, nutrient.unit) }
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        value == 1 ? "1 \(noun)" : "\(Format.integer(Double(value))) \(noun)s"
    }
}
