import CalorinaDoctor
import CalorinaFoods
import CalorinaHelp
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaResolver
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The whole program's logic for one person's data: a line goes in, an `Outcome` comes out.
///
/// The REPL, one-shot arguments and stdin scripts all drive a `Session`; none of them holds any
/// other logic. Changes are saved at once, or, in batch mode (scripts), gathered and saved by
/// `flush()`, so that a 100,000-line script costs a few writes instead of 100,000.
public final class Session {
    /// How a session saves and reports.
    public struct Options: Sendable {
        /// Parse, resolve and report, but save nothing.
        public var dryRun = false
        /// Gather changes until `flush()` instead of saving each at once.
        public var batch = false
        /// A daily goal that overrides the profile's (tests).
        public var goal: Double?
        /// A person is there to answer questions: ambiguous words offer numbered choices, and
        /// crossing the goal asks first.
        public var interactive = false
        /// Keep the undo history in the data folder, so that it survives a restart (the REPL and
        /// one-shot commands; a script keeps its own).
        public var persistentUndo = false
        /// Whose changes `undo` takes back from the shared history: `pid:N` of this process, so
        /// that undo never takes back the change of another Calorina still running on the same
        /// data, while a restarted REPL (or a later one-shot command) takes back the changes of
        /// processes that have ended.
        public var undoOwner: String?
        /// Where this process runs: its terminal (`/dev/pts/3`) or, without one, its login
        /// session (`sid:N`). `undo` takes back this process's own changes first, then those of
        /// ended processes at the same terminal, and another's only when asked (`undo any`).
        public var undoTerminal: String?

        /// Creates options.
        public init(
            dryRun: Bool = false, batch: Bool = false, goal: Double? = nil, interactive: Bool = false,
            persistentUndo: Bool = false, undoOwner: String? = nil, undoTerminal: String? = nil
        ) {
            self.undoTerminal = undoTerminal
            self.dryRun = dryRun
            self.batch = batch
            self.goal = goal
            self.interactive = interactive
            self.persistentUndo = persistentUndo
            self.undoOwner = undoOwner
        }
    }

    /// The journal the session reads and writes.
    public let store: JournalStore
    /// The user's foods, aliases and recipes (`foods.json` beside the journal).
    public let userFoods: UserFoodsStore
    /// The profile and goal (`profile.json`).
    public let profileStore: DocumentStore<Profile>
    /// The food resolver, made on first use: a line that looks no food up never loads the table.
    public private(set) lazy var resolver: Resolver = makeResolver()
    private let makeResolver: () -> Resolver
    /// The options given at creation.
    public let options: Options
    private let clock: @Sendable () -> LocalMoment
    let undoHistory: DocumentStore<UndoHistory>
    var memoryHistory = UndoHistory()
    /// Choices made in a dry run, which saves nothing.
    var dryRunChoices: [String: Int] = [:]
    /// The day `day …` switched to; nil for today.
    var editingDay: CivilDate?
    /// A pasted recipe whose ingredient lines are being read (`recipe NAME serves N`).
    var pendingRecipe: PendingRecipe?
    /// Batch mode: the changes waiting for `flush()`, and the days they make.
    var writeBehind = WriteBehind()
    /// At a terminal, the numbers each day was shown with (`ShownNumbers`).
    var shownNumbers = ShownNumbers()
    /// A script's changes so far, as one change for `undo` once it has ended.
    var scriptChange = ScriptChange()
    /// The name of the record a script wrote before its last save (`keepScriptIntent`).
    var scriptIntent: String?
    /// That record as it was written, less its name and owner: a save that would write it again
    /// unchanged writes nothing.
    var lastScriptIntent: UndoRecord?
    /// What the line being handled went on without (`profileOrDefaults()`), said with its outcome.
    var lineWarnings: [LineWarning] = []
    /// How many lines the session has handled: a script's record says it.
    var linesHandled = 0
    /// The last numbered list shown (`search`, `suggest`, `foods`, a choice of foods), which
    /// `log 2` picks from; it lasts the session.
    var pickList: PickList?
    /// True when the last line that said anything showed `pickList`: a bare `2` is then item 2.
    var pickListIsLast = false
    /// True once the line being handled has shown a list.
    var lineShowedList = false
    /// Where the text of an export to the screen goes, a month at a time, when the front end
    /// takes it so (it owns the terminal): an export of years is then never held whole (issue 25:
    /// `export all` of ten years to stdout peaked at 151 MiB). When nil, the text is the
    /// report's, whole (tests, `--json`).
    public var screenOutput: (([UInt8]) -> Void)?

