import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver

/// Issue 26, round 3: what recipe sites print around an ingredient's name. A choice of foods
/// ("A or B", "A, B, or C"), a brand marked with a trademark sign, the parts of a fruit a cook
/// uses, a part word before the food, and names of bottled and packeted ingredients. Every line
/// here is written for the test.
@Suite struct RecipeChoicesAndBrandsTests {

    func resolved(_ line: String) throws -> [ResolvedItem] { try LineResolving.resolved(line) }

    func parsed(_ line: String) throws -> [LogItem] {
        guard case .log(let log) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return []
        }
        return log.items
    }

    /// The first food said is the one logged, and the entry says it was a choice.
    @Test func aChoiceIsTheFirstFoodAndSaysSo() throws {
        let milk = try resolved("1 cup milk or heavy cream")
        #expect(milk.count == 1)
        #expect(milk.first?.food.hasPrefix("Milk") == true)
        #expect(milk.first?.amount.contains("the first of milk or heavy cream") == true, "\(milk)")
        // The same words without a choice are not remembered with its note.
        #expect(try resolved("1 cup milk").first?.amount.contains("first") == false)
    }

    /// When the first names no food, its words with the next choice's name, then the next.
    @Test func anUnknownFirstChoiceFallsToTheNext() throws {
        let rice = try resolved("500g carnaroli or arborio rice")
        #expect(rice.count == 1)
        #expect(rice.first?.food.lowercased().contains("rice") == true, "\(rice)")
        #expect(rice.first?.grams == 500)
        let oil = try resolved("2 tbsp zzqxv or olive oil")
        #expect(oil.first?.food == "Olive oil", "\(oil)")
        #expect(oil.first?.amount.contains("olive oil, of zzqxv or olive oil") == true, "\(oil)")
    }

    /// Foods listed with commas before the "or" are choices too: one food, not three.
    @Test(arguments: ["3 oz gouda, edam, or cheddar cheese, grated", "2 cups spinach, chard or kale"])
    func aListedChoiceIsOneFood(_ line: String) throws {
        let items = try parsed(line)
        #expect(items.count == 1, "\(items.map(\.summary))")
        #expect(items.first?.choices.count == 2)
        #expect(try resolved(line).count == 1)
    }

    /// ", or more to taste", ", or 2 eggs": a note or an amount after "or" is no choice.
    @Test func aNoteAfterOrIsNoChoice() throws {
        let anchovies = try parsed("4 olives, or more to taste")
        #expect(anchovies.count == 1)
        #expect(anchovies.first?.choices.isEmpty == true)
        #expect(try parsed("1 cup stock or as needed").first?.choices.isEmpty == true)
    }

    /// Words written with capitals before "®" or "™" are a brand: the food is what follows.
    @Test func aTrademarkedBrandNamesNoFood() throws {
        let beans = try resolved("1 (15 ounce) can Zebco® Black Beans, drained")
        #expect(beans.count == 1)
        #expect(beans.first?.food.lowercased().contains("beans") == true, "\(beans)")
        let oats = try resolved("1/2 cup ACME® GOLDEN® Rolled Oats")
        #expect(oats.first?.food.lowercased().contains("oat") == true, "\(oats)")
        #expect(try parsed("2 squares Kandy® Brand milk chocolate").first?.food?.words == ["milk", "chocolate"])
        // Nothing after the sign: the words are the food's own name, kept.
        #expect(try parsed("1 cup Sunny Crunch™").first?.food?.words == ["sunny", "crunch"])
    }

    /// The juice and zest of a fruit are its juice; a note of its parts after it is dropped.
    @Test func theJuiceAndZestOfAFruit() throws {
        let juice = try resolved("zest and juice of 3 oranges")
        #expect(juice.count == 1)
        #expect(juice.first?.food.hasPrefix("Orange juice") == true, "\(juice)")
        let lime = try resolved("1 lime, grated zest and juice")
        #expect(lime.count == 1)
        #expect(lime.first?.food.hasPrefix("Lime") == true, "\(lime)")
    }

    /// A part word said before the food is said after it; halves of a breast count breasts.
    @Test func partWordsBeforeTheFoodAndHalves() throws {
        let celery = try resolved("4 ribs celery, chopped")
        #expect(celery.first?.food.hasPrefix("Celery") == true, "\(celery)")
        #expect(celery.first?.quantity == 4)
        let breasts = try resolved("3 boneless skinless chicken breast halves, diced")
        #expect(breasts.first?.unit == "breast", "\(breasts)")
        #expect(breasts.first?.quantity == 3)
    }

    /// After a recipe's amount, a part of the food and what the cook did to it is a note.
    @Test(arguments: [
        "1 lb green beans, ends trimmed and cut into 2-inch lengths",
        "2 peaches, skins slipped off",
        "1 bunch radishes, leaves removed and kept for a salad",
    ])
    func aPartAndWhatWasDoneToItIsANote(_ line: String) throws {
        let items = try parsed(line)
        #expect(items.count == 1, "\(items.map(\.summary))")
        #expect(try resolved(line).count == 1)
    }

    /// "including …" and a participle with "into" or "to" after the food open a note, no comma.
    @Test(arguments: [
        "4 spring onions including the green tops", "3 carrots sliced into thin coins", "1 tbsp mint sauce from a jar",
    ])
    func aNoteWithoutAComma(_ line: String) throws {
        let items = try parsed(line)
        #expect(items.count == 1, "\(items.map(\.summary))")
        #expect(items.first?.food?.words.contains("including") == false)
        #expect(items.first?.food?.words.contains("into") == false)
        #expect(items.first?.food?.words.contains("jar") == false)
    }

    /// Words that say how the food is, listed with commas after a count in words or an "x".
    @Test(arguments: [
        "One whole, ripe pineapple", "2 x 200g fresh, boneless salmon fillets", "1 cup plain, unsweetened yogurt",
    ])
    func aListOfAdjectivesIsOneFood(_ line: String) throws {
        let items = try parsed(line)
        #expect(items.count == 1, "\(items.map(\.summary))")
    }

    /// A range whose ends both say their unit is its middle; of two counted sizes, the first.
    @Test func rangesWithTwoUnitsAndTwoSizes() throws {
        #expect(try parsed("1/2 cup to 1 cup milk").first?.count == 0.75)
        #expect(try parsed("12 oz to 1 lb cod fillet").first?.count == 14)
        let leeks = try parsed("1 large or 2 small courgettes")
        #expect(leeks.first?.count == 1)
        #expect(leeks.first?.food?.words == ["courgettes"])
    }

    /// In prose, which opens with no amount, the foods after a comma stay foods.
    @Test func proseKeepsItsFoods() throws {
        let items = try parsed("toast, eggs scrambled with cheese")
        #expect(items.contains { $0.food?.words.contains("eggs") == true }, "\(items.map(\.summary))")
    }

    struct Named: Sendable, CustomTestStringConvertible {
        var line: String
        var food: String
        var testDescription: String { line }
    }

    /// Bottled and packeted ingredients by the names recipes print (data/everyday.tsv, round 3).
    @Test(arguments: [
        Named(line: "1 tsp garlic salt", food: "Salt, table"),
        Named(line: "2 tsp cajun seasoning", food: "Spices, poultry seasoning"),
        Named(line: "1 tbsp chili oil", food: "Oil, canola"),
        Named(line: "1 fl oz coconut rum", food: "Rum"),
        Named(line: "1/2 tsp hazelnut extract", food: "Vanilla extract"),
        Named(line: "2 tbsp coconut vinegar", food: "Vinegar, distilled"),
        Named(line: "12 spring roll wrappers", food: "Wonton wrappers (includes egg roll wrappers)"),
        Named(line: "1 lb tiger shrimp", food: "Shrimp, NFS"),
        Named(
            line: "1 cup sweetened flaked coconut",
            food: "Nuts, coconut meat, dried (desiccated), sweetened, flaked, packaged"),
        Named(line: "1/2 cup Marsala wine", food: "Wine, dessert, sweet"),
        Named(line: "2 tbsp taco seasoning", food: "Seasoning mix, dry, taco, original"),
        Named(line: "1 tsp flaky salt", food: "Salt, table"),
        Named(line: "1 tsp creole mustard", food: "Mustard"),
        Named(line: "1 cup split mung beans", food: "Mung beans, mature seeds, raw"),
    ])
    func bottledAndPacketedNames(_ case: Named) throws {
        #expect(try resolved(`case`.line).first?.food == `case`.food)
    }
}
