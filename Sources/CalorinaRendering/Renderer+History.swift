import CalorinaExchange
import CalorinaReports
import CalorinaResults
import CalorinaSupport

/// History views, weights, export, import and suggestions as text and JSON. Charts are drawn
/// with Unicode blocks sized to `width`, or with `#`, `=` and `|` when `ascii` is on.
extension Renderer {
    // MARK: - Drawing

    /// The partial blocks, by eighths of a cell.
    static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    static let sparks = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiSparks = ["_", ".", "-", ":", "=", "+", "*", "#"]

    /// A bar of `cells` characters for `value` out of `scale`, with the goal line at `marker`
    /// (a cell index) drawn across it.
    func bar(_ value: Double, scale: Double, cells: Int, marker: Int?) -> String {
        let fraction = scale > 0 ? min(1, max(0, value / scale)) : 0
        var characters: [String]
        if ascii {
            let full = Int((fraction * Double(cells)).rounded())
            characters = Array(repeating: "#", count: full) + Array(repeating: " ", count: cells - full)
        } else {
            let eighths = Int((fraction * Double(cells * 8)).rounded())
            characters = Array(repeating: "█", count: eighths / 8)
            if eighths % 8 > 0 { characters.append(Renderer.eighths[eighths % 8]) }
            characters += Array(repeating: " ", count: cells - characters.count)
        }
        if let marker, characters.indices.contains(marker) { characters[marker] = ascii ? "|" : "│" }
        return characters.joined()
    }

    /// `✓`, `✗` or `·` (`+`, `x`, `.` in ASCII), coloured when colour is on.
    func markText(_ mark: DayMark) -> String {
        switch mark {
        case .met: paint(ascii ? "+" : "✓", .green)
        case .over: paint(ascii ? "x" : "✗", .red)
        case .notLogged: paint(ascii ? "." : "·", .dim)
        }
    }

    /// A bar coloured by how the day went.
    func paintBar(_ bar: String, _ mark: DayMark) -> String {
        switch mark {
        case .met: paint(bar, .green)
        case .over: paint(bar, .red)
        case .notLogged: bar
        }
    }

    /// Text right-aligned in `width` characters.
    static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The text without the spaces at its end (a row of a day with nothing logged).
    static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = Substring(text)
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    /// Text left-aligned in `width` characters.
    static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// `Mon 16 Nov – Sun 22 Nov 2026`.
    static func span(_ first: CivilDate, _ last: CivilDate) -> String {
        if first == last { return "\(last.shortDisplay) \(last.year)" }
        let firstYear = first.year == last.year ? "" : " \(first.year)"
        return "\(first.shortDisplay)\(firstYear) – \(last.shortDisplay) \(last.year)"
    }

    /// The scale a chart of nets draws to: the goal sits at four fifths of it or less.
    static func scale(goal: Double, values: [Double]) -> Double {
        max(goal * 1.25, values.max() ?? 0, 1)
    }

    // MARK: - History text

    func historyText(_ report: HistoryReport) -> String {
        // Each day is judged against its own goal: when they differ, say from what to what.
        let goals = report.goalRange
        let goal =
            Format.integer(goals.lowerBound) == Format.integer(goals.upperBound)
            ? "goal \(Format.integer(report.goal)) kcal a day"
            : "goals \(Format.integer(goals.lowerBound))–\(Format.integer(goals.upperBound)) kcal a day"
        var out: String
        switch report.kind {
        case .period(.week), .calendar(.week, _):
            out = paint("week", .bold) + " · " + Renderer.span(report.first, report.last) + " · " + goal + "\n"
            out += dayChart(report)
        case .period(.month), .calendar(.month, _):
            out =
                paint("\(report.last.monthName) \(report.last.year)", .bold) + " · " + goal + "\n"
            out += dayChart(report)
        case .period(.year):
            out =
                paint("year", .bold) + " · " + Renderer.span(report.first, report.last) + " · " + goal + "\n"
            out += monthChart(report)
        case .calendar(.year, _):
            out =
                paint("year \(report.first.year)", .bold) + " · " + Renderer.span(report.first, report.last) + " · "
                + goal + "\n"
            out += monthChart(report)
        case .days(let count):
            out =
                paint("last \(count) \(count == 1 ? "day" : "days")", .bold) + " · "
                + Renderer.span(report.first, report.last) + " · " + goal + "\n"
            out += dayList(report)
        }
        return out + historySummary(report) + targetTalliesText(report.targets)
    }

