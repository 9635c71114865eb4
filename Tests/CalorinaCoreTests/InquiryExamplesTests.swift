import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaHelp
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaRendering
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// `grammar/examples/questions.txt` (issue 29): every question is read as a question, never as a
/// log line, and named by the command whose view answers it; every look-alike still logs; and
/// no question writes anything to the data folder.
@Suite struct InquiryExamplesTests {
    /// Sunday 22 November 2026, the day the file's days are read on.
    static let today = CivilDate(year: 2026, month: 11, day: 22) ?? CivilDate(daysSinceEpoch: 20_779)

    static var all: [Corpus.Example] { Corpus.examples("questions.txt") }
    static var questions: [Corpus.Example] { all.filter { $0.expected != "logs" } }
    static var lookAlikes: [Corpus.Example] { all.filter { $0.expected == "logs" } }

    @Test func theFileHoldsEnoughOfEach() {
        #expect(Self.questions.count >= 300)
        #expect(Self.lookAlikes.count >= 100)
    }

    @Test(arguments: questions)
    func questionNamesItsCommand(_ example: Corpus.Example) throws {
        #expect(!example.input.isEmpty, "\(example.file):\(example.lineNumber): no ' => ' separator")
        let command: Command
        do {
            command = try Parser.parse(example.input, today: Self.today)
        } catch {
            Issue.record("\(example.file):\(example.lineNumber): '\(example.input)' failed: \(error.message)")
            return
        }
        guard case .inquiry(let inquiry) = command else {
            Issue.record("\(example.file):\(example.lineNumber): '\(example.input)' read as \(command.summary)")
            return
        }
        #expect(inquiry.commandText == example.expected, "\(example.file):\(example.lineNumber): \(example.input)")
        // The command it names is a command of the language, and the very one answered.
        let named = try Parser.parse(inquiry.commandText, today: Self.today)
        #expect(named.summary == inquiry.command.summary, "\(example.file):\(example.lineNumber): \(example.input)")
    }

    @Test(arguments: lookAlikes)
    func lookAlikeStillLogs(_ example: Corpus.Example) {
        do {
            let command = try Parser.parse(example.input, today: Self.today)
            switch command {
            case .log, .water, .weight, .exercise, .workout: break
            default:
                Issue.record("\(example.file):\(example.lineNumber): '\(example.input)' read as \(command.summary)")
            }
        } catch {
            Issue.record("\(example.file):\(example.lineNumber): '\(example.input)' failed: \(error.message)")
        }
    }

    /// A question that fits no answer says what can be asked, and is no log line.
    @Test(arguments: ["how do I make bread", "what time is it", "why is the sky blue?", "is it raining"])
    func unansweredQuestionSaysWhatCanBeAsked(_ line: String) {
        #expect(throws: ParseError.self) { try Parser.parse(line, today: Self.today) }
        do {
            _ = try Parser.parse(line, today: Self.today)
        } catch {
            #expect(error.kind == .unansweredQuestion)
            #expect(error.hint?.contains("how many calories do I have left") == true)
        }
    }

    /// Every question of the file, asked of a folder with a few days in it, leaves every file as
    /// it was: the folder's files and their bytes are compared before and after.
    @Test func noQuestionWritesAnything() throws {
        try TestSession.with { session, folder in
            for line in [
                "2 eggs breakfast", "big mac lunch", "burger 650 kcal dinner yesterday", "water 500 ml", "ran 30 min",
                "3 sets of 10 pushups", "weight 81.2", "weight 82 2026-11-15", "goal protein 120 g",
            ] {
                #expect(session.handle(line).succeeded, "\(line)")
            }
            try session.flush()
            let before = try Self.snapshot(folder)
            #expect(!before.isEmpty)
            var answered = 0
            for example in Self.questions {
                let outcome = session.handle(example.input)
                switch outcome {
                case .logged, .undone, .foodsChanged, .settings, .targets:
                    Issue.record("'\(example.input)' changed something: \(outcome)")
                case .answer: answered += 1
                default: break
                }
            }
            #expect(!session.hasPendingChanges)
            try session.flush()
            #expect(try Self.snapshot(folder) == before)
            // Most questions find their answer on this folder (a few name foods that need a pick).
            #expect(answered * 10 >= Self.questions.count * 9, "\(answered) of \(Self.questions.count) answered")
        }
    }

    /// The files of a folder, by path under it, and their bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return [:]
        }
        for case let url as URL in walker {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey])
            guard values.isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }
}

/// What a question answers and how it says it, through a session on a folder with a day in it.
@Suite struct InquiryAnswerTests {
    static func answer(_ line: String, after lines: [String]) throws -> (AnswerReport?, Outcome) {
        try TestSession.with { session, _ in
            for setup in lines { _ = session.handle(setup) }
            let outcome = session.handle(line)
            if case .answer(let report) = outcome { return (report, outcome) }
            return (nil, outcome)
        }
    }

