import CalorinaModel
import Foundation
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaSession

/// Day sums and the month summaries kept in `root/cache`: what they add up, and that a summary is
/// only ever read for the month file it was made from.
@Suite final class MonthSummaryTests: Sendable {
    let base: URL
    let root: URL

    init() {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("calorina-summary-tests-\(UUID().uuidString)")
        root = base.appendingPathComponent("data")
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    static func entry(
        _ id: String, _ date: String, _ time: String, kcal: Double, kind: EntryKind? = nil, quantity: Double = 1,
        unit: String = "medium", protein: Double? = nil, nutrients: Nutrients = Nutrients()
    ) -> Entry {
        Entry(
            id: id, date: date, time: time, meal: .breakfast, food: "x", quantity: quantity, unit: unit, portion: "",
            grams: nil, kcal: kcal, protein: protein, text: "x", kind: kind, nutrients: nutrients)
    }

    /// Worked by hand: two foods (one without nutrients), a run, 8,500 steps, water, two weights.
    @Test func aDayAddsUpItsEntriesKindByKind() {
        let entries = [
            Self.entry(
                "a", "2026-11-02", "08:00", kcal: 105.3, protein: 1.3,
                nutrients: Nutrients([.fiber: 3.1, .sugars: 14.4, .saturatedFat: 0.1, .sodium: 1])),
            Self.entry("b", "2026-11-02", "12:30", kcal: 650, protein: nil),
            Self.entry("c", "2026-11-02", "18:00", kcal: 320, kind: .exercise, quantity: 30, unit: "min"),
            Self.entry("d", "2026-11-02", "19:00", kcal: 368, kind: .exercise, quantity: 90, unit: "8500 steps"),
            Self.entry("e", "2026-11-02", "09:00", kcal: 0, kind: .water, quantity: 500, unit: "ml"),
            Self.entry("f", "2026-11-02", "07:00", kcal: 0, kind: .weight, quantity: 81.4, unit: "kg"),
            Self.entry("g", "2026-11-02", "21:15", kcal: 0, kind: .weight, quantity: 81.2, unit: "kg"),
        ]
        let day = DaySums(date: "2026-11-02", entries: entries)
        #expect(day.entryCount == 7 && day.foodCount == 2 && day.latestTime == "21:15")
        #expect(day.kcal == 755.3 && day[.protein] == 1.3)
        #expect(day.nutrients.others == Nutrients([.fiber: 3.1, .sugars: 14.4, .saturatedFat: 0.1, .sodium: 1]))
        #expect(day.known == NutrientValues { $0.isMacro ? 0 : 1 })
        #expect(day.burned == 688 && day.steps == 8500 && day.waterMl == 500 && day.weightKg == 81.2)
    }

    @Test func aSummaryReadsBackWhatItWasMadeOf() throws {
        var random = SeededGenerator(seed: 5)
        let entries = (0..<300).map { index in
            var entry = MonthCodecTests.randomEntry(&random)
            entry.date = "2026-11-\(10 + index % 20)"
            return entry
        }
        let days = DaySums.days(of: entries)
        #expect(days.map(\.date) == days.map(\.date).sorted())
        #expect(days.reduce(0) { $0 + $1.entryCount } == 300)
        let stamp = FileStamp(stat())
        #expect(try MonthSummary.days(in: Array(MonthSummary.text(days, stamp: stamp).utf8), stamp: stamp) == days)
    }

    @Test func aSummaryOfAnotherFileOrCutShortIsNotRead() throws {
        let days = [DaySums(date: "2026-11-02", entries: [Self.entry("a", "2026-11-02", "08:00", kcal: 100)])]
        var info = stat()
        info.st_size = 100
        let stamp = FileStamp(info)
        let text = MonthSummary.text(days, stamp: stamp)
        info.st_size = 101
        #expect(try MonthSummary.days(in: Array(text.utf8), stamp: FileStamp(info)) == nil)
        #expect(try MonthSummary.days(in: Array(text.utf8.dropLast(8)), stamp: stamp) == nil)
        #expect(
            try MonthSummary.days(in: Array(text.replacingOccurrences(of: " 100 ", with: " x ").utf8), stamp: stamp)
                == nil)
        #expect(
            try MonthSummary.days(
                in: Array(text.replacingOccurrences(of: "calorina-days 1", with: "calorina-days 2").utf8), stamp: stamp)
                == nil)
    }

    /// The day lines are read in place with no UTF-8 check of the whole: each field is checked as
    /// what it is, so a byte that is no UTF-8, a day no calendar has or a count that is no whole
    /// number makes the summary unread (and made again), never a day read wrong.
    @Test func aDayLineWithAFieldThatIsNotWhatItSaysIsNotRead() throws {
        let days = [DaySums(date: "2024-02-29", entries: [Self.entry("a", "2024-02-29", "08:05", kcal: 100)])]
        let stamp = FileStamp(stat())
        let bytes = Array(MonthSummary.text(days, stamp: stamp).utf8)
        #expect(try MonthSummary.days(in: bytes, stamp: stamp) == days)
        func replacing(_ old: String, _ new: [UInt8]) throws -> [DaySums]? {
            let text = MonthSummary.text(days, stamp: stamp)
            let range = try #require(text.range(of: old))
            let before = Array(text[..<range.lowerBound].utf8)
            let after = Array(text[range.upperBound...].utf8)
            return try MonthSummary.days(in: before + new + after, stamp: stamp)
        }
        #expect(try replacing("08:05", [0x30, 0x38, 0x3A, 0xFF, 0x35]) == nil)  // no UTF-8
        #expect(try replacing("2024-02-29", Array("2023-02-29".utf8)) == nil)  // no such day
        #expect(try replacing("2024-02-29", Array("2024-2-29x".utf8)) == nil)
        #expect(try replacing("day 2024-02-29 1 1", Array("day 2024-02-29 1.5 1".utf8)) == nil)
        #expect(try replacing("end 1", Array("end 01x".utf8)) == nil)
        #expect(try replacing("end 1", Array("end 1".utf8)) == days)
        #expect(MonthKey.isDate("2000-02-29".utf8) && !MonthKey.isDate("1900-02-29".utf8))
        #expect(!MonthKey.isDate("2026-13-01".utf8) && !MonthKey.isDate("2026-11-001".utf8))
        #expect(MonthKey.month(ofDate: "2026-11-27") == "2026-11" && MonthKey.month(ofDate: "2026-11-31") == nil)
    }

    /// The store makes a month's summary once, reads it while the month file stays as it was, and
    /// makes it again when another writer changed the month or the summary was damaged.
    @Test func theStoreReadsASummaryOnlyWhileItsMonthIsUnchanged() throws {
        let writer = try JournalStore(root: root)
        try writer.apply([
            .add(Self.entry("a", "2026-10-02", "08:00", kcal: 100)),
            .add(Self.entry("b", "2026-10-03", "08:00", kcal: 200)),
        ])
        let summary = root.appendingPathComponent("devices/local/cache/2026-10.days")

        let reader = try JournalStore(root: root)
        #expect(try reader.daySums(inMonth: "2026-10").map(\.kcal) == [100, 200])
        #expect(reader.engine.summariesMade == 1)
        #expect(FileManager.default.fileExists(atPath: summary.path))

        let again = try JournalStore(root: root)
        #expect(try again.daySums(inMonth: "2026-10").map(\.kcal) == [100, 200])
        #expect(again.engine.summariesMade == 0 && again.engine.monthReads == 0)

        try writer.apply([.add(Self.entry("c", "2026-10-03", "09:00", kcal: 50))])
        let third = try JournalStore(root: root)
        #expect(try third.daySums(inMonth: "2026-10").map(\.kcal) == [100, 250])
        #expect(third.engine.summariesMade == 1)

        try Data("calorina-days 1\ngarbage\n".utf8).write(to: summary)
        let fourth = try JournalStore(root: root)
        #expect(try fourth.daySums(inMonth: "2026-10").map(\.kcal) == [100, 250])
        #expect(fourth.engine.summariesMade == 1)
        #expect(try reader.daySums(inMonth: "2026-09") == [])
    }
}

