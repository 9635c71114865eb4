import CalorinaLanguage

/// The answer to a question asked in plain words (`Inquiry`): the number asked for in one line,
/// the view that holds it, and the command that view is, so people learn the language as they go.
public struct AnswerReport: Equatable, Sendable {
    /// The question as read.
    public var inquiry: Inquiry
    /// One line that leads with the number asked for: "1,121 kcal left today (879 of 2,000)".
    public var answer: String
    /// The view of `inquiry.command`.
    public var view: Outcome
    /// True when the view helps beside the answer (a list, a period, a lookup); a single number
    /// about a day is answer enough, and the view is only in `--json`.
    public var showsView: Bool

    /// The command that gives the full view, as typed: "history 7 protein".
    public var command: String { inquiry.commandText }

    /// Every field, for the session, which makes it in another module.
    package init(
        inquiry: Inquiry,
        answer: String,
        view: Outcome,
        showsView: Bool
    ) {
        self.inquiry = inquiry
        self.answer = answer
        self.view = view
        self.showsView = showsView
    }
}
