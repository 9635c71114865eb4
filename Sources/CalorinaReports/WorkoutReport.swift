import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

/// What `exercise week` (`workouts month`, `exercise last year`) shows: each movement's sets,
/// repetitions, best set and trend; the minutes and kcal of timed exercise; the steps. Pure
/// arithmetic over the entries the session loaded.
public struct WorkoutReport: Equatable, Sendable {
    /// One movement counted in sets (`Push-ups`, `Plank`).
    public struct Movement: Equatable, Sendable {
        /// The movement's name, as the entries have it.
        public var name: String
        /// True for a hold: `total` and `best` are seconds.
        public var isHold: Bool
        /// Lines logged.
        public var sessions: Int
        /// Sets, all lines together.
        public var sets: Int
        /// Repetitions (a hold: seconds), all sets together.
        public var total: Int
        /// The best set: the most repetitions (seconds) in one set, at the heaviest load lifted.
        public var bestReps: Int
        /// The heaviest load of a set, in kg, when one was given.
        public var bestLoadKg: Double?
        /// Repetitions (seconds) in each part of the period (`WorkoutReport.parts`), oldest first.
        public var trend: [Int]
        /// kcal burned.
        public var kcal: Double
    }

    /// Timed exercise of one activity (`Running, 6 mph`).
    public struct Cardio: Equatable, Sendable {
        public var name: String
        public var sessions: Int
        public var minutes: Double
        public var kcal: Double
    }

    /// `week`, `month` or `year`.
    public var period: HistoryPeriod
    /// The days shown.
    public var range: ClosedRange<CivilDate>
    /// True for a calendar week, month or year (`exercise last month`).
    public var isCalendar: Bool
    /// The parts a trend has: each day of a week or month, each month of a year.
    public var parts: [ClosedRange<CivilDate>]
    public var movements: [Movement]
    public var cardio: [Cardio]
    /// Steps walked, all lines together, and in each part of the period.
    public var steps: Int
    public var stepsTrend: [Int]
    /// The days steps were logged on.
    public var stepDays: Int
    /// The kcal of the steps.
    public var stepsKcal: Double
    /// kcal burned by all exercise.
    public var burned: Double
    /// The person's units: loads in lb with US units.
    public var units: UnitSystem

    /// The report of the exercise entries among `entries`, over `range`.
    public init(
        period: HistoryPeriod, range: ClosedRange<CivilDate>, isCalendar: Bool, entries: [Entry], units: UnitSystem
    ) {
        self.period = period
        self.range = range
        self.isCalendar = isCalendar
        self.units = units
        parts = WorkoutReport.parts(period, range)
        var movements: [String: Movement] = [:]
        var order: [String] = []
        var cardio: [String: Cardio] = [:]
        var cardioOrder: [String] = []
        var steps = 0
        var stepsTrend = Array(repeating: 0, count: parts.count)
        var stepDates = Set<String>()
        var stepsKcal = 0.0
        var burned = 0.0
        let parts = self.parts
        func part(_ date: CivilDate) -> Int? { parts.firstIndex { $0.contains(date) } }
        for entry in entries where entry.kind == .exercise {
            guard let date = CivilDate(entry.date), range.contains(date) else { continue }
            burned += entry.kcal
            switch entry.workout {
            case .steps(let count)?:
                steps += count
                stepsKcal += entry.kcal
                stepDates.insert(entry.date)
                if let index = part(date) { stepsTrend[index] += count }
            case let amount?:
                let isHold: Bool
                let perSet: Int
                var load: Double?
                switch amount {
                case .reps(_, let reps, let kg):
                    isHold = false
                    perSet = reps
                    load = kg
                case .hold(_, let seconds):
                    isHold = true
                    perSet = seconds
                case .steps: continue
                }
                if movements[entry.food] == nil {
                    order.append(entry.food)
                    movements[entry.food] = Movement(
                        name: entry.food, isHold: isHold, sessions: 0, sets: 0, total: 0, bestReps: 0, bestLoadKg: nil,
                        trend: Array(repeating: 0, count: parts.count), kcal: 0)
                }
                guard var movement = movements[entry.food] else { continue }
                movement.sessions += 1
                movement.sets += amount.sets
                movement.total += amount.total
                movement.kcal += entry.kcal
                if let index = part(date) { movement.trend[index] += amount.total }
                // The best set: the heaviest load, then the most repetitions at it.
                let heavier = (load ?? 0) > (movement.bestLoadKg ?? 0)
                let asHeavy = (load ?? 0) == (movement.bestLoadKg ?? 0)
                if heavier || (asHeavy && perSet > movement.bestReps) {
                    movement.bestReps = perSet
                    movement.bestLoadKg = load
                }
                movements[entry.food] = movement
            case nil:
                if cardio[entry.food] == nil {
                    cardioOrder.append(entry.food)
                    cardio[entry.food] = Cardio(name: entry.food, sessions: 0, minutes: 0, kcal: 0)
                }
                cardio[entry.food]?.sessions += 1
                cardio[entry.food]?.minutes += entry.quantity
                cardio[entry.food]?.kcal += entry.kcal
            }
        }
        self.movements = order.compactMap { movements[$0] }
        self.cardio = cardioOrder.compactMap { cardio[$0] }
        self.steps = steps
        self.stepsTrend = stepsTrend
        self.stepDays = stepDates.count
        self.stepsKcal = stepsKcal
        self.burned = Format.rounded(burned, places: 1)
    }

    /// The parts of a period a trend is drawn over: days for a week or a month, months for a year.
    static func parts(_ period: HistoryPeriod, _ range: ClosedRange<CivilDate>) -> [ClosedRange<CivilDate>] {
        var parts: [ClosedRange<CivilDate>] = []
        var day = range.lowerBound
        while day <= range.upperBound {
            var last = day
            if period == .year {
                let days = CivilDate.daysIn(month: day.month, year: day.year)
                last = min(range.upperBound, CivilDate(year: day.year, month: day.month, day: days) ?? day)
            }
            parts.append(day...last)
            day = last.adding(days: 1)
        }
        return parts
    }
}

extension HistoryDay {
    /// The steps of a day's entries.
    public static func steps(in entries: [Entry]) -> Int {
        entries.reduce(0) { total, entry in
            if case .steps(let steps)? = entry.workout { return total + steps }
            return total
        }
    }
}
