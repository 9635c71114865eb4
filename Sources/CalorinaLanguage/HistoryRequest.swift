/// The stretch of days a history view or a weight chart covers.
public enum HistoryPeriod: String, Equatable, Sendable {
    /// The 7 days ending today.
    case week
    /// This calendar month, up to today.
    case month
    /// The 12 calendar months ending with this one.
    case year
}

/// What `week`, `month`, `year` or `history N` asks to see.
public enum HistoryRequest: Equatable, Sendable {
    /// A chart of the period.
    case period(HistoryPeriod)
    /// `history N`: the last N days, newest first (N as typed: the session checks the limit).
    case days(Int)
    /// `last week`, `month 2026-10`, `year 2025`: a chart of one calendar week (Monday to
    /// Sunday), month or year, up to today.
    case calendar(HistoryPeriod, PeriodChoice)

    /// The days `history` alone shows.
    public static let defaultDays = 30
}

/// Which calendar week, month or year a view shows, as typed after its name.
public enum PeriodChoice: Equatable, Sendable {
    /// `this week` (0), `last month` (1), `week -2`: the one that many before the one that
    /// holds today.
    case ago(Int)
    /// `week 2026-11-02`, `week of monday`: the one that holds the day.
    case holding(DaySpec)
    /// `month 2026-10`, `month october`, `month oct 2025`: a month (1 to 12); with no year, the
    /// latest such month that has begun.
    case month(Int, year: Int?)
    /// `year 2025`.
    case year(Int)
}

/// The file formats `export` writes and `import` reads.
public enum ExportFormat: String, Equatable, Sendable {
    case csv, json
    /// `export all`: the whole data folder as one JSON backup (`Command.exportAll`).
    case all
}

/// `export csv [FROM [TO]] [to FILE]`.
public struct ExportRequest: Equatable, Sendable {
    /// The format; nil when the line names none, which the session reports.
    public var format: ExportFormat?
    /// The first day exported; nil for the oldest.
    public var from: DaySpec?
    /// The last day exported; nil for the newest.
    public var to: DaySpec?
    /// The file to write, as typed; nil for standard output.
    public var file: String?
    /// Where the words after `export` stand, for messages.
    public var range: SourceRange

    /// Creates a request.
    public init(
        format: ExportFormat?, from: DaySpec? = nil, to: DaySpec? = nil, file: String? = nil, range: SourceRange
    ) {
        self.format = format
        self.from = from
        self.to = to
        self.file = file
        self.range = range
    }
}
