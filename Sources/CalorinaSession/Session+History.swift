import CalorinaExchange
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaReports
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Looking back over many days: history views, weights, export, import and suggestions. Views
/// read only the month files of the days they show.
extension Session {
    // MARK: - Views

    func history(_ request: HistoryRequest, line: String) throws(SessionError) -> Outcome {
        let today = now.date
        let range: ClosedRange<CivilDate>
        switch request {
        case .period(let period):
            range = History.range(period, today: today)
        case .days(let days):
            guard days <= History.maxDays else { throw SessionError(.historyTooLong(limit: History.maxDays)) }
            range = History.range(days: days, today: today)
        case .calendar(let period, let choice):
            range = try calendarRange(period, choice)
        }
        let profile = profileOrDefaults()
        // Every day is judged against the goal in force on it.
        let timeline = GoalTimeline(profile, present: dailyGoal(profile).kcal)
        let override = options.goal
        let goal: (CivilDate) -> Double = { date in override ?? timeline.goal(on: date) }
        // The whole first month is read anyway, so the streak may count its earlier days too.
        let loaded = History.firstOfMonth(range.lowerBound)...range.upperBound
        // The days' sums, from the month summaries: ten years read a line a day, not every entry.
        let days = History.days(loaded, sums: try historySums(loaded), goal: goal)
        var report = History.report(request, range: range, loaded: days, goal: goal(range.upperBound))
        report.isPast = range.upperBound < today
        // A week or a month also says how many of its days met each target.
        switch request {
        case .period(.week), .period(.month), .calendar(.week, _), .calendar(.month, _):
            report.targets = targetTallies(range, entries: try historyEntries(range), profile)
        default:
            break
        }
        return .history(report)
    }

    func weights(_ period: HistoryPeriod, _ choice: PeriodChoice?, line: String) throws(SessionError) -> Outcome {
        var range = History.range(period, today: now.date)
        if let choice { range = try calendarRange(period, choice) }
        let profile = profileOrDefaults()
        let entries = try historyEntries(range)
        return .weights(
            WeightReport(
                period: period, range: range, entries: entries, profile: profile,
                maintenance: Energy.maintenance(profile, weightKg: profile.weightKg), isCalendar: choice != nil,
                today: now.date))
    }

    /// The days of a calendar week, month or year up to today, or a failure when it has not
    /// begun.
    func calendarRange(_ period: HistoryPeriod, _ choice: PeriodChoice) throws(SessionError) -> ClosedRange<CivilDate> {
        let today = now.date
        let full = History.range(period, choice, today: today)
        guard full.lowerBound <= today else {
            throw SessionError(.periodNotBegun(period, first: full.lowerBound, today: today))
        }
        return full.lowerBound...min(full.upperBound, today)
    }

    /// What each day of the months `range` touches adds up to, in date order (changes a script
    /// gathered are saved first, so that they show).
    func historySums(_ range: ClosedRange<CivilDate>) throws(SessionError) -> [DaySums] {
        try stored { () throws(StoreError) in
            if hasPendingChanges { try flush() }
            // Months in order, and each month's days in date order.
            return try store.daySums(inMonths: History.months(in: range))
        }
    }

    /// The entries of every month `range` touches (changes a script gathered are saved first, so
    /// that they show).
    func historyEntries(_ range: ClosedRange<CivilDate>) throws(SessionError) -> [Entry] {
        try stored { () throws(StoreError) in
            if hasPendingChanges { try flush() }
            var entries: [Entry] = []
            for month in History.months(in: range) { entries += try store.entries(inMonth: month) }
            return entries
        }
    }

    // MARK: - Suggestions

    /// The days `suggest` looks back over.
    static let suggestionDays = 30

