import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaRendering
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 13, part 2: targets for the macros, fibre, sugars, sodium and water, their defaults
/// from the profile, their history, and the days judged by them.
@Suite(.tags(.fast)) struct TargetsTests {
    // MARK: - Parsing

    struct ParseCase: Sendable, CustomTestStringConvertible {
        var line: String
        var nutrient: TargetNutrient
        var amount: TargetAmount?
        var testDescription: String { line }
    }

    static func amount(_ value: Double, _ unit: TargetUnit, limit: Bool) -> TargetAmount {
        TargetAmount(amount: value, unit: unit, limit: limit)
    }

    static let parseCases: [ParseCase] = [
        ParseCase(line: "goal protein 150 g", nutrient: .nutrient(.protein), amount: amount(150, .grams, limit: false)),
        ParseCase(line: "goal protein 30 %", nutrient: .nutrient(.protein), amount: amount(30, .percent, limit: false)),
        ParseCase(line: "goal protein 30%", nutrient: .nutrient(.protein), amount: amount(30, .percent, limit: false)),
        ParseCase(line: "goal carbs 40 %", nutrient: .nutrient(.carbs), amount: amount(40, .percent, limit: true)),
        ParseCase(
            line: "goal carbs at least 40 %", nutrient: .nutrient(.carbs), amount: amount(40, .percent, limit: false)),
        ParseCase(line: "goal fat 70 g", nutrient: .nutrient(.fat), amount: amount(70, .grams, limit: true)),
        ParseCase(line: "goal fibre 30 g", nutrient: .nutrient(.fiber), amount: amount(30, .grams, limit: false)),
        ParseCase(line: "goal fiber 30", nutrient: .nutrient(.fiber), amount: amount(30, .grams, limit: false)),
        ParseCase(
            line: "goal sodium under 2300 mg", nutrient: .nutrient(.sodium),
            amount: amount(2300, .milligrams, limit: true)),
        ParseCase(
            line: "goal sodium 2300", nutrient: .nutrient(.sodium), amount: amount(2300, .milligrams, limit: true)),
        ParseCase(
            line: "goal sodium max 2.3 g", nutrient: .nutrient(.sodium), amount: amount(2300, .milligrams, limit: true)),
        ParseCase(
            line: "goal sugars under 50 g", nutrient: .nutrient(.sugars), amount: amount(50, .grams, limit: true)),
        ParseCase(
            line: "goal saturated fat at most 20 g", nutrient: .nutrient(.saturatedFat),
            amount: amount(20, .grams, limit: true)),
        ParseCase(line: "goal water 2 l", nutrient: .water, amount: amount(2000, .milliliters, limit: false)),
        ParseCase(line: "goal water 2500 ml", nutrient: .water, amount: amount(2500, .milliliters, limit: false)),
        ParseCase(line: "goal protein off", nutrient: .nutrient(.protein), amount: nil),
        ParseCase(line: "goal Fibre none", nutrient: .nutrient(.fiber), amount: nil),
    ]

    @Test(arguments: parseCases)
    func aTargetLineParses(_ example: ParseCase) throws {
        #expect(try Parser.parse(example.line) == .goal(.target(example.nutrient, example.amount)))
    }

    @Test func waterTakesEveryVolumeUnitOfTheUnitTable() throws {
        let cup = try #require(Unit.named("cup"))
        guard case .volume(let ml) = cup.kind else { Issue.record("a cup is a volume"); return }
        #expect(
            try Parser.parse("goal water 8 cups")
                == .goal(.target(.water, Self.amount(8 * ml, .milliliters, limit: false))))
    }

    @Test(arguments: [
        ("goals", Command.goal(.targets)),
        ("history 30 protein", Command.targetHistory(.nutrient(.protein), days: 30)),
        ("history protein", Command.targetHistory(.nutrient(.protein), days: 30)),
        ("history 7 days fibre", Command.targetHistory(.nutrient(.fiber), days: 7)),
        ("history 90", Command.history(.days(90))),
    ])
    func listsAndHistories(_ line: String, _ command: Command) throws {
        #expect(try Parser.parse(line) == command)
    }

    // MARK: - Defaults from the profile

    static func profile(sex: Profile.Sex?, weightKg: Double?) -> Profile {
        var profile = Profile()
        profile.sex = sex
        profile.weightKg = weightKg
        return profile
    }

    struct DefaultCase: Sendable, CustomTestStringConvertible {
        var sex: Profile.Sex?
        var weightKg: Double?
        var kcal: Double
        var nutrient: TargetNutrient
        var low: Double?
        var high: Double?
        var testDescription: String {
            "\(nutrient) \(sex?.rawValue ?? "no sex") \(weightKg.map { "\($0) kg" } ?? "no weight") \(kcal) kcal"
        }
    }

    static let defaultCases: [DefaultCase] = [
        // 0.8 g per kg.
        DefaultCase(sex: .male, weightKg: 80, kcal: 2000, nutrient: .nutrient(.protein), low: 64, high: nil),
        DefaultCase(sex: .female, weightKg: 62.5, kcal: 1800, nutrient: .nutrient(.protein), low: 50, high: nil),
        // 45-65 % of kcal at 4 kcal/g; 20-35 % at 9 kcal/g.
        DefaultCase(sex: .male, weightKg: 80, kcal: 2000, nutrient: .nutrient(.carbs), low: 225, high: 325),
        DefaultCase(sex: .male, weightKg: 80, kcal: 1800, nutrient: .nutrient(.fat), low: 40, high: 70),
        // Under 10 % of kcal at 9 kcal/g; 14 g per 1,000 kcal; 2,300 mg.
        DefaultCase(sex: nil, weightKg: nil, kcal: 1800, nutrient: .nutrient(.saturatedFat), low: nil, high: 20),
        DefaultCase(sex: nil, weightKg: nil, kcal: 2500, nutrient: .nutrient(.fiber), low: 35, high: nil),
        DefaultCase(sex: nil, weightKg: nil, kcal: 2500, nutrient: .nutrient(.sodium), low: nil, high: 2300),
        // IOM total water by sex.
        DefaultCase(sex: .male, weightKg: nil, kcal: 2000, nutrient: .water, low: 3700, high: nil),
        DefaultCase(sex: .female, weightKg: nil, kcal: 2000, nutrient: .water, low: 2700, high: nil),
    ]

    @Test(arguments: defaultCases)
    func aDefaultComesFromTheProfile(_ example: DefaultCase) throws {
        let profile = Self.profile(sex: example.sex, weightKg: example.weightKg)
        let target = try #require(Targets.defaultTarget(example.nutrient, profile: profile, kcalGoal: example.kcal))
        #expect(target.low == example.low)
        #expect(target.high == example.high)
        guard case .guideline(_, let guideline) = target.source else {
            Issue.record("a default says its guideline")
            return
        }
        #expect(!guideline.isEmpty)
    }

    @Test func withoutWhatADefaultNeedsThereIsNoneAndItSaysWhy() {
        let empty = Profile()
        for nutrient in [TargetNutrient.nutrient(.protein), .water, .nutrient(.sugars)] {
            #expect(Targets.defaultTarget(nutrient, profile: empty, kcalGoal: 2000) == nil, "\(nutrient)")
            #expect(Targets.missingDefault(nutrient, profile: empty) != nil, "\(nutrient)")
        }
        let all = Targets.inForce(own: [:], profile: empty, kcalGoal: 2000).map(\.nutrient)
        #expect(
            all == [
                .nutrient(.carbs), .nutrient(.fat), .nutrient(.saturatedFat), .nutrient(.fiber), .nutrient(.sodium),
            ])
    }

    @Test func aPercentageIsOfTheKcalGoalInGrams() {
        let protein = Targets.target(.nutrient(.protein), Self.amount(30, .percent, limit: false), kcalGoal: 2000)
        #expect(protein.low == 150)
        let fat = Targets.target(.nutrient(.fat), Self.amount(30, .percent, limit: true), kcalGoal: 1800)
        #expect(fat.high == 60)
        #expect(fat.low == nil)
    }

    // MARK: - Judging a day

    @Test(arguments: [
        // A floor of 100 g.
        (100.0 as Double?, nil as Double?, NutrientSum(amount: 120, known: 3, count: 3), TargetMark.met),
        (100, nil, NutrientSum(amount: 80, known: 3, count: 3), .under),
        (100, nil, NutrientSum(amount: 120, known: 2, count: 3), .met),  // the unknown can only add
        (100, nil, NutrientSum(amount: 80, known: 2, count: 3), .partial),
        (100, nil, NutrientSum(amount: 0, known: 0, count: 3), .unknown),
        (100, nil, NutrientSum(amount: 0, known: 0, count: 0, logged: false), .notLogged),
        // A limit of 2,300 mg.
        (nil, 2300, NutrientSum(amount: 2000, known: 3, count: 3), .met),
        (nil, 2300, NutrientSum(amount: 2400, known: 3, count: 3), .over),
        (nil, 2300, NutrientSum(amount: 2400, known: 1, count: 3), .over),  // over already
        (nil, 2300, NutrientSum(amount: 2000, known: 1, count: 3), .partial),
        // A range.
        (200, 300, NutrientSum(amount: 250, known: 2, count: 2), .met),
        (200, 300, NutrientSum(amount: 150, known: 2, count: 2), .under),
        (200, 300, NutrientSum(amount: 350, known: 2, count: 2), .over),
    ])
    func aDayIsJudgedOnlyWhereWhatIsKnownSettlesIt(
        _ low: Double?, _ high: Double?, _ sum: NutrientSum, _ mark: TargetMark
    ) {
        let target = DailyTarget(
            nutrient: .nutrient(.protein), low: low, high: high, source: .guideline(rule: "", guideline: ""))
        #expect(target.judge(sum) == mark)
    }

    @Test func anEntryWithoutTheNutrientIsNeverCountedAsZero() {
        let known = Entry(
            id: "a", date: "2026-11-22", time: "08:00", meal: .breakfast, food: "Egg", quantity: 1, unit: "egg",
            portion: "", grams: 50, kcal: 70, protein: 6, text: "egg", nutrients: Nutrients([.fiber: 0, .sodium: 70]))
        let old = Entry(
            id: "b", date: "2026-11-22", time: "09:00", meal: .breakfast, food: "Toast", quantity: 1, unit: "slice",
            portion: "", grams: 25, kcal: 75, protein: 2, text: "toast")
        let fiber = NutrientSum(.nutrient(.fiber), entries: [known, old])
        #expect(fiber.known == 1 && fiber.count == 2 && fiber.isPartial)
        #expect(NutrientSum(.nutrient(.sodium), entries: [old]).isUnknown)
        #expect(NutrientSum(.nutrient(.protein), entries: [known, old]).amount == 8)
    }

    // MARK: - Storage and history

    @Test func targetsRoundTripThroughTheFileWithTheirHistory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let today = try #require(CivilDate("2026-11-22"))
        let store = DocumentStore<Profile>(root: folder)
        try store.update { profile in
            profile.setTarget(.nutrient(.protein), Self.amount(150, .grams, limit: false), today: today)
            // Changed again the same day: the morning's targets held no whole day.
            profile.setTarget(.nutrient(.sodium), Self.amount(1500, .milligrams, limit: true), today: today)
            return true
        }
        let reread = try DocumentStore<Profile>(root: folder).load()
        #expect(reread.version == 3)
        #expect(reread.ownTargets[.nutrient(.protein)] == Self.amount(150, .grams, limit: false))
        #expect(reread.ownTargets[.nutrient(.sodium)] == Self.amount(1500, .milligrams, limit: true))
        #expect(reread.pastTargets == [PastTargets(targets: [:], lastDay: "2026-11-21")])
        #expect(reread.ownTargets(on: try #require(CivilDate("2026-11-21"))).isEmpty)
        #expect(reread.ownTargets(on: today).count == 2)
    }

    /// A profile.json as the release before targets wrote it (version 2: a goal history and a
    /// water goal of 2,500 ml from `set water-goal 2.5 l`).
    static let versionTwoProfile = """
        {
          "age" : 34,
          "confirmOverGoal" : true,
          "heightCm" : 178,
          "pastGoals" : [
            {
              "kcal" : 2200,
              "lastDay" : "2026-11-10"
            }
          ],
          "sex" : "female",
          "strategy" : {
            "fixed" : {
              "kcal" : 1900
            }
          },
          "units" : "metric",
          "version" : 2,
          "waterGoalMl" : 2500,
          "weightKg" : 70
        }

        """

    @Test func aVersionTwoProfileReadsAndKeepsItsWaterGoal() throws {
        try TestSession.with { session, folder throws in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("profile.json")
            try Self.versionTwoProfile.write(to: path, atomically: true, encoding: .utf8)
            let profile = try session.profileStore.load()
            #expect(profile.version == 2)
            #expect(profile.ownTargets[.water] == Self.amount(2500, .milliliters, limit: false))
            _ = session.handle("water 500 ml")
            #expect(try session.currentDayTotals().waterGoalMl == 2500, "not the 2.7 l default: it was set")

            guard case .targets(let report) = session.handle("goal protein 100 g") else {
                Issue.record("a target set reports the target")
                return
            }
            #expect(report.rows.first?.target?.low == 100)
            let written = try session.profileStore.load()
            #expect(written.version == 3)
            #expect(written.waterGoalMl == nil, "the water goal moved into targets")
            let reread = try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load()
            #expect(reread.ownTargets[.water]?.amount == 2500)
            #expect(reread.pastGoals == [PastGoal(kcal: 2200, lastDay: "2026-11-10")])
            // Before today, the water goal alone was in force.
            #expect(
                reread.ownTargets(on: try #require(CivilDate("2026-11-21"))) == [
                    .water: Self.amount(2500, .milliliters, limit: false)
                ])
        }
    }

    @Test func aTargetChangedTodayLeavesEarlierDaysJudgedAsTheyWere() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set weight 50 kg")  // protein default 40 g
            _ = session.handle("200 g chicken breast lunch yesterday")
            _ = session.handle("200 g chicken breast lunch")
            func marks() -> [String: (TargetMark, Double?)] {
                guard case .targetHistory(let report) = session.handle("history 2 protein") else { return [:] }
                return Dictionary(
                    uniqueKeysWithValues: report.days.map { ($0.date.description, ($0.mark, $0.target?.low)) })
            }
            let before = marks()
            #expect(before["2026-11-21"]?.0 == .met)
            #expect(before["2026-11-21"]?.1 == 40)
            _ = session.handle("goal protein 150 g")
            let after = marks()
            #expect(after["2026-11-21"]?.0 == .met, "yesterday keeps the target it had")
            #expect(after["2026-11-21"]?.1 == 40)
            #expect(after["2026-11-22"]?.0 == .under)
            #expect(after["2026-11-22"]?.1 == 150)
            // Undo takes the target back, history and all.
            _ = session.handle("undo")
            #expect(try session.profileStore.load().ownTargets.isEmpty)
        }
    }

    @Test func todayShowsEachTargetAndSaysWhatIsUnknown() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set sex female")
            _ = session.handle("goal protein 30 %")
            _ = session.handle("goal sodium under 2000 mg")
            _ = session.handle("2 eggs breakfast")
            _ = session.handle("burger 650 kcal lunch")
            _ = session.handle("water 1.2 l")
            guard case .day(let report) = session.handle("today") else {
                Issue.record("today shows the day")
                return
            }
            let protein = try #require(report.targets.first { $0.target.nutrient == .nutrient(.protein) })
            #expect(protein.target.low == 150, "30 % of the 2,000 kcal default goal at 4 kcal/g")
            #expect(protein.sum.isPartial, "the burger typed as kcal says no protein")
            let text = Renderer().text(.day(report)).stdout
            #expect(text.contains("protein ≥12/150 g"), "\(text)")
            #expect(
                text.contains("sodium ≥195/<2,000 mg"),
                "the eggs say their sodium, the burger typed as kcal does not: \(text)")
            #expect(text.contains("water 1.2/2.7 l"), "\(text)")
            #expect(text.contains("≥ some foods do not say it"), "\(text)")
        }
    }

    @Test func goalsListsEveryTargetWithItsSource() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set weight 80 kg")
            _ = session.handle("goal fibre 30 g")
            let text = Renderer().text(session.handle("goals")).stdout
            #expect(text.contains("protein        at least 64 g · 0.8 g per kg of 80 kg (US DRI RDA)"), "\(text)")
            #expect(text.contains("fibre          at least 30 g · yours"), "\(text)")
            #expect(text.contains("sodium         under 2,300 mg"), "\(text)")
            #expect(text.contains("Dietary Guidelines for Americans 2020-2025"), "\(text)")
            #expect(text.contains("water          none · no default until the profile has a sex"), "\(text)")
        }
    }
}