/// `history` and `year` read the month summaries: what they show is what summing the entries
/// shows, whether the summaries were just made, read back, or made again after a change.
@Suite struct HistoryFromSummariesTests {
    @Test func historyFromSummariesIsHistoryFromEntries() throws {
        try TestSession.with { session, folder in
            for line in [
                "1 banana 2026-09-03", "2 eggs 2026-09-03", "burger 650 kcal 2026-10-12", "ran 30 min 2026-10-12",
                "weight 81.2 2026-10-13", "500 ml water 2026-11-01", "10000 steps 2026-11-20", "1 cup oatmeal",
            ] {
                #expect(session.handle(line).succeeded, "\(line)")
            }
            guard case .history(let first) = session.handle("history 90") else {
                Issue.record("history 90 showed no history")
                return
            }
            // A new process makes the summaries (the first had the months in memory), a third
            // reads them.
            let again = try TestSession.session(on: folder)
            guard case .history(let second) = again.handle("history 90") else {
                Issue.record("history 90 showed no history")
                return
            }
            #expect(second == first)
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("devices/local/cache/2026-10.days").path))
            let reader = try TestSession.session(on: folder)
            guard case .history(let read) = reader.handle("history 90") else {
                Issue.record("history 90 showed no history")
                return
            }
            #expect(read == first)
            let october = first.days.filter { $0.date.description.hasPrefix("2026-10") }
            let run = october.first { $0.date.description == "2026-10-12" }
            #expect(run?.eaten == 650 && (run?.burned ?? 0) > 0)
            #expect(october.first { $0.date.description == "2026-10-13" }?.weightKg == 81.2)
            #expect(first.days.first { $0.date.description == "2026-11-20" }?.steps == 10000)

            // Another writer changes October: its summary is made again, and shows the change.
            #expect(again.handle("apple 2026-10-12").succeeded)
            guard case .history(let third) = session.handle("history 90") else {
                Issue.record("history 90 showed no history")
                return
            }
            let day = third.days.first { $0.date.description == "2026-10-12" }
            #expect(day.map { $0.eaten > 650 } == true)
        }
    }
}
