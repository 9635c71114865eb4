import CalorinaDoctor
import CalorinaFiles
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths
import CalorinaReports
import CalorinaResolver
import CalorinaSupport
import CalorinaUndo

/// What handling one line did: data for a renderer. The library never prints.
public enum Outcome: Equatable, Sendable {
    /// Entries were logged (or, in a dry run, would have been).
    case logged(LogReport)
    /// A day was asked for.
    case day(DayReport)
    /// The last change was taken back.
    case undone(UndoReport)
    /// Help text.
    case help(String)
    /// The user asked to leave.
    case quit
    /// An empty line or a comment.
    case nothing
    /// The line was wrong; nothing changed.
    case failed(LineFailure)
    /// The data files could not be read or written safely; nothing changed.
    case storeFailed(StoreError)
    /// Foods found by `search`.
    case search(SearchReport)
    /// A food described by `info`.
    case info(InfoReport)
    /// A food of the user's own or a recipe described by `info`.
    case ownFoodInfo(OwnFoodInfoReport)
    /// The user's foods, aliases and recipes (`foods`).
    case foods(UserFoods)
    /// A user food, alias or recipe was defined, renamed or forgotten: what was done, in words.
    case foodsChanged(String)
    /// A person is there and the line needs an answer to go on (which food, crossing the goal,
    /// a weight that looks wrong, the profile dialog's next question): nothing was saved yet;
    /// `Session.answer(_:_:)` goes on with the answer.
    case question(Question)
    /// A setting changed, or the goal or profile shown: lines of text.
    case settings(SettingsReport)
    /// `week`, `month`, `year` or `history N`.
    case history(HistoryReport)
    /// `goals`, or a target set with `goal protein 150 g`.
    case targets(TargetsReport)
    /// `history 30 protein`.
    case targetHistory(TargetHistoryReport)
    /// `weights …`.
    case weights(WeightReport)
    /// `exercise week`, `workouts month`.
    case workouts(WorkoutReport)
    /// `export …`.
    case exported(ExportReport)
    /// `import FILE`.
    case imported(ImportReport)
    /// `suggest`.
    case suggestions(SuggestReport)
    /// `doctor`, `doctor restore …`.
    case doctor(DoctorReport)
    /// `devices`: each device that writes in the data folder.
    case devices([DeviceSummary])
    /// `choices`: the picks remembered for words that fit several foods.
    case choices(ChoicesReport)
    /// A line was taken as part of what an earlier line began (a pasted recipe's ingredients);
    /// the text, when there is one, says what to type next.
    case collecting(String?)
    /// A question asked in plain words, answered from the log: nothing was written.
    indirect case answer(AnswerReport)
    /// A line that did its work and found something to say beside it (an unreadable profile,
    /// whose defaults it used): the outcome, and what to say.
    indirect case warned(Outcome, [LineWarning])

    /// True when the data files cannot be read safely: the line failed on one, or `doctor`
    /// found one it did not restore. Front ends exit with status 3.
    public var leavesDataUnsafe: Bool {
        switch self {
        case .storeFailed: true
        case .doctor(let report): !report.healthy
        case .warned(let outcome, _): outcome.leavesDataUnsafe
        default: false
        }
    }

    /// True when the line did what it asked.
    /// True for the confirmations of a change, which have nothing for stderr: a front end whose
    /// stdout nobody reads need not render them.
    public var reportsOnlyResults: Bool {
        switch self {
        case .logged, .undone, .foodsChanged, .nothing: true
        default: false
        }
    }

    public var succeeded: Bool {
        switch self {
        case .failed, .storeFailed: false
        default: true
        }
    }
}

/// Entries just logged, and where the day stands after them.
public struct LogReport: Equatable, Sendable {
    /// The entries, in line order.
    public var entries: [Entry]
    /// The day they went to, with its totals after the change.
    public var day: DayTotals
    /// True when the day they went to is today.
    public var isToday: Bool
    /// Notices about the goal.
    public var warnings: [GoalWarning]
    /// Something to say about the entries: the weight an exercise was worked out with, say.
    public var note: String? = nil
    /// Typed words read as others to find the foods ("garlc" as garlic).
    public var corrections: [FoodIndex.Correction] = []
    /// True when nothing was saved (`--dry-run`).
    public var dryRun: Bool
    /// The number each entry has in its day (`delete 3`), in the order of `entries`.
    public var numbers: [Int] = []
    /// True when the day is of another year than today: it is shown with its year.
    public var showsYear = false
    /// The person's units: weights in lb (US) or st and lb (UK), water in fl oz (US).
    public var units: UnitSystem = .metric
    /// A line that may be a mistake, said as a warning (a weight far from the last one).
    public var caution: String? = nil
    /// What each entry assumed, in one short line ("a served bowl: 3 cups"), in the order of
    /// `entries`; nil for an entry that assumed nothing (`--json` shows it as the entry's `note`).
    public var notes: [String?] = []
}