    /// Creates a session over a store.
    public init(
        store: JournalStore, resolver: @autoclosure @escaping () -> Resolver = Resolver(index: .bundled),
        options: Options = Options(), clock: @escaping @Sendable () -> LocalMoment = LocalMoment.current
    ) {
        self.store = store
        self.userFoods = UserFoodsStore(root: store.root, device: store.device, disk: store.disk)
        self.profileStore = DocumentStore<Profile>(root: store.root, device: store.device, disk: store.disk)
        // Each device's undo history is its own (`undo` takes back this device's changes), in
        // its folder: no file is written by two devices.
        self.undoHistory = DocumentStore<UndoHistory>(
            root: URL(fileURLWithPath: store.devicePath), disk: store.disk)
        self.makeResolver = resolver
        self.options = options
        self.clock = clock
        // A script's lines read the profile and the own foods as its batch found them
        // (`flush()` ends a batch).
        userFoods.checksOncePerBatch = options.batch
        profileStore.checksOncePerBatch = options.batch
    }

    /// The moment the session's clock says it is.
    public var now: LocalMoment { clock() }

    /// The day lines go to when they name none: today, or the day `day …` switched to.
    public var currentDay: CivilDate { editingDay ?? now.date }

    /// True when changes are waiting for `flush()`.
    public var hasPendingChanges: Bool {
        !writeBehind.isEmpty || profileStore.hasDeferredChanges || userFoods.hasDeferredChanges
    }

    /// About how many entries `flush()` would write now: the changes, and every month a pending
    /// change touches that is rewritten whole. A script weighs this against the lines it would save.
    public var pendingWriteSize: Int {
        writeBehind.writeSize { month in store.knownRewriteSize(inMonth: month) }
    }

    // MARK: - Lines

