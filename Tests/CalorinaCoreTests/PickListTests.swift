import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// Logging from a numbered list (issue 13, part 4): the shapes the parser reads as picks, and
/// for each kind of list (search, suggest, foods with recipes, the foods words could be) what a
/// pick logs, with the errors for a number past the list's end and for no list at all.
@Suite(.tags(.fast)) struct PickListTests {
    // MARK: - The parser

    /// A line and the pick it is, or nil when it is no pick.
    struct ShapeCase: Sendable, CustomTestStringConvertible {
        var input: String
        var expected: PickCommand?
        var testDescription: String { input.debugDescription }
    }

    static func pick(
        _ number: Int, at start: Int, bare: Bool = true, count: Double? = nil, unit: String? = nil,
        amountAt amount: SourceRange? = nil, meal: Meal? = nil, day: DaySpec? = nil
    ) -> PickCommand {
        PickCommand(
            number: number, numberRange: SourceRange(start, start + String(number).count), isBare: bare, count: count,
            unit: unit.flatMap(Unit.named), unitWord: unit, amountRange: amount, meal: meal, day: day)
    }

    static let shapes: [ShapeCase] = [
        ShapeCase(input: "2", expected: pick(2, at: 0)),
        ShapeCase(input: "  12  ", expected: pick(12, at: 2)),
        ShapeCase(input: "2 200 g", expected: pick(2, at: 0, count: 200, unit: "g", amountAt: SourceRange(2, 7))),
        ShapeCase(
            input: "2 1.5 cup lunch",
            expected: pick(2, at: 0, count: 1.5, unit: "cup", amountAt: SourceRange(2, 9), meal: .lunch)),
        ShapeCase(input: "2 for lunch", expected: pick(2, at: 0, meal: .lunch)),
        ShapeCase(input: "3 yesterday", expected: pick(3, at: 0, day: .yesterday)),
        ShapeCase(input: "3 x2", expected: pick(3, at: 0, count: 2, amountAt: SourceRange(2, 4))),
        ShapeCase(input: "log 2", expected: pick(2, at: 4, bare: false)),
        ShapeCase(input: "log 0", expected: pick(0, at: 4, bare: false)),
        ShapeCase(
            input: "log 2 200 g breakfast",
            expected: pick(
                2, at: 4, bare: false, count: 200, unit: "g", amountAt: SourceRange(6, 11), meal: .breakfast)),
        ShapeCase(input: "LOG 4 dinner -2", expected: pick(4, at: 4, bare: false, meal: .dinner, day: .daysAgo(2))),
        // No picks: a food after the number, a unit glued or straight after it, a number not
        // whole or zero, a word amount, a day alone, or 'log' with words.
        ShapeCase(input: "2 eggs", expected: nil),
        ShapeCase(input: "2 200 g rice", expected: nil),
        ShapeCase(input: "200g", expected: nil),
        ShapeCase(input: "2 g", expected: nil),
        ShapeCase(input: "2 servings", expected: nil),
        ShapeCase(input: "2 dozen", expected: nil),
        ShapeCase(input: "1.5", expected: nil),
        ShapeCase(input: "0", expected: nil),
        ShapeCase(input: "2 days ago", expected: nil),
        ShapeCase(input: "2 2099-01-01", expected: nil),
        ShapeCase(input: "log cabin syrup", expected: nil),
        ShapeCase(input: "log 2 eggs", expected: nil),
        ShapeCase(input: "log", expected: nil),
    ]

    @Test(arguments: shapes)
    func theParserReadsPicksByTheirShape(_ shape: ShapeCase) {
        let command = try? Parser.parse(shape.input, today: TestSession.morning.date)
        if let expected = shape.expected {
            #expect(command == .pick(expected))
        } else if case .pick(let pick)? = command {
            Issue.record("'\(shape.input)' was read as \(pick.summary)")
        }
    }

    /// The bare shapes had no meaning before picks: without a list they are still the errors
    /// they were, so no line that logged before can be taken for a pick.
    @Test(arguments: ["2", "2 200 g", "2 for lunch", "3 yesterday", "3 x2", "2 1.5 cups lunch"])
    func aBareNumberWithoutAListIsWhatItWasBefore(_ line: String) {
        #expect(throws: ParseError.self) { try Parser.parse(line, today: TestSession.morning.date, picking: false) }
        // 'log N' is a pick either way.
        #expect(
            (try? Parser.parse("log " + line, today: TestSession.morning.date, picking: false)).map {
                if case .pick = $0 { true } else { false }
            } == true)
    }

    // MARK: - Each kind of list

    func withSession<T>(_ body: (Session) throws -> T) throws -> T {
        try TestSession.with { session, _ in try body(session) }
    }

    func logged(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) -> [Entry] {
        if case .logged(let report) = outcome { return report.entries }
        Issue.record("not logged: \(outcome)", sourceLocation: sourceLocation)
        return []
    }

    func failure(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) -> LineFailure.Problem? {
        if case .failed(let failure) = outcome { return failure.problems.first }
        Issue.record("did not fail: \(outcome)", sourceLocation: sourceLocation)
        return nil
    }

    /// What an entry holds besides its id, time and typed line: the food as weighed.
    func weighed(_ entry: Entry?) -> [String] {
        guard let entry else { return [] }
        return [
            entry.food, "\(entry.code ?? -1)", "\(entry.quantity)", entry.unit, entry.portion, "\(entry.grams ?? -1)",
            "\(entry.kcal)", "\(entry.nutrients[.protein] ?? -1)", "\(entry.nutrients[.carbs] ?? -1)",
            "\(entry.nutrients[.fat] ?? -1)",
            entry.meal.rawValue, entry.date,
        ]
    }

    @Test func aSearchRowLogsWhatItsNameWithThatAmountLogs() throws {
        try withSession { session in
            guard case .search(let search) = session.handle("search banana") else {
                Issue.record("no search")
                return
            }
            let number = try #require(search.rows.firstIndex { $0.name == "Banana, raw" }) + 1
            let picked = logged(session.handle("log \(number) 200 g lunch"))
            let typed = logged(session.handle("200 g banana for lunch"))
            #expect(picked.count == 1)
            #expect(picked.first?.code == search.rows[number - 1].code)
            #expect(weighed(picked.first) == weighed(typed.first))
            // Alone, right after the list: the food's own portion, at the hour's meal.
            _ = session.handle("search banana")
            let alone = logged(session.handle("\(number)"))
            let named = logged(session.handle("banana"))
            #expect(weighed(alone.first) == weighed(named.first))
            #expect(alone.first?.meal == .breakfast)
        }
    }

    @Test func aSearchPicksByCodeNotByThePrintedName() throws {
        try withSession { session in
            guard case .search(let search) = session.handle("search greek yogurt") else {
                Issue.record("no search")
                return
            }
            // Every row, even those whose name would find another food first.
            for (offset, row) in search.rows.enumerated() {
                let entry = logged(session.handle("log \(offset + 1) 100 g")).first
                #expect(entry?.code == row.code, "row \(offset + 1)")
                #expect(entry?.grams == 100)
            }
        }
    }

    @Test func aSuggestionLogsTheAmountLastLoggedOrTheOneTyped() throws {
        try withSession { session in
            _ = logged(session.handle("2 eggs"))
            _ = logged(session.handle("1 cup orange juice"))
            _ = logged(session.handle("burger 650 kcal"))
            guard case .suggestions(let report) = session.handle("suggest") else {
                Issue.record("no suggestions")
                return
            }
            let eggs = try #require(report.rows.firstIndex { $0.food.hasPrefix("Egg") }) + 1
            let again = logged(session.handle("\(eggs)")).first
            #expect(again?.portion == "2 eggs (2 × 50 g)")
            #expect(again?.kcal == report.rows[eggs - 1].kcal)
            let weighed = logged(session.handle("log \(eggs) 100 g")).first
            #expect(weighed?.grams == 100)
            #expect(weighed?.code == again?.code)
            // Calories as typed are logged as they were, and take no amount.
            let burger = try #require(report.rows.firstIndex { $0.food == "Burger" }) + 1
            #expect(logged(session.handle("log \(burger)")).first?.kcal == 650)
            let refused = failure(session.handle("log \(burger) 2"))
            #expect(refused?.message == "'Burger' was logged with its calories, so it takes no amount")
        }
    }

    @Test func theFoodsListNumbersFoodsAliasesAndRecipesThrough() throws {
        try withSession { session in
            #expect(session.handle("define protein bar = 210 kcal per bar").succeeded)
            #expect(session.handle("alias oj = orange juice").succeeded)
            #expect(session.handle("recipe my breakfast = 2 eggs, 1 slice toast").succeeded)
            guard case .foods = session.handle("foods") else {
                Issue.record("no foods")
                return
            }
            #expect(logged(session.handle("log 1 2")).map(\.kcal) == [420])
            let juice = logged(session.handle("log 2 1 cup")).first
            let typed = logged(session.handle("1 cup orange juice")).first
            #expect(weighed(juice) == weighed(typed))
            let recipe = logged(session.handle("log 3"))
            let named = logged(session.handle("my breakfast"))
            #expect(recipe.map(weighed) == named.map(weighed))
            #expect(!recipe.isEmpty)
        }
    }

    @Test func aChoiceOfFoodsLogsItsLineWithThatFood() throws {
        try withSession { session in
            let line = "2 tuna in water without salt and toast"
            guard case .failed(let failed) = session.handle(line) else {
                Issue.record("the words did not fit several foods")
                return
            }
            #expect(failed.problems.first?.hint?.contains("type its number") == true)
            let picked = logged(session.handle("2"))
            #expect(picked.count == 2)
            #expect(picked.first?.food == "Fish, tuna, white, canned in water, without salt, drained solids")
            #expect(picked.first?.quantity == 2)
            #expect(picked.last?.food.hasPrefix("Bread") == true)
            #expect(picked.first?.text == line)
            // Nothing was remembered: the words still fit both.
            #expect(!session.handle("tuna in water without salt").succeeded)
            // Once logged, the list is of the foods alone.
            _ = session.handle(line)
            _ = logged(session.handle("1"))
            let alone = logged(session.handle("log 1 100 g"))
            #expect(alone.map(\.food) == ["Fish, tuna, light, canned in water, without salt, drained solids"])
            #expect(alone.first?.grams == 100)
        }
    }

    @Test func aChoiceOfFoodsFromALineThatLogsNothingLogsTheFood() throws {
        try withSession { session in
            _ = logged(session.handle("banana"))
            #expect(!session.handle("edit 1 tuna in water without salt").succeeded)
            let picked = logged(session.handle("1"))
            #expect(picked.map(\.food) == ["Fish, tuna, light, canned in water, without salt, drained solids"])
        }
    }

    // MARK: - When a number is an item, and errors

    @Test func aNumberPastTheListsEndIsAnErrorAtTheNumber() throws {
        try withSession { session in
            guard case .search(let search) = session.handle("search greek yogurt") else {
                Issue.record("no search")
                return
            }
            let count = search.rows.count
            let problem = failure(session.handle("log \(count + 1) 200 g"))
            #expect(problem?.message == "there is no item \(count + 1); the last list had \(count)")
            #expect(problem?.column == 5)
            #expect(problem?.hint?.contains("pick 1 to \(count) from search 'greek yogurt'") == true)
            // Right after the list, a bare number past its end says the same.
            _ = session.handle("search greek yogurt")
            #expect(failure(session.handle("99"))?.message == "there is no item 99; the last list had \(count)")
            // An empty list is the last list: nothing to pick.
            _ = session.handle("foods")
            #expect(failure(session.handle("log 1"))?.message == "there is no item 1; the last list was empty")
        }
    }

    @Test func withoutAListThereIsNothingToPick() throws {
        try withSession { session in
            let problem = failure(session.handle("log 2 200 g"))
            #expect(problem?.message == "there is no list to pick from")
            #expect(problem?.hint?.contains("search NAME") == true)
            #expect(problem?.column == 5)
            // A number alone is what it always was.
            #expect(failure(session.handle("2"))?.message == "missing food after '2'")
            #expect(session.handle("log 2").succeeded == false)
        }
    }

    @Test func aBareNumberIsAnItemOnlyRightAfterTheList() throws {
        try withSession { session in
            _ = session.handle("search banana")
            #expect(session.handle("").succeeded)
            #expect(session.handle("# which one?").succeeded)
            #expect(logged(session.handle("1")).count == 1)
            // The pick was the last line: a number alone is no item now, 'log N' still is.
            #expect(failure(session.handle("1"))?.message == "missing food after '1'")
            #expect(logged(session.handle("log 1")).count == 1)
            // "2 eggs" right after a list is two eggs.
            _ = session.handle("search banana")
            let eggs = logged(session.handle("2 eggs"))
            #expect(eggs.first?.food.hasPrefix("Egg") == true && eggs.first?.quantity == 2)
        }
    }

    @Test func undoTakesAPickBack() throws {
        try withSession { session in
            _ = session.handle("search banana")
            let entry = try #require(logged(session.handle("1")).first)
            guard case .undone(let undone) = session.handle("undo") else {
                Issue.record("not undone")
                return
            }
            #expect(undone.removed.map(\.id) == [entry.id])
            #expect(undone.change.contains("(item 1 of search 'banana')"))
            #expect(try session.dayEntries(TestSession.morning.date).isEmpty)
        }
    }

    @Test func aPickGoesToTheMealAndDayTyped() throws {
        try withSession { session in
            _ = session.handle("search banana")
            let entry = logged(session.handle("log 1 dinner yesterday")).first
            #expect(entry?.meal == .dinner)
            #expect(entry?.date == TestSession.morning.date.adding(days: -1).description)
        }
    }
}