extension LogReport {
    /// What `recording` logged on a day whose totals were `before` and are now `after`, seen from
    /// `today`: `numbers` are the entries' numbers in the day.
    package init(
        _ recording: Recording, before: DayTotals, after: DayTotals, today: CivilDate, numbers: [Int],
        units: UnitSystem, dryRun: Bool
    ) {
        self.init(
            entries: recording.entries, day: after, isToday: after.date == today,
            warnings: GoalWarning.crossing(from: before.net, to: after), note: recording.note,
            corrections: recording.corrections, dryRun: dryRun, numbers: numbers,
            showsYear: after.date.year != today.year,
            units: units, caution: recording.caution, notes: recording.notes)
    }
}

/// A notice that the day is near or over its goal.
public enum GoalWarning: Equatable, Sendable {
    /// At or past 90 % of the goal, not over it: the percentage.
    case nearGoal(percent: Int)
    /// Over the goal by this many kcal.
    case overGoal(kcal: Double)

    /// What to say when a day's net kcal go from `before` to `totals`' net: nothing unless they
    /// rose to 90 % of the goal or over it.
    package static func crossing(from before: Double, to totals: DayTotals) -> [GoalWarning] {
        guard totals.goal > 0, totals.net > before else { return [] }
        if totals.net > totals.goal { return [.overGoal(kcal: Format.rounded(totals.net - totals.goal, places: 1))] }
        let percent = totals.net / totals.goal * 100
        return percent >= 90 ? [.nearGoal(percent: Int(percent))] : []
    }
}

/// A day's entries by meal, with totals.
public struct DayReport: Equatable, Sendable {
    /// The entries in order, numbered from 1 in this order (see `numbered`).
    public var entries: [Entry]

    /// The order a day is numbered in: the journal's own, by the time each entry was logged and
    /// then as logged. An edit or a move keeps its entry's time and place, so numbers stay put
    /// until an entry is added before them or deleted; the day is shown by meal, each entry
    /// with its number. `delete 3` means the third of these.
    /// True when `entries` are in the order `numbered` gives them. By index, comparing times
    /// alone: zipping the entries copied each (a script's `delete 1` on a day of thousands did it
    /// every line).
    package static func isNumbered(_ entries: ArraySlice<Entry>) -> Bool {
        entries.indices.dropFirst().allSatisfy { entries[$0 - 1].time <= entries[$0].time }
    }

    public static func numbered(_ entries: [Entry]) -> [Entry] {
        if isNumbered(entries[...]) { return entries }
        return entries.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// The number each entry of a day will have once `new` entries are added to `existing`
    /// (numbered already), as the journal will order them.
    package static func numbers(of new: [Entry], addedTo existing: [Entry]) -> [Int] {
        let all = numbered(existing + new)
        var number: [String: Int] = [:]
        for (offset, entry) in all.enumerated() { number[entry.id] = offset + 1 }
        return new.map { number[$0.id] ?? 0 }
    }
    /// Totals and the goal.
    public var totals: DayTotals
    /// True when the day is today.
    public var isToday: Bool
    /// True when the day is of another year than today: it is shown with its year.
    public var showsYear = false
    /// The person's units: weights in lb (US) or st and lb (UK), water in fl oz (US).
    public var units: UnitSystem = .metric
    /// Each target in force on the day, with the day's amount.
    public var targets: [TargetProgress] = []
}

extension DayReport {
    /// A day's `entries` in their numbered order, with its `totals` and `targets`, seen from
    /// `today`.
    package init(
        numbered entries: [Entry], totals: DayTotals, today: CivilDate, units: UnitSystem, targets: [TargetProgress]
    ) {
        self.init(
            entries: entries, totals: totals, isToday: totals.date == today, showsYear: totals.date.year != today.year,
            units: units, targets: targets)
    }
}

/// A day's sums against its goal: eaten − burned = net, against the goal.
public struct DayTotals: Equatable, Sendable {
    public var date: CivilDate
    /// The day's entries summed, in the one place entries are summed (`DaySums`); the numbers
    /// below are read from it.
    public private(set) var sums: DaySums
    public var goal: Double
    /// The water target in force, ml; nil when there is none.
    public var waterGoalMl: Double?

    /// kcal eaten.
    public var kcal: Double { sums.kcal }
    /// kcal burned by exercise.
    public var burned: Double { sums.burned }
    /// A macro's grams eaten (`Nutrient.macros`); the others are `nutrients`.
    public subscript(macro: Nutrient) -> Double { sums[macro] }
    /// The nutrients besides the macros (`Nutrient.others`) over the food entries that know them.
    public var nutrients: NutrientTotals { NutrientTotals(sums) }
    /// Millilitres of water.
    public var waterMl: Double { sums.waterMl }
    /// The day's last weight, in kg.
    public var weightKg: Double? { sums.weightKg }
    /// How many entries the day has, of every kind.
    public var entryCount: Int { sums.entryCount }
    /// The latest time an entry of the day was logged at (`HH:mm`), empty for none: an entry
    /// logged at this time or later is numbered after all of them.
    public var latestTime: String { sums.latestTime }

