import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession

/// Issue 27, item 7: an entry number typed at a terminal names the entry that terminal showed,
/// or the command refuses when another writer changed the day since (`delete 5` after another
/// writer's `delete 2` deleted the sixth).
@Suite(.tags(.fast)) struct ShownNumbersTests {
    static func foods(_ session: Session) throws -> [String] {
        try session.entries(on: TestSession.morning.date).map(\.text)
    }

    @Test func aNumberAfterAnotherWritersChangeRefusesUntilTheDayIsShownAgain() throws {
        try TestSession.with(Session.Options(interactive: true)) { terminal, folder throws in
            for line in ["1 banana", "1 apple", "1 pear", "1 orange", "1 plum"] { _ = terminal.handle(line) }
            guard case .day(let shown) = terminal.handle("today") else {
                Issue.record("'today' showed no day")
                return
            }
            #expect(shown.entries.map(\.text) == ["1 banana", "1 apple", "1 pear", "1 orange", "1 plum"])
            // Another Calorina on the same folder deletes the second.
            let other = try TestSession.session(on: folder)
            _ = other.handle("delete 2")
            guard case .failed(let failure) = terminal.handle("delete 4") else {
                Issue.record("'delete 4' did something on a day changed since it was shown")
                return
            }
            let problem = try #require(failure.problems.first)
            #expect(problem.message.contains("changed since it was shown here"), "\(problem.message)")
            #expect(problem.hint?.contains("nothing was changed") == true)
            #expect(try Self.foods(terminal) == ["1 banana", "1 pear", "1 orange", "1 plum"])
            // Shown again, its numbers hold: 3 is the orange now.
            _ = terminal.handle("today")
            _ = terminal.handle("delete 3")
            #expect(try Self.foods(terminal) == ["1 banana", "1 pear", "1 plum"])
        }
    }

    /// The terminal's own changes keep its numbers: log, delete, undo and edit one after another
    /// without showing the day again.
    @Test func theTerminalsOwnChangesKeepItsNumbers() throws {
        try TestSession.with(Session.Options(interactive: true)) { terminal, _ throws in
            for line in ["1 banana", "1 apple", "1 pear"] { _ = terminal.handle(line) }
            _ = terminal.handle("today")
            _ = terminal.handle("1 plum")
            _ = terminal.handle("delete 1")
            #expect(try Self.foods(terminal) == ["1 apple", "1 pear", "1 plum"])
            _ = terminal.handle("undo")
            _ = terminal.handle("delete 2")
            #expect(try Self.foods(terminal) == ["1 banana", "1 pear", "1 plum"])
            guard case .day = terminal.handle("edit 3 2 plums") else {
                Issue.record("'edit 3' did not change the day")
                return
            }
        }
    }

    /// The numbers a log line shows (`#3`) are numbers shown too: after another writer's delete,
    /// a number refuses though the day itself was never shown.
    @Test func theNumbersALogShowsHoldToo() throws {
        try TestSession.with(Session.Options(interactive: true)) { terminal, folder throws in
            for line in ["1 banana", "1 apple", "1 pear"] { _ = terminal.handle(line) }
            let other = try TestSession.session(on: folder)
            _ = other.handle("delete 1")
            guard case .failed = terminal.handle("delete 3") else {
                Issue.record("'delete 3' after another writer's delete did something")
                return
            }
            #expect(try Self.foods(terminal) == ["1 apple", "1 pear"])
        }
    }

    /// A script has no terminal: its numbers are the day's as it is at each line.
    @Test func aScriptNumbersTheDayAsItIs() throws {
        try TestSession.with { session, folder throws in
            for line in ["1 banana", "1 apple", "1 pear"] { _ = session.handle(line) }
            _ = session.handle("today")
            let other = try TestSession.session(on: folder)
            _ = other.handle("delete 1")
            _ = session.handle("delete 1")
            #expect(try Self.foods(session) == ["1 pear"])
        }
    }
}
