import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaSession

/// What a person names is what they get: ingredients from SR28 and foods as eaten from FNDDS, a
/// food only when its head noun agrees with what was typed, typos read and said, and words that
/// are no food never logging one.
@Suite struct FoodAgreementTests {
    static let resolver = Resolver(index: .bundled)

    static func resolve(_ line: String, with resolver: Resolver = resolver) throws -> Result<
        [ResolvedItem], ResolveFailure
    > {
        guard case .log(let command) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return .success([])
        }
        return resolver.resolve(command)
    }

    struct Staple: Sendable, CustomTestStringConvertible {
        var line: String
        var code: Int
        var grams: Double
        var testDescription: String { line }
    }

    /// The issue's staples: a cooking ingredient from SR28 when FNDDS has no such food, a food as
    /// eaten from FNDDS. Grams from the USDA portion the line names (SR28 per one unit).
    static let staples: [Staple] = [
        Staple(line: "1 cup flour", code: 20081, grams: 125),
        Staple(line: "2 cups all-purpose flour", code: 20081, grams: 250),
        Staple(line: "salt", code: 2047, grams: 6),
        Staple(line: "garlic", code: 11215, grams: 3),
        Staple(line: "2 cloves garlic", code: 11215, grams: 6),
        Staple(line: "1 tsp baking soda", code: 18372, grams: 4.6),
        Staple(line: "1 tsp vanilla extract", code: 2050, grams: 4.3),
        Staple(line: "2 cups chicken stock", code: 6172, grams: 480),
        Staple(line: "1 cup chicken broth", code: 6194, grams: 249),
        // A volume goes through the food's cup weight: 264 g a cup, 16.5 g a tablespoon.
        Staple(line: "2 tbsp tomato paste", code: 11546, grams: 33),
        Staple(line: "1 tbsp olive oil", code: 82104000, grams: 14),
        Staple(line: "1 tbsp butter", code: 81100500, grams: 14),
        Staple(line: "1 cup sugar", code: 91101010, grams: 200),
        Staple(line: "1/2 cup brown sugar", code: 91102010, grams: 110),
        Staple(line: "2 eggs", code: 31102000, grams: 100),
        Staple(line: "1 cup milk", code: 11100000, grams: 244),
        Staple(line: "1 tsp cinnamon", code: 2010, grams: 2.6),
        Staple(line: "2 tbsp peanut butter", code: 42202000, grams: 32),
        Staple(line: "1/3 cup peanut butter", code: 42202000, grams: 84.7),
        Staple(line: "1 lb ground beef", code: 21500100, grams: 453.6),
        Staple(line: "a banana", code: 63107010, grams: 126),
        // As recipes write them: how the food is, after a comma or before it, changes nothing.
        Staple(line: "1 onion, diced", code: 75117020, grams: 148),
        Staple(line: "3 cloves garlic, minced", code: 11215, grams: 9),
        Staple(line: "1/2 cup unsalted butter, melted", code: 1145, grams: 113.5),
        Staple(line: "salt, to taste", code: 2047, grams: 0.4),  // a pinch (issue 26)
        Staple(line: "1 cup packed brown sugar", code: 91102010, grams: 220),
        Staple(line: "1 cup chopped walnuts", code: 42116000, grams: 120),
    ]

    @Test(arguments: staples) func staplesComeFromTheRightTable(_ staple: Staple) throws {
        let items = try Self.resolve(staple.line).get()
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.code == staple.code, "\(item.food)")
        #expect(abs((item.grams ?? 0) - staple.grams) <= max(0.6, staple.grams * 0.02), "grams \(item.grams ?? 0)")
    }

    struct Never: Sendable, CustomTestStringConvertible {
        var line: String
        var notIn: String
        var testDescription: String { "\(line) is never \(notIn)" }
    }

    /// What a word only modifies is never what it names.
    static let nevers: [Never] = [
        Never(line: "flour", notIn: "patty"), Never(line: "1 cup flour", notIn: "patty"),
        Never(line: "peanut butter", notIn: "candy"), Never(line: "1/3 cup peanut butter", notIn: "candy"),
        Never(line: "cinnamon", notIn: "doughnut"), Never(line: "1 tsp cinnamon", notIn: "doughnut"),
        Never(line: "mascarpone", notIn: "macaroni"), Never(line: "salt", notIn: "corn"),
    ]

    @Test(arguments: nevers) func aModifierNeverNamesTheFood(_ never: Never) throws {
        switch try Self.resolve(never.line) {
        case .success(let items):
            #expect(items.allSatisfy { !$0.food.lowercased().contains(never.notIn) }, "\(items.map(\.food))")
        case .failure(let failure):
            for error in failure.errors {
                if case .ambiguous(_, let candidates) = error.kind {
                    #expect(candidates.allSatisfy { !$0.name.lowercased().contains(never.notIn) })
                }
            }
        }
    }

    /// Answers, fillers and single letters find no food, by themselves, by prefix or by typo.
    @Test(arguments: ["no", "fine", "n", "g", "t", "e", "ok", "yes", "okay", "nope", "thanks", "red", "big"])
    func wordsThatAreNoFoodAreUnknown(_ line: String) throws {
        guard case .failure(let failure) = try Self.resolve(line) else {
            Issue.record("'\(line)' logged a food")
            return
        }
        guard case .unknownFood(_, let suggestions) = failure.errors.first?.kind else {
            Issue.record("'\(line)': \(failure.errors.map(\.message))")
            return
        }
        #expect(suggestions.isEmpty)
    }

    @Test func aTypoIsReadAndSaid() throws {
        let items = try Self.resolve("2 cloves garlc").get()
        #expect(items.first?.code == 11215)
        #expect(items.first?.corrections == [FoodIndex.Correction(typed: "garlc", read: "garlic")])
        let lookup = FoodIndex.bundled.lookup("bananna")
        #expect(lookup.corrections == [FoodIndex.Correction(typed: "bananna", read: "banana")])
    }

    /// An English word is never corrected into another word that is a food ("bred" is not bread),
    /// and no word shorter than four letters is corrected at all.
    @Test(arguments: ["bred", "mean", "egs"]) func anEnglishWordIsNeverCorrectedIntoAFood(_ line: String) throws {
        guard case .failure(let failure) = try Self.resolve(line) else {
            Issue.record("'\(line)' logged a food")
            return
        }
        guard case .unknownFood = failure.errors.first?.kind else {
            Issue.record("'\(line)': \(failure.errors.map(\.message))")
            return
        }
    }

    /// A food that agrees with the typed words only through a modifier is offered, never taken.
    @Test func aWeakMatchIsAChoiceNotAGuess() throws {
        let foods = [
            Food(
                code: 53520130, name: "Doughnut, cake type", synonyms: ["cinnamon sugar"], category: 1,
                kcalPer100g: 430, proteinPer100g: 5, carbsPer100g: 50, fatPer100g: 23,
                portions: [Portion(description: "1 doughnut", grams: 65)]),
            Food(
                code: 75111500, name: "Garlic, raw", synonyms: [], category: 2, kcalPer100g: 149,
                proteinPer100g: 6.4, carbsPer100g: 33, fatPer100g: 0.5,
                portions: [Portion(description: "1 clove", grams: 3)]),
        ]
        let resolver = Resolver(index: FoodIndex(table: FoodTable(foods: foods)))
        guard case .failure(let failure) = try Self.resolve("cinnamon", with: resolver) else {
            Issue.record("a cinnamon doughnut was logged for 'cinnamon'")
            return
        }
        guard case .ambiguous(_, let candidates) = failure.errors.first?.kind else {
            Issue.record("\(failure.errors.map(\.message))")
            return
        }
        #expect(candidates.map(\.code) == [53520130])
        #expect(try Self.resolve("garlic", with: resolver).get().first?.code == 75111500)
    }

    /// The same food in both tables is one food, not a choice; FNDDS's comes first.
    @Test func theSameFoodInBothTablesIsNoChoice() {
        let matches = FoodIndex.bundled.search("garlic raw", limit: 6)
        let table = FoodTable.bundled
        #expect(matches.first.map { table.foods[$0.index].code } == 75111500)
        #expect(Self.resolver.ambiguity(matches) == nil)
    }

    /// Words a kind of several foods ("vanilla": ice cream, yogurt, pudding) could be any of them.
    @Test func aKindOfSeveralFoodsIsAChoice() {
        let matches = FoodIndex.bundled.search("chocolate chip", limit: 12)
        let kinds = matches.filter { $0.agreement == .kind }
        if kinds.count > 1, matches.first?.agreement == .kind {
            #expect(Self.resolver.ambiguity(matches) != nil)
        }
        #expect(Self.resolver.ambiguity(FoodIndex.bundled.search("cheddar", limit: 12)) == nil)
    }
}
