import CalorinaLanguage
import CalorinaResults
import CalorinaSupport

extension Renderer {
    /// A question's answer: the number asked for in one line, the view when it helps, and the
    /// command that gives the full view:
    ///
    ///     1,121 kcal left today (879 of 2,000)
    ///       = today
    func answerText(_ report: AnswerReport) -> Output {
        var out = paint(report.answer, .bold) + "\n"
        var stderr = ""
        if report.showsView {
            let view = text(report.view)
            out += view.stdout
            stderr = view.stderr
        }
        out += "  " + paint("= " + report.command, .cyan) + "\n"
        return Output(stdout: out, stderr: stderr)
    }

    /// The mapped view's object, with the answer and the question's reading beside it.
    func answerJSON(_ report: AnswerReport) -> JSONValue {
        let inquiry = report.inquiry
        var question: [(String, JSONValue)] = [
            ("asks", .string(inquiry.asksName)), ("command", .string(report.command)),
        ]
        if let day = inquiry.day { question.append(("day", .string(day.summary))) }
        if let meal = inquiry.meal { question.append(("meal", .string(meal.rawValue))) }
        if let period = inquiry.period { question.append(("period", .string(period.summary))) }
        if let food = inquiry.food { question.append(("food", .string(food.text))) }
        var pairs: [(String, JSONValue)] = [("ok", .bool(true)), ("answer", .string(report.answer))]
        pairs.append(("question", .object(question)))
        if case .object(let view)? = jsonValue(report.view) {
            pairs += view.filter { $0.0 != "ok" }
        }
        return .object(pairs)
    }
}

extension Inquiry.Period {
    /// `days=10`, `week`, `last month`.
    var summary: String {
        switch self {
        case .days(let days): "days=\(days)"
        case .current(let period): period.rawValue
        case .ago(let period, let count): count == 1 ? "last \(period.rawValue)" : "\(period.rawValue) -\(count)"
        }
    }
}
