import Foundation
import Testing

@testable import CalorinaResults
@testable import CalorinaSession

/// The library says when a script flushes: the executable only asks.
@Suite struct ScriptFlushTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Lines handled first, in batch mode.
        var lines: [String]
        var waitingLines: Int
        var seconds: Double
        var due: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "nothing waits to be written", lines: ["today"], waitingLines: 1, seconds: 0, due: true),
        Case(name: "a fresh batch waits", lines: ["burger 100 kcal"], waitingLines: 1, seconds: 0.2, due: false),
        Case(name: "a second-old batch is saved", lines: ["burger 100 kcal"], waitingLines: 1, seconds: 1, due: true),
        Case(
            name: "a batch of many lines is saved early while writing is cheap", lines: ["burger 100 kcal"],
            waitingLines: Session.batchLines, seconds: 0, due: true),
        Case(
            name: "a batch just short of the lines waits", lines: ["burger 100 kcal"],
            waitingLines: Session.batchLines - 1, seconds: 0, due: false),
    ])
    func aScriptFlushesWhenTheSessionSaysSo(_ test: Case) throws {
        try TestSession.with(Session.Options(batch: true)) { session, _ throws in
            for line in test.lines { #expect(session.handle(line).succeeded) }
            #expect(session.isFlushDue(waitingLines: test.waitingLines, secondsSinceFlush: test.seconds) == test.due)
            try session.flush()
            #expect(session.isFlushDue(waitingLines: test.waitingLines, secondsSinceFlush: test.seconds))
        }
    }

    /// A script reads the profile as its batch found it: a goal another program sets during a
    /// batch is read by the script's next batch, never half-way through one, and a session
    /// that is no script reads it at once.
    @Test func aScriptSeesAnotherProgramsProfileChangeFromItsNextBatch() throws {
        try TestSession.withFolder { folder in
            let script = try TestSession.session(on: folder, Session.Options(batch: true))
            let typed = try TestSession.session(on: folder)
            let other = try TestSession.session(on: folder)
            func goal(_ session: Session) throws -> Double {
                guard case .day(let report) = session.handle("today") else {
                    Issue.record("today shows no day")
                    return 0
                }
                return report.totals.goal
            }
            #expect(other.handle("goal 1800").succeeded)
            #expect(try goal(script) == 1800 && goal(typed) == 1800)
            #expect(other.handle("goal 1500").succeeded)
            #expect(try goal(script) == 1800)
            #expect(try goal(typed) == 1500)
            try script.flush()
            #expect(try goal(script) == 1500)
        }
    }

    @Test func onlyChangesWaitForTheSave() {
        #expect(Outcome.undone(UndoReport(isRedo: false, change: "x", removed: [], restored: [])).isChange)
        #expect(!Outcome.help("help").isChange)
        #expect(!Outcome.nothing.isChange)
    }
}
