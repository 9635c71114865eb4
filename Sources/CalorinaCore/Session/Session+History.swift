import Foundation

/// Looking back over many days: history views, weights, export, import and suggestions. Views
/// read only the month files of the days they show.
extension Session {
    // MARK: - Views

    func history(_ request: HistoryRequest, line: String) -> Outcome {
        let today = now.date
        let range: ClosedRange<CivilDate>
        switch request {
        case .period(let period):
            range = History.range(period, today: today)
        case .days(let days):
            guard days <= History.maxDays else {
                return historyFailure(
                    line, "history shows at most \(Format.integer(Double(History.maxDays))) days",
                    hint: "e.g. 'history 365', or 'year' for monthly averages")
            }
            range = History.range(days: days, today: today)
        case .calendar(let period, let choice):
            switch calendarRange(period, choice, line: line) {
            case .success(let shown): range = shown
            case .failure(let failure): return failure.outcome
            }
        }
        do {
            let profile = try profileStore.load()
            // Every day is judged against the goal in force on it.
            let timeline = GoalTimeline(profile, present: dailyGoal(profile).kcal)
            let override = options.goal
            let goal: (CivilDate) -> Double = { date in override ?? timeline.goal(on: date) }
            // The whole first month is read anyway, so the streak may count its earlier days too.
            let loaded = History.firstOfMonth(range.lowerBound)...range.upperBound
            let days = History.days(loaded, entries: try historyEntries(loaded), goal: goal)
            var report = History.report(request, range: range, loaded: days, goal: goal(range.upperBound))
            report.isPast = range.upperBound < today
            return .history(report)
        } catch {
            return .storeFailed(error)
        }
    }

    func weights(_ period: HistoryPeriod, _ choice: PeriodChoice?, line: String) -> Outcome {
        var range = History.range(period, today: now.date)
        if let choice {
            switch calendarRange(period, choice, line: line) {
            case .success(let shown): range = shown
            case .failure(let failure): return failure.outcome
            }
        }
        do {
            let profile = try profileStore.load()
            let entries = try historyEntries(range)
            return .weights(
                WeightReport(
                    period: period, range: range, entries: entries, profile: profile,
                    maintenance: Energy.maintenance(profile, weightKg: profile.weightKg), isCalendar: choice != nil,
                    today: now.date))
        } catch {
            return .storeFailed(error)
        }
    }

    /// The days of a calendar week, month or year up to today, or a failure when it has not
    /// begun.
    func calendarRange(
        _ period: HistoryPeriod, _ choice: PeriodChoice, line: String
    ) -> Result<ClosedRange<CivilDate>, LineFailureBox> {
        let today = now.date
        let full = History.range(period, choice, today: today)
        guard full.lowerBound <= today else {
            let name: String
            let hint: String
            switch period {
            case .week:
                name = "the week of \(full.lowerBound.shortDisplay) \(full.lowerBound.year)"
                hint = "e.g. 'this week', 'last week' or 'week -2'"
            case .month:
                name = "\(full.lowerBound.monthName) \(full.lowerBound.year)"
                let earlier = "\(full.lowerBound.year - 1)-\(full.lowerBound.monthKey.suffix(2))"
                hint = "e.g. 'this month', 'last month' or 'month \(earlier)'"
            case .year:
                name = "\(full.lowerBound.year)"
                hint = "e.g. 'this year', 'last year' or 'year \(today.year - 1)'"
            }
            return .failure(LineFailureBox(outcome: historyFailure(line, "\(name) has not begun", hint: hint)))
        }
        return .success(full.lowerBound...min(full.upperBound, today))
    }

    /// The entries of every month `range` touches (changes a script gathered are saved first, so
    /// that they show).
    func historyEntries(_ range: ClosedRange<CivilDate>) throws(StoreError) -> [Entry] {
        if hasPendingChanges { try flush() }
        var entries: [Entry] = []
        for month in History.months(in: range) { entries += try store.entries(inMonth: month) }
        return entries
    }

    // MARK: - Suggestions

    /// The days `suggest` looks back over.
    static let suggestionDays = 30

    func suggest(_ meal: Meal?) -> Outcome {
        let moment = now
        let meal = meal ?? moment.suggestedMeal
        let range = History.range(days: Session.suggestionDays, today: moment.date)
        do {
            let entries = try historyEntries(range).filter { entry in
                entry.isFood && entry.meal == meal && CivilDate(entry.date).map(range.contains) == true
            }
            var rows: [String: (row: SuggestReport.Row, last: Int)] = [:]
            for (offset, entry) in entries.enumerated() {
                let key = entry.food.lowercased()
                let times = (rows[key]?.row.times ?? 0) + 1
                // Entries are in date and time order: the last one seen is the newest portion.
                rows[key] = (
                    SuggestReport.Row(food: entry.food, portion: entry.portion, kcal: entry.kcal, times: times), offset
                )
            }
            let ranked = rows.values.sorted { a, b in
                a.row.times != b.row.times ? a.row.times > b.row.times : a.last > b.last
            }
            return .suggestions(
                SuggestReport(meal: meal, days: Session.suggestionDays, rows: ranked.prefix(8).map(\.row)))
        } catch {
            return .storeFailed(error)
        }
    }

