import Foundation
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

/// Issue 12: views of any past week, month or year; counts and averages over logged days; the
/// distance to the goal weight and what it is measured from; the BMR beside maintenance.
@Suite struct PastPeriodsTests {
    // MARK: - Which days a period covers

    struct RangeCase: Sendable, CustomTestStringConvertible {
        var period: HistoryPeriod
        var choice: PeriodChoice
        var today = "2026-11-22"
        var first: String
        var last: String
        var testDescription: String { "\(period) \(choice.summary) on \(today) → \(first)…\(last)" }
    }

    static let ranges: [RangeCase] = [
        // 2026-11-22 is a Sunday: its week began on Monday the 16th.
        RangeCase(period: .week, choice: .ago(0), first: "2026-11-16", last: "2026-11-22"),
        RangeCase(period: .week, choice: .ago(1), first: "2026-11-09", last: "2026-11-15"),
        RangeCase(period: .week, choice: .ago(2), first: "2026-11-02", last: "2026-11-08"),
        RangeCase(period: .week, choice: .ago(1), today: "2026-11-23", first: "2026-11-16", last: "2026-11-22"),
        RangeCase(period: .week, choice: .holding(.date(day("2026-11-02"))), first: "2026-11-02", last: "2026-11-08"),
        RangeCase(period: .week, choice: .holding(.date(day("2026-11-08"))), first: "2026-11-02", last: "2026-11-08"),
        RangeCase(period: .week, choice: .holding(.date(day("2026-01-01"))), first: "2025-12-29", last: "2026-01-04"),
        RangeCase(period: .month, choice: .ago(0), first: "2026-11-01", last: "2026-11-30"),
        RangeCase(period: .month, choice: .ago(1), first: "2026-10-01", last: "2026-10-31"),
        RangeCase(period: .month, choice: .ago(11), first: "2025-12-01", last: "2025-12-31"),
        RangeCase(period: .month, choice: .ago(1), today: "2026-03-31", first: "2026-02-01", last: "2026-02-28"),
        RangeCase(period: .month, choice: .month(10, year: nil), first: "2026-10-01", last: "2026-10-31"),
        // "month november" in November is this month; "month december" is last year's.
        RangeCase(period: .month, choice: .month(11, year: nil), first: "2026-11-01", last: "2026-11-30"),
        RangeCase(period: .month, choice: .month(12, year: nil), first: "2025-12-01", last: "2025-12-31"),
        RangeCase(period: .month, choice: .month(2, year: 2024), first: "2024-02-01", last: "2024-02-29"),
        RangeCase(period: .month, choice: .holding(.date(day("2026-10-15"))), first: "2026-10-01", last: "2026-10-31"),
        RangeCase(period: .year, choice: .year(2025), first: "2025-01-01", last: "2025-12-31"),
        RangeCase(period: .year, choice: .ago(1), first: "2025-01-01", last: "2025-12-31"),
        RangeCase(period: .year, choice: .ago(0), first: "2026-01-01", last: "2026-12-31"),
        RangeCase(
            period: .year, choice: .holding(.yesterday), today: "2026-01-01", first: "2025-01-01", last: "2025-12-31"),
    ]

    static func day(_ text: String) -> CivilDate {
        CivilDate(text) ?? CivilDate(daysSinceEpoch: 0)
    }

    @Test(arguments: ranges)
    func aPeriodCoversItsCalendarDays(_ testCase: RangeCase) {
        let range = History.range(testCase.period, testCase.choice, today: Self.day(testCase.today))
        #expect(range.lowerBound.description == testCase.first)
        #expect(range.upperBound.description == testCase.last)
    }

    // MARK: - Views of past periods

    struct ViewCase: Sendable, CustomTestStringConvertible {
        var line: String
        var first: String
        var last: String
        var months: Int
        var isPast: Bool
        var testDescription: String { line }
    }

    static let views: [ViewCase] = [
        ViewCase(line: "month 2026-10", first: "2026-10-01", last: "2026-10-31", months: 1, isPast: true),
        ViewCase(line: "month october", first: "2026-10-01", last: "2026-10-31", months: 1, isPast: true),
        ViewCase(line: "last month", first: "2026-10-01", last: "2026-10-31", months: 1, isPast: true),
        ViewCase(line: "month -2", first: "2026-09-01", last: "2026-09-30", months: 1, isPast: true),
        ViewCase(line: "this month", first: "2026-11-01", last: "2026-11-22", months: 1, isPast: false),
        ViewCase(line: "week -1", first: "2026-11-09", last: "2026-11-15", months: 1, isPast: true),
        ViewCase(line: "last week", first: "2026-11-09", last: "2026-11-15", months: 1, isPast: true),
        ViewCase(line: "this week", first: "2026-11-16", last: "2026-11-22", months: 1, isPast: false),
        ViewCase(line: "week 2026-11-02", first: "2026-11-02", last: "2026-11-08", months: 1, isPast: true),
        ViewCase(line: "week 2026-09-30", first: "2026-09-28", last: "2026-10-04", months: 2, isPast: true),
        // The fixture's 400 days begin in October 2025: of 2025, three month files are there to read.
        ViewCase(line: "year 2025", first: "2025-01-01", last: "2025-12-31", months: 3, isPast: true),
        ViewCase(line: "last year", first: "2025-01-01", last: "2025-12-31", months: 3, isPast: true),
        ViewCase(line: "this year", first: "2026-01-01", last: "2026-11-22", months: 11, isPast: false),
    ]