    /// Eaten less burned.
    public var net: Double { Format.rounded(kcal - burned, places: 1) }

    /// What is left of the goal; negative when over it.
    public var left: Double { goal - net }

    /// The net as shown: the whole kcal eaten less the whole kcal burned, so that the sum a
    /// person reads adds up (825 − 923 = −98, where the exact net rounds to −99).
    public var shownNet: Double { kcal.rounded() - burned.rounded() }

    /// What is left of the whole goal after `shownNet`; negative when over it. Used where the
    /// sum is shown as eaten − burned = net: the kcal left after logging stay exact, as the
    /// entries' own kcal are rounded one by one.
    public var shownLeft: Double { goal.rounded() - shownNet }

    /// Sums entries.
    public init(date: CivilDate, entries: [Entry], goal: Double, waterGoalMl: Double? = nil) {
        self.date = date
        self.goal = goal
        self.waterGoalMl = waterGoalMl
        sums = DaySums(date: date.description, entries: entries)
    }

    /// The totals with more entries added, without summing the day again.
    public func adding(_ entries: [Entry]) -> DayTotals {
        var totals = self
        totals.sums.add(entries)
        return totals
    }
}

/// What an undo or redo changed.
public struct UndoReport: Equatable, Sendable {
    /// True for redo.
    public var isRedo: Bool
    /// True when this is no undo at all but `delete`, which reports the same way.
    public var isDelete = false
    /// What the change was, in words: `logged 2 eggs`, `set age 34`.
    public var change: String
    /// Entries taken out of the journal.
    public var removed: [Entry]
    /// Entries put back.
    public var restored: [Entry]
    /// Whose change it was, when not this process's nor an ended one's at this terminal
    /// (`undo any`): "at /dev/pts/4 by another Calorina".
    public var madeBy: String? = nil
    /// The day as it is after a `delete`, its entries numbered again.
    public var day: DayReport? = nil
    /// The number each restored entry has in its day now, in the order of `restored`.
    public var restoredNumbers: [Int] = []
    /// The profile's fields put back, in words: `age 34 (was 30)`.
    public var fields: [String] = []
    /// How many entries were taken out besides those in `removed`: a large script's are counted,
    /// and only the first few kept to show.
    public var moreRemoved = 0
    /// The person's units: water taken back or put back in US fl oz with US units.
    public var units: UnitSystem = .metric
}

extension UndoReport {
    /// What `delete` did: took `removed` out of the journal, the change `change`; `day` is the day
    /// as it is after, its entries numbered again.
    package init(deleting removed: [Entry], change: String, day: DayReport?, units: UnitSystem) {
        self.init(isRedo: false, isDelete: true, change: change, removed: removed, restored: [], day: day, units: units)
    }

    /// What `undo` (or, `isRedo`, `redo`) of the change `change` did: the entries it took out and
    /// put back, and the profile's fields it put back (`fields`).
    package init(
        undoing change: String, isRedo: Bool, removed: [Entry], restored: [Entry], madeBy: String?,
        fields: [FieldChange], units: UnitSystem
    ) {
        self.init(
            isRedo: isRedo, change: change, removed: removed, restored: restored, madeBy: madeBy,
            fields: fields.map(ProfileFields.describe), units: units)
    }
}

/// Why a line failed, with the line itself so a renderer can point at the column.
public struct LineFailure: Equatable, Sendable {
    /// One problem at a place in the line.
    public struct Problem: Equatable, Sendable {
        public var message: String
        public var hint: String?
        public var range: SourceRange
        /// For a problem of an earlier line (an ingredient line of a pasted recipe, reported when
        /// its empty line ends it): that line's text, which `range` is in, and how many lines
        /// before the one that reported it it was, so that a script names its own line number.
        public var earlierLine: EarlierLine? = nil
        /// The 1-based column.
        public var column: Int { range.column }
    }

    /// An earlier line a problem is in, and how many lines before the reporting one it was.
    public struct EarlierLine: Equatable, Sendable {
        public var text: String
        public var linesBack: Int
    }

    /// The line as typed (after UTF-8 repair, for display).
    public var line: String
    /// The problems, in line order; never empty.
    public var problems: [Problem]
}

extension LineFailure {
    /// The failure of a line whose foods could not be found or weighed: each item's problem.
    package init(line: String, resolving failure: ResolveFailure) {
        self.init(
            line: line, problems: failure.errors.map { .init(message: $0.message, hint: $0.hint, range: $0.range) })
    }
}
