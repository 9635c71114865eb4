import CalorinaJournal
import CalorinaSupport

/// The `profile` dialog at a terminal, as a state machine: one question at a time, each with its
/// current answer as the default, each answer set as `set …` would set it; then the goal it
/// gives. A value: each answer gives the next state, and the session keeps none of it.
struct ProfileDialog: Equatable, Sendable {
    /// One setting the dialog asks about.
    struct Step: Equatable, Sendable {
        /// The `set` word: `age`, `height`.
        var setting: String
        var question: String
        /// The answer now, as the person would type it; nil when none is set.
        var current: String?
    }

    /// How many times a question is asked before the dialog goes on without an answer.
    static let tries = 3

    let steps: [Step]
    /// The step asked now.
    private(set) var index = 0
    /// How many answers the step asked now has had.
    private(set) var tried = 0
    /// Why the last answer was not taken.
    private(set) var problem: LineFailure?

    /// The dialog for a profile: its questions in the person's units, with its answers now.
    init(profile: Profile) {
        let imperial = profile.units == .imperial
        let height = profile.heightCm.map {
            imperial
                ? "\(Int(($0 / Unit.centimetersPerInch).rounded()) / 12)'\(Int(($0 / Unit.centimetersPerInch).rounded()) % 12)\"" : "\(Format.integer($0)) cm"
        }
        let weight = profile.weightKg.map {
            imperial
                ? "\(Format.number(Format.rounded($0 / Unit.kilogramsPerPound, places: 1))) lb" : "\(Format.number($0)) kg"
        }
        steps = [
            Step(setting: "age", question: "age", current: profile.age.map(String.init)),
            Step(setting: "sex", question: "sex (male or female)", current: profile.sex?.rawValue),
            Step(
                setting: "height", question: imperial ? "height (5'10\" or 178 cm)" : "height (178 cm or 5'10\")",
                current: height),
            Step(setting: "weight", question: imperial ? "weight (lb, or say kg)" : "weight (kg, or say lb)", current: weight),
            Step(
                setting: "activity", question: "activity (sedentary, light, moderate, active, very active)",
                current: (profile.activity ?? .sedentary).rawValue),
        ]
    }

    /// What is asked now.
    var question: ProfileQuestion {
        let step = steps[index]
        return ProfileQuestion(
            question: step.question, current: step.current, isFirst: index == 0 && tried == 0, problem: problem)
    }

    /// What an answer asks the session to do.
    enum Action: Equatable, Sendable {
        /// Nothing to set: go on.
        case keep
        /// Nothing to set, and no default to keep: ask again.
        case askAgain
        /// Handle this line (`set age 34`), then say how it went with `settled(failure:)`.
        case set(String)
    }

    /// What the answer to the question asked now means.
    func action(for answer: String) -> Action {
        let step = steps[index]
        guard answer.isEmpty else { return .set("set \(step.setting) \(answer)") }
        // Enter keeps the answer there is (activity always has one: sedentary when none is set).
        return step.current != nil ? .keep : .askAgain
    }

    /// The dialog after the answer to the question asked now: the next question, the same one
    /// again after a failure (three times at most), or nil when the dialog is over.
    func settled(failure: LineFailure?, askAgain: Bool = false) -> ProfileDialog? {
        var next = self
        next.tried += 1
        next.problem = failure
        if (failure == nil && !askAgain) || next.tried >= ProfileDialog.tries {
            next.index += 1
            next.tried = 0
        }
        return next.index < steps.count ? next : nil
    }
}
