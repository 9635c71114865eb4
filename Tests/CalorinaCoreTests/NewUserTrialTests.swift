import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaRendering
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 30's smaller items: the details a new user trips on, each as that user typed it.
@Suite struct NewUserTrialTests {
    let renderer = Renderer(color: false)

    func printed(_ session: Session, _ line: String) -> String {
        renderer.text(session.handle(line)).stdout
    }

    @Test(arguments: [
        ("cherry", "cherries"), ("berry", "berries"), ("patty", "patties"), ("day", "days"), ("dish", "dishes"),
        ("box", "boxes"), ("glass", "glasses"), ("peach", "peaches"), ("egg", "eggs"), ("fries", "fries"),
        ("tomato", "tomatoes"), ("slice of pizza", "slices of pizza"), ("medium banana", "medium bananas"),
    ])
    func aPortionsPluralIsEnglish(_ word: String, _ plural: String) {
        #expect(Unit.plural(of: word) == plural)
    }

    @Test func sixCherriesAreCherries() throws {
        try TestSession.with { session, _ in
            let text = printed(session, "6 cherries")
            #expect(text.contains("6 cherries"), "\(text)")
            #expect(!text.contains("cherrys"), "\(text)")
        }
    }

    @Test func deletingAWeighingNamesTheWeighingNotZeroKcal() throws {
        try TestSession.with { session, _ in
            _ = session.handle("weight 80")
            let text = printed(session, "delete 1")
            #expect(text.contains("weight 80 kg (deleted)"), "\(text)")
            #expect(!text.contains("Weight · 0 kcal"), "\(text)")
        }
    }

    @Test func aRateSaidInPoundsIsPounds() throws {
        func rate(_ line: String) throws -> Double? {
            try TestSession.with { session, _ in
                _ = session.handle(line)
                guard case .lose(let kg) = try session.loadProfile().strategy else { return nil }
                return kg
            }
        }
        let half = try #require(try rate("goal lose 0.5 kg a week"))
        let pound = try #require(try rate("goal lose 1 lb a week"))
        #expect(abs(half - 0.5) < 0.0001)
        #expect(abs(pound - Unit.kilogramsPerPound) < 0.0001)
        #expect(try rate("goal lose 1 kg a week") == 1)
        // 5 lb a week is 2.3 kg: more than the 2 kg a week allowed, said plainly.
        try TestSession.with { session, _ in
            guard case .failed = session.handle("goal lose 5 lb a week") else {
                Issue.record("goal lose 5 lb a week was taken")
                return
            }
        }
    }

    @Test func theGoalSaysTheUnitItWasGivenIn() throws {
        try TestSession.with { session, _ in
            let text = printed(session, "goal lose 1 lb a week")
            #expect(text.contains("goal: lose 1 lb a week"), "\(text)")
        }
    }

    @Test(arguments: ["set water goal 2 l", "set water-goal 2 l", "set water goal 2000 ml"])
    func aWaterGoalMaySpellItsNameInTwoWords(_ line: String) throws {
        try TestSession.with { session, _ throws in
            let outcome = session.handle(line)
            if case .failed = outcome { Issue.record("'\(line)' was refused: \(renderer.text(outcome))") }
            #expect(session.waterGoal(on: TestSession.morning.date, try session.loadProfile()) == 2000)
        }
    }

    @Test(arguments: [("\\q", Command.quit), ("\\?", Command.help(topic: nil)), ("\\h", Command.help(topic: nil))])
    func psqlsBackslashCommandsWork(_ line: String, _ expected: Command) throws {
        #expect(try Parser.parse(line) == expected)
    }

    @Test func aSemicolonAtTheEndOnlyEndsTheLine() throws {
        #expect(try Parser.parse("today;") == .show(.today))
        try TestSession.with { session, _ in
            guard case .day = session.handle("today;") else {
                Issue.record("'today;' did not show the day")
                return
            }
        }
    }

