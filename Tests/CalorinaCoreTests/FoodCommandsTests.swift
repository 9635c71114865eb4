import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession

/// The food commands through a real Session and a real foods.json.
@Suite struct FoodCommandsTests {
    func withSession<T>(_ options: Session.Options = Session.Options(), _ body: (Session, URL) throws -> T) throws -> T
    {
        try TestSession.with(options) { try body($0, $1) }
    }

    func logged(_ outcome: Outcome) -> [Entry] {
        if case .logged(let report) = outcome { return report.entries }
        Issue.record("not logged: \(outcome)")
        return []
    }

    @Test func aDefinedFoodLogsByCountAndStaysAsLoggedWhenForgotten() throws {
        try withSession { session, folder throws in
            #expect(session.handle("define protein bar = 210 kcal per bar").succeeded)
            let bars = logged(session.handle("2 protein bars snack"))
            #expect(bars.map(\.kcal) == [420])
            #expect(bars.first?.food == "protein bar")
            // A second definition of the same name is refused, saying how to change it.
            guard case .failed(let refused) = session.handle("define protein bar = 200 kcal per bar") else {
                Issue.record("a duplicate name was accepted")
                return
            }
            #expect(refused.problems.first?.message == "'protein bar' is your food (210 kcal per bar) already")
            #expect(refused.problems.first?.hint?.contains("forget protein bar") == true)
            #expect(session.handle("forget protein bar").succeeded)
            let today = try JournalStore(root: folder).entries(on: "2026-11-22")
            #expect(today.map(\.kcal) == [420])
            #expect(session.handle("2 protein bars").succeeded)  // now the table's protein bar again
        }
    }

    @Test func perWeightFoodsNeedAWeight() throws {
        try withSession { session, _ throws in
            #expect(session.handle("define my granola = 450 kcal per 100 g").succeeded)
            #expect(logged(session.handle("50 g my granola")).map(\.kcal) == [225])
            #expect(logged(session.handle("2 oz my granola")).first?.kcal == 255.1)
            guard case .failed(let failure) = session.handle("my granola") else {
                Issue.record("a per-100 g food was logged without a weight")
                return
            }
            #expect(failure.problems.first?.hint == "e.g. '50 g my granola'")
        }
    }

    @Test func aRecipeLogsTheSumOfItsItemsScaled() throws {
        try withSession { session, _ throws in
            #expect(session.handle("recipe my breakfast = 2 eggs, 1 slice toast, coffee").succeeded)
            let one = logged(session.handle("my breakfast"))
            let two = logged(session.handle("2 my breakfast"))
            #expect(one.count == 1)
            #expect(one.first?.food == "my breakfast")
            // 2 eggs 176 + toast 73.3 + coffee 2.4 (USDA FNDDS 2021-2023).
            #expect(abs((one.first?.kcal ?? 0) - 251.7) < 1)
            #expect(abs((two.first?.kcal ?? 0) - 2 * (one.first?.kcal ?? 0)) < 0.2)
            guard case .failed = session.handle("recipe bad = 2 eggs, xyzzy") else {
                Issue.record("a recipe with an unknown food was accepted")
                return
            }
        }
    }

    @Test func anAliasStandsForItsTarget() throws {
        try withSession { session, _ throws in
            #expect(session.handle("alias morning juice = orange juice").succeeded)
            #expect(logged(session.handle("1 cup morning juice")).first?.food == "Orange juice, 100%, NFS")
            #expect(session.handle("rename morning juice = sunrise").succeeded)
            #expect(logged(session.handle("sunrise")).first?.food == "Orange juice, 100%, NFS")
            guard case .foods(let foods) = session.handle("foods") else {
                Issue.record("foods did not list")
                return
            }
            #expect(foods.aliases.map(\.name) == ["sunrise"])
        }
    }

    @Test func searchAndInfoDescribeTheTable() throws {
        try withSession { session, _ throws in
            guard case .search(let search) = session.handle("search pizza") else {
                Issue.record("search failed")
                return
            }
            #expect(search.rows.count >= 5)
            #expect(search.rows.allSatisfy { $0.name.lowercased().contains("pizza") })
            guard case .info(let info) = session.handle("info banana") else {
                Issue.record("info failed")
                return
            }
            #expect(info.name == "Banana, raw")
            #expect(info.kcalPer100g == 97)
            #expect(info.portions.contains { $0.description == "1 banana" && $0.grams == 126 && $0.kcal == 122.2 })
        }
    }

    @Test func closeFoodsAreAnErrorInScriptsAndAChoiceAtATerminal() throws {
        try withSession { session, _ throws in
            guard case .failed(let failure) = session.handle("tuna in water without salt") else {
                Issue.record("an ambiguous line was logged in a script")
                return
            }
            #expect(failure.problems.first?.message == "'tuna in water without salt' could be several foods")
            #expect(
                failure.problems.first?.hint?.contains(
                    "2. Fish, tuna, white, canned in water, without salt, drained solids") == true)
        }
        try withSession(Session.Options(interactive: true)) { session, _ throws in
            guard case .question(let question) = session.handle("tuna in water without salt"),
                case .food(let report) = question.kind
            else {
                Issue.record("no choices offered at a terminal")
                return
            }
            #expect(report.choices.count == 2)
            #expect(
                logged(session.answer(question, "2")).first?.food
                    == "Fish, tuna, white, canned in water, without salt, drained solids"
            )
            // The pick is remembered: the words no longer ask.
            #expect(
                logged(session.handle("tuna in water without salt")).first?.food
                    == "Fish, tuna, white, canned in water, without salt, drained solids"
            )
        }
    }
}
