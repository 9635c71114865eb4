import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

/// The logged weights of a period, their trend, and when the goal weight would come: what
/// `weights` shows. Pure arithmetic over the weight entries the session loaded.
public struct WeightReport: Equatable, Sendable {
    /// One weighing (or, for a year, one month's average).
    public struct Point: Equatable, Sendable {
        /// The day weighed; for a month's average, its first day.
        public var date: CivilDate
        /// kg.
        public var kg: Double
        /// The moving average of the entries up to this one, kg.
        public var trendKg: Double
    }

    /// When the goal weight would be reached at some rate.
    public enum Projection: Equatable, Sendable {
        /// On this day, this many days from today.
        case on(CivilDate, days: Int)
        /// Already within 0.1 kg of the goal.
        case reached
        /// The rate moves away from the goal (or is zero).
        case awayFromGoal
        /// More than ten years off.
        case tooFar
    }

    /// The entries in a moving average.
    public static let window = 7
    /// kcal in a kilogram of body weight, for a fixed goal's rate.
    public static let kcalPerKg = 7700.0

    public var period: HistoryPeriod
    public var first: CivilDate
    public var last: CivilDate
    /// The weighings, oldest first (for a year: monthly averages).
    public var points: [Point]
    /// How many weighings there were (for a year, more than the points).
    public var count: Int
    /// The first and last weight of the period, kg; nil with fewer than two weighings.
    public var changeFrom: Double?
    public var changeTo: Double?
    /// The slope of the moving average, kg a week; nil with too few weighings.
    public var trendKgPerWeek: Double?
    public var goalWeightKg: Double?
    /// What the distance to the goal weight is measured from.
    public enum Measure: String, Equatable, Sendable {
        /// The newest weighing: too few weighings for a full moving average.
        case latest
        /// The newest value of the moving average, once there are more weighings than its
        /// window: steadier than one weighing.
        case trend
    }

    /// Where the distance to the goal weight and the projections start, kg: the newest value of
    /// the moving average once there are weighings enough for a trend, else the newest weighing.
    public var currentKg: Double?
    /// Which of the two `currentKg` is.
    public var currentFrom: Measure?
    /// The day of the newest weighing.
    public var latestDate: CivilDate?
    /// The strategy's rate, kg a week (negative to lose); nil to maintain or when unknown.
    public var strategyKgPerWeek: Double?
    /// When the goal weight comes at the strategy's rate and at the trend.
    public var atStrategy: Projection?
    public var atTrend: Projection?
    /// The person's units: pounds with US units, stones and pounds in the UK.
    public var units: UnitSystem
    /// True for one calendar week, month or year (`weights 2026-10`) rather than the days up to
    /// today.
    public var isCalendar: Bool
    /// True when the period ended before today: no projection is made from its end.
    public var isPast: Bool

    /// Works the report out from the period's weight entries (others are ignored).
    public init(
        period: HistoryPeriod, range: ClosedRange<CivilDate>, entries: [Entry], profile: Profile,
        maintenance: Double?, isCalendar: Bool = false, today: CivilDate? = nil
    ) {
        self.period = period
        self.isCalendar = isCalendar
        isPast = today.map { range.upperBound < $0 } ?? false
        first = range.lowerBound
        last = range.upperBound
        units = profile.units
        goalWeightKg = profile.goalWeightKg
        let weighings: [(date: CivilDate, kg: Double)] = entries.compactMap { entry in
            guard entry.kind == .weight, let date = CivilDate(entry.date), range.contains(date) else { return nil }
            return (date, entry.quantity)
        }
        count = weighings.count
        // The moving average over the last `window` entries (fewer at the start).
        var trend: [Double] = []
        for index in weighings.indices {
            let slice = weighings[max(0, index - Self.window + 1)...index]
            trend.append(slice.reduce(0) { $0 + $1.kg } / Double(slice.count))
        }
        if period == .year {
            var byMonth: [String: [Int]] = [:]
            for (index, weighing) in weighings.enumerated() {
                byMonth[weighing.date.monthKey, default: []].append(index)
            }
            points = History.months(in: range).compactMap { key in
                guard let indices = byMonth[key], let date = CivilDate(key + "-01") else { return nil }
                let kg = indices.reduce(0) { $0 + weighings[$1].kg } / Double(indices.count)
                let trendKg = indices.reduce(0) { $0 + trend[$1] } / Double(indices.count)
                return Point(date: date, kg: kg, trendKg: trendKg)
            }
        } else {
            points = weighings.indices.map { Point(date: weighings[$0].date, kg: weighings[$0].kg, trendKg: trend[$0]) }
        }
        if weighings.count >= 2, let firstKg = weighings.first?.kg, let lastKg = weighings.last?.kg {
            changeFrom = firstKg
            changeTo = lastKg
        }
        // The slope of the full-window averages, by least squares over the days they fall on.
        let full = weighings.indices.dropFirst(Self.window - 1)
        if full.count >= 2 {
            let xs = full.map { Double(weighings[$0].date.daysSinceEpoch) }
            let ys = full.map { trend[$0] }
            let meanX = xs.reduce(0, +) / Double(xs.count)
            let meanY = ys.reduce(0, +) / Double(ys.count)
            var numerator = 0.0
            var denominator = 0.0
            for (x, y) in zip(xs, ys) {
                numerator += (x - meanX) * (y - meanY)
                denominator += (x - meanX) * (x - meanX)
            }
            if denominator > 0 { trendKgPerWeek = numerator / denominator * 7 }
        }
        switch profile.strategy {
        case .maintain: strategyKgPerWeek = nil
        case .lose(let rate): strategyKgPerWeek = -rate
        case .gain(let rate): strategyKgPerWeek = rate
        case .fixed(let kcal):
            strategyKgPerWeek = maintenance.map { (kcal - $0) * 7 / Self.kcalPerKg }
        }
        // Distances and projections start from the trend's newest value, steadier than the last
        // weighing, once there are weighings enough for a trend (a full window and one more, as
        // for its slope); before that, from the last weighing.
        if let average = trend.last, let latest = weighings.last {
            let full = weighings.count > Self.window
            currentKg = full ? average : latest.kg
            currentFrom = full ? .trend : .latest
            latestDate = latest.date
        }
        if let goal = goalWeightKg, let current = currentKg, !isPast {
            let today = range.upperBound
            atStrategy = strategyKgPerWeek.map { Self.project(from: current, to: goal, kgPerWeek: $0, today: today) }
            atTrend = trendKgPerWeek.map { Self.project(from: current, to: goal, kgPerWeek: $0, today: today) }
        }
    }

    /// The day `goal` is reached from `current` at `kgPerWeek`.
    static func project(from current: Double, to goal: Double, kgPerWeek: Double, today: CivilDate) -> Projection {
        let distance = goal - current
        if abs(distance) < 0.1 { return .reached }
        guard abs(kgPerWeek) >= 0.005, (distance < 0) == (kgPerWeek < 0) else { return .awayFromGoal }
        let days = (distance / (kgPerWeek / 7)).rounded(.up)
        guard days <= Double(History.maxDays) else { return .tooFar }
        return .on(today.adding(days: Int(days)), days: Int(days))
    }

}
