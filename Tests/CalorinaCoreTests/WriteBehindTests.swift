import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport
@testable import CalorinaUndo

/// A script's waiting changes (`WriteBehind`): the days they make are what the store will hold
/// once they are saved, and the totals kept line by line are the day's sum.
struct WriteBehindTests {
    static func entry(_ id: String, _ date: String, kcal: Double = 100) -> Entry {
        Entry(
            id: id, date: date, time: "12:00", meal: .lunch, food: "food \(id)", quantity: 1, unit: "serving",
            portion: "", grams: nil, kcal: kcal, text: "food \(id)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The saved entries of 2026-11-02, by id.
        var saved: [String]
        /// The change sets queued, in order.
        var steps: [ChangeSet]
        /// The day's entries after them, by id.
        var expected: [String]
        var testDescription: String { name }
    }

    static let day = "2026-11-02"
    static let cases: [Case] = [
        Case(name: "nothing waiting: the day as saved", saved: ["a", "b"], steps: [], expected: ["a", "b"]),
        Case(
            name: "additions come after the saved entries, in order", saved: ["a"],
            steps: [ChangeSet(add: [entry("x", day)]), ChangeSet(add: [entry("y", day)])], expected: ["a", "x", "y"]),
        Case(
            name: "an edit keeps the saved entry's place", saved: ["a", "b"],
            steps: [ChangeSet(remove: [entry("a", day)], add: [entry("a", day, kcal: 300)])], expected: ["a", "b"]),
        Case(
            name: "a removal takes out a saved entry and a waiting one", saved: ["a", "b"],
            steps: [
                ChangeSet(add: [entry("x", day)]), ChangeSet(remove: [entry("a", day)]),
                ChangeSet(remove: [entry("x", day)]),
            ],
            expected: ["b"]),
        Case(
            name: "a move to another day leaves this one", saved: ["a", "b"],
            steps: [ChangeSet(remove: [entry("b", day)], add: [entry("b", "2026-11-03")])], expected: ["a"]),
    ]

    @Test(arguments: cases)
    func theDayIsWhatTheStoreWillHold(_ test: Case) {
        var writeBehind = WriteBehind()
        for step in test.steps { writeBehind.queue(step, as: step.journalChanges) }
        let saved = test.saved.map { Self.entry($0, Self.day) }
        #expect(writeBehind.entries(saved, on: Self.day).map(\.id) == test.expected)
        #expect(writeBehind.isEmpty == test.steps.isEmpty)
        #expect(writeBehind.changes == test.steps.flatMap(\.journalChanges))
    }

    @Test func keptTotalsMoveWithAdditionsAndAreDroppedByRemovals() throws {
        let date = try #require(CivilDate(Self.day))
        var writeBehind = WriteBehind()
        writeBehind.keep(DayTotals(date: date, entries: [Self.entry("a", Self.day)], goal: 2000), on: Self.day)
        let added = ChangeSet(add: [Self.entry("x", Self.day, kcal: 250)])
        writeBehind.queue(added, as: added.journalChanges)
        #expect(writeBehind.totals(on: Self.day)?.kcal == 350)
        let removed = ChangeSet(remove: [Self.entry("a", Self.day)])
        writeBehind.queue(removed, as: removed.journalChanges)
        #expect(writeBehind.totals(on: Self.day) == nil)
    }

    @Test func theWriteSizeCountsEveryTouchedMonthWhole() {
        var writeBehind = WriteBehind()
        let changes = ChangeSet(add: [Self.entry("x", Self.day), Self.entry("y", "2026-10-31")])
        writeBehind.queue(changes, as: changes.journalChanges)
        let size = writeBehind.writeSize { month in ["2026-11": 40, "2026-10": 7][month] }
        #expect(size == 2 + 40 + 7)
    }
}
