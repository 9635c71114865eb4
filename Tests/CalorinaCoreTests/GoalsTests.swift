import CalorinaModel
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaSupport

/// Mifflin-St Jeor, the strategies, the safe floors, imperial units and MET arithmetic, against
/// worked examples.
@Suite(.tags(.fast)) struct GoalsTests {
    @Test func mifflinStJeorWorkedExample() {
        // Male, 30 y, 180 cm, 80 kg: 10 × 80 + 6.25 × 180 − 5 × 30 + 5 = 1,780; × 1.55 = 2,759.
        #expect(Energy.bmr(sex: .male, age: 30, heightCm: 180, weightKg: 80) == 1780)
        var profile = Profile()
        profile.sex = .male
        profile.age = 30
        profile.heightCm = 180
        profile.weightKg = 80
        profile.activity = .moderate
        #expect(Energy.maintenance(profile, weightKg: nil) == 2759)
        // Female, 34 y, 168 cm, 68 kg: 680 + 1,050 − 170 − 161 = 1,399; × 1.2 = 1,678.8.
        #expect(Energy.bmr(sex: .female, age: 34, heightCm: 168, weightKg: 68) == 1399)
    }

    @Test func activityFactors() {
        #expect(Profile.ActivityLevel.allCases.map(\.factor) == [1.2, 1.375, 1.55, 1.725, 1.9])
    }

    @Test func strategiesInMetricAndImperial() {
        #expect(Energy.dailyChange(.lose(kgPerWeek: 0.25)) == -250)
        #expect(Energy.dailyChange(.lose(kgPerWeek: 0.5)) == -500)
        #expect(Energy.dailyChange(.gain(kgPerWeek: 0.75)) == 750)
        // 0.5 / 1 / 1.5 lb a week are the same strategies: ≈ 250 / 500 / 750 kcal a day.
        #expect(Energy.dailyChange(.lose(kgPerWeek: Energy.kilogramsPerWeek(0.5, units: .us))) == -250)
        #expect(Energy.dailyChange(.lose(kgPerWeek: Energy.kilogramsPerWeek(1, units: .us))) == -500)
        #expect(Energy.dailyChange(.gain(kgPerWeek: Energy.kilogramsPerWeek(1.5, units: .us))) == 750)
        #expect(Energy.displayRate(0.5, units: .us) == 1)
        #expect(Energy.dailyChange(.maintain) == 0)
        // A pound is 0.45359237 kg.
        #expect(abs(180 * Unit.kilogramsPerPound - 81.65) < 0.01)
    }

    @Test func goalsNeverGoBelowTheSafeFloorWithoutSayingSo() {
        var profile = Profile()
        profile.sex = .female
        profile.age = 60
        profile.heightCm = 155
        profile.weightKg = 50
        profile.activity = .sedentary
        profile.strategy = .lose(kgPerWeek: 0.75)
        let goal = Energy.goal(profile, weightKg: nil)
        #expect(goal.kcal == 1200)
        guard case .raisedToFloor(let wanted)? = goal.note else {
            Issue.record("no note for a goal held at the floor")
            return
        }
        #expect(wanted < 1200)
        profile.sex = .male
        #expect(Energy.goal(profile, weightKg: nil).kcal == 1500)
        profile.strategy = .fixed(kcal: 1000)
        #expect(
            Energy.goal(profile, weightKg: nil)
                == Goal(
                    kcal: 1000, maintenance: Energy.maintenance(profile, weightKg: nil), note: .belowFloor(1500),
                    bmr: Energy.bmr(profile, weightKg: nil)))
        #expect(Energy.goal(Profile(), weightKg: nil).note == .incompleteProfile)
    }

    @Test func heightsAsPeopleWriteThem() {
        #expect(Parser.height("178 cm") == 178)
        #expect(Parser.height("178") == 178)
        #expect(Parser.height("1.78 m") == 178)
        #expect(abs((Parser.height("5'10\"") ?? 0) - 177.8) < 0.01)
        #expect(abs((Parser.height("5 ft 10 in") ?? 0) - 177.8) < 0.01)
        #expect(abs((Parser.height("70 in") ?? 0) - 177.8) < 0.01)
        #expect(Parser.height("tall") == nil)
    }

    @Test func metArithmetic() {
        // Running 6 mph (9.8 MET), 80 kg, 30 min: 9.8 × 80 × 0.5 = 392 kcal.
        #expect(Energy.burned(met: 9.8, weightKg: 80, minutes: 30) == 392)
        let running = ActivityTable.bundled.find("ran")
        #expect(running?.met == 9.8)
        #expect(ActivityTable.bundled.find("went for a walk")?.name.hasPrefix("Walking") == true)
        #expect(ActivityTable.bundled.find("weight lifting") != nil)
        #expect(ActivityTable.bundled.activities.count >= 60)
        #expect(ActivityTable.bundled.find("xyzzy") == nil)
    }
}