    /// One bar a day: the day, its mark, its net against the line of its own goal, the net in
    /// numbers.
    func dayChart(_ report: HistoryReport) -> String {
        let lead = 14
        let valueWidth = 7
        let cells = max(10, width - lead - valueWidth)
        let scale = Renderer.scale(goal: report.goalRange.upperBound, values: report.days.map(\.net))
        func marker(_ goal: Double) -> Int { min(cells - 1, Int((goal / scale * Double(cells)).rounded())) }
        var out = ""
        for day in report.days {
            let label = Renderer.left(day.date.shortDisplay, 10)
            let value = day.logged ? Format.integer(day.net) : ""
            let drawn = bar(day.logged ? day.net : 0, scale: scale, cells: cells, marker: marker(day.goal))
            let row =
                label + "  " + markText(day.mark) + " " + paintBar(drawn, day.mark) + Renderer.right(value, valueWidth)
            out += Renderer.trimmingTrailingSpaces(row) + "\n"
        }
        out += goalFooter(report, lead: lead, marker: marker(report.goal))
        return out
    }

    /// `└ goal 1,948` under the last row's goal line, naming the goal that line stands for:
    /// the last day's (`on the last day`), or in a year the last month's (`in Nov 2026`), when
    /// the goals differ.
    func goalFooter(_ report: HistoryReport, lead: Int, marker: Int, goal: Double? = nil, row: String? = nil)
        -> String
    {
        let goals = report.goalRange
        let differ = Format.integer(goals.lowerBound) != Format.integer(goals.upperBound)
        return String(repeating: " ", count: lead + marker) + (ascii ? "^" : "└") + " goal "
            + Format.integer(goal ?? report.goal) + (differ ? " " + (row ?? "on the last day") : "") + "\n"
    }

    /// One bar a month: its average net over the days logged, and days met of days logged.
    func monthChart(_ report: HistoryReport) -> String {
        let lead = 12
        let tail = 14
        let cells = max(10, width - lead - tail)
        let highest = max(report.goalRange.upperBound, report.months.map(\.goal).max() ?? 0)
        let scale = Renderer.scale(goal: highest, values: report.months.compactMap(\.averageNet))
        func marker(_ goal: Double) -> Int { min(cells - 1, Int((goal / scale * Double(cells)).rounded())) }
        var out = ""
        for month in report.months {
            let drawn = bar(month.averageNet ?? 0, scale: scale, cells: cells, marker: marker(month.goal))
            let value = month.averageNet.map(Format.integer) ?? ""
            let days = month.loggedDays > 0 ? "\(month.metDays)/\(month.loggedDays)" : ""
            let row =
                Renderer.left(month.display, 8) + "  " + markText(month.mark) + " " + paintBar(drawn, month.mark)
                + Renderer.right(value, 7) + Renderer.right(days, 7)
            out += Renderer.trimmingTrailingSpaces(row) + "\n"
        }
        // The label stands under the last month's line: a month's goal is that of its days
        // logged, which the last day's (today's, changed since) need not be (issue 30: the label
        // stood 15 columns from its line).
        let last = report.months.last
        let lastGoal = last?.goal ?? report.goal
        out += goalFooter(
            report, lead: lead, marker: marker(lastGoal), goal: lastGoal, row: last.map { "in " + $0.display })
        out += paint("bars: average net kcal a day over the days logged; n/m: days met of days logged", .dim) + "\n"
        return out
    }

