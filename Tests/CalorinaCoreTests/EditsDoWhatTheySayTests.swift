import Foundation
import Testing

@testable import CalorinaCore

/// Issue 12, "Edits do exactly what they say, or nothing": entry numbers that stay put, `edit`
/// of any part of an entry, and every editing command on the day it names.
@Suite struct EditsDoWhatTheySayTests {
    func withSession<T>(_ body: (Session, URL) throws -> T) throws -> T {
        try TestSession.with { try body($0, $1) }
    }

    /// The day's entries as `today` numbers them.
    func day(_ session: Session, _ date: String = "2026-11-22") throws -> [Entry] {
        DayReport.numbered(try session.dayEntries(CivilDate(date)!))
    }

    @Test(arguments: ["edit 2 3", "move 2 to snack"])
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
            #expect(shown.contains("   1  Item b · 20 kcal"))
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
                    "   2  Item b · 20 kcal", "   1  Item a · 10 kcal", "   4  Item c · 30 kcal", "   3  250 ml at 08:30",
                ])
            _ = session.handle("delete 2")
            #expect(try day(session).map(\.food) == ["Item a", "Water", "Item c"])
        }
    }
}
