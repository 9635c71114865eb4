import CalorinaModel
import Foundation
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaReports
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaSupport

/// A fixed 400-day journal, made by a seeded generator straight into a temporary store, with the
/// clock pinned to 2026-11-22 20:00 and a profile whose goal is 1,948 kcal (lose 0.5 kg a week)
/// and whose goal weight is 78 kg.
struct HistoryFixture {
    /// 2026-11-22.
    static let today = CivilDate(daysSinceEpoch: 20_779)
    static let moment = LocalMoment(date: today, hour: 20, minute: 0)
    static let days = 400

    let base: URL
    let root: URL

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-history-\(UUID().uuidString)")
        root = base.appendingPathComponent("data")
        let store = try JournalStore(root: root)
        try store.apply(HistoryFixture.entries().map(JournalChange.add))
        try DocumentStore<Profile>(root: root).update { profile in
            profile.age = 40
            profile.sex = .male
            profile.heightCm = 180
            profile.weightKg = 85
            profile.activity = .light
            profile.strategy = .lose(kgPerWeek: 0.5)
            profile.goalWeightKg = 78
            return true
        }
    }

    /// A session on a fresh store over the fixture's folder (so that no month is cached yet).
    func session(options: Session.Options = Session.Options()) throws -> Session {
        try TestSession.session(on: root, options, at: HistoryFixture.moment)
    }

    func remove() {
        try? FileManager.default.removeItem(at: base)
    }

    /// Four hundred days up to today: most days three or four foods, some exercise, a weight
    /// on most mornings drifting down from 88 kg; about one day in ten nothing at all.
    static func entries() -> [Entry] {
        var random = SeededGenerator(seed: 20_261_122)
        let foods: [(String, Meal, Double)] = [
            ("Oatmeal, NFS", .breakfast, 330), ("Egg, whole, fried", .breakfast, 180),
            ("Toast, \"white\"", .breakfast, 140), ("Chicken salad, with dressing", .lunch, 520),
            ("Big Mac", .lunch, 590), ("Spaghetti, with meat sauce", .dinner, 760), ("Pizza, cheese", .dinner, 850),
            ("Apple, raw", .snack, 95), ("Protein bar", .snack, 210),
        ]
        var entries: [Entry] = []
        var serial = 0
        func id() -> String {
            serial += 1
            let hex = String(serial, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let date = today.adding(days: -offset).description
            if Double.random(in: 0..<1, using: &random) < 0.1 { continue }
            if Double.random(in: 0..<1, using: &random) < 0.7 {
                let trend = 88 - Double(days - offset) * 0.02
                let kg = Format.rounded(trend + Double.random(in: -0.5...0.5, using: &random), places: 1)
                entries.append(
                    Entry(
                        id: id(), date: date, time: "07:1\(offset % 10)", meal: .breakfast, food: "Weight",
                        quantity: kg, unit: "kg", portion: "\(Format.number(kg)) kg", grams: nil, kcal: 0,
                        text: "weight \(Format.number(kg))", kind: .weight))
            }
            let count = Int.random(in: 3...4, using: &random)
            for _ in 0..<count {
                let food = foods[Int.random(in: 0..<foods.count, using: &random)]
                let quantity = [1, 1, 1.5][Int.random(in: 0..<3, using: &random)]
                let kcal = Format.rounded(food.2 * quantity * Double.random(in: 0.9...1.5, using: &random), places: 1)
                let time: String
                switch food.1 {
                case .breakfast: time = "08:00"
                case .lunch: time = "12:30"
                case .snack: time = "16:00"
                case .dinner: time = "19:30"
                }
                entries.append(
                    Entry(
                        id: id(), date: date, time: time, meal: food.1, food: food.0, code: 1000 + food.0.count,
                        quantity: quantity, unit: "serving", portion: "1 serving, \"as eaten\"", grams: kcal / 2,
                        kcal: kcal, protein: Format.rounded(kcal / 30, places: 1),
                        carbs: Format.rounded(kcal / 9, places: 1), fat: nil, text: "\(quantity) \(food.0), today"))
            }
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let minutes = Double(Int.random(in: 20...60, using: &random))
                entries.append(
                    Entry(
                        id: id(), date: date, time: "18:00", meal: .dinner, food: "Running", quantity: minutes,
                        unit: "min", portion: "\(Format.integer(minutes)) min", grams: nil,
                        kcal: Format.rounded(minutes * 10.5, places: 1), text: "ran \(Format.integer(minutes)) min",
                        kind: .exercise))
            }
        }
        return entries
    }
}

