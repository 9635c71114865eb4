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
        /// The daily goal in kcal.
        public var goal: Double = 2000
        /// A person is there to answer questions: ambiguous words offer numbered choices
        /// instead of failing.
        public var interactive = false

        /// Creates options.
        public init(dryRun: Bool = false, batch: Bool = false, goal: Double = 2000, interactive: Bool = false) {
            self.dryRun = dryRun
            self.batch = batch
            self.goal = goal
            self.interactive = interactive
        }
    }

    /// The journal the session reads and writes.
    public let store: JournalStore
    /// The user's foods, aliases and recipes (`foods.json` beside the journal).
    public let userFoods: UserFoodsStore
    /// The food resolver, made on first use: a line that looks no food up never loads the table.
    public private(set) lazy var resolver: Resolver = makeResolver()
    private let makeResolver: () -> Resolver
    /// The options given at creation.
    public let options: Options
    private let clock: @Sendable () -> LocalMoment
    private var undoStack: [[JournalChange]] = []
    /// Choices made in a dry run, which saves nothing.
    private var dryRunChoices: [String: Int] = [:]
    private var pending: [JournalChange] = []
    private var pendingAdds: [String: [Entry]] = [:]
    private var pendingRemovals: Set<String> = []

    /// Creates a session over a store.
    public init(
        store: JournalStore, resolver: @autoclosure @escaping () -> Resolver = Resolver(index: .bundled),
        options: Options = Options(), clock: @escaping @Sendable () -> LocalMoment = LocalMoment.current
    ) {
        self.store = store
        self.userFoods = UserFoodsStore(root: store.root)
        self.makeResolver = resolver
        self.options = options
        self.clock = clock
    }

    /// The moment the session's clock says it is.
    public var now: LocalMoment { clock() }

    /// True when changes are waiting for `flush()`.
    public var hasPendingChanges: Bool { !pending.isEmpty }

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
        let problem = LineFailure.Problem(
            message: ParseError(.invalidUTF8, SourceRange(scalars, scalars + 1)).message,
            hint: "byte \(valid + 1) of the line is not part of a UTF-8 character",
            range: SourceRange(scalars, scalars + 1))
        return .failed(LineFailure(line: line, problems: [problem]))
    }

    /// Handles one line of text.
    public func handle(_ line: String) -> Outcome {
        let command: Command
        do {
            command = try Parser.parse(line)
        } catch {
            return .failed(
                LineFailure(line: line, problems: [.init(message: error.message, hint: error.hint, range: error.range)])
            )
        }
        switch command {
        case .nothing: return .nothing
        case .quit: return .quit
        case .help(let topic): return .help(HelpText.text(for: topic))
        case .undo: return undo(line: line)
        case .show(let day): return show(day.resolve(today: now.date))
        case .log(let log): return self.log(log, line: line)
        case .search(let words): return search(words)
        case .info(let food): return info(food, line: line)
        case .define(let definition): return define(definition, line: line)
        case .alias(let name, let target): return alias(name, target: target, line: line)
        case .recipe(let name, let items, let text): return recipe(name, items: items, text: text, line: line)
        case .foods: return listFoods()
        case .rename(let from, let to): return rename(from, to: to, line: line)
        case .forget(let name): return forget(name, line: line)
        }
    }

    // MARK: - Commands

    private func log(_ command: LogCommand, line: String) -> Outcome {
        var user: UserFoods
        do {
            user = try userFoods.load()
        } catch {
            return .storeFailed(error)
        }
        user.choices.merge(dryRunChoices) { _, new in new }
        let command = claimingUserNames(command, line: line, user: user)
        let resolved: [ResolvedItem]
        switch resolver.resolve(command, user: user) {
        case .success(let items): resolved = items
        case .failure(let failure):
            if options.interactive, let choice = choiceReport(failure) { return .choose(choice) }
            return .failed(
                LineFailure(
                    line: line,
                    problems: failure.errors.map { .init(message: $0.message, hint: $0.hint, range: $0.range) }))
        }
        let moment = now
        let date = (command.day ?? .today).resolve(today: moment.date)
        let meal = command.meal ?? moment.suggestedMeal
        let entries = resolved.map { item in
            Entry(
                id: Session.newID(), date: date.description, time: moment.clockText, meal: meal, food: item.food,
                code: item.code, quantity: item.quantity, unit: item.unit, portion: item.amount, grams: item.grams,
                kcal: item.kcal, protein: item.protein, carbs: item.carbs, fat: item.fat, text: line.trimmed)
        }
        let before: [Entry]
        do {
            before = try dayEntries(date)
        } catch {
            return .storeFailed(error)
        }
        if !options.dryRun {
            let changes = entries.map(JournalChange.add)
            if let error = save(changes) { return .storeFailed(error) }
            undoStack.append(entries.map { .remove(id: $0.id, date: $0.date) })
        }
        let totals = DayTotals(date: date, entries: before + entries, goal: options.goal)
        return .logged(
            LogReport(
                entries: entries, day: totals, isToday: date == moment.date,
                warnings: Session.warnings(before: before.reduce(0) { $0 + $1.kcal }, after: totals),
                dryRun: options.dryRun))
    }

    /// Numbered choices for the first ambiguous item, when ambiguity is all that went wrong.
    private func choiceReport(_ failure: ResolveFailure) -> ChoiceReport? {
        for error in failure.errors {
            guard case .ambiguous = error.kind else { return nil }
        }
        guard case .ambiguous(let phrase, let candidates)? = failure.errors.first?.kind else { return nil }
        let table = resolver.index.table
        let choices = candidates.map { candidate in
            var detail = ""
            if let index = table.index(code: candidate.code) {
                let food = table.foods[index]
                let match = FoodIndex.Match(index: index, score: 2000, isStrong: true, isExact: true, isEveryday: false)
                if let portion = resolver.countPortion(food, words: FoodWords.keyWords(phrase), match: match) {
                    let kcal = portion.grams * food.kcalPer100g / 100
                    detail =
                        "\(Format.integer(kcal)) kcal per \(Resolver.label(portion)) (\(Format.grams(portion.grams)))"
                }
            }
            return ChoiceReport.Choice(name: candidate.name, code: candidate.code, detail: detail)
        }
        return ChoiceReport(phrase: phrase, choices: choices)
    }

    /// Remembers that `phrase` means the food with `code` (in foods.json; for this session only
    /// in a dry run).
    public func choose(phrase: String, code: Int) -> StoreError? {
        let key = FoodWords.normalized(phrase)
        if options.dryRun {
            dryRunChoices[key] = code
            return nil
        }
        do {
            try userFoods.update { foods in
                foods.choices[key] = code
                return true
            }
            return nil
        } catch {
            return error
        }
    }

    private func undo(line: String) -> Outcome {
        guard let changes = undoStack.last else {
            return .failed(
                LineFailure(
                    line: line,
                    problems: [
                        .init(
                            message: "nothing to undo", hint: "undo takes back changes made since Calorina started",
                            range: SourceRange(0, 4))
                    ]))
        }
        var removed: [Entry] = []
        do {
            for case .remove(let id, let date) in changes {
                if let entry = try dayEntries(CivilDate(date) ?? now.date).first(where: { $0.id == id }) {
                    removed.append(entry)
                }
            }
        } catch {
            return .storeFailed(error)
        }
        if !options.dryRun {
            if let error = save(changes) { return .storeFailed(error) }
        }
        undoStack.removeLast()
        return .undone(UndoReport(removed: removed, restored: []))
    }

    private func show(_ date: CivilDate) -> Outcome {
        do {
            let entries = try dayEntries(date)
            return .day(
                DayReport(
                    entries: entries, totals: DayTotals(date: date, entries: entries, goal: options.goal),
                    isToday: date == now.date))
        } catch {
            return .storeFailed(error)
        }
    }

    static func warnings(before: Double, after totals: DayTotals) -> [GoalWarning] {
        guard totals.goal > 0, totals.kcal > before else { return [] }
        if totals.kcal > totals.goal { return [.overGoal(kcal: Format.rounded(totals.kcal - totals.goal, places: 1))] }
        let percent = totals.kcal / totals.goal * 100
        return percent >= 90 ? [.nearGoal(percent: Int(percent))] : []
    }

    // MARK: - Days and saving

    /// Today's totals, for a prompt or a header.
    public func todayTotals() throws(StoreError) -> DayTotals {
        let today = now.date
        return DayTotals(date: today, entries: try dayEntries(today), goal: options.goal)
    }

    /// A day's entries as saved, with changes still waiting for `flush()` applied.
    public func dayEntries(_ date: CivilDate) throws(StoreError) -> [Entry] {
        let key = date.description
        var entries = try store.entries(on: key)
        if !pendingRemovals.isEmpty { entries.removeAll { pendingRemovals.contains($0.id) } }
        if let added = pendingAdds[key] { entries += added.filter { !pendingRemovals.contains($0.id) } }
        return entries
    }

    /// Saves now, or queues for `flush()` in batch mode.
    private func save(_ changes: [JournalChange]) -> StoreError? {
        if options.batch {
            pending += changes
            for change in changes {
                switch change {
                case .add(let entry):
                    pendingAdds[entry.date, default: []].append(entry)
                    pendingRemovals.remove(entry.id)
                case .remove(let id, _):
                    pendingRemovals.insert(id)
                }
            }
            return nil
        }
        do {
            try store.apply(changes)
            return nil
        } catch {
            return error
        }
    }

    /// Writes the changes batch mode gathered: one locked write per touched month.
    public func flush() throws(StoreError) {
        guard !pending.isEmpty else { return }
        try store.apply(pending)
        pending.removeAll()
        pendingAdds.removeAll()
        pendingRemovals.removeAll()
    }

    /// A new entry id: 16 lowercase hex digits from the system's random source.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
