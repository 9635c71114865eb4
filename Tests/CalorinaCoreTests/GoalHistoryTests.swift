import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaReports
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 12: the goal is kept with its history, so that a day is judged against the goal in
/// force on it, and a profile written before there was a history reads as it did.
@Suite(.tags(.fast)) struct GoalHistoryTests {
    static let today = HistoryFixture.today

    static func day(_ text: String) -> CivilDate {
        CivilDate(text) ?? CivilDate(daysSinceEpoch: 0)
    }

    @Test(arguments: [
        ("2020-01-01", 2500.0), ("2026-10-31", 2500), ("2026-11-01", 2100), ("2026-11-15", 2100),
        ("2026-11-16", 1800), ("2026-11-22", 1800), ("2027-01-01", 1800),
    ])
    func aDayGetsTheGoalInForceOnIt(_ date: String, _ kcal: Double) {
        var profile = Profile()
        // Written out of order, as a hand-edited file might be.
        profile.pastGoals = [
            PastGoal(kcal: 2100, lastDay: "2026-11-15"), PastGoal(kcal: 2500, lastDay: "2026-10-31"),
        ]
        #expect(GoalTimeline(profile, present: 1800).goal(on: Self.day(date)) == kcal)
        #expect(profile.goalKcal(on: Self.day(date), present: 1800) == kcal)
        #expect(Profile().goalKcal(on: Self.day(date), present: 1800) == 1800, "no history: today's goal")
    }

    @Test func aChangeKeepsTheGoalBeforeItUpToYesterdayOnceADay() {
        var before = Profile()
        before.strategy = .fixed(kcal: 2200)
        var after = before
        after.strategy = .fixed(kcal: 1800)
        after.keepGoalHistory(before: before, today: Self.today)
        #expect(after.pastGoals == [PastGoal(kcal: 2200, lastDay: "2026-11-21")])
        #expect(after.version == Profile.baseVersion)
        // Again the same day: 1,800 held no whole day, and is not kept.
        var again = after
        again.strategy = .fixed(kcal: 1500)
        again.keepGoalHistory(before: after, today: Self.today)
        #expect(again.pastGoals == after.pastGoals)
        // A change that leaves the goal where it was keeps nothing.
        var same = again
        same.age = 40
        same.keepGoalHistory(before: again, today: Self.today.adding(days: 3))
        #expect(same.pastGoals == again.pastGoals)
        // The next day's change keeps today's goal.
        var next = again
        next.strategy = .maintain
        next.keepGoalHistory(before: again, today: Self.today.adding(days: 1))
        #expect(next.pastGoals?.last == PastGoal(kcal: 1500, lastDay: "2026-11-22"))
    }

    /// The marks of the fixture's 400 days, by date.
    static func marks(_ session: Session, _ line: String = "history 400") -> [String: (DayMark, Double)] {
        guard case .history(let report) = session.handle(line) else { return [:] }
        var marks: [String: (DayMark, Double)] = [:]
        for day in report.days { marks[day.date.description] = (day.mark, day.goal) }
        return marks
    }

    @Test func changingTheGoalTodayLeavesEarlierDaysAsTheyWere() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        let before = Self.marks(session)
        let old = try #require(before["2026-11-21"]?.1)
        #expect(before.values.contains { $0.0 == .over }, "the fixture has days over the goal")
        _ = session.handle("goal 1200")
        let after = Self.marks(session)
        #expect(before.count == 400 && after.count == 400)
        for (date, mark) in before where date < "2026-11-22" {
            #expect(after[date]?.0 == mark.0, "\(date) was repainted")
            #expect(after[date]?.1 == old)
        }
        #expect(after["2026-11-22"]?.1 == 1200, "today is judged against the goal set today")
        #expect(
            try session.profileStore.load().pastGoals == [
                PastGoal(kcal: Format.rounded(old, places: 1), lastDay: "2026-11-21")
            ])
        // The year's months and a past month's text keep the old goal too.
        let text = Renderer(color: false).text(session.handle("last month")).stdout
        #expect(text.hasPrefix("October 2026 · goal \(Format.integer(old)) kcal a day\n"), "\(text)")
        // And the day view of yesterday.
        guard case .day(let report) = session.handle("yesterday") else {
            Issue.record("yesterday showed no day")
            return
        }
        #expect(report.totals.goal == old)

        // Undo takes the goal back with its history.
        _ = session.handle("undo")
        #expect(try session.profileStore.load().pastGoals == nil)
        #expect(Self.marks(session)["2026-11-22"]?.1 == old)
    }

    @Test func aWeightThatMovesTheGoalKeepsTheGoalBefore() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        let old = try #require(Self.marks(session, "week")["2026-11-21"]?.1)
        _ = session.handle("weight 70")
        let marks = Self.marks(session, "week")
        #expect(marks["2026-11-21"]?.1 == old)
        let now = try #require(marks["2026-11-22"]?.1)
        // Maintenance moves by 10 kcal a kg × the activity factor (light: 1.375).
        #expect(now < old)
        #expect(try session.profileStore.load().pastGoals?.map(\.lastDay) == ["2026-11-21"])
    }

    /// A profile.json as the release before the goal history wrote it: version 1, one goal.
    static let versionOneProfile = """
        {
          "age" : 40,
          "confirmOverGoal" : true,
          "strategy" : {
            "fixed" : {
              "kcal" : 2200
            }
          },
          "units" : "metric",
          "version" : 1,
          "waterGoalMl" : 2000
        }

        """

    @Test func aVersionOneProfileKeepsItsGoalForEveryDayBeforeTheFirstChange() throws {
        try TestSession.with { session, folder throws in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("profile.json")
            try Self.versionOneProfile.write(to: path, atomically: true, encoding: .utf8)
            _ = session.handle("pizza 2100 kcal dinner 2026-11-20")
            _ = session.handle("pizza 2100 kcal dinner yesterday")
            let profile = try session.profileStore.load()
            #expect(profile.version == 1)
            #expect(profile.pastGoals == nil)
            #expect(Self.marks(session, "week")["2026-11-20"]?.0 == .met)

            _ = session.handle("goal 1800")
            #expect(try session.profileStore.load().version == Profile.baseVersion)
            // The first change moves the profile into this device's file (issue 27): the old file
            // is kept as profile.json.v1 and left in a version an earlier release refuses.
            let own = folder.appendingPathComponent("devices/\(JournalStore.unnamedDevice)/profile.json")
            let written = try String(contentsOf: own, encoding: .utf8)
            #expect(written.contains("\"pastGoals.2026-11-21\""), "\(written)")
            #expect(written.contains("\"lastDay\":\"2026-11-21\""), "\(written)")
            #expect(try String(contentsOf: path, encoding: .utf8).contains("\"version\" : \(Profile.movedVersion)"))
            #expect(
                try String(contentsOf: path.appendingPathExtension("v1"), encoding: .utf8) == Self.versionOneProfile)
            let marks = Self.marks(session, "week")
            #expect(marks["2026-11-16"]?.1 == 2200)
            #expect(marks["2026-11-20"]?.0 == .met)
            #expect(marks["2026-11-21"]?.0 == .met)
            #expect(marks["2026-11-22"]?.1 == 1800)
            // Read again from the files by a new store, the history is there.
            let reread = try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load()
            #expect(reread.pastGoals == [PastGoal(kcal: 2200, lastDay: "2026-11-21")])
        }
    }

    @Test func aProfileFromANewerCalorinaIsRefused() throws {
        let bytes = Array(
            Self.versionOneProfile.replacingOccurrences(
                of: "\"version\" : 1", with: "\"version\" : \(Profile.supportedVersion + 1)"
            ).utf8)
        #expect(throws: StoreError.self) { try DocumentStore<Profile>.decode(bytes, path: "profile.json") }
        let current = Array(
            Self.versionOneProfile.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2").utf8)
        #expect(try DocumentStore<Profile>.decode(current, path: "profile.json").strategy == .fixed(kcal: 2200))
    }
}
