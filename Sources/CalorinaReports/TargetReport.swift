import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// One nutrient's target and the day's amount of it, for `today`.
public struct TargetProgress: Equatable, Sendable {
    public var target: DailyTarget
    public var sum: NutrientSum

    package init(target: DailyTarget, sum: NutrientSum) {
        self.target = target
        self.sum = sum
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

    package init(changed: String?, kcalGoal: Double, rows: [Row], units: UnitSystem = .metric) {
        self.changed = changed
        self.kcalGoal = kcalGoal
        self.rows = rows
        self.units = units
    }

    /// A nutrient's target, or why it has none.
    public struct Row: Equatable, Sendable {
        public var nutrient: TargetNutrient
        public var target: DailyTarget?
        /// Why there is no target (a default that needs a weight, a sex, or none at all).
        public var missing: String?

        package init(nutrient: TargetNutrient, target: DailyTarget?, missing: String?) {
            self.nutrient = nutrient
            self.target = target
            self.missing = missing
        }
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

    package init(
        nutrient: TargetNutrient, first: CivilDate, last: CivilDate, days: [Day], units: UnitSystem = .metric
    ) {
        self.nutrient = nutrient
        self.first = first
        self.last = last
        self.days = days
        self.units = units
    }

    /// One day.
    public struct Day: Equatable, Sendable {
        public var date: CivilDate
        public var sum: NutrientSum
        /// The target in force that day; nil when it had none.
        public var target: DailyTarget?
        public var mark: TargetMark

        package init(date: CivilDate, sum: NutrientSum, target: DailyTarget?, mark: TargetMark) {
            self.date = date
            self.sum = sum
            self.target = target
            self.mark = mark
        }
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