    /// Handles a line given as bytes: invalid UTF-8 is an error with the column of the first bad
    /// byte, never a crash or a silent repair.
    public func handle(bytes: [UInt8]) -> Outcome {
        var bytes = bytes
        if bytes.last == 10 { bytes.removeLast() }
        if bytes.last == 13 { bytes.removeLast() }
        if let line = String(validating: bytes, as: UTF8.self) {
            return handle(line)
        }
        var valid = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = 0
        var consumed = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars += 1
                consumed += UTF8.width(scalar)
                valid = consumed
            case .emptyInput, .error:
                break loop
            }
        }
        let line = String(decoding: bytes, as: UTF8.self)
        return Session.outcome(
            of: SessionError(.invalidUTF8(byte: valid + 1), SourceRange(scalars, scalars + 1)), line: line)
    }

    /// Handles one line of text. The line is taken in Unicode's composed form (NFC), so that a
    /// name typed with a combining accent ("e" + U+0301) is kept, found and compared as the one
    /// typed with "é"; a tab or other white space is a space, so that no name holds one.
    public func handle(_ line: String) -> Outcome {
        let line = Session.normalized(line)
        linesHandled += 1
        if pendingRecipe != nil { return collectRecipeLine(line) }
        lineShowedList = false
        lineWarnings = []
        let outcome: Outcome
        do {
            outcome = try perform(line)
        } catch {
            noteCandidates(of: error)
            outcome = Session.outcome(of: error, line: line)
        }
        // An empty line or a comment leaves a list the last thing shown.
        if outcome != .nothing { pickListIsLast = lineShowedList }
        return warned(outcome)
    }

    /// The outcome with what the line went on without (`lineWarnings`), when it did its work; a
    /// question says it once answered, a failure has its own message.
    func warned(_ outcome: Outcome) -> Outcome {
        defer { lineWarnings = [] }
        switch outcome {
        case _ where lineWarnings.isEmpty: return outcome
        case .question, .failed, .storeFailed, .quit, .nothing, .collecting, .warned: return outcome
        default: return .warned(outcome, lineWarnings)
        }
    }

    /// Parses a line (normalized) and does what it asks; throws what went wrong, parsing or after.
    func perform(_ line: String) throws(SessionError) -> Outcome {
        let command: Command
        do {
            command = try Parser.parse(line, today: now.date)
        } catch {
            throw .parse(error)
        }
        let outcome = try run(command, line: line)
        switch command {
        case .delete, .edit, .undo, .redo: try followWeightLog(after: outcome)
        default: break
        }
        return outcome
    }

    /// Does what a parsed line asks. The one switch over commands: each case calls its handler,
    /// which throws what went wrong for `handle` to turn into the outcome.
    func run(_ command: Command, line: String) throws(SessionError) -> Outcome {
        switch command {
        case .nothing: return .nothing
        case .quit: return .quit
        case .help(let topic): return .help(HelpText.text(for: topic))
        case .undo(let anyone): return try undo(anyone: anyone, line: line)
        case .redo(let anyone): return try redo(anyone: anyone, line: line)
        case .show(let day):
            if day == .today { editingDay = nil }
            return try show(day.resolve(today: now.date))
        case .switchDay(let day):
            let date = day.resolve(today: now.date)
            editingDay = date == now.date ? nil : date
            return try show(date)
        case .log(let log): return try self.log(log, line: line)
        case .search(let words): return try search(words)
        case .info(let food): return try info(food, line: line)
        case .define(let definition): return try define(definition, line: line)
        case .editFood(let change): return try editFood(change, line: line)
        case .alias(let name, let target): return try alias(name, target: target, line: line)
        case .recipe(let name, let items, let text): return try recipe(name, items: items, text: text, line: line)
        case .pastedRecipe(let name, let serves): return try startRecipe(name, serves: serves, line: line)
        case .foods: return try listFoods()
        case .rename(let from, let to): return try rename(from, to: to, line: line)
        case .forget(let name): return try forget(name, line: line)
        case .choices: return try listChoices()
        case .devices: return .devices(try stored { () throws(StoreError) in try store.devices() })
        case .forgetChoice(let words): return try forgetChoice(words, line: line)
        case .set(let setting): return try set(setting, line: line)
        case .goal(let request): return try goal(request, line: line)
        case .profile: return options.interactive ? try startProfileDialog() : try showProfile()
        case .weight(let value, let unit, let day): return try weight(value, unit: unit, day: day, line: line)
        case .water(let ml, let day): return try water(ml, day: day, line: line)
        case .exercise(let exercise): return try self.exercise(exercise, line: line)
        case .workout(let workout): return try self.workout(workout, line: line)
        case .workouts(let period, let choice): return try workouts(period, choice)
        case .delete(let numbers, let day): return try delete(numbers, day: day, line: line)
        case .edit(let number, let item, let day): return try edit(number, item: item, day: day, line: line)
        case .move(let number, let meal, let day): return try move(number, to: meal, day: day, line: line)
        case .again(let meal, let day): return try again(meal, day: day, line: line)
        case .copy(let day, let meal, let force, let target, let toMeal):
            return try copy(day, meal: meal, force: force, to: target, toMeal: toMeal, line: line)
        case .history(let request): return try history(request, line: line)
        case .targetHistory(let nutrient, let days): return try targetHistory(nutrient, days: days)
        case .weights(let period, let choice): return try weights(period, choice, line: line)
        case .export(let request): return try export(request, line: line)
        case .importFile(let file): return try importFile(file, line: line)
        case .importMapped(let request): return try importFile(request.file, map: request.map, line: line)
        case .exportAll(let file): return try exportAll(to: file)
        case .suggest(let meal): return try suggest(meal)
        case .pick(let pick): return try self.pick(pick, line: line)
        case .inquiry(let inquiry): return try answer(inquiry, line: line)
        case .doctor(let target):
            do {
                return .doctor(
                    try Doctor.run(
                        root: store.rootPath, restore: target, dryRun: options.dryRun, device: store.device,
                        disk: store.disk))
            } catch {
                throw SessionError(.unknownDataFile(error.name))
            }
        }
    }

    /// The line in NFC, its white space spaces (one for one, so columns stay); an ASCII line
    /// without tabs, the common case, as it is. Line breaks and other control characters are
    /// left for the lexer, which refuses them with their column.
    static func normalized(_ line: String) -> String {
        var isPlain = true
        for byte in line.utf8 where byte >= 0x80 || byte == 9 {
            isPlain = false
            break
        }
        if isPlain { return line }
        var composed = line.utf8.allSatisfy { $0 < 0x80 } ? line : line.canonicallyComposed()
        // A few characters NFC takes apart ("̈́", U+0344, is two marks): the line stays as typed,
        // so that no column points past its end.
        if composed.unicodeScalars.count > line.unicodeScalars.count { composed = line }
        var scalars = String.UnicodeScalarView()
        for scalar in composed.unicodeScalars {
            let isSpace = scalar == "\t" || (!scalar.isASCII && scalar.properties.isWhitespace)
            scalars.append(isSpace ? " " : scalar)
        }
        return String(scalars)
    }

    /// Runs a step that reads or writes the data files: its `StoreError` becomes the session's.
    @discardableResult
    func stored<T>(_ step: () throws(StoreError) -> T) throws(SessionError) -> T {
        do {
            return try step()
        } catch {
            throw SessionError(error)
        }
    }

    /// The profile as saved, for a line about the profile itself (showing it, changing it): an
    /// unreadable `profile.json` fails the line, and Calorina never writes over it.
    func loadProfile() throws(SessionError) -> Profile {
        try stored { () throws(StoreError) in try profileStore.load() }
    }

    /// The profile for a line that only reads it to do other work (units, goals, the day's
    /// view): the one policy for an unreadable `profile.json` there. The line goes on with the
    /// defaults and says so (`LineWarning.profileUnreadable` on its outcome), never silently.
    func profileOrDefaults() -> Profile {
        do {
            return try profileStore.load()
        } catch {
            let warning = LineWarning.profileUnreadable(error)
            if !lineWarnings.contains(warning) { lineWarnings.append(warning) }
            return Profile()
        }
    }

    /// The person's foods, aliases, recipes and picks as saved.
    func loadUserFoods() throws(SessionError) -> UserFoods {
        try stored { () throws(StoreError) in try userFoods.load() }
    }

    /// A day's entries, with changes still waiting for `flush()` applied.
    func entries(on date: CivilDate) throws(SessionError) -> [Entry] {
        try stored { () throws(StoreError) in try dayEntries(date) }
    }

    // MARK: - Logging food

    /// The words a mistyped first word is compared with (`CommandRegistry`).
    static let mistypableCommands = CommandRegistry.suggested

    /// "delte 1", "wieght 80", "todya": a line that starts with a word one edit from a command
    /// word, that names no food of the table or of the user's, is a mistyped command.
    private func commandTypo(_ command: LogCommand, line: String, user: UserFoods) -> SessionError? {
        // The line's first word is the first food's first word: nothing stands before it.
        guard let item = command.items.first, let phrase = item.food,
            let word = phrase.words.first, word.count >= 4,
            line.unicodeScalars.prefix(phrase.range.start).allSatisfy(\.properties.isWhitespace),
            user.named(phrase.text) == nil, !resolver.index.knows(word: word)
        else { return nil }
        let candidates = Session.mistypableCommands.filter {
            $0 != word && abs($0.count - word.count) <= 1 && editDistance(word, $0, limit: 1) <= 1
        }
        guard let suggestion = candidates.min() else { return nil }
        let range = SourceRange(phrase.range.start, phrase.range.start + word.unicodeScalars.count)
        return .parse(ParseError(.unknownCommand(word, suggestion: suggestion), range))
    }

    /// The person's foods, with the picks a dry run made but did not save.
    func userFoodsWithPicks() throws(SessionError) -> UserFoods {
        var user = try loadUserFoods()
        user.choices.merge(dryRunChoices) { _, new in new }
        return user
    }

    private func log(_ command: LogCommand, line: String) throws(SessionError) -> Outcome {
        let user = try userFoodsWithPicks()
        let command = measured(claimingNames(command, line: line, user: user))
        if let water = waterAmount(command) { return try self.water(water, day: command.day, line: line) }
        if let typo = commandTypo(command, line: line, user: user) { throw typo }
        return try logResolving(command, line: line)
    }

    /// Finds a checked log line's foods and logs them; at a terminal, words that fit several
    /// foods ask which one first. `pin`: words that mean one food for this line only, as a
    /// remembered pick does (a candidate picked from the list the line showed before).
    func logResolving(_ command: LogCommand, line: String, pinning pin: Pin? = nil) throws(SessionError) -> Outcome {
        let command = measured(command)
        var user = try userFoodsWithPicks()
        if let pin { user.choices[FoodWords.normalized(pin.phrase)] = pin.code }
        let resolved: [ResolvedItem]
        // With `set units uk`, "chips" are fried potatoes and "a biscuit" a sweet one.
        var resolver = self.resolver
        resolver.readsBritish = profileOrDefaults().units == .uk
        switch resolver.resolve(command, user: user) {
        case .success(let items): resolved = items
        case .failure(let failure):
            if options.interactive, let choice = ChoiceReport(failure, resolver: resolver) {
                return .question(Question(kind: .food(choice), then: .logging(command, line: line)))
            }
            noteCandidates(of: failure, command: command, line: line)
            throw SessionError(.resolveAll(failure))
        }
        return try logResolved(resolved, command: command, line: line)
    }

    /// A log line as the person's units measure it: with `set units uk`, a pint, quart, gallon
    /// or fl oz is the imperial one (a pint 568 ml, not the US 473 ml). The same line again is
    /// the same line.
    func measured(_ command: LogCommand) -> LogCommand {
        guard command.items.contains(where: { $0.unit.map { Unit.imperialMilliliters[$0.name] != nil } ?? false }),
            profileOrDefaults().units == .uk
        else { return command }
        var command = command
        for index in command.items.indices { command.items[index].unit = command.items[index].unit?.inUKMeasure }
        return command
    }

    /// Logs the items found for a log line, or picked from a list: at the line's meal and day,
    /// else the hour's meal and the day being edited.
    func logResolved(
        _ resolved: [ResolvedItem], command: LogCommand, line: String, describing change: String? = nil
    ) throws(SessionError) -> Outcome {
        let moment = now
        let date = command.day?.resolve(today: moment.date) ?? currentDay
        let meal = command.meal ?? moment.suggestedMeal
        let entries = resolved.map { item in
            Entry(
                id: newID(), date: date.description, time: moment.clockText, meal: item.meal ?? meal, food: item.food,
                code: item.code, quantity: item.quantity, unit: item.unit, portion: item.amount, grams: item.grams,
                kcal: item.kcal, protein: item.protein, carbs: item.carbs, fat: item.fat, text: line.trimmed,
                nutrients: item.nutrients, words: item.words)
        }
        var corrections: [FoodIndex.Correction] = []
        for correction in resolved.flatMap(\.corrections) where !corrections.contains(correction) {
            corrections.append(correction)
        }
        // What an entry assumed ("a served bowl: 3 cups"), one short line for the line.
        var notes: [String] = []
        for note in resolved.compactMap(\.note) where !notes.contains(note) { notes.append(note) }
        return try record(
            Recording(
                entries: entries, line: line, change: change ?? "logged " + line.trimmed,
                note: notes.isEmpty ? nil : notes.joined(separator: "; "), corrections: corrections,
                notes: resolved.map(\.note)))
    }

    /// Adds entries as one change: asks first when they take the day over its goal (on a
    /// terminal, when the profile says to), saves, and reports where the day stands.
    func record(
        _ entries: [Entry], line: String, describing change: String, note: String? = nil,
        corrections: [FoodIndex.Correction] = [], caution: String? = nil, fields: [FieldChange]? = nil
    ) throws(SessionError) -> Outcome {
        try record(
            Recording(
                entries: entries, line: line, change: change, note: note, corrections: corrections, caution: caution,
                fields: fields))
    }

    /// Adds entries as one change; `confirmed` when the person said yes to crossing the goal.
    func record(_ recording: Recording, confirmed: Bool = false) throws(SessionError) -> Outcome {
        let entries = recording.entries
        guard let first = entries.first, let date = CivilDate(first.date) else { return .nothing }
        let profile = profileOrDefaults()
        let totalsBefore = try dayTotals(
            date, goal: goalKcal(on: date, profile), waterGoalMl: waterGoal(on: date, profile))
        let goal = totalsBefore.goal
        let totals = totalsBefore.adding(entries)
        if options.interactive, profile.confirmOverGoal, !confirmed, totals.net > goal,
            totalsBefore.net <= goal,
            entries.contains(where: \.isFood)
        {
            let asked = OverGoalQuestion(entries, before: totalsBefore, after: totals, today: now.date)
            return .question(Question(kind: .overGoal(asked), then: .recording(recording)))
        }
        // New entries are numbered after the day's, unless the day has entries logged later
        // (a day filled in afterwards): then where they fall among them.
        let numbers: [Int]
        if entries.allSatisfy({ $0.time >= totalsBefore.latestTime }) {
            numbers = entries.indices.map { totalsBefore.entryCount + $0 + 1 }
        } else {
            numbers = DayReport.numbers(of: entries, addedTo: DayReport.numbered(try self.entries(on: date)))
        }
        if !options.dryRun {
            var changes = ChangeSet(add: entries)
            var record = UndoRecord(change: recording.change, undo: changes.inverse, redo: changes)
            record.fields = recording.fields
            // A large addition (`copy … force`) is kept as a large script is: its entries share
            // an id prefix, which the record keeps with their months instead of copies of them
            // (issue 25, F14: 32,000 copies made `undo.json` 23 MB, rewritten at every change).
            if entries.count > UndoHistory.listLimit, !options.batch {
                var ids = ScriptChange()
                changes.add = entries.map { entry in
                    var entry = entry
                    entry.id = ids.nextID() ?? Session.newID()
                    return entry
                }
                record = UndoRecord(change: recording.change, undo: ChangeSet(), redo: ChangeSet())
                record.scriptEntries = ScriptEntries(
                    idPrefix: ids.idPrefix, months: Set(entries.compactMap { MonthKey.month(ofDate: $0.date) }).sorted()
                )
            }
            try commit(changes, as: record)
            // A terminal shows the numbers of what it logged: the day's numbers from now on,
            // when it had not shown the day (once it had, its own change kept them up to date).
            if options.interactive, !shownNumbers.wasShown(date.description) {
                let ids = try stored { () throws(StoreError) in try numberedDay(date).map(\.id) }
                shownNumbers.shown(ids, on: date.description)
            }
        }
        return .logged(
            LogReport(
                recording, before: totalsBefore, after: totals, today: now.date, numbers: numbers, units: profile.units,
                dryRun: options.dryRun))
    }

    /// Remembers that `phrase` means the food with `code` (in foods.json; for this session only
    /// in a dry run).
    ///
    /// - Returns: its undo record, for `joinChoice` to fold into the change the pick makes.
    @discardableResult
    func remember(phrase: String, means code: Int) throws(SessionError) -> UndoRecord? {
        let key = FoodWords.normalized(phrase)
        if options.dryRun {
            dryRunChoices[key] = code
            return nil
        }
        let name = resolver.index.table.food(code: code)?.name ?? "food \(code)"
        return try recordFoodsChange("remembered '\(key)' as \(name)") { foods in
            foods.choices[key] = code
            return true
        }
    }
}
