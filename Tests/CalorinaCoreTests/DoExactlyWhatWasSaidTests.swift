import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResults
@testable import CalorinaSession

/// Issue 12: editing commands do exactly what they say, or nothing.
@Suite(.tags(.fast)) struct DoExactlyWhatWasSaidTests {
    func withSession<T>(_ body: (Session, URL) throws -> T) throws -> T {
        try TestSession.with { try body($0, $1) }
    }

    func foods(in folder: URL, on date: String = "2026-11-22") throws -> [String] {
        DayReport.numbered(try JournalStore(root: folder).entries(on: date)).map(\.food)
    }

    @Test(arguments: [("delete 1 2", 2), ("delete 1-3", 3), ("delete 1,2", 2), ("delete 1, 2 and 3", 3)])
    func aListOrRangeDeletesThemAllAsOneChange(_ line: String, _ deleted: Int) throws {
        try withSession { session, folder throws in
            for kcal in [10, 20, 30, 40] { _ = session.handle("item i\(kcal) \(kcal) kcal breakfast") }
            guard case .undone(let report) = session.handle(line) else {
                Issue.record("'\(line)' did not delete")
                return
            }
            #expect(report.removed.count == deleted)
            #expect(try foods(in: folder).count == 4 - deleted)
            _ = session.handle("undo")
            #expect(try foods(in: folder).count == 4, "one undo takes the whole delete back")
        }
    }

    @Test func aListWithANumberThatIsNotThereDeletesNothing() throws {
        try withSession { session, folder throws in
            _ = session.handle("item a 10 kcal")
            _ = session.handle("item b 20 kcal")
            guard case .failed(let failure) = session.handle("delete 1 5") else {
                Issue.record("'delete 1 5' was not refused")
                return
            }
            #expect(failure.problems.first?.message == "there is no entry 5")
            #expect(try foods(in: folder).count == 2)
        }
    }

    @Test func aDayAfterTheNumbersIsTheDayActedOn() throws {
        try withSession { session, folder throws in
            _ = session.handle("item old 10 kcal yesterday")
            _ = session.handle("item new 20 kcal")
            guard case .undone = session.handle("delete 1 yesterday") else {
                Issue.record("'delete 1 yesterday' did not delete")
                return
            }
            #expect(try foods(in: folder, on: "2026-11-21").isEmpty)
            #expect(try foods(in: folder) == ["Item new"])
            _ = session.handle("2 eggs 2026-11-19")
            _ = session.handle("move 1 to dinner 2026-11-19")
            #expect(try JournalStore(root: folder).entries(on: "2026-11-19").first?.meal == .dinner)
            _ = session.handle("edit 1 3 2026-11-19")
            #expect(try JournalStore(root: folder).entries(on: "2026-11-19").first?.quantity == 3)
        }
    }
}