    /// Each view shows its days, up to today, and reads only the month files they are in.
    @Test(arguments: views)
    func aPastPeriodShowsItsDays(_ testCase: ViewCase) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        guard case .history(let report) = session.handle(testCase.line) else {
            Issue.record("'\(testCase.line)' showed no view")
            return
        }
        #expect(report.first.description == testCase.first)
        #expect(report.last.description == testCase.last)
        #expect(report.days.count == report.last.daysSinceEpoch - report.first.daysSinceEpoch + 1)
        #expect(report.isPast == testCase.isPast)
        #expect(session.store.monthReads == testCase.months)
        // The fixture logs most days since October 2025: a past period's days are there.
        let fixtureStart = HistoryFixture.today.adding(days: -(HistoryFixture.days - 1))
        let covered = report.days.filter { $0.date >= fixtureStart }
        #expect(report.loggedDays.count > covered.count / 2)
        let text = Renderer(color: false).text(.history(report)).stdout
        #expect(text.contains("streak") == !testCase.isPast, "the streak is about today")
    }

    @Test(arguments: [
        ("month 2026-12", "December 2026 has not begun"), ("year 2027", "2027 has not begun"),
        ("week 2026-11-23", "the week of Mon 23 Nov 2026 has not begun"),
        ("weights 2026-12", "December 2026 has not begun"),
    ])
    func aPeriodThatHasNotBegunIsRefused(_ line: String, _ message: String) throws {
        try TestSession.with { session, _ in
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' was not refused")
                return
            }
            #expect(failure.problems.first?.message == message)
        }
    }

    /// `month banana` says what `month` takes, and logs nothing.
    @Test(arguments: [
        ("month banana", "month", "a month: 'month 2026-10', 'month october', 'last month'"),
        ("week banana", "week", "a week: 'week -1', 'week 2026-11-02', 'last week'"),
        ("year 25", "year", "a year: 'year 2025', 'year -1', 'last year'"),
        ("weights banana", "weights", "a month: 'weights year', 'weights 2026-10', 'weights last month'"),
    ])
    func aPeriodWordWithWordsItDoesNotTakeSaysWhatItTakes(_ line: String, _ command: String, _ usage: String) throws {
        try TestSession.with { session, folder throws in
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' did not fail")
                return
            }
            let message = failure.problems.first?.message ?? ""
            #expect(message.hasPrefix("'\(command)' is a command; it takes"), "\(message)")
            #expect(message.hasSuffix(usage), "\(message)")
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").isEmpty)
        }
    }

    @Test func weightsOfAPastMonthAreThatMonthsAndProjectNothing() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        guard case .weights(let report) = session.handle("weights 2026-10") else {
            Issue.record("'weights 2026-10' showed no weights")
            return
        }
        #expect(report.first.description == "2026-10-01")
        #expect(report.last.description == "2026-10-31")
        #expect(report.isPast)
        #expect(!report.points.isEmpty)
        #expect(report.points.allSatisfy { $0.date.monthKey == "2026-10" })
        #expect(report.atStrategy == nil && report.atTrend == nil)
        let text = Renderer(color: false).text(.weights(report)).stdout
        #expect(text.hasPrefix("weights · October 2026 · "))
        #expect(text.contains("to lose on "), "the distance is as of the month's last weighing")
        #expect(!text.contains("at the trend's"))
    }

    @Test func aPastPeriodWithNoWeightsSaysSoWithoutAskingForOneToday() throws {
        try TestSession.with { session, _ in
            let past = Renderer(color: false).text(session.handle("weights last week")).stdout
            #expect(past.hasSuffix("· 0 weighings\nno weights logged in these days\n"), "\(past)")
            let now = Renderer(color: false).text(session.handle("weights")).stdout
            #expect(now.hasSuffix("no weights logged: log one with 'weight 81.2'\n"), "\(now)")
        }
    }

    // MARK: - Counts and averages over logged days

    @Test(arguments: ["week", "month", "year", "history 90", "year 2025", "last month"])
    func countsAndAveragesAreOverLoggedDays(_ line: String) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        guard case .history(let report) = session.handle(line) else {
            Issue.record("'\(line)' showed no view")
            return
        }
        let logged = report.days.filter(\.logged)
        #expect(report.loggedDays.count == logged.count)
        #expect(report.loggedDays.count + report.unloggedCount == report.days.count)
        #expect(report.metCount == logged.filter { $0.net <= $0.goal }.count)
        let average = try #require(report.average(\.net))
        #expect(abs(average - logged.reduce(0) { $0 + $1.net } / Double(logged.count)) < 0.001)
        let text = Renderer(color: false).text(.history(report)).stdout
        var counts = "goal met on \(report.metCount) of \(logged.count) logged days"
        if report.unloggedCount > 0 {
            counts += " · \(report.unloggedCount) \(report.unloggedCount == 1 ? "day" : "days") with no log"
        }
        #expect(text.contains(counts), "\(text)")
    }

    @Test func aWeekWithTwoLoggedDaysCountsTwo() throws {
        try TestSession.with(Session.Options(goal: 2000)) { session, _ throws in
            _ = session.handle("burger 1500 kcal lunch 2026-11-18")
            _ = session.handle("pizza 2500 kcal dinner 2026-11-20")
            let text = Renderer(color: false).text(session.handle("week")).stdout
            #expect(text.contains("average 2,000 kcal a day over 2 logged days\n"), "\(text)")
            #expect(text.contains("goal met on 1 of 2 logged days · 5 days with no log · streak 0 days\n"), "\(text)")
            let json = try #require(Renderer().json(session.handle("week")))
            #expect(json.contains("\"logged_days\":2,\"met_days\":1,\"unlogged_days\":5"), "\(json)")
        }
    }

    // MARK: - The distance to the goal weight

    static func weighings(_ kgs: [Double]) -> [Entry] {
        kgs.enumerated().map { index, kg in
            Entry(
                id: "w\(index)", date: HistoryFixture.today.adding(days: index - kgs.count + 1).description,
                time: "07:00", meal: .breakfast, food: "Weight", quantity: kg, unit: "kg", portion: "\(kg) kg",
                grams: nil, kcal: 0, text: "weight \(kg)", kind: .weight)
        }
    }

    @Test func theDistanceIsFromTheLatestWeightUntilTheTrendSpansAWindow() {
        var profile = Profile()
        profile.goalWeightKg = 78
        let range = History.range(.month, today: HistoryFixture.today)
        let few = WeightReport(
            period: .month, range: range, entries: Self.weighings([82, 81.6, 81.2]), profile: profile,
            maintenance: nil)
        #expect(few.currentFrom == .latest)
        #expect(few.currentKg == 81.2)
        let fewText = Renderer(color: false).text(.weights(few)).stdout
        #expect(
            fewText.contains("goal weight 78.0 kg · 3.2 kg to lose (from the latest weight, 81.2 kg)\n"), "\(fewText)")

        let kgs = [82.0, 81.8, 81.6, 81.4, 81.2, 81.0, 80.8, 80.0]
        let many = WeightReport(
            period: .month, range: range, entries: Self.weighings(kgs), profile: profile, maintenance: nil)
        // The average of the last seven: 81.8 … 80.0.
        let average = kgs.suffix(7).reduce(0, +) / 7
        #expect(many.currentFrom == .trend)
        #expect(abs((many.currentKg ?? 0) - average) < 1e-9)
        let manyText = Renderer(color: false).text(.weights(many)).stdout
        #expect(manyText.contains("goal weight 78.0 kg · 3.1 kg to lose (from the trend, 81.1 kg)\n"), "\(manyText)")
        let json = Renderer().json(.weights(many)) ?? ""
        #expect(json.contains("\"current_from\":\"trend\""), "\(json)")
    }

    // MARK: - BMR

    @Test func goalAndProfileShowTheBMRBesideMaintenance() throws {
        try TestSession.with { session, _ in
            for line in [
                "set age 30", "set sex male", "set height 180 cm", "set weight 80 kg", "set activity moderate",
            ] {
                _ = session.handle(line)
            }
            // 10 × 80 + 6.25 × 180 − 5 × 30 + 5 = 1,780; × 1.55 = 2,759.
            for line in ["goal", "profile"] {
                let outcome = session.handle(line)
                guard case .settings(let report) = outcome else {
                    Issue.record("'\(line)' showed no settings")
                    return
                }
                #expect(report.goal.bmr == 1780)
                let text = Renderer(color: false).text(outcome).stdout
                #expect(
                    text.contains("  maintenance 2,759 kcal a day · BMR 1,780 × 1.55 (Mifflin-St Jeor, moderate)\n"),
                    "\(text)")
                #expect(Renderer().json(outcome)?.contains("\"bmr\":1780") == true)
            }
        }
    }
}
