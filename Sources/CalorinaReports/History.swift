import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

/// Days against the goal, worked out from entries: what `week`, `month`, `year` and `history`
/// show. Pure arithmetic over entries the session loaded; it reads no files.
///
/// Each day is judged against the goal in force on it (`Profile.goalKcal(on:present:)`), so
/// that changing the goal today leaves the marks of earlier days as they were.
public enum History {
    /// The most days `history N` shows (ten years).
    public static let maxDays = 3650

    /// The days a period covers, oldest first, ending today (a month or a year: the calendar
    /// months, up to today).
    public static func range(_ period: HistoryPeriod, today: CivilDate) -> ClosedRange<CivilDate> {
        switch period {
        case .week:
            return today.adding(days: -6)...today
        case .month:
            return firstOfMonth(today)...today
        case .year:
            return firstOfMonth(addingMonths(-11, to: today))...today
        }
    }

    /// All the days of a calendar week (Monday to Sunday), month or year, past or present (the
    /// session shows them up to today, and refuses one that has not begun).
    public static func range(
        _ period: HistoryPeriod, _ choice: PeriodChoice, today: CivilDate
    ) -> ClosedRange<CivilDate> {
        let anchor: CivilDate
        switch choice {
        case .ago(let count):
            switch period {
            case .week: anchor = today.adding(days: -7 * count)
            case .month: anchor = addingMonths(-count, to: today)
            case .year: anchor = CivilDate(year: max(1, today.year - count), month: 1, day: 1) ?? today
            }
        case .holding(let day):
            anchor = day.resolve(today: today)
        case .month(let month, let year):
            // With no year, the latest such month that has begun: this one, or last year's.
            let year = year ?? (month <= today.month ? today.year : today.year - 1)
            anchor = CivilDate(year: year, month: month, day: 1) ?? today
        case .year(let year):
            anchor = CivilDate(year: year, month: 1, day: 1) ?? today
        }
        switch period {
        case .week:
            let monday = anchor.adding(days: -(anchor.weekday - 1))
            return monday...monday.adding(days: 6)
        case .month:
            let first = firstOfMonth(anchor)
            let days = CivilDate.daysIn(month: first.month, year: first.year)
            let last = CivilDate(year: first.year, month: first.month, day: days)
            return first...(last ?? first)
        case .year:
            let first = CivilDate(year: anchor.year, month: 1, day: 1) ?? anchor
            return first...(CivilDate(year: anchor.year, month: 12, day: 31) ?? anchor)
        }
    }

    /// The last `days` days, today included.
    public static func range(days: Int, today: CivilDate) -> ClosedRange<CivilDate> {
        today.adding(days: -(max(1, days) - 1))...today
    }

    /// The month keys (`YYYY-MM`) a range of days touches, oldest first: the only month files a
    /// view reads.
    public static func months(in range: ClosedRange<CivilDate>) -> [String] {
        var keys: [String] = []
        var month = firstOfMonth(range.lowerBound)
        while month <= range.upperBound {
            keys.append(month.monthKey)
            month = addingMonths(1, to: month)
        }
        return keys
    }

    /// The first day of the date's month.
    package static func firstOfMonth(_ date: CivilDate) -> CivilDate {
        CivilDate(year: date.year, month: date.month, day: 1) ?? date
    }

    /// The first day of the month `count` months from the date's.
    static func addingMonths(_ count: Int, to date: CivilDate) -> CivilDate {
        let index = date.year * 12 + (date.month - 1) + count
        return CivilDate(year: index / 12, month: index % 12 + 1, day: 1) ?? date
    }

    /// Sums each day of `range` from `entries` (which may hold other days too), each against
    /// the same goal.
    public static func days(_ range: ClosedRange<CivilDate>, entries: [Entry], goal: Double) -> [HistoryDay] {
        days(range, entries: entries, goal: { _ in goal })
    }

