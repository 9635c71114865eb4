import Foundation
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaHelp
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaMovement
@testable import CalorinaRendering
@testable import CalorinaReports
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaSupport

/// Exercise counted rather than timed (issue 17): the
/// kcal estimate against the documented method, how the entries are kept in month files (which
/// earlier releases must still read), and that they are entries like any other.
@Suite(.tags(.fast)) struct WorkoutTests {
    /// The byte-by-byte key of ASCII text is the key Character's tests give.
    @Test func anASCIIKeyIsTheUnicodeKey() {
        var random = SeededGenerator(seed: 3)
        let alphabet = Array("aZ9 -_.,'/x".utf8)
        for length in 0..<12 {
            for _ in 0..<200 {
                let text = String(
                    decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] },
                    as: UTF8.self)
                #expect(MovementTable.key(text) == MovementTable.unicodeKey(text), "\(text)")
            }
        }
        #expect(MovementTable.key("Push-Ups") == "push ups")
        #expect(MovementTable.key("Crêpe-Twists") == "crêpe twists")
    }

    // MARK: The kcal estimate

    struct Estimate: Sendable, CustomTestStringConvertible {
        var line: String
        var weightKg: Double
        /// The documented method, worked out here from its published numbers.
        var expected: Double
        var testDescription: String { "\(line) at \(Format.number(weightKg)) kg" }
    }

    /// 3 sets of 10 push-ups: 30 reps × 2.0 s = 60 s of work at 8.0 MET (Compendium 02020,
    /// calisthenics, vigorous); kcal = MET × kg × hours.
    /// 10000 steps at 175 cm: a stride of 0.414 × 1.75 m walks 7.245 km, at 4.83 km/h (3.0 mph,
    /// Compendium 17190) 1.5 h, at 3.5 MET.
    static func estimates(_ kg: Double) -> [Estimate] {
        let pushups: Double = 8.0 * kg * (3 * 10 * 2.0 / 3600)
        let steps: Double = 3.5 * kg * (10_000 * 0.414 * 1.75 / 1000 / 4.83)
        let walked: Double = 3.5 * kg * (8_500 * 0.414 * 1.75 / 1000 / 4.83)
        let plank: Double = 3.8 * kg * (60.0 / 3600)
        let bench: Double = 6.0 * kg * (36 * 3.0 / 3600)
        return [
            Estimate(line: "3 sets of 10 pushups", weightKg: kg, expected: pushups),
            Estimate(line: "3x10 push-ups", weightKg: kg, expected: pushups),
            Estimate(line: "10000 steps", weightKg: kg, expected: steps),
            Estimate(line: "walked 8,500 steps", weightKg: kg, expected: walked),
            Estimate(line: "plank 60 s", weightKg: kg, expected: plank),
            Estimate(line: "3 sets of 12 bench press at 60 kg", weightKg: kg, expected: bench),
        ]
    }
    static let allEstimates = estimates(70) + estimates(100)

    @Test(arguments: allEstimates)
    func theKcalAreTheDocumentedEstimate(_ estimate: Estimate) throws {
        try TestSession.with { session, _ in
            #expect(session.handle("set weight \(Format.number(estimate.weightKg)) kg").succeeded)
            #expect(session.handle("set height 175 cm").succeeded)
            guard case .logged(let report) = session.handle(estimate.line) else {
                Issue.record("not logged")
                return
            }
            #expect(report.entries.count == 1)
            #expect(report.entries[0].kind == .exercise)
            #expect(abs(report.entries[0].kcal - estimate.expected) <= 0.05 + 1e-9)
            #expect(report.note == nil)
        }
    }

    /// The two worked examples of `help exercise`, to the kcal.
    @Test func theHelpPageWorkedExamplesHold() {
        let pushups = ExerciseTable.bundled.find("pushups")
        #expect(
            pushups.map { WorkoutEstimate.kcal($0, sets: 3, repsOrSeconds: 10, weightKg: 70) }.map(Format.integer)
                == "9")
        #expect(Format.integer(WorkoutEstimate.kcal(steps: 10_000, heightCm: 175, weightKg: 70)) == "368")
        #expect(HelpText.workoutsPage.contains("= 9 kcal") && HelpText.workoutsPage.contains("368 kcal"))
    }

    /// A step count is never a food, whatever else the table holds.
    @Test(arguments: ["10000 steps", "10,000 steps", "steps 12000", "took 12k steps", "walked 8,500 steps"])
    func aStepCountIsWalking(_ line: String) throws {
        try TestSession.with { session, _ in
            guard case .logged(let report) = session.handle(line) else {
                Issue.record("not logged")
                return
            }
            #expect(report.entries.map(\.food) == [Session.stepsName])
            #expect(report.entries[0].workout.map { if case .steps = $0 { true } else { false } } == true)
        }
    }

    // MARK: How they are kept

    /// A month file as releases before workouts wrote it (a food, timed exercise, water).
    static let oldMonthFile = """
        {
          "entries" : [
            {
              "date" : "2026-11-20",
              "food" : "Banana, raw",
              "grams" : 118,
              "id" : "00000000000000a1",
              "kcal" : 105.0,
              "meal" : "breakfast",
              "portion" : "1 medium (118 g)",
              "quantity" : 1,
              "text" : "a banana",
              "time" : "08:30",
              "unit" : "medium"
            },
            {
              "date" : "2026-11-20",
              "food" : "Running, 6 mph (10 min/mile)",
              "id" : "00000000000000a2",
              "kcal" : 343,
              "kind" : "exercise",
              "meal" : "lunch",
              "portion" : "30 min",
              "quantity" : 30,
              "text" : "ran 30 min",
              "time" : "12:00",
              "unit" : "min"
            }
          ],
          "month" : "2026-11",
          "version" : 1
        }

        """

    @Test func anOldMonthFileReadsAndItsExerciseIsNoWorkout() throws {
        let file = try MonthFile.decode(Array(Self.oldMonthFile.utf8), month: "2026-11", path: "2026-11.json")
        #expect(file.entries.map(\.food) == ["Banana, raw", "Running, 6 mph (10 min/mile)"])
        #expect(file.entries[1].kind == .exercise && file.entries[1].workout == nil)
        let report = WorkoutReport(
            period: .month, range: CivilDate(daysSinceEpoch: 20_758)...CivilDate(daysSinceEpoch: 20_779),
            isCalendar: false, entries: file.entries, units: .metric)
        #expect(report.cardio.map(\.minutes) == [30] && report.movements.isEmpty)
    }

    /// A workout entry is written with the fields and kind every release knows, so that the
    /// strict reader (which refuses a field it does not know; unchanged since before workouts)
    /// and Foundation's reader both read it back as it was.
    @Test func aNewEntryRoundTripsInFieldsEveryReleaseKnows() throws {
        try TestSession.with { session, folder in
            for line in ["3 sets of 12 bench press at 135 lb", "plank 60 s", "10000 steps", "ran 30 min"] {
                #expect(session.handle(line).succeeded)
            }
            let path = folder.appendingPathComponent("devices/local/journal/2026-11.json")
            let bytes = [UInt8](try Data(contentsOf: path))
            let file = try MonthFile.decode(bytes, month: "2026-11", path: path.path)
            #expect(file.entries.count == 4)
            #expect(
                file.entries.map(\.workout) == [
                    .reps(sets: 3, reps: 12, loadKg: 61.235), .hold(sets: 1, seconds: 60), .steps(10_000), nil,
                ])
            let foundation = try JSONDecoder().decode(MonthFile.self, from: Data(bytes))
            #expect(foundation.entries == file.entries)
            #expect(MonthCodec.encode(file) == bytes)
            let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            let entries = object?["entries"] as? [[String: Any]] ?? []
            let known: Set<String> = [
                "id", "date", "time", "meal", "food", "code", "quantity", "unit", "portion", "grams", "kcal", "protein",
                "carbs", "fat", "text", "kind",
                // Version 6, a device's month: the clock of the change that wrote the entry.
                "clock",
            ]
            #expect(entries.count == 4)
            for entry in entries {
                #expect(Set(entry.keys).isSubset(of: known))
                #expect(entry["kind"] as? String == "exercise")
            }
        }
    }

    // MARK: Entries like any other

    @Test func undoDeleteMoveAndExportTreatThemLikeAnyEntry() throws {
        try TestSession.with { session, folder in
            #expect(session.handle("3 sets of 10 pushups").succeeded)
            #expect(session.handle("10000 steps").succeeded)
            #expect(session.handle("undo").succeeded)
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").map(\.food) == ["Push-ups"])
            #expect(session.handle("redo").succeeded)
            #expect(session.handle("move 1 to dinner").succeeded)
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").first?.meal == .dinner)
            // Beside the data folder: an export into it is refused.
            let csv = folder.path + "-out.csv"
            defer { try? FileManager.default.removeItem(atPath: csv) }
            #expect(session.handle("export csv 2026-11-22 to \(csv)").succeeded)
            let exported = try String(contentsOfFile: csv, encoding: .utf8)
            #expect(exported.contains("3x10") && exported.contains("10000 steps"))
            #expect(session.handle("delete 1").succeeded)
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").map(\.food) == [Session.stepsName])
            #expect(session.handle("undo").succeeded)
            #expect(try JournalStore(root: folder).entries(on: "2026-11-22").count == 2)
        }
    }

    @Test func anUnknownMovementAfterSetsIsSaidToBeOne() throws {
        try TestSession.with { session, _ in
            guard case .failed(let failure) = session.handle("3 sets of 10 pushupz") else {
                Issue.record("not refused")
                return
            }
            #expect(failure.problems.count == 1 && failure.problems[0].message.contains("pushupz"))
        }
    }

    // MARK: Completion

    struct Completion: Sendable, CustomTestStringConvertible {
        var typed: String
        var offered: [String]
        var testDescription: String { typed.debugDescription }
    }

    @Test(arguments: [
        Completion(typed: "3 sets of 10 push", offered: ["pushups"]),
        Completion(typed: "3x10 pul", offered: ["pullups"]),
        Completion(typed: "50 burp", offered: ["burpees"]),
        Completion(typed: "3 sets of 12 bench pr", offered: ["bench press"]),
        Completion(typed: "3x45s pla", offered: ["plank"]),
    ])
    func aMovementCompletesAfterACount(_ completion: Completion) {
        let result = Completer(index: .bundled).complete(completion.typed)
        #expect(result.candidates == completion.offered)
    }

    /// A count is as likely a food's: the foods are still offered.
    @Test func aFoodStillCompletesAfterACount() {
        #expect(Completer(index: .bundled).complete("50 almo").candidates.contains("almond"))
        #expect(Completer(index: .bundled).complete("50 pu").candidates.contains("pushups"))
    }

    // MARK: Progress

    @Test func theWeekSumsEachMovementWithItsBestSetAndTrend() throws {
        try TestSession.with { session, _ in
            for line in [
                "3 sets of 10 pushups 2026-11-20", "50 pushups yesterday", "4x12 pushups",
                "3 sets of 5 bench press at 60 kg 2026-11-19", "5 bench press at 80 kg", "plank 60 s", "3x45s plank",
                "ran 30 min yesterday", "10000 steps yesterday", "8000 steps",
            ] {
                #expect(session.handle(line).succeeded, "\(line)")
            }
            guard case .workouts(let report) = session.handle("exercise week") else {
                Issue.record("no report")
                return
            }
            let pushups = report.movements.first { $0.name == "Push-ups" }
            #expect(pushups?.sets == 8 && pushups?.total == 128 && pushups?.bestReps == 50)
            #expect(pushups?.trend == [0, 0, 0, 0, 30, 50, 48])
            let bench = report.movements.first { $0.name == "Bench press" }
            #expect(bench?.sets == 4 && bench?.total == 20 && bench?.bestReps == 5 && bench?.bestLoadKg == 80)
            let plank = report.movements.first { $0.name == "Plank" }
            #expect(plank?.isHold == true && plank?.total == 195 && plank?.bestReps == 60)
            #expect(report.cardio.map(\.minutes) == [30])
            #expect(report.steps == 18_000 && report.stepDays == 2)
            let text = Renderer(color: false).text(.workouts(report)).stdout
            #expect(text.contains("Push-ups") && text.contains("50 reps") && text.contains("5 at 80 kg"))
            #expect(text.contains("18,000"))
        }
    }
}
