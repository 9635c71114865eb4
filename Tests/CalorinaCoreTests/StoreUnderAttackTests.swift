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

/// Issue 16, the session's part: lines that used to grow a month without end, cost quadratic
/// time, or drop the day they named. Each case failed before its fix.
@Suite struct StoreUnderAttackTests {
    func withSession<T>(_ options: Session.Options = Session.Options(), _ body: (Session, URL) throws -> T) throws -> T
    {
        try TestSession.with(options) { try body($0, $1) }
    }

    func entries(in folder: URL, on date: String = "2026-11-22") throws -> [Entry] {
        try JournalStore(root: folder).entries(on: date)
    }

    // MARK: - 16.2 copy onto itself

    /// Twelve copies of today's breakfast onto today used to leave 4,096 entries.
    @Test func copyingADayOrMealOntoItselfIsRefused() throws {
        try withSession { session, folder throws in
            _ = session.handle("item z 10 kcal breakfast")
            for line in Array(repeating: "copy today breakfast", count: 12) + ["copy today", "copy 2026-11-22"] {
                guard case .failed(let failure) = session.handle(line) else {
                    Issue.record("'\(line)' was not refused")
                    continue
                }
                #expect(failure.problems.first?.message.contains("onto itself") == true, "\(failure)")
            }
            #expect(try entries(in: folder).count == 1)
            // After `day yesterday`, today is another day: copying it there is fine.
            _ = session.handle("day yesterday")
            guard case .logged(let report) = session.handle("copy today breakfast") else {
                Issue.record("copy into another day was refused")
                return
            }
            #expect(report.entries.count == 1 && report.entries[0].date == "2026-11-21")
        }
    }

    /// No line adds more than `Session.maxEntriesPerLine` entries unless it says `force`.
    @Test func aCopyOfMoreThanFiveHundredEntriesNeedsForce() throws {
        try withSession(Session.Options(batch: true)) { session, folder throws in
            for _ in 0..<(Session.maxEntriesPerLine + 1) { _ = session.handle("item z 1 kcal breakfast yesterday") }
            guard case .failed(let failure) = session.handle("copy yesterday breakfast") else {
                Issue.record("a copy of 501 entries went through without 'force'")
                return
            }
            #expect(failure.problems.first?.hint?.contains("copy yesterday breakfast force") == true, "\(failure)")
            guard case .failed = session.handle("again breakfast") else {
                Issue.record("'again breakfast' copied 501 entries without 'force'")
                return
            }
            guard case .logged(let report) = session.handle("copy yesterday breakfast force") else {
                Issue.record("'force' did not let the copy through")
                return
            }
            #expect(report.entries.count == Session.maxEntriesPerLine + 1)
            try session.flush()
            #expect(try entries(in: folder).count == Session.maxEntriesPerLine + 1)
        }
    }

    // MARK: - 16.3 undo in proportion to what it touches

    /// `copy yesterday breakfast` then `undo` took 34 s for 8,000 entries (every entry taken back
    /// copied the whole day), against about a second for the copy. Measured against the copy in
    /// the same run, so a busy machine slows both alike; the time limit only stops a hang.
    @Test(.timeLimit(.minutes(10))) func undoingABigCopyFinishes() throws {
        try withSession(Session.Options(batch: true)) { session, folder throws in
            for _ in 0..<8_000 { _ = session.handle("item z 1 kcal breakfast yesterday") }
            let clock = ContinuousClock()
            var copied = false
            let copying = clock.measure {
                if case .logged = session.handle("copy yesterday breakfast force") { copied = true }
            }
            guard copied else {
                Issue.record("copy failed")
                return
            }
            var undone: Outcome?
            let undoing = clock.measure { undone = session.handle("undo") }
            #expect(undoing < copying * 10 + .seconds(1), "undo took \(undoing), the copy \(copying)")
            guard case .undone(let report)? = undone else {
                Issue.record("undo failed")
                return
            }
            #expect(report.removed.count == 8_000)
            try session.flush()
            #expect(try entries(in: folder).isEmpty)
            #expect(try entries(in: folder, on: "2026-11-21").count == 8_000)
        }
    }

    // MARK: - 16.8 a date before a user's name that is also a unit word

    @Test(arguments: [
        ("2026-09-03 bar", 1.0), ("2026-09-03 1 bar", 1), ("2026-09-03 2 bars", 2), ("yesterday 1 bar", 1),
        ("bar 2026-09-03", 1), ("1 bar 2026-09-03", 1),
    ])
    func aDateBeforeAUnitWordNameIsKept(line: String, count: Double) throws {
        try withSession { session, folder throws in
            _ = session.handle("define bar = 200 kcal per bar")
            guard case .logged(let report) = session.handle(line) else {
                Issue.record("'\(line)' was not logged: \(session.handle(line))")
                return
            }
            let expected = line.contains("yesterday") ? "2026-11-21" : "2026-09-03"
            #expect(report.entries.map(\.date) == [expected], "'\(line)'")
            #expect(report.entries.map(\.kcal) == [200 * count], "'\(line)'")
            #expect(try entries(in: folder).isEmpty, "'\(line)' logged today")
        }
    }

    /// Without such a name, a portion word alone is still a missing food, not a food.
    @Test func aPortionWordThatIsNoNameIsAMissingFood() throws {
        try withSession { session, _ throws in
            guard case .failed(let failure) = session.handle("2026-09-03 2 slices") else {
                Issue.record("'2 slices' logged something")
                return
            }
            // The day is read apart (Parser+When.swift): the words that lack a food are named.
            #expect(failure.problems.first?.message == "missing food after '2 slices'")
        }
    }
}
