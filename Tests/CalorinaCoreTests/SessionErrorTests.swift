import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaReports
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// The session's own failures are typed values: each line below throws the kind of error it
/// should (compared as a value), and `handle` turns it into the failure a person reads.
@Suite(.tags(.fast)) struct SessionErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// Lines handled first, each expected to succeed.
        var before: [String] = []
        var line: String
        var kind: SessionError.Kind
        /// The message `handle` reports for it.
        var message: String
        var testDescription: String { line }
    }

    static let today = TestSession.morning.date
    static let yesterday = today.adding(days: -1)

    static let cases: [Case] = [
        Case(
            line: "delete 3", kind: .noSuchEntries([3], day: today, count: 0, today: today),
            message: "there is no entry 3"),
        Case(
            before: ["a banana"], line: "delete 2 4",
            kind: .noSuchEntries([2, 4], day: today, count: 1, today: today), message: "there is no entries 2, 4"),
        Case(line: "again", kind: .nothingToRepeat, message: "nothing logged lately to log again"),
        Case(line: "undo", kind: .nothingToTakeBack(isRedo: false), message: "nothing to undo"),
        Case(line: "redo", kind: .nothingToTakeBack(isRedo: true), message: "nothing to redo"),
        Case(
            line: "copy today", kind: .copyOntoItself(what: today.display(today: today), day: today, meal: nil),
            message: "that copies \(today.display(today: today)) onto itself"),
        Case(
            line: "copy yesterday", kind: .nothingToCopy(from: yesterday.display(today: today)),
            message: "nothing to copy from \(yesterday.display(today: today))"),
        Case(
            line: "forget pizza thing", kind: .noSuchOwnFood("pizza thing"),
            message: "you have no food, alias or recipe called 'pizza thing'"),
        Case(
            line: "forget choice kale", kind: .noPickRemembered("kale", known: []),
            message: "no pick is remembered for 'kale'"),
        Case(
            line: "history 5000", kind: .historyTooLong(limit: History.maxDays),
            message: "history shows at most \(Format.integer(Double(History.maxDays))) days"),
        Case(
            line: "import /nonexistent-calorina/food.csv", kind: .noSuchFile("/nonexistent-calorina/food.csv"),
            message: "there is no file '/nonexistent-calorina/food.csv'"),
        Case(
            line: "doctor restore zzz", kind: .unknownDataFile("zzz"),
            message: "'zzz' is not a data file here; name a month (2026-11), profile, foods or undo"),
        Case(
            before: ["define bar = 200 kcal per bar"], line: "define bar = 100 kcal per bar",
            kind: .nameTaken("bar", is: "is your food (200 kcal per bar)"),
            message: "'bar' is your food (200 kcal per bar) already"),
    ]

    /// The error `body` throws; nil when it throws none.
    static func thrown(_ body: () throws(SessionError) -> Outcome) -> SessionError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: cases)
    func aLineThrowsItsKind(_ test: Case) throws {
        try TestSession.with { session, _ in
            for line in test.before { #expect(session.handle(line).succeeded, "\(line)") }
            let error = SessionErrorTests.thrown { () throws(SessionError) in try session.perform(test.line) }
            #expect(error?.kind == test.kind)
            #expect(error?.message == test.message)
            guard case .failed(let failure) = session.handle(test.line) else {
                Issue.record("'\(test.line)' did not fail")
                return
            }
            #expect(failure.problems.map(\.message) == [test.message])
        }
    }

    @Test func aLineTheParserRefusesThrowsTheParseErrorAtItsPlace() throws {
        try TestSession.with { session, _ in
            let error = SessionErrorTests.thrown { () throws(SessionError) in try session.perform("delte 1") }
            let parse = ParseError(.unknownCommand("delte", suggestion: "delete"), SourceRange(0, 5))
            #expect(error == SessionError(.parse(parse), SourceRange(0, 5)))
        }
    }

    @Test func aDataFileThatCannotBeReadIsAStoreFailure() throws {
        try TestSession.with { session, folder in
            // A month file that is a folder cannot be read as one.
            let month = folder.appendingPathComponent("journal/2026-11.json")
            try? FileManager.default.removeItem(at: month)
            try FileManager.default.createDirectory(at: month, withIntermediateDirectories: true)
            guard case .storeFailed = session.handle("today") else {
                Issue.record("a month that cannot be read did not fail the line as a store failure")
                return
            }
        }
    }
}