    /// A sparkline of the nets, oldest first, then the days newest first.
    func dayList(_ report: HistoryReport) -> String {
        var out = ""
        out.reserveCapacity(report.days.count * 48)
        let logged = report.loggedDays.map(\.net)
        if let low = logged.min(), let high = logged.max() {
            let levels = ascii ? Renderer.asciiSparks : Renderer.sparks
            // As bytes, like the rows below: a bar a day.
            var bars: [UInt8] = Array("  ".utf8)
            bars.reserveCapacity(report.days.count * (color ? 16 : 4))
            var count = 0
            for day in report.days {
                if count == max(10, width - 2) {
                    bars += "\n  ".utf8
                    count = 0
                }
                if day.logged {
                    let level = high > low ? Int(((day.net - low) / (high - low) * 7).rounded()) : 3
                    bars += paintBar(levels[level], day.mark).utf8
                } else {
                    bars.append(UInt8(ascii: " "))
                }
                count += 1
            }
            bars.append(UInt8(ascii: "\n"))
            out += String(decoding: bars, as: UTF8.self)
            out +=
                "  "
                + paint(
                    "oldest to newest · \(levels[0]) \(Format.integer(low)) … \(levels[7]) \(Format.integer(high)) kcal",
                    .dim) + "\n"
        }
        // A row a day, written as bytes: ten years are 3,650 rows, and joining their pieces as
        // strings cost as much as reading the ten years (issue 15).
        var rows: [UInt8] = []
        rows.reserveCapacity(report.days.count * 44)
        func right(_ text: String, _ width: Int) {
            // A number's characters are single scalars (digits, commas, "+", U+2212): counted by
            // their first bytes, not grapheme by grapheme.
            let characters = text.utf8.reduce(0) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
            rows += repeatElement(UInt8(ascii: " "), count: max(0, width - characters))
            rows += text.utf8
        }
        for day in report.days.reversed() {
            rows += day.date.description.utf8
            rows.append(UInt8(ascii: " "))
            rows += day.date.weekdayAbbreviation.utf8
            rows += "  ".utf8
            rows += markText(day.mark).utf8
            if day.logged {
                let difference = day.net - day.goal
                right(Format.integer(day.net), 8)
                rows += " kcal".utf8
                right((difference > 0 ? "+" : "") + Format.integer(difference), 9)
            }
            rows.append(UInt8(ascii: "\n"))
        }
        out += String(decoding: rows, as: UTF8.self)
        return out
    }

    /// The averages and counts, over the logged days only: days with nothing logged are
    /// counted apart, never as days met or missed.
    func historySummary(_ report: HistoryReport) -> String {
        let logged = report.loggedDays.count
        guard let net = report.average(\.net) else {
            let days = report.days.count
            return days == 1 ? "nothing logged on this day\n" : "nothing logged in these \(days) days\n"
        }
        var out = "average \(Format.integer(net)) kcal a day over \(logged) logged \(logged == 1 ? "day" : "days")"
        if let burned = report.average(\.burned), burned > 0, let eaten = report.average(\.eaten) {
            out += " (eaten \(Format.integer(eaten)) − burned \(Format.integer(burned)))"
        }
        out += "\n"
        out += "goal met on \(report.metCount) of \(logged) logged \(logged == 1 ? "day" : "days")"
        let unlogged = report.unloggedCount
        if unlogged > 0 {
            out += " · \(Format.integer(Double(unlogged))) \(unlogged == 1 ? "day" : "days") with no log"
        }
        if !report.isPast {
            let streak = report.streak
            out +=
                " · streak " + (report.streakMayBeLonger ? "\(streak)+" : "\(streak)")
                + (streak == 1 ? " day" : " days")
        }
        return out + "\n" + exerciseSummary(report)
    }

    // MARK: - Weights text

