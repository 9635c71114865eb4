import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaHelp
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaSession

/// Session behaviour that transcripts do not pin down: batches, dry runs, undo, completion,
/// invalid bytes.
@Suite(.tags(.fast)) struct SessionTests {
    func withSession<T>(_ options: Session.Options = Session.Options(), _ body: (Session, URL) throws -> T) throws -> T
    {
        try TestSession.with(options) { try body($0, $1) }
    }

    func entries(in folder: URL, on date: String = "2026-11-22") throws -> [Entry] {
        try JournalStore(root: folder).entries(on: date)
    }

    @Test func aLogLineIsOnDiskWhenItIsReported() throws {
        try withSession { session, folder throws in
            guard case .logged(let report) = session.handle("2 eggs and a banana") else {
                Issue.record("not logged")
                return
            }
            #expect(report.entries.count == 2)
            #expect(
                report.entries.allSatisfy { $0.meal == .breakfast && $0.date == "2026-11-22" && $0.time == "08:30" })
            #expect(try entries(in: folder).map(\.id) == report.entries.map(\.id))
        }
    }

    @Test func batchModeSavesOnFlushAndCountsWhatWaits() throws {
        try withSession(Session.Options(batch: true)) { session, folder throws in
            _ = session.handle("a banana")
            _ = session.handle("an apple")
            #expect(session.hasPendingChanges)
            #expect(try entries(in: folder).isEmpty)
            #expect(try session.todayTotals().kcal == 244.2)
            _ = session.handle("undo")
            try session.flush()
            #expect(!session.hasPendingChanges)
            #expect(try entries(in: folder).map(\.food) == ["Banana, raw"])
        }
    }

    @Test func dryRunReportsAndSavesNothing() throws {
        try withSession(Session.Options(dryRun: true)) { session, folder throws in
            guard case .logged(let report) = session.handle("a banana") else {
                Issue.record("not logged")
                return
            }
            #expect(report.dryRun)
            #expect(try entries(in: folder).isEmpty)
            #expect(session.handle("undo").succeeded == false)
        }
    }

    @Test func undoTakesBackTheLastLineOnly() throws {
        try withSession { session, folder throws in
            _ = session.handle("a banana")
            _ = session.handle("2 eggs and toast")
            guard case .undone(let report) = session.handle("undo") else {
                Issue.record("not undone")
                return
            }
            #expect(report.removed.count == 2)
            #expect(try entries(in: folder).map(\.food) == ["Banana, raw"])
            _ = session.handle("undo")
            #expect(try entries(in: folder).isEmpty)
            guard case .failed(let failure) = session.handle("undo") else {
                Issue.record("undo with nothing to undo succeeded")
                return
            }
            #expect(failure.problems.first?.message == "nothing to undo")
        }
    }

    /// An entry that is gone by the time its line is undone (another process deleted it, or a
    /// restored backup never had it) is not reported as taken back.
    @Test func undoReportsOnlyWhatWasStillThere() throws {
        try withSession { session, folder throws in
            guard case .logged(let logged) = session.handle("2 eggs and a banana") else {
                Issue.record("not logged")
                return
            }
            let egg = try #require(logged.entries.first)
            try JournalStore(root: folder).apply([.remove(id: egg.id, date: egg.date)])
            guard case .undone(let report) = session.handle("undo") else {
                Issue.record("not undone")
                return
            }
            #expect(report.removed.map(\.food) == ["Banana, raw"])
            #expect(try entries(in: folder).isEmpty)
        }
    }

    @Test func aFailedLineChangesNothing() throws {
        try withSession { session, folder throws in
            guard case .failed(let failure) = session.handle("a banana and xyzzy") else {
                Issue.record("a line with an unknown food succeeded")
                return
            }
            #expect(failure.problems.first?.column == 14)
            #expect(try entries(in: folder).isEmpty)
        }
    }

    @Test func invalidUTF8IsAnErrorAtItsColumn() throws {
        try withSession { session, _ throws in
            guard case .failed(let failure) = session.handle(bytes: Array("2 eggs ".utf8) + [0xC3, 0x28]) else {
                Issue.record("invalid UTF-8 was accepted")
                return
            }
            #expect(failure.problems.first?.message == "the line is not valid UTF-8 text")
            #expect(failure.problems.first?.column == 8)
        }
    }

    @Test func goalWarningsNearAndOver() throws {
        try withSession(Session.Options(goal: 590)) { session, _ throws in
            guard case .logged(let near) = session.handle("big mac") else {
                Issue.record("'big mac' did not come out as this test expects")
                return
            }
            #expect(near.warnings == [.nearGoal(percent: 90)])  // 535.1 of 590
            guard case .logged(let over) = session.handle("a banana") else {
                Issue.record("'a banana' did not come out as this test expects")
                return
            }
            #expect(over.warnings == [.overGoal(kcal: 67.3)])  // 657.3 of 590
        }
        try withSession(Session.Options(goal: 2000)) { session, _ throws in
            guard case .logged(let plenty) = session.handle("big mac") else {
                Issue.record("'big mac' did not come out as this test expects")
                return
            }
            #expect(plenty.warnings.isEmpty)
        }
    }

    @Test func backfilledDaysGoToTheirMonthFile() throws {
        try withSession { session, folder throws in
            _ = session.handle("a banana 2026-10-31 dinner")
            let october = try entries(in: folder, on: "2026-10-31")
            #expect(october.map(\.meal) == [.dinner])
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("devices/local/journal/2026-10.json").path))
        }
    }

    @Test func completionTriesEachWordBoundary() {
        let completer = Completer(index: .bundled)
        let juice = completer.complete("2 orange j")
        #expect(juice.replacing == 8)
        #expect(juice.candidates.contains("orange juice"))
        #expect(juice.commonPrefix.hasPrefix("orange ju"))
        #expect(completer.complete("tod").candidates.contains("today"))
        #expect(completer.complete("2 eggs for br").candidates == ["for breakfast"])
        #expect(completer.complete("2 eggs br").candidates.contains("breakfast"))
        #expect(completer.complete("2 tbs").candidates.contains("tbsp"))
        #expect(completer.complete("2 eggs ").candidates.isEmpty)
        #expect(completer.complete("qqqqq").candidates.isEmpty)
    }

    @Test func jsonFieldsAreThoseTheProductPromises() throws {
        try withSession { session, _ throws in
            let line = try #require(Renderer().json(session.handle("a banana")))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["ok"] as? Bool == true)
            let entry = try #require((object["entries"] as? [[String: Any]])?.first)
            for key in ["food", "kcal", "meal", "date", "grams"] { #expect(entry[key] != nil, "\(key)") }
            let failed = try #require(Renderer().json(session.handle("2 servings")))
            let error = try #require(
                (try JSONSerialization.jsonObject(with: Data(failed.utf8)) as? [String: Any])?["error"]
                    as? [String: Any])
            #expect(error["message"] as? String == "missing food after '2 servings'")
            #expect(error["column"] as? Int == 11)
        }
    }
}