    func suggest(_ meal: Meal?) throws(SessionError) -> Outcome {
        let moment = now
        let meal = meal ?? moment.suggestedMeal
        let range = History.range(days: Session.suggestionDays, today: moment.date)
        do {
            // A food of one's own that was forgotten since is no longer offered (a direct-kcal
            // entry, which names no food, still is).
            let user = try loadUserFoods()
            let entries = try historyEntries(range).filter { entry in
                entry.isFood && entry.meal == meal && CivilDate(entry.date).map(range.contains) == true
                    && (entry.code != nil || entry.unit.isEmpty || user.named(entry.food) != nil)
            }
            let left = try stored { () throws(StoreError) in try currentDayTotals().left }
            let suggested = SuggestReport.ranking(entries, meal: meal, days: Session.suggestionDays, left: left)
            try showSuggestions(suggested.newest, meal: meal)
            return .suggestions(suggested.report)
        }
    }

    // MARK: - Export and import

    func export(_ request: ExportRequest, line: String) throws(SessionError) -> Outcome {
        guard let format = request.format else { throw SessionError(.exportNeedsFormat, request.range) }
        let today = now.date
        let from = request.from?.resolve(today: today)
        let to = request.to?.resolve(today: today)
        if let from, let to, from > to { throw SessionError(.reversedDays(from: from, to: to), request.range) }
        func inRange(_ entry: Entry) -> Bool {
            (from.map { entry.date >= $0.description } ?? true) && (to.map { entry.date <= $0.description } ?? true)
        }
        func months() throws(StoreError) -> [String] {
            if hasPendingChanges { try flush() }
            return try store.storedMonths().filter { month in
                (from.map { month >= $0.monthKey } ?? true) && (to.map { month <= $0.monthKey } ?? true)
            }
        }
        let list =
            format == .csv
            ? ExportLayout(
                head: Array(Exchange.csvHeader.utf8), tail: [],
                items: { entries, _ in Array(Exchange.csvRows(entries).utf8) })
            : ExportLayout.entriesList(
                head: Array("{\n  \"entries\" : [".utf8), tail: Array(",\n  \"version\" : 1\n}\n".utf8))
        if let file = request.file {
            let path = Session.absolutePath(file)
            return .exported(
                try exportByMonth(
                    to: path, format: format, layout: list, months: months, keep: inRange, range: request.range))
        }
        return .exported(try exportToScreen(format: format, layout: list, months: months, keep: inRange))
    }

    /// An export to the screen: the text a file would hold, made a month at a time and handed to
    /// `screenOutput` as it is made, or, without one, kept whole as the report's text.
    func exportToScreen(
        format: ExportFormat, layout: ExportLayout, months: () throws(StoreError) -> [String],
        keep: (Entry) -> Bool
    ) throws(SessionError) -> ExportReport {
        var bytes: [UInt8] = []
        let output = screenOutput
        let written = try stored { () throws(StoreError) in
            try layout.write(months: months, entries: store.entries(inMonth:), keep: keep) { piece in
                if let output { output(piece) } else { bytes += piece }
            }
        }
        return ExportReport(
            format: format, written: written, text: String(decoding: bytes, as: UTF8.self), dryRun: options.dryRun)
    }

    /// Writes an export to the file at `path` a month at a time, so that an export of years never
    /// holds them all (issue 15): `layout`'s head, the entries of each of `months` that `keep`
    /// keeps, its tail. Nothing is written in a dry run. Every export to a file comes here: a
    /// FIFO or a device is written through, a link followed, a path in the data folder refused
    /// (`ExportTarget`).
    func exportByMonth(
        to path: String, format: ExportFormat, layout: ExportLayout, months: () throws(StoreError) -> [String],
        keep: (Entry) -> Bool, range: SourceRange? = nil
    ) throws(SessionError) -> ExportReport {
        var written = EntrySpan()
        func write(_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) {
            written = try layout.write(months: months, entries: store.entries(inMonth:), keep: keep, to: write)
        }
        do {
            // Looked at in a dry run too, so that it says what the real run would refuse.
            let target = try AtomicFile.exportTarget(path, dataFolder: store.rootPath)
            if options.dryRun {
                try write { _ throws(StoreError) in }
            } else {
                try AtomicFile.writeExport(to: target, write)
            }
        } catch {
            throw SessionError(.file(error), range)
        }
        return ExportReport(format: format, written: written, file: path, dryRun: options.dryRun)
    }