    func weightsText(_ report: WeightReport) -> String {
        // The chart's columns are in lb in the UK too (a column of stones and pounds would not
        // line up); a weight said in a sentence is in stones and pounds.
        let imperial = report.units.isImperial
        let unit = imperial ? "lb" : "kg"
        func shown(_ kg: Double) -> Double { imperial ? kg / Unit.kilogramsPerPound : kg }
        func number(_ kg: Double) -> String {
            let tenths = Int((shown(kg) * 10).rounded())
            return "\(tenths / 10).\(abs(tenths % 10))"
        }
        func said(_ kg: Double) -> String {
            report.units == .uk ? Format.stones(pounds: shown(kg)) : number(kg) + " " + unit
        }
        var title: String
        switch report.period {
        case .week: title = "weights · week · " + Renderer.span(report.first, report.last)
        case .month: title = "weights · \(report.last.monthName) \(report.last.year)"
        case .year:
            title =
                "weights · year" + (report.isCalendar ? " \(report.first.year)" : "") + " · "
                + Renderer.span(report.first, report.last) + " · monthly averages"
        }
        var out = paint(title, .bold) + " · \(report.count) \(report.count == 1 ? "weighing" : "weighings")\n"
        guard !report.points.isEmpty else {
            if report.isPast { return out + "no weights logged in these days\n" }
            return out + "no weights logged: log one with 'weight 81.2'\n"
        }
        let lead = 12
        let tail = 18
        let cells = max(10, width - lead - tail)
        let values = report.points.flatMap { [$0.kg, $0.trendKg] }
        let low = ((values.min() ?? 0) - 0.5).rounded(.down)
        let high = ((values.max() ?? 0) + 0.5).rounded(.up)
        var marker: Int?
        if let goal = report.goalWeightKg, goal >= low, goal <= high {
            marker = min(cells - 1, Int(((goal - low) / (high - low) * Double(cells)).rounded()))
        }
        for point in report.points {
            let label =
                report.period == .year
                ? HistoryMonth(key: point.date.monthKey, days: [], goal: 0).display : point.date.shortDisplay
            let drawn = bar(point.kg - low, scale: high - low, cells: cells, marker: marker)
            out += Renderer.left(label, 10) + "  " + drawn
            out +=
                Renderer.right(number(point.kg), 7) + " " + unit + paint(Renderer.right(number(point.trendKg), 7), .dim)
                + "\n"
        }
        let axis = "bars from \(number(low)) to \(number(high)) \(unit); right: weight, then the 7-weighing average"
        out += paint(axis + (marker == nil ? "" : "; " + (ascii ? "|" : "│") + " the goal weight"), .dim) + "\n"
        if let from = report.changeFrom, let to = report.changeTo {
            let change = shown(to) - shown(from)
            let sign = change > 0 ? "+" : change < 0 ? "−" : "±"
            out +=
                "change \(sign)\(Format.number(Format.rounded(abs(change), places: 1))) \(unit)"
                + (report.units == .uk
                    ? " (\(said(from)) → \(said(to)))\n" : " (\(number(from)) → \(number(to)) \(unit))\n")
        } else {
            out += "too few weights for a change: 2 needed\n"
        }
        if let trend = report.trendKgPerWeek {
            out += "trend \(rateText(trend, units: report.units)) a week (slope of the 7-weighing average)\n"
        } else {
            out +=
                "too few weights for a trend: \(WeightReport.window + 1) needed, \(report.count) logged\n"
        }
        guard let goal = report.goalWeightKg else {
            let example = report.units == .uk ? "11 st 2" : imperial ? "165 lb" : "75 kg"
            return out + "no goal weight: set one with 'set goal-weight \(example)'\n"
        }
        if let current = report.currentKg, let from = report.currentFrom {
            let left = shown(goal) - shown(current)
            let when = report.isPast ? report.latestDate.map { " on \($0.shortDisplay) \($0.year)" } ?? "" : ""
            let measure = from == .trend ? "from the trend" : "from the latest weight"
            out +=
                "goal weight \(said(goal)) · \(Format.number(Format.rounded(abs(left), places: 1))) \(unit) to "
                + (left < 0 ? "lose" : "gain") + when + " (\(measure), \(said(current)))\n"
        }
        if report.isPast { return out }
        if let strategy = report.strategyKgPerWeek {
            out +=
                "  at the goal's \(rateText(strategy, units: report.units)) a week: "
                + projectionText(report.atStrategy) + "\n"
        } else {
            out += "  the goal is to maintain: set 'goal lose 0.5' or 'goal gain 0.25' for a date\n"
        }
        if let trend = report.trendKgPerWeek {
            out +=
                "  at the trend's \(rateText(trend, units: report.units)) a week: "
                + projectionText(report.atTrend) + "\n"
        }
        return out
    }

    /// `−0.35 kg`, `+0.5 lb`.
    func rateText(_ kgPerWeek: Double, units: UnitSystem) -> String {
        let imperial = units.isImperial
        let value = imperial ? kgPerWeek / Unit.kilogramsPerPound : kgPerWeek
        let rounded = Format.rounded(abs(value), places: 2)
        let sign = rounded == 0 ? "±" : value < 0 ? "−" : "+"
        return sign + Format.number(rounded) + (imperial ? " lb" : " kg")
    }

    func projectionText(_ projection: WeightReport.Projection?) -> String {
        switch projection {
        case .on(let date, let days)?:
            let when =
                days < 14
                ? "\(days) \(days == 1 ? "day" : "days")"
                : days < 120
                    ? "\(Int((Double(days) / 7).rounded())) weeks"
                    : "\(Int((Double(days) / 30.44).rounded())) months"
            return "about \(date.shortDisplay) \(date.year), in \(when)"
        case .reached?: return "reached"
        case .awayFromGoal?: return paint("points away from the goal weight", .yellow)
        case .tooFar?: return "more than ten years away"
        case nil: return "unknown"
        }
    }

