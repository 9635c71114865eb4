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