    // MARK: - Export and import

    func export(_ request: ExportRequest, line: String) -> Outcome {
        guard let format = request.format else {
            return historyFailure(
                line, "export needs a format: csv or json", hint: "e.g. 'export csv to food.csv'", range: request.range)
        }
        let today = now.date
        let from = request.from?.resolve(today: today)
        let to = request.to?.resolve(today: today)
        if let from, let to, from > to {
            return historyFailure(
                line, "'\(from)' is after '\(to)'", hint: "give the first day, then the last", range: request.range)
        }
        let entries: [Entry]
        do {
            if hasPendingChanges { try flush() }
            var all: [Entry] = []
            for month in try store.storedMonths()
            where (from.map { month >= $0.monthKey } ?? true) && (to.map { month <= $0.monthKey } ?? true) {
                all += try store.entries(inMonth: month)
            }
            entries = all.filter { entry in
                (from.map { entry.date >= $0.description } ?? true) && (to.map { entry.date <= $0.description } ?? true)
            }
        } catch {
            return .storeFailed(error)
        }
        let text = format == .csv ? Exchange.csv(entries) : Exchange.json(entries)
        var report = ExportReport(
            format: format, count: entries.count, file: nil, text: text, first: entries.first?.date,
            last: entries.last?.date, dryRun: options.dryRun)
        guard let file = request.file else { return .exported(report) }
        let path = Session.absolutePath(file)
        report.file = path
        report.text = ""
        if !options.dryRun {
            do {
                try Session.writeAtomically(Array(text.utf8), to: path)
            } catch {
                return historyFailure(line, error.message, hint: nil, range: request.range)
            }
        }
        return .exported(report)
    }

    func importFile(_ file: String, line: String) -> Outcome {
        let path = Session.absolutePath(file)
        let range = SourceRange(0, line.unicodeScalars.count)
        let bytes: [UInt8]
        do {
            switch try AtomicFile.readFile(path) {
            case .missing:
                return historyFailure(line, "there is no file '\(file)'", hint: nil, range: range)
            case .bytes(let read, _):
                bytes = read
            }
        } catch {
            return historyFailure(line, error.message, hint: nil, range: range)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return historyFailure(line, "'\(file)' is not UTF-8 text", hint: nil, range: range)
        }
        let read: (entries: [Entry], format: String)
        do {
            read = try Exchange.read(text, now: now)
        } catch {
            return historyFailure(
                line, "\(file):\(error.line): \(error.message)", hint: "nothing was imported", range: range)
        }
        var added: [Entry] = []
        var skipped = 0
        do {
            if hasPendingChanges { try flush() }
            var known: [String: Set<String>] = [:]
            for entry in read.entries {
                let month = String(entry.date.prefix(7))
                if known[month] == nil { known[month] = Set(try store.entries(inMonth: month).map(\.id)) }
                if known[month]?.insert(entry.id).inserted == true {
                    added.append(entry)
                } else {
                    skipped += 1
                }
            }
        } catch {
            return .storeFailed(error)
        }
        if !options.dryRun, !added.isEmpty {
            let changes = ChangeSet(add: added)
            if let error = apply(changes) { return .storeFailed(error) }
            let name = (path as NSString).lastPathComponent
            let said = "imported \(added.count) \(added.count == 1 ? "entry" : "entries") from \(name)"
            if let error = remember(UndoRecord(change: said, undo: changes.inverse, redo: changes)) {
                return .storeFailed(error)
            }
        }
        return .imported(
            ImportReport(file: path, format: read.format, added: added, skipped: skipped, dryRun: options.dryRun))
    }

    /// A path as typed, made absolute: `~/` is the home folder, a relative path is against the
    /// current directory.
    static func absolutePath(_ file: String) -> String {
        if file.hasPrefix("/") { return file }
        if file == "~" || file.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            return home + file.dropFirst()
        }
        let current = FileManager.default.currentDirectoryPath
        return (current.hasSuffix("/") ? current : current + "/") + file
    }

    /// Writes a file whole or not at all: a temporary file beside it, synced, renamed over it.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let folder = AtomicFile.parent(of: path)
        let name = (path as NSString).lastPathComponent
        let temporary = folder + "/.\(name).tmp-\(getpid())"
        try AtomicFile.writeFile(bytes, to: temporary)
        try AtomicFile.renameFile(temporary, to: path)
        try AtomicFile.syncFolder(folder)
    }

    /// A line that asked for something that cannot be done.
    func historyFailure(_ line: String, _ message: String, hint: String?, range: SourceRange? = nil) -> Outcome {
        .failed(
            LineFailure(
                line: line,
                problems: [
                    .init(message: message, hint: hint, range: range ?? SourceRange(0, line.unicodeScalars.count))
                ]))
    }
}
