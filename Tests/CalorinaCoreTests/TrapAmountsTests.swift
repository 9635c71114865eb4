import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver

/// Issue 26, wrong amounts logged in silence (branch `traps2`): a count of a food's small parts
/// is of the part, never of its cups; a fish fillet weighs a fillet; an unknown word one letter
/// from a rare food asks; a brand of ice cream is ice cream; a filling is a filling's amount; a
/// cut nut or cheese alone is a topping's; a smaller kind let go asks; a name Britain sells at
/// another size asks which when the line does not say.
@Suite(.tags(.fast)) struct TrapAmountsTests {
    static func resolve(_ line: String) throws -> [ResolvedItem] {
        try ResolverTests.resolve(line)
    }

    /// One line per case: the line, the food's code, and the grams of that item (within 10 %).
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var code: Int
        var low: Double
        var high: Double
        var item = 0
        var testDescription: String { line }
    }

    static let logged: [Case] = [
        // 24 leaves of cilantro are a few grams, never 24 cups (384 g).
        Case(line: "24 fresh cilantro leaves", code: 11165, low: 2, high: 6),
        Case(line: "24 cilantro leaves", code: 11165, low: 2, high: 6),
        // USDA's own portion of the part, where it has one: basil's leaf, cilantro's sprig.
        Case(line: "10 basil leaves", code: 2044, low: 4.5, high: 5.5),
        Case(line: "3 sprigs cilantro", code: 75109550, low: 2.5, high: 3.5),
        // The part said first, as recipes print it; a food's own "5 leaves" is one leaf of 0.5 g.
        Case(line: "16 leaves fresh tarragon", code: 2041, low: 2.3, high: 2.5),
        Case(line: "15 leaves fresh basil", code: 2044, low: 7, high: 8),
        // A leaf of a vegetable USDA weighs no leaf of: the median vegetable leaf, 14 g.
        Case(line: "a fresh chrysanthemum leaf", code: 11157, low: 13, high: 15),
        // A count of several, no medium: the food's own unit before a measure (2 large eggs).
        Case(line: "2 hard-cooked eggs", code: 1129, low: 99, high: 101),
        // 12 pods of cardamom are about 2.4 g, never 12 teaspoons.
        Case(line: "12 cardamom pods", code: 2006, low: 1.5, high: 3.5),
        // A fillet of a fish USDA weighs no fillet of: the typical fillet, never 1 oz.
        Case(line: "1 monkfish fillet", code: 15054, low: 120, high: 200),
        // Ben and Jerry's is ice cream: a pint is 2 cups.
        Case(line: "a pint of ben and jerrys", code: 13110102, low: 250, high: 310),
        Case(line: "haagen dazs", code: 13110100, low: 100, high: 160),
        // A filling on a jacket potato is a scoop, never a condiment's 2 tbsp (30 g).
        Case(line: "a jacket potato with tuna mayo", code: 27450060, low: 90, high: 110, item: 1),
        // A cut nut or cheese said alone is a topping's amount.
        Case(line: "crushed peanuts", code: 42111000, low: 14, high: 22),
        Case(line: "torn mozzarella", code: 14107010, low: 26, high: 31),
        // A pizza said with an article is ordered whole: a medium one; a number counts slices.
        Case(line: "a pizza margarita", code: 58106220, low: 495, high: 505),
        Case(line: "a pizza", code: 58106210, low: 686, high: 696),
        Case(line: "2 pizza", code: 58106210, low: 233, high: 243),
        // A cinema's popcorn by its size.
        Case(line: "a large popcorn", code: 54403006, low: 180, high: 195),
    ]

    @Test(arguments: logged) func amountIsOfWhatWasSaid(_ testCase: Case) throws {
        let items = try Self.resolve(testCase.line)
        let item = try #require(items.count > testCase.item ? items[testCase.item] : nil)
        #expect(item.code == testCase.code, "\(item.food)")
        let grams = item.grams ?? 0
        #expect(grams >= testCase.low && grams <= testCase.high, "\(item.amount)")
    }

    /// Lines that must ask, never log: an unknown word one letter from a rare food, a count of a
    /// part nothing weighs, a smaller kind let go, a name whose British size is far off.
    static let asked = [
        "harissa", "a spoon of harissa", "3 vanilla pods", "baby corn", "6 baby corn", "a lite yoghurt",
        "a bag of chips", "a milky way",
    ]

    @Test(arguments: asked) func linesAsk(_ line: String) {
        #expect((try? Self.resolve(line)) == nil, "'\(line)' logged a food")
    }

    /// A typo of a word people eat is still read: "bananna" is a banana.
    @Test func typoOfAnEverydayWordIsRead() throws {
        let item = try #require(try Self.resolve("1 bananna").first)
        #expect(item.food == "Banana, raw")
    }

    /// A letter left out is the commonest slip: among words as near, the one the typed word
    /// only leaves letters out of ("sald" is salad, not salt). A first letter typed wrong reads
    /// only as a word of an everyday name.
    @Test func typoReadsTheWordALetterWasLeftOutOf() {
        let index = FoodIndex.bundled
        #expect(index.nearestWord(to: "sald") == "salad")
        #expect(index.nearestWord(to: "tumeric") == "turmeric")
        #expect(index.nearestWord(to: "harissa") == nil)
    }

    /// Two words of everyday names run together are read as the two, when no typo reading finds
    /// the word and neither is a descriptor.
    @Test func compoundOfTwoFoodWordsIsSplit() {
        let index = FoodIndex.bundled
        #expect(index.splittingCompounds(["peanutbutter"]) == ["peanut", "butter"])
        #expect(index.splittingCompounds(["wholemeal"]) == ["wholemeal"])
        #expect(index.splittingCompounds(["cheezburger"]) == ["cheezburger"])
        #expect(index.splittingCompounds(["banana"]) == ["banana"])
    }

    /// "choc" is chocolate, as people shorten it.
    @Test func chocIsChocolate() throws {
        let item = try #require(try Self.resolve("choc chip cookie").first)
        #expect(item.food == "Cookie, chocolate chip")
    }

    /// A count is of things: of parts, the part; never several of a food's cups.
    @Test func countIsOfThingsNotCups() throws {
        let item = try #require(try Self.resolve("12 cardamom pods").first)
        #expect(item.unit == "pod")
        #expect(item.note == "a pod taken as 0.2 g", "the entry says the weight it assumed")
        #expect(!Portions.isMeasure(Portion(description: "1 sprig", grams: 1)))
        #expect(Portions.isMeasure(Portion(description: "1 teaspoon, ground", grams: 2)))
        #expect(Portions.isCupMeasure(Portion(description: "1 cup", grams: 16)))
        #expect(!Portions.isCupMeasure(Portion(description: "1 tablespoon", grams: 6)))
    }

    /// Said in Britain, the British size: a profile or a British word settles which.
    @Test func britishLineTakesTheBritishSize() throws {
        let items = try Self.resolve("a cuppa and a milky way")
        let bar = try #require(items.last)
        #expect(bar.code == 91705510)
        #expect(bar.grams == 15)
        // A bag of chips in Britain is a chip shop's portion, never a bag of crisps.
        let chips = try #require(try Self.resolve("a cuppa and a bag of chips").last)
        #expect(chips.code == 71401030)
        #expect(chips.grams == 145)
    }
}