    /// Sums each day of `range` from `entries`, each against the goal in force on it.
    public static func days(
        _ range: ClosedRange<CivilDate>, entries: [Entry], goal: (CivilDate) -> Double
    ) -> [HistoryDay] {
        var byDate: [String: [Entry]] = [:]
        for entry in entries { byDate[entry.date, default: []].append(entry) }
        let sums = byDate.values.map { DaySums(date: $0[0].date, entries: $0) }.sorted { $0.date < $1.date }
        return days(range, sums: sums, goal: goal)
    }

    /// Each day of `range` from its sums, `sums` in date order (a day with none has nothing
    /// logged), each against the goal in force on it. The two are walked side by side: ten years
    /// are 3,650 days, and a table of them by date cost a third of `history 3650` (issue 15).
    public static func days(
        _ range: ClosedRange<CivilDate>, sums: [DaySums], goal: (CivilDate) -> Double
    ) -> [HistoryDay] {
        var days: [HistoryDay] = []
        days.reserveCapacity(max(0, range.upperBound.daysSinceEpoch - range.lowerBound.daysSinceEpoch + 1))
        var next = 0
        var date = range.lowerBound
        while date <= range.upperBound {
            let key = date.description
            while next < sums.count, sums[next].date < key { next += 1 }
            let found = next < sums.count && sums[next].date == key ? sums[next] : DaySums(date: key)
            days.append(HistoryDay(date: date, sums: found, goal: goal(date)))
            date = date.adding(days: 1)
        }
        return days
    }

    /// The days met in a row, counting back from the last day; a last day with nothing logged
    /// yet is still in progress and neither breaks nor extends the streak.
    ///
    /// - Returns: the count, and whether it reaches back to the first day given (so that days
    ///   before them, which were not loaded, might make it longer).
    public static func streak(_ days: [HistoryDay]) -> (days: Int, reachesStart: Bool) {
        var remaining = days[...]
        if remaining.last?.mark == .notLogged { remaining = remaining.dropLast() }
        var count = 0
        for day in remaining.reversed() {
            guard day.mark == .met else { return (count, false) }
            count += 1
        }
        return (count, count > 0)
    }

    /// A report of the days in `range`, with the streak counted over all of `loaded` (the days
    /// of every month read, up to the last day of the range); `goal` is the last day's.
    public static func report(
        _ kind: HistoryReport.Kind, range: ClosedRange<CivilDate>, loaded: [HistoryDay], goal: Double
    ) -> HistoryReport {
        let shown = loaded.filter { range.contains($0.date) }
        let run = History.streak(loaded.filter { $0.date <= range.upperBound })
        var months: [HistoryMonth] = []
        if kind.showsMonths {
            var byMonth: [String: [HistoryDay]] = [:]
            for day in shown { byMonth[day.date.monthKey, default: []].append(day) }
            months = History.months(in: range).map { key in
                HistoryMonth(key: key, days: byMonth[key] ?? [], goal: goal)
            }
        }
        return HistoryReport(
            kind: kind, first: range.lowerBound, last: range.upperBound, goal: goal, days: shown, months: months,
            streak: run.days, streakMayBeLonger: run.reachesStart)
    }
}

extension HistoryRequest {
    /// True for a year: a view of months rather than days.
    public var showsMonths: Bool {
        switch self {
        case .period(.year), .calendar(.year, _): true
        default: false
        }
    }
}

/// How a day went against the goal.
public enum DayMark: Equatable, Sendable {
    /// Food logged, and the net at or under the goal.
    case met
    /// Food logged, and the net over the goal.
    case over
    /// No food logged.
    case notLogged
}

/// One day's sums, for history views.
public struct HistoryDay: Equatable, Sendable {
    public var date: CivilDate
    /// kcal eaten.
    public var eaten: Double
    /// kcal burned by exercise.
    public var burned: Double
    /// Steps walked (`10000 steps`).
    public var steps = 0
    /// The day's last weight, kg.
    public var weightKg: Double?
    /// True when any food was logged.
    public var logged: Bool
    /// The goal the day is judged against.
    public var goal: Double

