import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession
@testable import SeededRandom

/// Per-line day commands in a script cost the same on a large day (issue 25, F19): `again`
/// repeats the day's last food from what the script keeps, and says what it would have said had
/// it read the day.
@Suite struct PerLineScriptTests {
    @Test func againInAScriptRepeatsTheLastFoodAcrossSavesDeletesAndWater() throws {
        try TestSession.with(Session.Options(batch: true)) { session, folder in
            #expect(session.handle("a banana").succeeded)
            for number in 1...250 {
                #expect(session.handle("again").succeeded)
                if number % 100 == 0 { try session.flush() }
            }
            #expect(session.handle("water 250 ml").succeeded)
            #expect(session.handle("an apple").succeeded)
            #expect(session.handle("again").succeeded)
            try session.flush()
            #expect(session.handle("an orange").succeeded)
            #expect(session.handle("delete 255").succeeded, "the orange")
            guard case .logged(let report) = session.handle("again") else {
                Issue.record("again did not log")
                return
            }
            #expect(report.entries.map(\.food) == ["Apple, raw"], "the apple before the one deleted")
            try session.flush()

            let day = try JournalStore(root: folder).entries(on: "2026-11-22")
            #expect(day.filter { $0.food == "Banana, raw" }.count == 251)
            #expect(day.filter { $0.food == "Apple, raw" }.count == 3)
            #expect(!day.contains { $0.food.hasPrefix("Orange") })
            #expect(day.count == 255)
        }
    }

    /// The days a script keeps (`WriteBehind.keepDay`) are what reading the day would give, after
    /// every line of a seeded mix of day commands, across saves.
    @Test(arguments: [1, 2, 3, 4]) func theDaysAScriptKeepsAreTheDaysAsRead(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let lines = [
            "a banana", "2 eggs breakfast", "an apple at 7am", "toast 10:30", "delete 1", "delete 2",
            "edit 1 2 bananas", "edit 2 300 kcal", "move 1 to dinner", "again", "undo", "redo",
            "water 250 ml", "copy yesterday", "day yesterday", "day today", "a pear 2026-11-21",
            "delete 1 yesterday", "burger 650 kcal lunch", "weight 81.2", "delete 3", "edit 3 a pear",
        ]
        try TestSession.with(Session.Options(batch: true)) { session, _ in
            for line in ["a banana", "an orange 2026-11-21", "a kiwi 2026-11-21"] { _ = session.handle(line) }
            for number in 1...400 {
                let line = lines[Int(random.next() % UInt64(lines.count))]
                _ = session.handle(line)
                if number % 37 == 0 { try session.flush() }
                for date in [TestSession.morning.date, TestSession.morning.date.adding(days: -1)] {
                    let kept = try session.dayEntries(date)
                    let read = try session.dayEntriesRead(date)
                    // Compared whole, but shown by id and food: a day of entries in full is pages.
                    func shown(_ day: [Entry]) -> String {
                        day.map { "\($0.id.suffix(3)) \($0.food.prefix(12))" }.joined(separator: ", ")
                    }
                    #expect(
                        kept == read,
                        "after line \(number), '\(line)', on \(date): kept [\(shown(kept))], read [\(shown(read))]")
                    if kept != read { return }
                }
            }
        }
    }

    /// 4,000 `delete 1` lines on a 4,000-entry day read the day once, not once a line: the kept
    /// day is used (the time is measured in Benchmarks; this counts the reads).
    @Test func deletesInAScriptReadTheDayOnce() throws {
        try TestSession.with(Session.Options(batch: true)) { session, folder in
            for _ in 1...300 { #expect(session.handle("a banana").succeeded) }
            try session.flush()
            let reads = session.store.monthReads
            for _ in 1...300 {
                guard case .undone(let report) = session.handle("delete 1") else {
                    Issue.record("delete did not delete")
                    return
                }
                #expect(report.day == nil, "a script is not shown the day after each delete")
            }
            #expect(session.store.monthReads - reads <= 1)
            try session.flush()
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").isEmpty)
        }
    }
}