/// The history views of a fixed 400-day journal, against files in `Golden/` (re-recorded with
/// `CALORINA_RECORD=1`).
@Suite struct HistoryGoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var file: String
        var width = 80
        var ascii = false
        var testDescription: String { "\(line) → \(file)" }
    }

    static let cases = [
        Case(line: "week", file: "history-week.txt"),
        Case(line: "month", file: "history-month.txt"),
        Case(line: "year", file: "history-year.txt"),
        Case(line: "weights year", file: "history-weights-year.txt"),
        Case(line: "weights month", file: "history-weights-month.txt"),
        Case(line: "history 30", file: "history-30.txt"),
        Case(line: "week", file: "history-week-ascii-60.txt", width: 60, ascii: true),
        Case(line: "suggest lunch", file: "history-suggest-lunch.txt"),
        Case(line: "last month", file: "history-last-month.txt"),
        Case(line: "year 2025", file: "history-year-2025.txt"),
        Case(line: "weights 2026-10", file: "history-weights-2026-10.txt"),
    ]

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: cases)
    func viewMatchesGolden(_ testCase: Case) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        let renderer = Renderer(color: false, width: testCase.width, ascii: testCase.ascii)
        let output = renderer.text(session.handle(testCase.line))
        #expect(output.stderr == "")
        let url = Self.golden.appendingPathComponent(testCase.file)
        if TranscriptTests.isRecording {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try output.stdout.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if output.stdout != expected {
            Issue.record(
                Comment(
                    rawValue: testCase.file + "\n"
                        + Transcript.diff(
                            expected: expected.split(separator: "\n", omittingEmptySubsequences: false).map(
                                String.init),
                            actual: output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(
                                String.init))))
        }
    }

    @Test func chartsKeepToTheWidth() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        for width in [40, 80, 132] {
            for line in ["week", "month", "year", "weights year"] {
                let text = Renderer(width: width).text(session.handle(line)).stdout
                for row in text.split(separator: "\n") where row.contains("█") || row.contains("│") {
                    #expect(row.count <= width, "\(line) at \(width): '\(row)'")
                }
            }
        }
    }

    /// Views read only the month files of the days they show.
    @Test(arguments: [("week", 1), ("month", 1), ("year", 12), ("history 30", 2), ("weights week", 1)])
    func viewsReadOnlyTheirMonths(_ line: String, _ months: Int) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        _ = session.handle(line)
        #expect(session.store.monthReads == months)
    }

    @Test func historyKnowsItsLimitsAndJSON() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        guard case .failed(let failure) = session.handle("history 4000") else {
            Issue.record("history 4000 should fail")
            return
        }
        #expect(failure.problems.first?.message == "history shows at most 3,650 days")
        guard case .history(let report) = session.handle("history 3650") else {
            Issue.record("history 3650 should show")
            return
        }
        #expect(report.days.count == 3650)
        #expect(report.loggedDays.count > 300)
        let json = try #require(Renderer().json(session.handle("week")))
        #expect(json.hasPrefix("{\"ok\":true,\"view\":\"week\""))
    }

    @Test func streakCountsBackFromTodayOrYesterday() {
        func day(_ offset: Int, _ net: Double?) -> HistoryDay {
            let date = HistoryFixture.today.adding(days: offset)
            let entries =
                net.map {
                    [
                        Entry(
                            id: "\(offset)", date: date.description, time: "12:00", meal: .lunch, food: "x",
                            quantity: 1, unit: "serving", portion: "", grams: nil, kcal: $0, text: "")
                    ]
                } ?? []
            return HistoryDay(date: date, entries: entries, goal: 2000)
        }
        #expect(History.streak([day(-3, 2500), day(-2, 1800), day(-1, 1900), day(0, nil)]) == (2, false))
        #expect(History.streak([day(-2, 1800), day(-1, 1900), day(0, 1700)]) == (3, true))
        #expect(History.streak([day(-1, 1900), day(0, 2100)]) == (0, false))
        #expect(History.streak([day(-1, nil), day(0, nil)]) == (0, false))
    }
}
