// Questions answered from the log (issue 29). The parser has read the question as the command
// whose view answers it (`Inquiry.command`); here that view is made, only ever by reading, and
// the number asked for is said first, in one line. Nothing a question does is written.

import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaResults
import CalorinaSupport

extension Session {
    /// The answer to a question: the view of its command, led by the number asked for.
    func answer(_ inquiry: Inquiry, line: String) throws(SessionError) -> Outcome {
        let view: Outcome
        switch inquiry.command {
        // A question shows a day; it never switches the day lines go to (`show` does).
        case .show(let day): view = try show(day.resolve(today: now.date))
        case .history(let request): view = try history(request, line: line)
        case .targetHistory(let nutrient, let days): view = try targetHistory(nutrient, days: days)
        case .weights(let period, let choice): view = try weights(period, choice, line: line)
        case .workouts(let period, let choice): view = try workouts(period, choice)
        case .info(let food): view = try info(food, line: line)
        case .suggest(let meal): view = try suggest(meal)
        default: throw .parse(ParseError(.unansweredQuestion, SourceRange(0, max(1, line.unicodeScalars.count))))
        }
        guard let answer = try headline(inquiry, view: view) else { return view }
        return .answer(
            AnswerReport(inquiry: inquiry, answer: answer, view: view, showsView: AnswerReport.showsView(inquiry)))
    }

    /// The one line that answers; nil when the view is no answer (an error, a choice of foods).
    private func headline(_ inquiry: Inquiry, view: Outcome) throws(SessionError) -> String? {
        switch view {
        case .day(let report): return AnswerReport.dayAnswer(inquiry, report, today: now.date)
        case .history(let report): return AnswerReport.periodAnswer(inquiry, report, today: now.date)
        case .targetHistory(let report): return AnswerReport.nutrientAnswer(inquiry, report, today: now.date)
        case .weights(let report): return AnswerReport.weightAnswer(inquiry, report, today: now.date)
        case .workouts(let report): return AnswerReport.workoutAnswer(inquiry, report, today: now.date)
        case .info(let report): return foodAnswer(inquiry, report)
        case .ownFoodInfo(let report): return "\(report.name): see below"
        case .suggestions(let report):
            let today = try stored { () throws(StoreError) in try todayTotals() }
            return AnswerReport.suggestionAnswer(report, left: today.left)
        default: return nil
        }
    }

    // MARK: - Foods

    /// What a line of the question's words would log, when it is of the food looked up.
    private func foodAnswer(_ inquiry: Inquiry, _ report: InfoReport) -> String {
        AnswerReport.foodAnswer(inquiry, report) { () -> String? in
            // The portion a log line of these words would take, when it is of this food.
            let phrase = inquiry.food.map {
                FoodPhrase(words: $0.words, text: $0.text, range: SourceRange(0, $0.text.unicodeScalars.count))
            }
            let user = (try? loadUserFoods()) ?? UserFoods()
            guard let phrase,
                case .success(let item) = resolver.resolve(LogItem(food: phrase, range: phrase.range), user: user),
                item.food == report.name
            else { return nil }
            return "\(Format.integer(item.kcal)) kcal in \(item.amount)"
        }
    }
}
