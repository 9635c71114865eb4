import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaReports
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession

/// Issue 13, your own foods in full: what `define` and `edit food` keep, what logging one fills
/// in, `info` of a food and of a recipe, and `foods.json` old and new. The language's forms
/// are rows of grammar/examples (valid.txt, invalid.txt); the walk through them is transcript 14.
@Suite struct OwnFoodsInFullTests {
    func logged(_ outcome: Outcome) -> [Entry] {
        if case .logged(let report) = outcome { return report.entries }
        Issue.record("not logged: \(outcome)")
        return []
    }

    func info(_ outcome: Outcome) -> OwnFoodInfoReport? {
        if case .ownFoodInfo(let report) = outcome { return report }
        Issue.record("no info of one's own: \(outcome)")
        return nil
    }

    func food(_ session: Session, _ name: String) throws -> UserFood? {
        try session.userFoods.load().foods.first { $0.name == name }
    }

    /// Each value to a tenth, so that sums of doubles compare as the numbers shown.
    func tenths(_ value: Double?) -> Double? { value.map { ($0 * 10).rounded() / 10 } }

    static let proteinBar =
        "define protein bar = 210 kcal, 20 g protein, 25 g carbs, 8 g fat, 3 g fibre, 200 mg sodium per bar (60 g)"

    // MARK: - Logging

