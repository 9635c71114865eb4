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

/// A question a line asks before it goes on (at a terminal only): what to show the person, and,
/// for the session alone, where the line's work stands. Nothing was saved yet; the front end
/// shows it, reads the answer and hands both to `Session.answer(_:_:)`, which goes on from
/// there and gives the next outcome (perhaps the next question). The session keeps no state
/// for it: a question not answered is simply dropped.
public struct Question: Equatable, Sendable {
    /// What is asked.
    public enum Kind: Equatable, Sendable {
        /// The words could mean several foods: which one (Enter takes the first).
        case food(ChoiceReport)
        /// The line would take the day over its goal: log it all the same? (Enter is yes.)
        case overGoal(OverGoalQuestion)
        /// A weight without a unit reads far better in the other units: log it as typed?
        case weight(WeightQuestion)
        /// The `profile` dialog's next question.
        case profile(ProfileQuestion)
    }

    public var kind: Kind
    /// What answering does: the line's work so far, as a value.
    package let then: Continuation

    /// Every field, for the session, which makes it in another module.
    package init(kind: Kind, then: Continuation) {
        self.kind = kind
        self.then = then
    }
}

/// One question of the `profile` dialog: `age [34] › `.
public struct ProfileQuestion: Equatable, Sendable {
    /// The question: `age`, `sex (male or female)`.
    public var question: String
    /// The answer now, which Enter keeps.
    public var current: String?
    /// True for the dialog's first question, which the dialog's introduction goes before.
    public var isFirst: Bool
    /// Why the last answer was not taken, when it was not: said before the question is asked
    /// again (or the next one, after three tries).
    public var problem: LineFailure?

    /// The prompt: the question and, in brackets, the current answer.
    public var prompt: String { question + (current.map { " [\($0)]" } ?? "") + " › " }

    /// Every field, for the session, which makes it in another module.
    package init(
        question: String,
        current: String?,
        isFirst: Bool,
        problem: LineFailure?
    ) {
        self.question = question
        self.current = current
        self.isFirst = isFirst
        self.problem = problem
    }
}

/// What the question before crossing the goal is about: the line's food, its kcal, and the total
/// it would make.
public struct OverGoalQuestion: Equatable, Sendable {
    /// The foods of the line, as they would be logged.
    public var foods: [String]
    /// The kcal they add (exercise on the same line taken off).
    public var kcal: Double
    /// The day's net kcal with them.
    public var total: Double
    public var goal: Double
    /// The day they would go to.
    public var date: CivilDate
    public var isToday: Bool
    /// True when the day is of another year than today: it is named with its year.
    public var showsYear = false

    /// How far over the goal the total is.
    public var overBy: Double { Format.rounded(total - goal, places: 1) }
}

extension OverGoalQuestion {
    /// What to ask before `entries` take a day from `before` to `after`, over its goal, seen
    /// from `today`.
    package init(_ entries: [Entry], before: DayTotals, after: DayTotals, today: CivilDate) {
        self.init(
            foods: entries.filter(\.isFood).map(\.food), kcal: Format.rounded(after.net - before.net, places: 1),
            total: after.net, goal: before.goal, date: after.date, isToday: after.date == today,
            showsYear: after.date.year != today.year)
    }
}

/// A weight typed without a unit that reads far better in the other units: `weight 81.2` right
/// after 180 lb.
public struct WeightQuestion: Equatable, Sendable {
    /// The number typed.
    public var value: Double
    /// The person's units, in which it was read.
    public var units: UnitSystem
    /// True when it was read in pounds.
    var imperial: Bool { units.isImperial }
    /// The last weight, kg, when there is one.
    public var lastKg: Double?

    /// `81.2 lb`: the number in the person's units.
    public var asTyped: String { "\(Format.number(value)) \(imperial ? "lb" : "kg")" }
    /// `81.2 kg`: the number in the other units.
    public var otherReading: String { "\(Format.number(value)) \(imperial ? "kg" : "lb")" }
    /// The other reading in the person's units: `179 lb`.
    public var otherInOwnUnits: String {
        Format.weight(kilograms: imperial ? value : value * Unit.kilogramsPerPound, units: units)
    }

    /// Why it looks wrong: "far from your last weight, 180 lb", or "not a person's weight".
    public var reason: String {
        guard let lastKg else { return "an unlikely weight" }
        return "far from your last weight, \(Format.weight(kilograms: lastKg, units: units))"
    }

    /// What a script says when it logs it all the same.
    public var warning: String {
        "\(asTyped) is \(reason); if you meant \(otherReading): 'undo', then 'weight \(otherReading)'"
    }

    /// Every field, for the session, which makes it in another module.
    package init(
        value: Double,
        units: UnitSystem,
        lastKg: Double?
    ) {
        self.value = value
        self.units = units
        self.lastKg = lastKg
    }
}
