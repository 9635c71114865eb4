import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport
@testable import CalorinaUndo

/// Issue 12, "Edits do exactly what they say, or nothing": entry numbers that stay put, `edit`
/// of any part of an entry, and every editing command on the day it names.
@Suite struct EditsDoWhatTheySayTests {
    func withSession<T>(_ body: (Session, URL) throws -> T) throws -> T {
        try TestSession.with { try body($0, $1) }
    }

    /// The day's entries as `today` numbers them.
    func day(_ session: Session, _ date: String = "2026-11-22") throws -> [Entry] {
        DayReport.numbered(try session.dayEntries(try #require(CivilDate(date))))
    }

    @Test(arguments: ["edit 2 3", "edit 2 300 kcal", "edit 2 lunch", "edit 2 a banana", "move 2 to snack"])
    func anEditedEntryKeepsItsNumber(_ edit: String) throws {
        try withSession { session, _ throws in
            for kcal in [10, 20, 30, 40] { _ = session.handle("item i\(kcal) \(kcal) kcal breakfast") }
            let before = try day(session).map(\.id)
            guard case .day(let shown) = session.handle(edit) else {
                Issue.record("'\(edit)' did not show the day")
                return
            }
            #expect(shown.entries.map(\.id) == before, "'\(edit)' renumbered the day")
            #expect(try day(session).map(\.id) == before)
            // The entry that was #3 is still #3.
            _ = session.handle("move 3 dinner")
            let after = try day(session)
            #expect(after.map(\.id) == before)
            #expect(after[2].food == "Item i30")
            #expect(after[2].meal == .dinner)
            #expect(after.filter { $0.meal == .dinner }.count == 1)
        }
    }

    @Test func anEditInAScriptKeepsItsNumberBeforeAndAfterTheSave() throws {
        try TestSession.with(Session.Options(batch: true)) { session, _ throws in
            for kcal in [10, 20, 30, 40] { _ = session.handle("item i\(kcal) \(kcal) kcal breakfast") }
            try session.flush()
            let before = try day(session).map(\.id)
            _ = session.handle("edit 2 3")
            #expect(try day(session).map(\.id) == before, "before the save")
            try session.flush()
            #expect(try day(session).map(\.id) == before, "after the save")
        }
    }

    @Test func everyChangeShowsTheNumbers() throws {
        try withSession { session, _ throws in
            _ = session.handle("item a 10 kcal lunch")
            guard case .logged(let logged) = session.handle("item b 20 kcal and item c 30 kcal breakfast") else {
                Issue.record("not logged")
                return
            }
            // Numbered in the order logged, whatever the meal: b and c come after a.
            #expect(logged.numbers == [2, 3])
            let text = Renderer().text(.logged(logged)).stdout
            #expect(text.contains("+ #2 Item b · 20 kcal → breakfast"))
            guard case .undone(let deleted) = session.handle("delete 1") else {
                Issue.record("not deleted")
                return
            }
            // After a delete, the day is shown with its numbers as they are now.
            #expect(deleted.day?.entries.map(\.food) == ["Item b", "Item c"])
            let shown = Renderer().text(.undone(deleted)).stdout
            #expect(shown.contains("   1  Item b  20 kcal"))
            guard case .undone(let undone) = session.handle("undo") else {
                Issue.record("not undone")
                return
            }
            #expect(undone.restoredNumbers == [1])
            #expect(Renderer().text(.undone(undone)).stdout.contains("+ #1 Item a · 10 kcal"))
        }
    }

    @Test func theDayViewLabelsEachEntryWithItsNumber() throws {
        try withSession { session, _ throws in
            _ = session.handle("item a 10 kcal lunch")
            _ = session.handle("item b 20 kcal breakfast")
            _ = session.handle("water 250 ml")
            _ = session.handle("item c 30 kcal lunch")
            guard case .day(let report) = session.handle("today") else {
                Issue.record("no day")
                return
            }
            let lines = Renderer().text(.day(report)).stdout.split(separator: "\n").map(String.init)
            #expect(
                lines.filter { $0.hasPrefix("   ") } == [
                    "   2  Item b  20 kcal", "   1  Item a  10 kcal", "   4  Item c  30 kcal",
                    "   3  250 ml at 08:30",
                ])
            _ = session.handle("delete 2")
            #expect(try day(session).map(\.food) == ["Item a", "Water", "Item c"])
        }
    }

    /// One case of `edit`: the line, and what entry 2 (a banana at breakfast) is after it.
    struct EditCase: Sendable, CustomTestStringConvertible {
        var line: String
        var food: String
        var kcal: Double
        var meal: Meal = .breakfast
        var quantity: Double? = nil
        var grams: Double? = nil
        var testDescription: String { line }
    }

    @Test(arguments: [
        EditCase(line: "edit 2 700 kcal", food: "Banana, raw", kcal: 700),
        EditCase(line: "edit 2 2 apples", food: "Apple, raw", kcal: 244, quantity: 2),
        EditCase(line: "edit 2 lunch", food: "Banana, raw", kcal: 122, meal: .lunch),
        EditCase(line: "edit 2 to dinner", food: "Banana, raw", kcal: 122, meal: .dinner),
        EditCase(line: "edit 2 150 g", food: "Banana, raw", kcal: 146, grams: 150),
        EditCase(line: "edit 2 2", food: "Banana, raw", kcal: 244, quantity: 2),
        EditCase(line: "edit 2 to 2 bananas", food: "Banana, raw", kcal: 244, quantity: 2),
        EditCase(line: "edit 2 burger 650 kcal", food: "Burger", kcal: 650),
    ])
    func editChangesTheAmountTheFoodTheCaloriesOrTheMeal(_ test: EditCase) throws {
        try withSession { session, _ throws in
            _ = session.handle("item a 10 kcal breakfast")
            _ = session.handle("a banana breakfast")
            _ = session.handle("item c 30 kcal breakfast")
            let before = try day(session)
            guard case .day = session.handle(test.line) else {
                Issue.record("'\(test.line)' did not change the entry: \(session.handle("today"))")
                return
            }
            let after = try day(session)
            #expect(after.map(\.id) == before.map(\.id), "the numbers stay put")
            #expect(after[1].food == test.food)
            #expect(after[1].kcal.rounded() == test.kcal)
            #expect(after[1].meal == test.meal)
            if let quantity = test.quantity { #expect(after[1].quantity == quantity) }
            if let grams = test.grams { #expect(after[1].grams == grams) }
            #expect(after[0] == before[0] && after[2] == before[2], "only entry 2 changed")
            _ = session.handle("undo")
            #expect(try day(session) == before, "one undo takes the edit back")
        }
    }

    @Test(arguments: [
        ("edit 1 150 g", "'Item a' has no weight, so it cannot be measured in g"),
        ("edit 9 2", "there is no entry 9"),
        ("edit 1 2 xyzzyq", "unknown food 'xyzzyq'"),
        ("edit 1", "missing what to change"),
        ("edit 1 yesterday", "missing what to change"),
    ])
    func anEditThatCannotBeDoneChangesNothing(_ line: String, _ message: String) throws {
        try withSession { session, _ throws in
            _ = session.handle("item a 10 kcal breakfast")
            let before = try day(session)
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' was not refused")
                return
            }
            #expect(failure.problems.first?.message.hasPrefix(message) == true, "\(failure.problems)")
            #expect(try day(session) == before)
        }
    }

    // MARK: - Every editing command takes a day

    @Test(arguments: [
        // (the line, the day it must add to, the foods that day has after it)
        ("again yesterday", "2026-11-21", ["Item y", "Item t"]),
        ("again 2026-11-19", "2026-11-19", ["Item t"]),
        ("again breakfast 2026-11-22", "2026-11-22", ["Item t", "Item y"]),
        ("again breakfast 2026-11-23", "2026-11-23", ["Item t"]),
        ("copy yesterday to 2026-11-23", "2026-11-23", ["Item y"]),
        ("copy yesterday breakfast 2026-11-19", "2026-11-19", ["Item y"]),
        ("copy today to yesterday", "2026-11-21", ["Item y", "Item t"]),
    ])
    func copyAndAgainActOnTheDayNamed(_ line: String, _ date: String, _ foods: [String]) throws {
        try withSession { session, _ throws in
            _ = session.handle("item y 10 kcal breakfast yesterday")
            _ = session.handle("item t 20 kcal breakfast")
            let untouched = ["2026-11-19", "2026-11-21", "2026-11-22", "2026-11-23"].filter { $0 != date }
            let before = try untouched.map { try day(session, $0) }
            guard case .logged(let report) = session.handle(line) else {
                Issue.record("'\(line)' logged nothing: \(session.handle(line))")
                return
            }
            #expect(report.entries.allSatisfy { $0.date == date })
            #expect(try day(session, date).map(\.food) == foods)
            #expect(try untouched.map { try day(session, $0) } == before, "'\(line)' changed another day")
        }
    }

    @Test(arguments: ["copy today to today", "copy yesterday yesterday", "copy 2026-11-22 breakfast to today"])
    func aCopyOntoItsOwnDayIsRefused(_ line: String) throws {
        try withSession { session, _ throws in
            _ = session.handle("item y 10 kcal breakfast yesterday")
            _ = session.handle("item t 20 kcal breakfast")
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' was not refused")
                return
            }
            #expect(failure.problems.first?.message.contains("onto itself") == true)
            #expect(try day(session).count == 1)
            #expect(try day(session, "2026-11-21").count == 1)
        }
    }

    // MARK: - Remembered picks

    /// Logs "tuna in water without salt" at a terminal, picking the second food offered; its code.
    func logPickingTheSecond(_ session: Session) throws -> Int {
        guard case .question(let question) = session.handle("tuna in water without salt"),
            case .food(let report) = question.kind
        else {
            Issue.record("no choice offered")
            return 0
        }
        let code = report.choices[1].code
        guard case .logged = session.answer(question, "2") else {
            Issue.record("not logged after the pick")
            return code
        }
        return code
    }

    func choices(_ session: Session) -> [ChoicesReport.Row] {
        guard case .choices(let report) = session.handle("choices") else { return [] }
        return report.rows
    }

    @Test func picksAreListedForgottenAndUndoneLikeAnyChange() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            #expect(choices(session).isEmpty)
            #expect(Renderer().text(session.handle("choices")).stdout.hasPrefix("no picks remembered"))
            let code = try logPickingTheSecond(session)
            #expect(choices(session).map(\.words) == ["tuna water without salt"])
            #expect(choices(session).map(\.code) == [code])
            #expect(
                Renderer().text(session.handle("choices")).stdout.contains(
                    "tuna water without salt → Fish, tuna, white, canned in water, without salt, drained solids"))