    @Test func loggingAFoodFillsItsMacrosAndNutrientsScaledToTheAmount() throws {
        try TestSession.with { session, _ throws in
            #expect(session.handle(Self.proteinBar).succeeded)
            let two = try #require(logged(session.handle("2 protein bars")).first)
            #expect(two.kcal == 420)
            #expect([two.nutrients[.protein], two.nutrients[.carbs], two.nutrients[.fat]] == [40, 50, 16])
            #expect(two.nutrients.others == Nutrients([.fiber: 6, .sugars: nil, .saturatedFat: nil, .sodium: 400]))
            #expect(two.grams == 120)
            // By weight, through the bar's 60 g: 90 g is one and a half bars.
            let weighed = try #require(logged(session.handle("90 g protein bar")).first)
            #expect(weighed.kcal == 315)
            #expect(
                [weighed.nutrients[.protein], weighed.nutrients[.carbs], weighed.nutrients[.fat]] == [30, 37.5, 12])
            #expect(weighed.nutrients.others == Nutrients([.fiber: 4.5, .sodium: 300]))
            // Per 100 ml, by volume: a US cup is 236.59 ml.
            #expect(
                session.handle("define oat milk = 46 kcal, 1 g protein, 0.2 g sat fat, 40 mg sodium per 100 ml")
                    .succeeded)
            let cup = try #require(logged(session.handle("1 cup oat milk")).first)
            #expect(cup.kcal == 108.8)
            #expect(cup.nutrients[.protein] == 2.4)
            #expect(cup.nutrients[.carbs] == nil && cup.nutrients[.fat] == nil)
            #expect(cup.nutrients.others == Nutrients([.saturatedFat: 0.5, .sodium: 94.6]))
            // Per ml is the same food said per one millilitre.
            #expect(session.handle("define drink = 0.5 kcal, 0.4 mg sodium per ml").succeeded)
            let glass = try #require(logged(session.handle("250 ml drink")).first)
            #expect(glass.kcal == 125 && glass.nutrients[.sodium] == 100)
        }
    }

    @Test func editingAnEntrysAmountScalesItsMacrosAndNutrients() throws {
        try TestSession.with { session, folder throws in
            #expect(session.handle(Self.proteinBar).succeeded)
            _ = logged(session.handle("2 protein bars"))
            #expect(session.handle("edit 1 3").succeeded)
            let entry = try #require(try JournalStore(root: folder).entries(on: "2026-11-22").first)
            #expect(entry.kcal == 630)
            #expect(entry.nutrients[.protein] == 60 && entry.nutrients[.fat] == 24)
            #expect(entry.nutrients.others == Nutrients([.fiber: 9, .sodium: 600]))
            // Calories of one's own: the label's values no longer hold.
            #expect(session.handle("edit 1 500 kcal").succeeded)
            let own = try #require(try JournalStore(root: folder).entries(on: "2026-11-22").first)
            #expect(own.nutrients[.protein] == nil && own.nutrients.isEmpty)
        }
    }

    // MARK: - Energy from the macros

    @Test func energyIsWorkedOutFromTheMacrosAndAgainWhenTheyChange() throws {
        try TestSession.with { session, _ throws in
            guard
                case .foodsChanged(let done) = session.handle(
                    "define my bar = 20 g protein, 25 g carbs, 8 g fat per bar")
            else {
                Issue.record("not defined")
                return
            }
            #expect(done.contains("kcal worked out from the macros: 4 × 20 + 4 × 25 + 9 × 8"))
            // 4 × 20 + 4 × 25 + 9 × 8 = 80 + 100 + 72.
            #expect(try food(session, "my bar")?.kcal == 252)
            #expect(session.handle("edit food my bar 30 g protein").succeeded)
            #expect(try food(session, "my bar")?.kcal == 292)
            // Energy said is kept, and no longer worked out.
            #expect(session.handle("edit food my bar = 300 kcal").succeeded)
            #expect(session.handle("edit food my bar = 10 g protein").succeeded)
            let edited = try #require(try food(session, "my bar"))
            #expect(edited.kcal == 300 && edited.nutrients[.protein] == 10 && edited.kcalFromMacros == nil)
        }
    }

    // MARK: - edit food

    @Test func editFoodReplacesWhatItNamesKeepsTheRestAndLeavesLoggedEntries() throws {
        try TestSession.with { session, folder throws in
            #expect(session.handle(Self.proteinBar).succeeded)
            _ = logged(session.handle("2 protein bars"))
            #expect(session.handle("edit food protein bar 12 g fat and 4 g sugars").succeeded)
            let edited = try #require(try food(session, "protein bar"))
            #expect(edited.nutrients[.fat] == 12 && edited.nutrients[.sugars] == 4)
            #expect(
                edited.kcal == 210 && edited.nutrients[.protein] == 20 && edited.nutrients[.fiber] == 3
                    && edited.nutrients[.sodium] == 200)
            #expect(edited.grams == 60 && edited.unit == "bar")
            // The entry logged before is a snapshot.
            let before = try #require(try JournalStore(root: folder).entries(on: "2026-11-22").first)
            #expect(before.nutrients[.fat] == 16 && before.nutrients[.sugars] == nil)
            #expect(logged(session.handle("1 protein bar")).first?.nutrients[.fat] == 12)
            // What it is per can change too; the values stay as said.
            #expect(session.handle("edit food protein bar = per 100 g").succeeded)
            let per100 = try #require(try food(session, "protein bar"))
            #expect(per100.amount == 100 && per100.unit == "g" && per100.grams == nil && per100.kcal == 210)
            // undo puts the food back as it was, redo as edited.
            #expect(session.handle("undo").succeeded)
            #expect(try food(session, "protein bar")?.unit == "bar")
            #expect(session.handle("redo").succeeded)
            #expect(try food(session, "protein bar")?.unit == "g")
        }
    }

    @Test func editFoodOfWhatIsNoDefinedFoodIsRefused() throws {
        try TestSession.with { session, _ throws in
            #expect(session.handle("recipe brekkie = 2 eggs, toast").succeeded)
            #expect(session.handle("alias oj = orange juice").succeeded)
            let cases: [(String, SessionError.Kind)] = [
                ("edit food brekkie = 500 kcal", .notADefinedFood("brekkie", is: "your recipe")),
                ("edit food oj 50 kcal", .notADefinedFood("oj", is: "your alias for 'orange juice'")),
                ("edit food banana = 50 kcal", .noSuchOwnFood("banana")),
            ]
            for (line, kind) in cases {
                guard case .failed(let failure) = session.handle(line) else {
                    Issue.record("'\(line)' was accepted")
                    continue
                }
                #expect(failure.problems.first?.message == SessionError(kind).message, "\(line)")
            }
        }
    }

    // MARK: - info

    @Test func infoOfAFoodGivesItsServingAndPer100GramsWhenItsWeightIsKnown() throws {
        try TestSession.with { session, _ throws in
            #expect(session.handle(Self.proteinBar).succeeded)
            let report = try #require(info(session.handle("info protein bar")))
            #expect(report.columns.map(\.label) == ["per bar (60 g)", "per 100 g"])
            let per100 = report.columns[1]
            // 100 / 60 of a bar.
            #expect(tenths(per100.kcal) == 350)
            #expect(tenths(per100[.nutrient(.protein)].value) == 33.3)
            #expect(tenths(per100[.nutrient(.sodium)].value) == 333.3)
            #expect(per100[.nutrient(.sugars)].value == nil)
            // Per a portion of no known weight: that portion only.
            #expect(session.handle("define cookie = 80 kcal per cookie").succeeded)
            #expect(try #require(info(session.handle("info cookie"))).columns.map(\.label) == ["per cookie"])
            #expect(session.handle("define oat milk = 46 kcal per 250 ml").succeeded)
            let milk = try #require(info(session.handle("info oat milk")))
            #expect(milk.columns.map(\.label) == ["per 250 ml", "per 100 ml"])
            #expect(tenths(milk.columns[1].kcal) == 18.4)
        }
    }

    /// Recipes of foods whose every value is known, so that each sum can be worked by hand:
    /// granola per 100 g 450 kcal, 10 g protein, 60 g carbs, 15 g fat, 5 g fibre; a bar 210 kcal,
    /// 20 g protein, 25 g carbs, 8 g fat, 200 mg sodium.
    @Test func infoOfARecipeAddsUpItsItemsAndSaysWhichLeaveASumPartial() throws {
        try TestSession.with { session, _ throws in
            #expect(
                session.handle("define granola = 450 kcal, 10 g protein, 60 g carbs, 15 g fat, 5 g fibre per 100 g")
                    .succeeded)
            #expect(
                session.handle("define bar = 210 kcal, 20 g protein, 25 g carbs, 8 g fat, 200 mg sodium per bar")
                    .succeeded)
            #expect(session.handle("recipe mix = 150 g granola, 2 bars").succeeded)
            let mix = try #require(info(session.handle("info mix")))
            #expect(mix.columns.count == 1)
            let whole = mix.columns[0]
            // 1.5 × granola + 2 × bar.
            #expect(tenths(whole.kcal) == 1095)  // 675 + 420
            #expect(tenths(whole[.nutrient(.protein)].value) == 55)  // 15 + 40
            #expect(tenths(whole[.nutrient(.carbs)].value) == 140)  // 90 + 50
            #expect(tenths(whole[.nutrient(.fat)].value) == 38.5)  // 22.5 + 16
            #expect(whole[.nutrient(.protein)].unknownIn.isEmpty)
            // Fibre only the granola says, sodium only the bar: a part only, and for which.
            #expect(whole[.nutrient(.fiber)] == OwnFoodInfoReport.Total(value: 7.5, unknownIn: ["bar"]))
            #expect(whole[.nutrient(.sodium)] == OwnFoodInfoReport.Total(value: 400, unknownIn: ["granola"]))
            #expect(whole[.nutrient(.sugars)] == OwnFoodInfoReport.Total(value: nil, unknownIn: ["granola", "bar"]))
            #expect(mix.items.map(\.kcal) == [675, 420])

            // A pasted recipe that serves 4: per recipe and per serving.
            _ = session.handle("recipe big mix serves 4")
            _ = session.handle("300 g granola")
            _ = session.handle("4 bars")
            #expect(session.handle("").succeeded)
            let big = try #require(info(session.handle("info big mix")))
            #expect(big.columns.map(\.label) == ["per recipe (4 servings)", "per serving (1/4)"])
            #expect(tenths(big.columns[0].kcal) == 2190)  // 1350 + 840
            #expect(tenths(big.columns[1].kcal) == 547.5)
            #expect(tenths(big.columns[1][.nutrient(.protein)].value) == 27.5)  // (30 + 80) / 4
            #expect(tenths(big.columns[1][.nutrient(.fiber)].value) == 3.8)  // 15 / 4 = 3.75
            #expect(big.columns[1][.nutrient(.fiber)].isPartial)
            // A serving logged keeps the complete sums and leaves a partial one unknown: a part
            // of a sum is no value.
            let serving = try #require(logged(session.handle("1 serving big mix")).first)
            // Fat: (45 + 32) / 4 = 19.25, kept to a tenth.
            #expect(serving.kcal == 547.5 && serving.nutrients[.protein] == 27.5 && serving.nutrients[.fat] == 19.3)
            #expect(serving.nutrients[.fiber] == nil && serving.nutrients[.sodium] == nil)

            // With a table food: its macros are the table's (banana 126 g: protein 0.74, carbs
            // 22.71 per 100 g, USDA FNDDS).
            #expect(session.handle("recipe bowl = 1 bar, 1 banana").succeeded)
            let bowl = try #require(info(session.handle("info bowl")))
            #expect(tenths(bowl.columns[0][.nutrient(.protein)].value) == 20.9)  // 20 + 0.93
            #expect(tenths(bowl.columns[0][.nutrient(.carbs)].value) == 53.6)  // 25 + 28.61
        }
    }

    // MARK: - foods.json

    static let releaseFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/foods-v2-release.json")

    @Test func aFoodsFileOfTheCurrentReleaseReadsAndLogsAsBefore() throws {
        try TestSession.with { session, folder throws in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Self.releaseFile, to: folder.appendingPathComponent("foods.json"))
            let foods = try session.userFoods.load()
            #expect(foods.version == 2)
            #expect(foods.foods.map(\.name) == ["protein bar", "my granola", "oat drink"])
            #expect(foods.foods.allSatisfy { $0.nutrients[.protein] == nil && $0.nutrients.isEmpty && $0.grams == nil })
            let bars = try #require(logged(session.handle("2 protein bars")).first)
            // Unknown stays unknown: never zero.
            #expect(bars.kcal == 420 && bars.nutrients[.protein] == nil && bars.nutrients.isEmpty)
            #expect(logged(session.handle("50 g my granola")).first?.kcal == 225)
            #expect(logged(session.handle("250 ml oat drink")).first?.kcal == 115)
            #expect(logged(session.handle("1 serving chili")).count == 1)
            #expect(logged(session.handle("my breakfast")).count == 1)
            // A change that needs nothing new keeps version 2, which the release reads.
            #expect(session.handle("define cookie = 80 kcal per cookie").succeeded)
            #expect(try session.userFoods.load().version == 2)
            #expect(
                !(try String(contentsOf: folder.appendingPathComponent("foods.json"), encoding: .utf8)).contains(
                    "protein\" :"))
            // A food with macros makes it version 3.
            #expect(session.handle("edit food protein bar = 20 g protein").succeeded)
            let upgraded = try session.userFoods.load()
            #expect(upgraded.version == 3)
            #expect(upgraded.foods.first { $0.name == "protein bar" }?.nutrients[.protein] == 20)
            #expect(upgraded.recipes == foods.recipes && upgraded.aliases == foods.aliases)
            // Undoing it leaves a file an earlier Calorina reads again.
            #expect(session.handle("undo").succeeded)
            #expect(try session.userFoods.load().version == 2)
        }
    }

    @Test func everyValueOfAFoodSurvivesTheFile() throws {
        try TestSession.with { session, folder throws in
            let line =
                "define full = 20 g protein, 25 g carbs, 8 g fat, 3 g fibre, 10 g sugars, 2 g sat fat, 150 mg sodium per bar (55 g)"
            #expect(session.handle(line).succeeded)
            let written = try #require(try food(session, "full"))
            #expect(written.kcalFromMacros == true && written.kcal == 252)
            #expect(
                written.facts
                    == FoodFacts(
                        kcal: 252,
                        nutrients: Nutrients([
                            .protein: 20, .carbs: 25, .fat: 8, .fiber: 3, .sugars: 10, .saturatedFat: 2, .sodium: 150,
                        ])))
            // Read afresh by another store on the same folder.
            let reread = try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load()
            #expect(reread.version == 3)
            #expect(reread.foods == [written])
            // And encoded and decoded as a whole.
            let data = try JSONEncoder().encode(reread)
            #expect(try JSONDecoder().decode(UserFoods.self, from: data) == reread)
        }
    }

    @Test func aFileOfANewerVersionIsRefused() throws {
        try TestSession.with { session, folder throws in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let newer = #"{"version": 4, "foods": [], "aliases": [], "recipes": [], "choices": {}}"#
            try newer.write(to: folder.appendingPathComponent("foods.json"), atomically: true, encoding: .utf8)
            #expect(throws: StoreError.self) { try session.userFoods.load() }
        }
    }
}