    /// Sums a day's entries.
    public init(date: CivilDate, entries: [Entry], goal: Double) {
        self.init(date: date, sums: DaySums(date: date.description, entries: entries), goal: goal)
    }

    /// A day from what its entries add up to.
    public init(date: CivilDate, sums: DaySums, goal: Double) {
        self.date = date
        eaten = sums.kcal
        burned = sums.burned
        steps = sums.steps
        weightKg = sums.weightKg
        logged = sums.logged
        self.goal = goal
    }

    /// Eaten less burned.
    public var net: Double { Format.rounded(eaten - burned, places: 1) }

    /// Met, over or not logged.
    public var mark: DayMark {
        guard logged else { return .notLogged }
        return net <= goal ? .met : .over
    }
}

/// One calendar month's averages, for `year`.
public struct HistoryMonth: Equatable, Sendable {
    /// `YYYY-MM`.
    public var key: String
    /// Days with food logged.
    public var loggedDays: Int
    /// Days met.
    public var metDays: Int
    /// The average net over the logged days; nil when none was logged.
    public var averageNet: Double?
    public var goal: Double

    /// Averages a month's days; its goal is the average of the goals of its logged days (when
    /// none was logged, its last day's goal, or `goal` when no day is given).
    public init(key: String, days: [HistoryDay], goal: Double) {
        self.key = key
        let logged = days.filter(\.logged)
        self.goal =
            logged.isEmpty ? days.last?.goal ?? goal : logged.reduce(0) { $0 + $1.goal } / Double(logged.count)
        loggedDays = logged.count
        metDays = logged.filter { $0.mark == .met }.count
        averageNet = logged.isEmpty ? nil : logged.reduce(0) { $0 + $1.net } / Double(logged.count)
    }

    /// Met when the average is within the goal.
    public var mark: DayMark {
        guard let averageNet else { return .notLogged }
        return averageNet <= goal ? .met : .over
    }

    /// `Nov 2026`.
    public var display: String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = key.split(separator: "-")
        guard parts.count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return key }
        return "\(names[month - 1]) \(parts[0])"
    }
}

/// What a history view shows.
public struct HistoryReport: Equatable, Sendable {
    /// Which view.
    public typealias Kind = HistoryRequest

    public var kind: Kind
    /// The first and last day covered.
    public var first: CivilDate
    public var last: CivilDate
    /// The goal of the last day (each day is judged against its own: `HistoryDay.goal`).
    public var goal: Double
    /// Every day covered, oldest first.
    public var days: [HistoryDay]
    /// For `year`: the 12 months, oldest first.
    public var months: [HistoryMonth]
    /// Days met in a row up to the last day (see `History.streak`).
    public var streak: Int
    /// True when the streak reaches the first day read, so that it may be longer.
    public var streakMayBeLonger: Bool
    /// True when the days end before today (a past week, month or year): the streak, which is
    /// about today, is not shown.
    public var isPast = false
    /// For a week or a month: how many days met each target in force (see `Targets.swift`).
    public var targets: [TargetTally] = []

    /// Days with food logged.
    public var loggedDays: [HistoryDay] { days.filter(\.logged) }

    /// Days met (all of them logged days).
    public var metCount: Int { days.filter { $0.mark == .met }.count }

    /// The lowest and highest goal of the days covered; equal when one goal held throughout.
    public var goalRange: ClosedRange<Double> {
        let goals = days.map(\.goal)
        guard let low = goals.min(), let high = goals.max() else { return goal...goal }
        return low...high
    }

    /// Days with no food logged, which count neither as met nor as missed.
    public var unloggedCount: Int { days.filter { !$0.logged }.count }

    /// The average over logged days of a day's value; nil when none was logged.
    public func average(_ value: (HistoryDay) -> Double) -> Double? {
        let logged = loggedDays
        guard !logged.isEmpty else { return nil }
        return logged.reduce(0) { $0 + value($1) } / Double(logged.count)
    }
}
