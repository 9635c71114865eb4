import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// One nutrient's target and the day's amount of it, for `today`.
public struct TargetProgress: Equatable, Sendable {
    public var target: DailyTarget
    public var sum: NutrientSum

    /// A target with the day's amount of its nutrient in `entries`.
    package init(target: DailyTarget, entries: [Entry]) {
        self.target = target
        sum = NutrientSum(target.nutrient, entries: entries)
    }

    /// How the day stands.
    public var mark: TargetMark { target.judge(sum) }
}

/// `goals`, or a target just set: each nutrient's target in force today and where it comes
/// from, or why it has none.
public struct TargetsReport: Equatable, Sendable {
    /// What was changed, in words; nil when the targets were only asked for.
    public var changed: String?
    /// The day's kcal goal, which percentages are of.
    public var kcalGoal: Double
    /// One row a nutrient, in `TargetNutrient.allCases` order; for a change, only the one changed.
    public var rows: [Row]
    /// The person's units: water in US fl oz with US units, else in litres.
    public var units: UnitSystem = .metric

    /// The rows of `nutrients` from the targets in force today, in the profile's units; a
    /// nutrient without one says why (`Targets.missingDefault`).
    package init(
        changed: String?, kcalGoal: Double, targets: [DailyTarget], of nutrients: [TargetNutrient], profile: Profile
    ) {
        self.changed = changed
        self.kcalGoal = kcalGoal
        rows = nutrients.map { nutrient in
            let target = targets.first { $0.nutrient == nutrient }
            return Row(
                nutrient: nutrient, target: target,
                missing: target == nil ? Targets.missingDefault(nutrient, profile: profile) : nil)
        }
        units = profile.units
    }

    /// A nutrient's target, or why it has none.
    public struct Row: Equatable, Sendable {
        public var nutrient: TargetNutrient
        public var target: DailyTarget?
        /// Why there is no target (a default that needs a weight, a sex, or none at all).
        public var missing: String?
    }
}

/// `history 30 protein`: each day against the target for one nutrient in force on it.
public struct TargetHistoryReport: Equatable, Sendable {
    public var nutrient: TargetNutrient
    public var first: CivilDate
    public var last: CivilDate
    /// Newest first.
    public var days: [Day]
    /// The person's units: water in US fl oz with US units, else in litres.
    public var units: UnitSystem = .metric

    /// Each day of `range`, newest first, with its amount of `nutrient` in `entries` and the
    /// target in force on it (`target(date)`), in the profile's units.
    package init(
        _ nutrient: TargetNutrient, range: ClosedRange<CivilDate>, entries: [Entry], units: UnitSystem,
        target: (CivilDate) -> DailyTarget?
    ) {
        self.nutrient = nutrient
        first = range.lowerBound
        last = range.upperBound
        let byDate = Dictionary(grouping: entries, by: \.date)
        days = []
        var date = range.upperBound
        while date >= range.lowerBound {
            let sum = NutrientSum(nutrient, entries: byDate[date.description] ?? [])
            let target = target(date)
            let mark = target?.judge(sum) ?? (sum.logged ? .unknown : .notLogged)
            days.append(Day(date: date, sum: sum, target: target, mark: mark))
            date = date.adding(days: -1)
        }
        self.units = units
    }

    /// One day.
    public struct Day: Equatable, Sendable {
        public var date: CivilDate
        public var sum: NutrientSum
        /// The target in force that day; nil when it had none.
        public var target: DailyTarget?
        public var mark: TargetMark
    }

    /// How many days had each mark.
    public func count(_ mark: TargetMark) -> Int { days.filter { $0.mark == mark }.count }
}

/// How many days of a week or month met one target, for the `week` and `month` views.
public struct TargetTally: Equatable, Sendable {
    public var nutrient: TargetNutrient
    public var met: Int
    /// Days the target settles: met, under or over.
    public var judged: Int
    /// Days some foods do not say the nutrient, and what the rest say does not settle it.
    public var partial: Int
    /// Days with food and no value for the nutrient at all.
    public var unknown: Int

    /// Tallies days' marks.
    public init(nutrient: TargetNutrient, marks: [TargetMark]) {
        self.nutrient = nutrient
        met = marks.filter { $0 == .met }.count
        judged = marks.filter { $0 == .met || $0 == .under || $0 == .over }.count
        partial = marks.filter { $0 == .partial }.count
        unknown = marks.filter { $0 == .unknown }.count
    }
}