    @Test func theProfilesWeightFollowsTheWeightLog() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("weight 80 yesterday")
            _ = session.handle("weight 82")
            #expect(try session.loadProfile().weightKg == 82)
            _ = session.handle("delete 1")
            #expect(try session.loadProfile().weightKg == 80, "the weighing before is the latest again")
            _ = session.handle("undo")
            #expect(try session.loadProfile().weightKg == 82, "undoing the delete brings the weighing back")
            _ = session.handle("delete 1")
            _ = session.handle("delete 1 yesterday")
            #expect(try session.loadProfile().weightKg == nil, "no weighing left: no weight from one")
        }
    }

    @Test func aWeightSetByHandStaysWhenNoWeighingIsLeft() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set weight 75")
            // A weighing long ago is no longer the profile's weight, and taking it away leaves
            // the weight set by hand.
            _ = session.handle("weight 80 2026-01-05")
            #expect(try session.loadProfile().weightKg == 75)
            _ = session.handle("delete 1 2026-01-05")
            #expect(try session.loadProfile().weightKg == 75)
        }
    }

    @Test func anAliasForTheFoodItsNameMeantSaysNoMore() throws {
        try TestSession.with { session, _ in
            let text = printed(session, "alias oj = orange juice")
            #expect(text.contains("'oj' now means 'orange juice'"), "\(text)")
            #expect(!text.contains("no longer"), "\(text)")
        }
    }

    @Test func thePaceSaidChoosesTheSpeed() throws {
        try TestSession.with { session, _ in
            let text = printed(session, "ran 5 km in 25 min")
            #expect(text.contains("Running, 7.5 mph"), "\(text)")
            let plain = printed(session, "ran 30 min")
            #expect(plain.contains("Running, 6 mph"), "\(plain)")
        }
    }

    @Test func aMealIsCopiedIntoAnotherMeal() throws {
        try TestSession.with { session, folder throws in
            _ = session.handle("2 eggs breakfast yesterday")
            _ = session.handle("copy yesterday breakfast to lunch")
            let today = try JournalStore(root: folder).entries(on: "2026-11-22")
            #expect(today.map(\.meal) == [.lunch])
            _ = session.handle("1 banana breakfast")
            _ = session.handle("copy today breakfast to dinner")
            #expect(
                try JournalStore(root: folder).entries(on: "2026-11-22").map(\.meal) == [.lunch, .breakfast, .dinner])
            guard case .failed = session.handle("copy today breakfast") else {
                Issue.record("a meal copied onto itself")
                return
            }
        }
    }

    @Test func thePromptOfAPastDayCountsThatDaysGoal() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("goal 1800")
            #expect(try session.currentDayTotals().goal == 1800)
            _ = session.handle("day yesterday")
            #expect(try session.currentDayTotals().goal == 2000, "yesterday keeps the goal it had")
        }
    }

    @Test func aPickFromSuggestDinnerGoesToDinner() throws {
        try TestSession.with { session, folder throws in
            _ = session.handle("2 eggs dinner yesterday")
            guard case .suggestions(let report) = session.handle("suggest dinner") else {
                Issue.record("suggest dinner showed no suggestions")
                return
            }
            #expect(report.rows.map(\.food).count == 1)
            _ = session.handle("1")
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").map(\.meal) == [.dinner])
        }
    }

    @Test func suggestionsPutWhatFitsFirstAndForgetForgottenFoods() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("define zyxbar = 210 kcal per bar")
            _ = session.handle("1 zyxbar dinner yesterday")
            _ = session.handle("feast 1900 kcal dinner yesterday")
            _ = session.handle("feast 1900 kcal dinner 2026-11-20")
            _ = session.handle("soup 300 kcal dinner 2026-11-19")
            _ = session.handle("pasta 1700 kcal lunch")
            guard case .suggestions(let report) = session.handle("suggest dinner") else {
                Issue.record("suggest dinner showed no suggestions")
                return
            }
            // 300 kcal left: the feast, most often, no longer comes first.
            #expect(report.rows.first?.food == "zyxbar", "\(report.rows.map(\.food))")
            _ = session.handle("forget zyxbar")
            guard case .suggestions(let after) = session.handle("suggest dinner") else {
                Issue.record("suggest dinner showed no suggestions")
                return
            }
            #expect(!after.rows.map(\.food).contains("zyxbar"), "\(after.rows.map(\.food))")
        }
    }

    @Test func theSumsShownAddUp() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("burger 825.4 kcal")
            _ = session.handle("burned 923.4 kcal rowing")
            let text = printed(session, "today")
            // 825.4 − 923.4 = −98 exactly; shown whole, 825 − 923 must read −98 and 2,098 left.
            #expect(text.contains("eaten 825 − burned 923 = −98 of 2,000 kcal · 2,098 kcal left"), "\(text)")
        }
    }

    @Test func stepsSayTheyComeOnTopOfAnActivityLevel() throws {
        try TestSession.with { session, _ in
            let plain = printed(session, "10000 steps")
            #expect(!plain.contains("on top of your activity level"), "\(plain)")
            _ = session.handle("set activity moderate")
            let text = printed(session, "10000 steps")
            #expect(text.contains("on top of your activity level (moderate)"), "\(text)")
        }
    }

    @Test func aCronometerFileWithUnpaddedDatesImportsAndShowsItsAmounts() throws {
        try TestSession.with { session, folder throws in
            let file = folder.deletingLastPathComponent().appendingPathComponent("servings-\(UUID().uuidString).csv")
            defer { try? FileManager.default.removeItem(at: file) }
            try """
            Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g)
            2026-9-26,8:30 AM,Breakfast,"Oats, Rolled, Dry",58.00 g,226,7.7,39.7,3.8
            2026-9-6,12:30 PM,Lunch,Steak,6.00 Ounces,420,40,0,28
            """.write(to: file, atomically: true, encoding: .utf8)
            let outcome = session.handle("import \(file.path)")
            if case .failed = outcome { Issue.record("refused: \(renderer.text(outcome))") }
            let oats = try JournalStore(root: folder).entries(on: "2026-09-26")
            #expect(oats.map(\.portion) == ["58 g"])
            let steak = try JournalStore(root: folder).entries(on: "2026-09-06")
            #expect(steak.map(\.portion) == ["6 Ounces"])
            let day = printed(session, "2026-09-26")
            #expect(day.contains("Oats, Rolled, Dry · 58 g  226 kcal"), "\(day)")
        }
    }

    @Test(arguments: [("weight 12 st 10", 80.74), ("weight 13 stone 2", 83.461), ("weight 13 stones 2 lb", 83.461)])
    func aWeightInStonesIsStonesAndPounds(_ line: String, _ kg: Double) throws {
        try TestSession.with { session, _ throws in
            _ = session.handle(line)
            let weight = try #require(try session.loadProfile().weightKg)
            #expect(abs(weight - kg) < 0.01, "\(weight)")
        }
    }
}
