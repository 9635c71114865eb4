import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver

/// Issue 26: recipe ingredient lines as cookbooks print them. Amounts in two units, with a
/// hyphen, in brackets, after a comma or said in words; notes and preparation words that name
/// no food; ingredients by the names cooks use. Every line here is written for the test.
@Suite struct RecipeIngredientLinesTests {

    func resolved(_ line: String) throws -> [ResolvedItem] { try LineResolving.resolved(line) }

    func failure(_ line: String) throws -> ResolveError? { try LineResolving.failure(line) }

    /// The grams a line's items weigh together.
    func grams(_ line: String) throws -> Double {
        try resolved(line).compactMap(\.grams).reduce(0, +)
    }

    struct Weighed: Sendable, CustomTestStringConvertible {
        var line: String
        var grams: Double
        var testDescription: String { line }
    }

    /// Amounts said in two units, with a hyphen, after a comma, or each: what they weigh in all.
    @Test(arguments: [
        Weighed(line: "1 lb 4 oz ground beef", grams: 567),
        Weighed(line: "800g/1lb 12oz carrots", grams: 800),
        Weighed(line: "2 pints 4 fl oz whole milk", grams: 1_098),  // 2.25 US pints of milk
        Weighed(line: "1 cup plus 2 tbsp granulated sugar", grams: 225),
        Weighed(line: "1 4-pound pork shoulder", grams: 1_814),
        Weighed(line: "One 3- to 4-pound whole chicken", grams: 1_588),
        Weighed(line: "5 lamb chops, about 2 pounds", grams: 907),
        Weighed(line: "3 chicken breasts, each about 200g", grams: 600),
        Weighed(line: "2 pork chops (about 1 lb total)", grams: 454),
        Weighed(line: "forty grams butter", grams: 40),
    ])
    func compoundAndLateAmounts(_ case: Weighed) throws {
        let weighed = try grams(`case`.line)
        #expect(abs(weighed - `case`.grams) <= `case`.grams * 0.02, "\(`case`.line): \(weighed) g")
    }

    /// Ranges with an en dash, shares in words, a second amount at the end, abbreviated units.
    @Test func rangesSharesAndAbbreviations() throws {
        #expect(try resolved("3–5 sprigs fresh dill").first?.quantity == 4)
        #expect(try resolved("three quarters of a cup milk").first?.quantity == 0.75)
        #expect(try resolved("half a cup oats").first?.quantity == 0.5)
        #expect(try resolved("2 tsp almond extract 10 mL").first?.unit == "tsp")
        #expect(try resolved("2 Tb olive oil").first?.unit == "tbsp")
        #expect(try resolved("1 pt heavy cream").first?.unit == "pint")
        #expect(try resolved("1 md carrot").first?.grams == resolved("1 medium carrot").first?.grams)
        #expect(try resolved("12 gm yeast").first?.grams == 12)
        #expect(try resolved("twenty-five grams walnuts").first?.grams == 25)
    }

    /// A length is how the cook cuts: "3cm piece" is one piece; a length in a note is dropped.
    @Test func lengthsAreNoAmounts() throws {
        let ginger = try resolved("3cm/1¼in piece root ginger")
        #expect(ginger.count == 1)
        #expect(ginger.first?.unit == "piece")
        #expect(try resolved("2 leeks, cut into 1cm/½in rounds").first?.quantity == 2)
    }

    /// Notes and preparation words never become a food, and a spaced dash opens a note.
    @Test func preparationNamesNoFood() throws {
        let orange = try resolved("Finely grated zest of 1 lemon")
        #expect(orange.count == 1)
        #expect(orange.first?.food.hasPrefix("Lemon peel") == true)
        #expect(try resolved("3 carrots, peeled, halved lengthways").count == 1)
        #expect(try resolved("2 shallots, peeled and sliced into thin rings").count == 1)
        #expect(try resolved("2 cloves garlic - crushed").count == 1)
        #expect(try resolved("150g cooked and peeled prawns").count == 1)
        #expect(try resolved("1 onion, cored, seeded, and cut into strips").count == 1)
    }

    /// "salt and pepper to taste" is a pinch of each: the spice, never a bell pepper.
    @Test func toTasteIsAPinchOfTheSpice() throws {
        let seasoning = try resolved("salt and pepper to taste")
        #expect(seasoning.map(\.unit) == ["pinch", "pinch"])
        #expect(seasoning.last?.food == "Spices, pepper, black")
        #expect(try resolved("pinch ground nutmeg").first?.food == "Spices, nutmeg, ground")
    }

    /// A choice of two words that say how the food is: the first, and the food's name kept.
    @Test func aChoiceOfDescriptorsKeepsTheName() throws {
        #expect(try resolved("1 cup fresh or frozen blueberries").first?.food.hasPrefix("Blueberries") == true)
        #expect(try resolved("1 cup milk or cream").count == 1)
    }

    /// Names cooks use: everyday rows (data/everyday.tsv) and the rules for part words and
    /// varieties; what was named stays what the food is.
    @Test func ingredientsByTheNamesCooksUse() throws {
        #expect(try resolved("1 tbsp sherry vinegar").first?.food == "Vinegar, red wine")
        #expect(try resolved("2 tsp garam masala").first?.food == "Spices, curry powder")
        #expect(try resolved("1 tsp black peppercorns").first?.food == "Spices, pepper, black")
        #expect(try resolved("2 green chillies").first?.food == "Peppers, hot chili, green, raw")
        #expect(try resolved("1 tbsp glucose syrup").first?.food == "Corn syrup")
        #expect(try resolved("500g Charlotte potatoes").first?.food.lowercased().contains("potato") == true)
        #expect(try resolved("2 tbsp basil leaves").first?.food.lowercased().contains("basil") == true)
        #expect(try resolved("1 tbsp Pacific sea salt").first?.food == "Salt, table")
    }

    /// A count of cut parts is weighed by the part or not at all: never as whole foods.
    @Test func aCountOfCutPartsIsNoCountOfTheWhole() throws {
        #expect(try failure("9 zucchini chunks") != nil)
        #expect(try failure("zzqxv pie") != nil)
    }

    /// A line of only preparation or serving words names no food: it is refused, never an elk
    /// whose description says "chopped", never soft serve; with a food it is that food.
    @Test(arguments: [
        "finely chopped", "roughly chopped", "to serve", "serves 4", "peeled and chopped", "thinly sliced",
    ])
    func preparationAloneNamesNoFood(_ line: String) throws {
        let session = try TestSession.dryRun()
        guard case .failed(let failure) = session.handle(line) else {
            Issue.record("'\(line)' logged something")
            return
        }
        #expect(failure.problems.first?.message.contains("says how a food is readied or served") == true, "\(failure)")
    }
}