            // One undo takes back the entry and the pick that chose its food (issue 30).
            guard case .undone(let first) = session.handle("undo") else { Issue.record("no undo"); return }
            #expect(first.change == "logged tuna in water without salt")
            #expect(choices(session).isEmpty)
            guard case .question = session.handle("tuna in water without salt") else {
                Issue.record("the choice is not offered again after undo")
                return
            }
            _ = session.handle("redo")
            #expect(choices(session).map(\.code) == [code])

            guard case .foodsChanged = session.handle("forget choice Tuna in water without salt") else {
                Issue.record("'forget choice' did not forget")
                return
            }
            #expect(choices(session).isEmpty)
            _ = session.handle("undo")
            #expect(choices(session).map(\.code) == [code], "undo puts a forgotten pick back")
        }
    }

    @Test(arguments: [
        ("forget choice xyzzy", "no pick is remembered for 'xyzzy'"),
        ("forget choice", "missing name after 'forget choice'"),
    ])
    func forgettingAPickThatIsNotThereChangesNothing(_ line: String, _ message: String) throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            _ = try logPickingTheSecond(session)
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' was not refused")
                return
            }
            #expect(failure.problems.first?.message == message)
            #expect(choices(session).count == 1)
        }
    }

    @Test func foodsOfOnesOwnAreUndoneToo() throws {
        try withSession { session, folder throws in
            _ = session.handle("define protein bar = 210 kcal per bar")
            _ = session.handle("rename protein bar = bar of protein")
            _ = session.handle("undo")
            #expect(
                try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.map(\.name) == [
                    "protein bar"
                ])
            _ = session.handle("forget protein bar")
            #expect(try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.isEmpty)
            _ = session.handle("undo")
            #expect(
                try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.map(\.name) == [
                    "protein bar"
                ])
            _ = session.handle("undo")
            #expect(
                try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.isEmpty,
                "the define is undone last")
        }
    }

    // MARK: - A script is one change

    /// A pid no process has: a script that has ended.
    static let endedScript = "pid:2147480000"

    @Test func aScriptIsOneChangeThatUndoTakesBackWholeOnceItHasEnded() throws {
        try TestSession.with { _, folder throws in
            func session(_ options: Session.Options) throws -> Session {
                try TestSession.session(on: folder, options)
            }
            let before = try session(Session.Options(persistentUndo: true, undoOwner: "pid:1", undoTerminal: "t1"))
            _ = before.handle("item a 10 kcal breakfast")
            _ = before.handle("item b 20 kcal breakfast")
            let original = try day(before)

            let script = try session(Session.Options(batch: true, undoOwner: Self.endedScript, undoTerminal: "t1"))
            for line in [
                "item c 30 kcal", "delete 3", "edit 1 5", "edit 1 6", "delete 2", "define x = 5 kcal per bar",
                "set age 40", "item d 40 kcal 2026-11-20",
            ] {
                #expect(script.handle(line).succeeded, "\(line)")
            }
            try script.flush()
            #expect(script.keepScriptAsOneChange(lines: 8) == nil)
            let after = try day(script)
            #expect(after.map(\.food) == ["Item a"])
            #expect(after.first?.kcal == 60)

            // A later Calorina at the same terminal takes the whole script back with plain undo.
            let later = try session(Session.Options(persistentUndo: true, undoOwner: "pid:3", undoTerminal: "t1"))
            guard case .undone(let report) = later.handle("undo") else {
                Issue.record("the script was not undone")
                return
            }
            #expect(report.change.hasPrefix("a script of 8 lines: 8 changes"))
            #expect(try day(later) == original, "the day is as it was, in its order")
            #expect(try day(later, "2026-11-20").isEmpty)
            #expect(try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.isEmpty)
            #expect(try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load().age == nil)
            _ = later.handle("redo")
            #expect(try day(later).map(\.kcal) == [60])
            #expect(try day(later, "2026-11-20").map(\.food) == ["Item d"])
            #expect(
                try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.map(\.name) == ["x"])
            #expect(try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load().age == 40)
        }
    }

    @Test func aScriptThatChangedNothingLeavesNoChange() throws {
        try TestSession.with(Session.Options(batch: true, undoOwner: Self.endedScript, undoTerminal: "t1")) {
            script, folder throws in
            _ = script.handle("today")
            _ = script.handle("item a 10 kcal")
            _ = script.handle("undo")
            try script.flush()
            #expect(script.keepScriptAsOneChange(lines: 3) == nil)
            #expect(
                try DocumentStore<UndoHistory>(root: folder.appendingPathComponent("devices/local")).load().undo.isEmpty
            )
        }
    }

    /// Past `ScriptChange.fullLimit` entries of its own, a script's record finds them by their
    /// ids instead of listing them: undo still takes it all back, and undo.json stays small.
    @Test func aLargeScriptIsUndoneWholeFromASmallRecord() throws {
        try TestSession.with { _, folder throws in
            func session(_ options: Session.Options) throws -> Session {
                try TestSession.session(on: folder, options)
            }
            let before = try session(Session.Options(persistentUndo: true, undoOwner: "pid:1", undoTerminal: "t1"))
            _ = before.handle("item a 10 kcal breakfast 2026-10-05")
            _ = before.handle("item b 20 kcal breakfast 2026-10-05")
            _ = before.handle("item c 30 kcal breakfast")
            let october = try day(before, "2026-10-05")
            let today = try day(before)

            let script = try session(Session.Options(batch: true, undoOwner: Self.endedScript, undoTerminal: "t1"))
            let count = ScriptChange.fullLimit + 200
            for index in 0..<count {
                let day = CivilDate("2026-09-01")!.adding(days: index % 90)
                #expect(script.handle("item s\(index) \(index % 50 + 1) kcal \(day)").succeeded)
                if index == 10 { #expect(script.handle("delete 1 2026-10-05").succeeded) }
                if index % 200 == 0 { try script.flush() }
            }
            _ = script.handle("edit 1 3")
            _ = script.handle("set age 41")
            try script.flush()
            #expect(script.keepScriptAsOneChange(lines: count + 3) == nil)
            let undoFile = folder.appendingPathComponent("devices/local/undo.json")
            let size = try FileManager.default.attributesOfItem(atPath: undoFile.path)[.size] as? Int ?? .max
            #expect(size < 30_000, "undo.json holds \(size) bytes")

            let later = try session(Session.Options(persistentUndo: true, undoOwner: "pid:3", undoTerminal: "t1"))
            guard case .undone(let report) = later.handle("undo") else {
                Issue.record("the script was not undone")
                return
            }
            // The script's own are counted, the first few kept to show (issue 25: never all held).
            let own = report.removed.filter { $0.food.hasPrefix("Item s") }.count + report.moreRemoved
            #expect(own == count)
            #expect(try day(later, "2026-10-05") == october)
            #expect(try day(later) == today)
            for month in ["2026-09", "2026-10", "2026-11"] {
                #expect(try later.store.entries(inMonth: month).allSatisfy { !$0.food.hasPrefix("Item s") })
            }
            #expect(try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load().age == nil)
            guard case .failed = later.handle("redo") else {
                Issue.record("a large script was redone")
                return
            }
            #expect(Renderer().text(.undone(report)).stdout.contains("more"))
        }
    }

    @Test func aScriptStillUndoesItsOwnLastChangesOneByOne() throws {
        try TestSession.with(Session.Options(batch: true, undoOwner: Self.endedScript, undoTerminal: "t1")) {
            script, folder throws in
            for index in 0..<150 { _ = script.handle("item s\(index) 1 kcal") }
            for _ in 0..<3 { _ = script.handle("undo") }
            try script.flush()
            #expect(try day(script).count == 147)
            #expect(script.keepScriptAsOneChange(lines: 153) == nil)
            let history = try DocumentStore<UndoHistory>(root: folder.appendingPathComponent("devices/local")).load()
            #expect(history.undo.count == 1)
            #expect(history.undo.first?.redo.add.count == 147)
        }
    }

    // MARK: - The over-goal question

    @Test(arguments: [
        ("big mac lunch", "Big Mac (McDonalds) (535 kcal) makes today 2,135 of 2,000 kcal, 135 over — log it? [Y/n] "),
        (
            "2 big macs and a banana yesterday",
            "Big Mac (McDonalds), Banana, raw (1,192 kcal) makes Sat 21 Nov 2,792 of 2,000 kcal, 792 over — log it? [Y/n] "
        ),
    ])
    func theOverGoalQuestionNamesTheFoodItsKcalAndTheTotal(_ line: String, _ question: String) throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            // A day is judged against its own goal: yesterday's over-goal is yesterday's food.
            _ = session.handle(line.contains("yesterday") ? "burger 1600 kcal yesterday" : "burger 1600 kcal")
            guard case .question(let asking) = session.handle(line), case .overGoal(let asked) = asking.kind else {
                Issue.record("'\(line)' did not ask")
                return
            }
            #expect(Renderer().confirmQuestion(asked) == question)
            #expect(Renderer().json(.question(asking))?.contains("\"total\":") == true)
            guard case .logged = session.answer(asking, "") else {
                Issue.record("'\(line)' was not logged once confirmed")
                return
            }
        }
    }
}
