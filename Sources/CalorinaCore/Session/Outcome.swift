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

    /// True when the line did what it asked.
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
    /// True when nothing was saved (`--dry-run`).
    public var dryRun: Bool
}

/// A notice that the day is near or over its goal.
public enum GoalWarning: Equatable, Sendable {
    /// At or past 90 % of the goal, not over it: the percentage.
    case nearGoal(percent: Int)
    /// Over the goal by this many kcal.
    case overGoal(kcal: Double)
}

/// A day's entries by meal, with totals.
public struct DayReport: Equatable, Sendable {
    /// The entries in order, numbered from 1 in this order.
    public var entries: [Entry]
    /// Totals and the goal.
    public var totals: DayTotals
    /// True when the day is today.
    public var isToday: Bool
}

/// A day's sums against its goal.
public struct DayTotals: Equatable, Sendable {
    public var date: CivilDate
    public var kcal: Double
    public var protein: Double
    public var carbs: Double
    public var fat: Double
    public var goal: Double

    /// What is left of the goal; negative when over it.
    public var left: Double { goal - kcal }

    /// Sums entries.
    public init(date: CivilDate, entries: [Entry], goal: Double) {
        self.date = date
        self.goal = goal
        // Entries keep tenths; summing doubles drifts (2776.5 becomes 2776.4999…), so round back.
        kcal = Format.rounded(entries.reduce(0) { $0 + $1.kcal }, places: 1)
        protein = Format.rounded(entries.reduce(0) { $0 + ($1.protein ?? 0) }, places: 1)
        carbs = Format.rounded(entries.reduce(0) { $0 + ($1.carbs ?? 0) }, places: 1)
        fat = Format.rounded(entries.reduce(0) { $0 + ($1.fat ?? 0) }, places: 1)
    }
}

/// The entries an undo took back.
public struct UndoReport: Equatable, Sendable {
    /// Entries removed by the undo.
    public var removed: [Entry]
    /// Entries restored by the undo.
    public var restored: [Entry]
}

/// Why a line failed, with the line itself so a renderer can point at the column.
public struct LineFailure: Equatable, Sendable {
    /// One problem at a place in the line.
    public struct Problem: Equatable, Sendable {
        public var message: String
        public var hint: String?
        public var range: SourceRange
        /// The 1-based column.
        public var column: Int { range.column }
    }

    /// The line as typed (after UTF-8 repair, for display).
    public var line: String
    /// The problems, in line order; never empty.
    public var problems: [Problem]
}
