import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaReports
import CalorinaResults
import CalorinaSupport

// `exercise week`: each movement's sets, repetitions, best set and a trend drawn as a row of
// bars (a day a bar for a week or a month, a month a bar for a year), then timed exercise and
// steps.

extension Renderer {
    /// The text of `exercise …`.
    func workoutsText(_ report: WorkoutReport) -> String {
        let first = report.range.lowerBound
        let last = report.range.upperBound
        var title: String
        switch report.period {
        case .week: title = "exercise · week · " + Renderer.span(first, last)
        case .month: title = "exercise · \(last.monthName) \(last.year)"
        case .year:
            title = "exercise · year" + (report.isCalendar ? " \(first.year)" : "") + " · " + Renderer.span(first, last)
        }
        var out = paint(title, .bold)
        if report.burned > 0 { out += " · −\(Format.integer(report.burned)) kcal burned" }
        out += "\n"
        guard !report.movements.isEmpty || !report.cardio.isEmpty || report.steps > 0 else {
            return out + "no exercise logged in these days: '3 sets of 10 pushups', 'ran 30 min', '10000 steps'\n"
        }
        let trendWidth = report.parts.count
        if !report.movements.isEmpty {
            out +=
                paint(
                    Renderer.left("movement", 20) + Renderer.right("sets", 5) + Renderer.right("total", 8) + "  "
                        + Renderer.left("best set", 16) + Renderer.left("trend", max(5, trendWidth) + 1)
                        + Renderer.right("kcal", 6), .dim) + "\n"
            for movement in report.movements {
                let total = movement.isHold ? seconds(movement.total) : Format.integer(Double(movement.total))
                var best = movement.isHold ? seconds(movement.bestReps) : "\(movement.bestReps) reps"
                if let load = movement.bestLoadKg {
                    best = "\(movement.bestReps) at " + Format.load(kilograms: load, units: report.units)
                }
                out +=
                    Renderer.left(cut(movement.name, 19), 20) + Renderer.right(String(movement.sets), 5)
                    + Renderer.right(total, 8) + "  " + Renderer.left(best, 16)
                    + Renderer.left(sparkline(movement.trend), max(5, trendWidth) + 1)
                    + Renderer.right(Format.integer(movement.kcal), 6) + "\n"
            }
        }
        if !report.cardio.isEmpty {
            out +=
                paint(
                    Renderer.left("cardio", 41) + Renderer.right("times", 6) + Renderer.right("min", 6)
                        + Renderer.right("kcal", 7), .dim) + "\n"
            for cardio in report.cardio {
                out +=
                    Renderer.left(cut(cardio.name, 40), 41) + Renderer.right(String(cardio.sessions), 6)
                    + Renderer.right(Format.integer(cardio.minutes), 6) + Renderer.right(Format.integer(cardio.kcal), 7)
                    + "\n"
            }
            let minutes = report.cardio.reduce(0) { $0 + $1.minutes }
            let kcal = report.cardio.reduce(0) { $0 + $1.kcal }
            out += paint("  \(Format.integer(minutes)) min, \(Format.integer(kcal)) kcal of cardio", .dim) + "\n"
        }
        if report.steps > 0 {
            let average = Double(report.steps) / Double(max(1, report.stepDays))
            out +=
                paint("steps", .bold) + " · \(Format.integer(Double(report.steps)))"
                + " · \(Format.integer(average)) a day on \(report.stepDays) \(report.stepDays == 1 ? "day" : "days")"
                + " · \(Format.integer(report.stepsKcal)) kcal  " + sparkline(report.stepsTrend) + "\n"
        }
        return out
    }

    /// A history view's line about exercise: the kcal burned and the steps of every day shown,
    /// logged or not; empty when there was none.
    func exerciseSummary(_ report: HistoryReport) -> String {
        let burned = report.days.reduce(0) { $0 + $1.burned }
        let steps = report.days.reduce(0) { $0 + $1.steps }
        let days = report.days.filter { $0.burned > 0 }.count
        guard burned > 0 || steps > 0 else { return "" }
        var out = "exercise: \(Format.integer(burned)) kcal burned on \(days) \(days == 1 ? "day" : "days")"
        if steps > 0 { out += " · \(Format.integer(Double(steps))) steps" }
        return out + paint(" ('exercise \(report.kind.exerciseWord)' for each movement)", .dim) + "\n"
    }

    /// ` · 10,000 steps`: the steps among a day's exercise entries, for the day's heading.
    func stepsText(_ entries: [Entry]) -> String {
        let steps = HistoryDay.steps(in: entries)
        return steps > 0 ? " · \(Format.integer(Double(steps))) steps" : ""
    }

    private func seconds(_ value: Int) -> String {
        value >= 120 && value % 60 == 0 ? "\(value / 60) min" : "\(Format.integer(Double(value))) s"
    }

    /// One character a value, its height against the largest; a dot for none.
    func sparkline(_ values: [Int]) -> String {
        let levels = ascii ? Renderer.asciiSparks : Renderer.sparks
        let top = values.max() ?? 0
        return values.map { value -> String in
            guard value > 0, top > 0 else { return ascii ? " " : "·" }
            return levels[min(7, max(0, Int((Double(value) / Double(top) * 8).rounded(.up)) - 1))]
        }.joined()
    }

    /// The text cut to `width` characters, an ellipsis for what is left out.
    private func cut(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + (ascii ? "~" : "…")
    }

    /// The JSON of `exercise …`.
    static func json(_ report: WorkoutReport) -> JSONValue {
        .object([
            ("ok", .bool(true)), ("period", .string(report.period.rawValue)),
            ("from", .string(report.range.lowerBound.description)),
            ("to", .string(report.range.upperBound.description)),
            (
                "movements",
                .array(
                    report.movements.map { movement in
                        .object([
                            ("name", .string(movement.name)), ("hold", .bool(movement.isHold)),
                            ("sessions", .number(Double(movement.sessions))), ("sets", .number(Double(movement.sets))),
                            ("total", .number(Double(movement.total))),
                            ("best", .number(Double(movement.bestReps))),
                            (
                                "best_load_kg",
                                movement.bestLoadKg.map { .number(Format.rounded($0, places: 3)) } ?? .null
                            ),
                            ("trend", .array(movement.trend.map { .number(Double($0)) })),
                            ("kcal", .number(Format.rounded(movement.kcal, places: 1))),
                        ])
                    })
            ),
            (
                "cardio",
                .array(
                    report.cardio.map { cardio in
                        .object([
                            ("name", .string(cardio.name)), ("sessions", .number(Double(cardio.sessions))),
                            ("minutes", .number(Format.rounded(cardio.minutes, places: 1))),
                            ("kcal", .number(Format.rounded(cardio.kcal, places: 1))),
                        ])
                    })
            ),
            ("steps", .number(Double(report.steps))), ("step_days", .number(Double(report.stepDays))),
            ("burned", .number(report.burned)),
        ])
    }
}

extension HistoryRequest {
    /// The word `exercise` takes for the same days, as near as it has one.
    var exerciseWord: String {
        switch self {
        case .period(let period), .calendar(let period, _): period.rawValue
        case .days(let days): days <= 7 ? "week" : days <= 31 ? "month" : "year"
        }
    }
}