    // MARK: - Export, import, suggestions text

    func exportText(_ report: ExportReport) -> String {
        guard let file = report.file else { return report.text }
        let entries = "\(Format.integer(Double(report.count))) \(report.count == 1 ? "entry" : "entries")"
        let days = report.first.flatMap { first in report.last.map { " (\(first) – \($0))" } } ?? ""
        if report.dryRun {
            return "  " + paint("~", .yellow) + " would export \(entries)\(days) to \(file)\n  "
                + paint("(dry run: nothing written)", .dim) + "\n"
        }
        return "  " + paint("✓", .green) + " exported \(entries)\(days) to \(file)\n"
    }

    func importText(_ report: ImportReport) -> String {
        let count = report.added
        let entries = "\(Format.integer(Double(count))) \(count == 1 ? "entry" : "entries")"
        let days = report.first.flatMap { first in report.last.map { " (\(first) – \($0))" } } ?? ""
        let skipped =
            report.skipped > 0
            ? "; \(Format.integer(Double(report.skipped))) already in the journal" : ""
        let name = report.file.split(separator: "/").last.map(String.init) ?? report.file
        let documents = report.restored ?? []
        let restored = documents.isEmpty ? "" : " and " + documents.joined(separator: " and ")
        let (verb, done) = report.restored == nil ? ("import", "imported") : ("restore", "restored")
        let what = "\(entries)\(restored)\(days) from \(name) (\(report.format))"
        if report.dryRun {
            return "  " + paint("~", .yellow) + " would \(verb) \(what)" + skipped + "\n"
                + rowsSkippedText(report.rowsSkipped) + "  " + paint("(dry run: nothing saved)", .dim) + "\n"
        }
        return "  " + paint("✓", .green) + " \(done) \(what)" + skipped + "\n" + rowsSkippedText(report.rowsSkipped)
    }

    /// How many rows made no entry, the first few with their line and why, and a count by
    /// reason when there are more.
    func rowsSkippedText(_ rows: [SkippedRow]) -> String {
        guard !rows.isEmpty else { return "" }
        let shown = 5
        let what = rows.count == 1 ? "row that makes" : "rows that make"
        var out = "  " + paint("!", .yellow) + " skipped \(Format.integer(Double(rows.count))) \(what) no entry:\n"
        for row in rows.prefix(shown) { out += "      line \(row.line): \(row.reason.message)\n" }
        if rows.count > shown {
            var counts: [String: Int] = [:]
            for row in rows { counts[row.reason.kind, default: 0] += 1 }
            let summary = counts.sorted { a, b in a.value != b.value ? a.value > b.value : a.key < b.key }
                .map { "\(Format.integer(Double($0.value))) \($0.key)" }.joined(separator: ", ")
            out += "      … and \(Format.integer(Double(rows.count - shown))) more; in all: \(summary)\n"
        }
        return out
    }

    func suggestionsText(_ report: SuggestReport) -> String {
        guard !report.rows.isEmpty else {
            return "nothing logged at \(report.meal.rawValue) in the last \(report.days) days\n"
        }
        var out = "most often at \(report.meal.rawValue) in the last \(report.days) days:\n"
        for (offset, row) in report.rows.enumerated() {
            let number = String(offset + 1)
            let portion = row.portion.isEmpty ? "" : " · \(row.portion)"
            let times = " · \(row.times)×"
            let said = Renderer.wrapped(
                "\(row.food)\(portion) · \(Format.integer(row.kcal)) kcal" + Renderer.glued(times),
                width: width - Renderer.numberColumns, indent: Renderer.numberColumns)
            out += Renderer.right(number, 4) + "  " + said.dropLast(times.count) + paint(times, .dim) + "\n"
        }
        return out + pickHint(count: report.rows.count)
    }

    // MARK: - JSON

    static func json(_ mark: DayMark) -> JSONValue {
        switch mark {
        case .met: .string("met")
        case .over: .string("over")
        case .notLogged: .string("not_logged")
        }
    }