    @Test func kcalLeftLeadsWithTheNumber() throws {
        let (report, outcome) = try Self.answer("how many calories do I have left", after: ["burger 650 kcal lunch"])
        let answer = try #require(report, "\(outcome)")
        #expect(answer.answer == "1,350 kcal left today (650 of 2,000)")
        #expect(answer.command == "today")
        let text = Renderer(color: false).text(outcome).stdout
        #expect(text == "1,350 kcal left today (650 of 2,000)\n  = today\n")
    }

    @Test func aMealIsAnsweredWithItsFoods() throws {
        let (report, _) = try Self.answer(
            "what did I have for lunch", after: ["burger 650 kcal lunch", "toast 100 kcal breakfast"])
        #expect(report?.answer == "1 food at lunch today, 650 kcal: Burger (650)")
    }

    @Test func aNutrientIsAnsweredAgainstItsTarget() throws {
        let (report, _) = try Self.answer(
            "how much water today?", after: ["goal water 2 l", "water 500 ml"])
        #expect(report?.answer == "500 ml water today (target 2,000 ml: 1,500 ml to go)")
    }

    @Test func aPeriodNamesHistory() throws {
        let (report, _) = try Self.answer("how much protein this week", after: ["2 eggs breakfast"])
        #expect(report?.command == "history 7 protein")
        #expect(report?.answer.hasPrefix("12 g protein in the last 7 days") == true, "\(report?.answer ?? "")")
    }

    @Test func aFoodIsLookedUpNeverLogged() throws {
        let (report, _) = try Self.answer("how many calories in a big mac", after: [])
        #expect(report?.answer.hasPrefix("Big Mac (McDonalds): 535 kcal in 1 McDonald's Big Mac") == true)
        #expect(report?.command == "info big mac")
    }

    @Test func jsonHasTheViewTheAnswerAndTheReading() throws {
        let (_, outcome) = try Self.answer("how many calories left yesterday", after: ["pizza 900 kcal yesterday"])
        let json = try #require(Renderer().json(outcome))
        #expect(json.hasPrefix(#"{"ok":true,"answer":"1,100 kcal left on Sat 21 Nov (900 of 2,000)","#))
        #expect(json.contains(#""question":{"asks":"kcal_left","command":"yesterday","day":"yesterday"}"#))
        #expect(json.contains(#""entries":["#))
    }

    @Test func tabOffersTheQuestions() {
        let candidates = Completer(index: .bundled).complete("how many c").candidates
        #expect(candidates.contains("how many calories do I have left"))
        #expect(Completer(index: .bundled).complete("what sh").candidates.contains("what should I eat for dinner"))
    }

    @Test func helpTeachesQuestions() {
        let page = HelpText.text(for: "questions")
        #expect(page.contains("how many calories do I have left"))
        #expect(HelpText.text(for: nil).contains("'help questions'"))
    }
}

/// What a question is read as, beyond the command it names: what it asks, the day, the meal
/// and the period, one line a case.
@Suite struct InquiryReadingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var asks: String
        var day: String?
        var meal: Meal?
        var period: String?
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "what did I have for lunch on monday", asks: "eaten", day: "weekday=1", meal: .lunch),
        Case(line: "how many calories did I eat last night", asks: "kcal_eaten", day: "yesterday", meal: .dinner),
        Case(line: "how many calories did I eat this morning", asks: "kcal_eaten", day: "today", meal: .breakfast),
        Case(line: "yesterday how much protein did I have", asks: "protein", day: "yesterday"),
        Case(line: "how much protein in the last 10 days", asks: "protein", period: "days=10"),
        Case(line: "how much fibre last week", asks: "fiber", period: "last week"),
        Case(line: "am I on track", asks: "goal", period: "week"),
        Case(line: "did I meet my goal", asks: "goal"),
        Case(line: "when will I reach my goal weight", asks: "goal_weight"),
        Case(line: "how many pushups this month", asks: "exercise", period: "month"),
        Case(line: "how much sat fat on saturday", asks: "saturatedFat", day: "weekday=6"),
        Case(line: "is a banana healthy", asks: "food"),
        Case(line: "what should I eat for supper", asks: "suggest", meal: .dinner),
        Case(line: "how many calories can I still have today", asks: "kcal_left", day: "today"),
    ]

    @Test(arguments: cases)
    func questionIsReadAsSaid(_ example: Case) throws {
        let command = try Parser.parse(example.line, today: InquiryExamplesTests.today)
        guard case .inquiry(let inquiry) = command else {
            Issue.record("read as \(command.summary)")
            return
        }
        #expect(inquiry.asksName == example.asks)
        #expect(inquiry.day?.summary == example.day)
        #expect(inquiry.meal == example.meal)
        #expect(inquiry.period.map(Self.periodText) == example.period)
    }

    static func periodText(_ period: Inquiry.Period) -> String {
        switch period {
        case .days(let days): "days=\(days)"
        case .current(let which): which.rawValue
        case .ago(let which, let count): count == 1 ? "last \(which.rawValue)" : "\(which.rawValue) -\(count)"
        }
    }
}