    func importFile(_ file: String, map: ColumnMap? = nil, line: String) throws(SessionError) -> Outcome {
        let path = Session.absolutePath(file)
        // The file is read a piece at a time, never held whole (issue 25: 77 MB for 100 years):
        // once to check that it is text, and as the passes below need it.
        var text = UTF8Check()
        var opensWithBrace = false
        let whole = try Session.readableFile(at: path, named: file)
        do throws(StoreError) {
            var piece: [UInt8] = []
            var first = true
            repeat {
                piece = try whole.read(count: ByteFeed.pieceSize)
                if first {
                    let body = ByteOrderMark.dropped(from: piece)
                    opensWithBrace = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{")
                    first = false
                }
                text.check(piece)
            } while !piece.isEmpty
        } catch {
            throw SessionError(.file(error))
        }
        guard text.finish() else { throw SessionError(.importNotText(file: file)) }
        if map == nil, opensWithBrace, Backup.isBackup(try Session.readableFile(at: path, named: file)) {
            return try restore(file: file, path: path)
        }
        func reader() throws(SessionError) -> Exchange.EntryReader {
            let opened = try Session.readableFile(at: path, named: file)
            do {
                return try Exchange.EntryReader(file: opened, map: map, now: now)
            } catch {
                throw SessionError(.importUnreadable(file: file, line: error.line, message: error.message))
            }
        }
        func next(_ reader: inout Exchange.EntryReader) throws(SessionError) -> Entry? {
            do {
                return try reader.next()
            } catch {
                throw SessionError(.importUnreadable(file: file, line: error.line, message: error.message))
            }
        }
        // The file is read through once before anything is saved, so that a row that cannot be
        // read stops the import with nothing changed; then again, saving a batch at a time, so
        // that the import's memory does not grow with the file (issue 15).
        var check = try reader()
        var rows = 0
        while try next(&check) != nil { rows += 1 }
        var imported = try reader()
        var tally = ImportTally()
        var batch: [Entry] = []
        batch.reserveCapacity(Session.importBatch)
        if hasPendingChanges { try stored { () throws(StoreError) in try flush() } }
        let name = PathText.lastComponent(of: path)
        if !options.dryRun, !options.batch {
            // The import's record is written before each batch it saves, naming what it has
            // saved so far and that batch: stopped anywhere (Ctrl-C, a kill, a full disk), `undo`
            // takes back what it saved, never an older change (issue 25, F12).
            tally.intent = (Session.newID(), path, map, "an import from \(name), stopped before its end")
            // A large import's ids go to a file of their own as it saves, not into the record.
            if rows > UndoHistory.listLimit, let id = tally.intent?.id { tally.idsFile = "import-\(id).ids" }
        }
        while true {
            let entry = try next(&imported)
            if let entry { batch.append(entry) }
            if batch.count >= Session.importBatch || (entry == nil && !batch.isEmpty) {
                try saveImported(batch, into: &tally)
                batch.removeAll(keepingCapacity: true)
            }
            if entry == nil { break }
        }
        if !options.dryRun, tally.added.count > 0 {
            let said = "imported \(tally.added.count) \(tally.added.count == 1 ? "entry" : "entries") from \(name)"
            // The ids it added, not copies of the entries: undo finds them by id, redo reads the
            // file again (issue 15: an import's undo record no longer holds the whole import). A
            // script folds its changes into one (`ScriptChange`), which needs them whole.
            if options.batch {
                let changes = ChangeSet(add: tally.entries)
                try remember(UndoRecord(change: said, undo: changes.inverse, redo: changes))
            } else {
                var record = UndoRecord(change: said, undo: ChangeSet(), redo: ChangeSet())
                record.importedEntries = tally.record(file: path, map: map)
                if let intent = tally.intent {
                    try keep(record, named: intent.id, final: true)
                } else {
                    try remember(record)
                }
                if tally.idsFile != nil { try sweepImportIDs() }
            }
        }
        return .imported(
            ImportReport(
                file: path, format: imported.format, added: tally.added, skipped: tally.skipped, dryRun: options.dryRun,
                rowsSkipped: imported.skipped))
    }

    /// How many entries an import saves at a time: each batch is one locked write of the months
    /// it touches (a file exported by Calorina is in date order, so a month is written about once).
    static let importBatch = 2_000

    /// Saves a batch of an import's entries, leaving out those whose id the journal (or, in a dry
    /// run, the import so far) already has.
    private func saveImported(_ batch: [Entry], into tally: inout ImportTally) throws(SessionError) {
        var fresh: [Entry] = []
        try stored { () throws(StoreError) in
            var known: [String: Set<String>] = [:]
            for entry in batch {
                let month = String(entry.date.prefix(7))
                if known[month] == nil {
                    var ids = Set(try store.entries(inMonth: month).map(\.id))
                    // A dry run saves nothing: what it would have added is known only here.
                    if options.dryRun { ids.formUnion(tally.ids[month] ?? []) }
                    known[month] = ids
                }
                if known[month]?.insert(entry.id).inserted == true {
                    fresh.append(entry)
                } else {
                    tally.skipped += 1
                }
            }
        }
        guard !fresh.isEmpty else { return }
        tally.add(fresh)
        guard !options.dryRun else { return }
        if options.batch { tally.entries += fresh }
        if let intent = tally.intent {
            let count = "\(tally.added.count) \(tally.added.count == 1 ? "entry" : "entries")"
            var record = UndoRecord(change: intent.change + " (\(count))", undo: ChangeSet(), redo: ChangeSet())
            record.importedEntries = tally.record(file: intent.file, map: intent.map)
            // The batch's ids are on the disk before the batch is, as the record is.
            if let idsFile = tally.idsFile {
                let ids = fresh.map { (month: String($0.date.prefix(7)), id: $0.id) }
                try stored { () throws(StoreError) in try importIDs.append(ids, to: idsFile) }
            }
            try keep(record, named: intent.id)
        }
        try apply(ChangeSet(add: fresh))
        // A script's changes wait for its next save; an import's are saved batch by batch, so
        // that the next batch sees them.
        if options.batch { try stored { () throws(StoreError) in try flush() } }
    }

    /// The bytes of the file a person named (`file`, as typed) at `path`.
    ///
    /// - Throws: `noSuchFile` when there is none, `file` when it cannot be read.
    static func bytesOfFile(at path: String, named file: String) throws(SessionError) -> [UInt8] {
        let contents: AtomicFile.Contents
        do {
            contents = try AtomicFile.readFile(path)
        } catch {
            throw importRefusal(error)
        }
        guard case .bytes(let bytes, _) = contents else { throw SessionError(.noSuchFile(file)) }
        return bytes
    }

    /// The file a person named (`file`, as typed) at `path`, open to be read a piece at a time.
    ///
    /// - Throws: as `bytesOfFile(at:named:)`.
    static func readableFile(at path: String, named file: String) throws(SessionError) -> ReadableFile {
        let opened: ReadableFile?
        do {
            opened = try AtomicFile.openForReading(path)
        } catch {
            throw importRefusal(error)
        }
        guard let opened else { throw SessionError(.noSuchFile(file)) }
        return opened
    }

    /// Why a file a person named cannot be imported. It is no data file: 'doctor' has no backup
    /// of it to put back.
    private static func importRefusal(_ error: StoreError) -> SessionError {
        if case .unreadable(let path, _, _, let reason) = error {
            return SessionError(
                .file(
                    .refused(
                        path: path, reason: "\(reason); import reads a file: a CSV, a JSON export or a saved web page"))
            )
        }
        return SessionError(.file(error))
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
}