    static func json(_ report: HistoryReport) -> JSONValue {
        let view: String
        switch report.kind {
        case .period(let period), .calendar(let period, _): view = period.rawValue
        case .days: view = "history"
        }
        func optional(_ value: Double?) -> JSONValue {
            value.map { .number(Format.rounded($0, places: 1)) } ?? .null
        }
        return .object([
            ("ok", .bool(true)), ("view", .string(view)), ("first", .string(report.first.description)),
            ("last", .string(report.last.description)), ("goal", .number(Format.rounded(report.goal, places: 0))),
            (
                "days",
                .array(
                    report.days.map { day in
                        .object([
                            ("date", .string(day.date.description)), ("eaten", .number(day.eaten)),
                            ("burned", .number(day.burned)), ("net", .number(day.net)), ("mark", json(day.mark)),
                            ("goal", .number(Format.rounded(day.goal, places: 0))),
                        ])
                    })
            ),
            (
                "months",
                .array(
                    report.months.map { month in
                        .object([
                            ("month", .string(month.key)), ("average_net", optional(month.averageNet)),
                            ("logged_days", .number(Double(month.loggedDays))),
                            ("met_days", .number(Double(month.metDays))),
                        ])
                    })
            ),
            ("average_net", optional(report.average(\.net))),
            ("logged_days", .number(Double(report.loggedDays.count))), ("met_days", .number(Double(report.metCount))),
            ("unlogged_days", .number(Double(report.unloggedCount))),
            ("streak", report.isPast ? .null : .number(Double(report.streak))),
        ])
    }

    static func json(_ report: WeightReport) -> JSONValue {
        func optional(_ value: Double?) -> JSONValue { value.map { .number(Format.rounded($0, places: 2)) } ?? .null }
        func projection(_ value: WeightReport.Projection?) -> JSONValue {
            switch value {
            case .on(let date, _)?: .string(date.description)
            case .reached?: .string("reached")
            case .awayFromGoal?: .string("away")
            case .tooFar?: .string("too_far")
            case nil: .null
            }
        }
        return .object([
            ("ok", .bool(true)), ("period", .string(report.period.rawValue)),
            (
                "weights",
                .array(
                    report.points.map { point in
                        .object([
                            ("date", .string(point.date.description)), ("kg", optional(point.kg)),
                            ("trend_kg", optional(point.trendKg)),
                        ])
                    })
            ),
            ("count", .number(Double(report.count))),
            ("change_kg", optional(report.changeTo.flatMap { to in report.changeFrom.map { to - $0 } })),
            ("trend_kg_per_week", optional(report.trendKgPerWeek)), ("goal_weight_kg", optional(report.goalWeightKg)),
            ("at_strategy", projection(report.atStrategy)), ("at_trend", projection(report.atTrend)),
            ("current_kg", optional(report.currentKg)),
            ("current_from", report.currentFrom.map { .string($0.rawValue) } ?? .null),
        ])
    }

    static func json(_ report: ExportReport) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("ok", .bool(true)), ("format", .string(report.format.rawValue)), ("count", .number(Double(report.count))),
            ("file", report.file.map(JSONValue.string) ?? .null),
        ]
        if report.file == nil { pairs.append(("data", .string(report.text))) }
        if report.dryRun { pairs.append(("dry_run", .bool(true))) }
        return .object(pairs)
    }

    static func json(_ report: ImportReport) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("ok", .bool(true)), ("file", .string(report.file)), ("format", .string(report.format)),
            ("added", .number(Double(report.added))), ("skipped", .number(Double(report.skipped))),
        ]
        if !report.rowsSkipped.isEmpty {
            pairs.append(
                (
                    "rows_skipped",
                    .array(
                        report.rowsSkipped.map { row in
                            .object([
                                ("line", .number(Double(row.line))), ("reason", .string(row.reason.message)),
                                ("kind", .string(row.reason.kind)),
                            ])
                        })
                ))
        }
        if let restored = report.restored { pairs.append(("restored", .array(restored.map(JSONValue.string)))) }
        if report.dryRun { pairs.append(("dry_run", .bool(true))) }
        return .object(pairs)
    }

    static func json(_ report: SuggestReport) -> JSONValue {
        .object([
            ("ok", .bool(true)), ("meal", .string(report.meal.rawValue)),
            (
                "foods",
                .array(
                    report.rows.map { row in
                        .object([
                            ("food", .string(row.food)), ("portion", .string(row.portion)), ("kcal", .number(row.kcal)),
                            ("times", .number(Double(row.times))),
                        ])
                    })
            ),
        ])
    }
}
