import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver

/// Issue 26, the words a new user types: the chain a food came from, the place that says its
/// portion, "bit of", a punnet, a bag of sweets, and what a food has or lacks said after it.
/// Each rule is checked by what it logs and, where it matters, by what it must never log.
@Suite struct NewUserWordsTests {
    func resolved(_ line: String) throws -> [ResolvedItem] { try LineResolving.resolved(line) }

    func failure(_ line: String) throws -> ResolveError? { try LineResolving.failure(line) }

    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        /// Words every logged food's name must begin, one list per food, in order.
        var foods: [[String]]
        var testDescription: String { line }
    }

    static let chains: [Case] = [
        Case(line: "costa latte", foods: [["coffee", "latte"]]),
        Case(line: "a blt from tesco", foods: [["bacon", "lettuce", "tomato"]]),
        Case(line: "krispy kreme donut", foods: [["doughnut"]]),
        Case(line: "chipotle burrito bowl", foods: [["burrito", "bowl"]]),
        Case(line: "taco bell quesadilla", foods: [["quesadilla"]]),
        Case(line: "Applebee's burger", foods: [["hamburger"]]),
        Case(line: "horchata from a restaurant", foods: [["horchata"]]),
        // An everyday name that holds a chain stays that name.
        Case(line: "mcdonalds fries", foods: [["potato", "french", "fr", "fast"]]),
        Case(line: "subway", foods: [["sandwich"]]),
    ]

    /// A chain or shop before a food, or after "from", names no food: the food is as it would be
    /// without it.
    @Test(arguments: chains) func aChainNamesNoFood(_ testCase: Case) throws {
        let foods = try resolved(testCase.line).map { FoodWords.words($0.food.lowercased()) }
        #expect(foods.count == testCase.foods.count)
        for (name, words) in zip(foods, testCase.foods) {
            #expect(words.allSatisfy { word in name.contains { $0.hasPrefix(word) } }, "\(name)")
        }
    }

    /// A chain alone with nothing after it, or one not on the list, is no food of its own.
    @Test func aChainAloneIsNoFood() throws {
        #expect(try failure("costa") != nil)
        #expect(try failure("from greggs") != nil)
    }

    /// A chip shop or a cinema says the portion; any other food said there is as it is.
    @Test func aPlaceThatSaysThePortion() throws {
        let chippy = try #require(try resolved("chips from the chippy").first)
        #expect(chippy.food == "Potato, french fries, fast food")
        let shop = try #require(try resolved("chips").first)
        #expect((chippy.grams ?? 0) > (shop.grams ?? 0))
        let popcorn = try #require(try resolved("large popcorn at the cinema").first)
        #expect(popcorn.food.hasPrefix("Popcorn, movie theater"))
        #expect(try resolved("a coke at the cinema").first?.food == resolved("a coke").first?.food)
    }

    /// "bit of" opening a line is a small one, like "a bit of"; "2 bits of" are two pieces.
    @Test func bitsOfAFood() throws {
        #expect(try resolved("bit of toast").first?.grams == resolved("a bit of toast").first?.grams)
        let two = try #require(try resolved("2 bits of toast").first)
        let one = try #require(try resolved("1 slice of toast").first)
        #expect(two.grams == (one.grams ?? 0) * 2)
        // A food whose name holds "bits" keeps it.
        #expect(try resolved("2 tbsp bacon bits").first?.food == "Bacon bits")
    }

    /// A punnet is 150 g; a bag or a packet of sweets is USDA's pouch of them.
    @Test func punnetsAndBagsOfSweets() throws {
        #expect(try resolved("a punnet of blueberries").first?.grams == 150)
        let pouch = try #require(try resolved("a pouch of haribo").first?.grams)
        #expect(try resolved("a bag of haribo").first?.grams == pouch)
        #expect(try resolved("a packet of haribo").first?.grams == pouch)
    }

    /// What a food has or lacks is part of it, never a second food; a name that says an absence
    /// the line did not ("caffeine free" for "with caffeine", "reduced sugar" for "no sugar") is
    /// never taken, and a question between foods that all fit stays a question.
    @Test func whatAFoodHasOrLacksIsPartOfIt() throws {
        let calcium = try resolved("orange juice with added calcium")
        #expect(calcium.count == 1)
        #expect(calcium.first?.food.contains("calcium") == true)
        #expect(
            try resolved("a fruit flavored soft drink with caffeine").first?.food
                == "Soft drink, fruit flavored, caffeine containing")
        let eggs = try resolved("scrambled egg without added fat")
        #expect(eggs.map(\.food) == ["Egg omelet or scrambled egg, no added fat"])
        let coffee = try resolved("coffee with milk no sugar")
        #expect(coffee.count == 2)
        #expect(coffee.allSatisfy { !$0.food.lowercased().contains("sugar") })
        #expect(try resolved("a baked sweet potato with the peel not eaten").count == 1)
        guard case .ambiguous? = try failure("tuna in water without salt")?.kind else {
            Issue.record("light or white tuna was not asked")
            return
        }
        // "with gravy" is a food added, not an attribute.
        #expect(try resolved("turkey with gravy").contains { $0.food.lowercased().contains("gravy") })
    }

    /// A dish with its fillings is one food when USDA names such a dish by them; a sandwich on
    /// its bread and a food with another stay as they were.
    @Test func aDishWithItsFillings() throws {
        #expect(
            try resolved("scrambled eggs with cheese and meat").map(\.food)
                == ["Egg omelet or scrambled egg, with cheese and meat, NS as to fat"])
        #expect(try resolved("pasta with tomato sauce and meat").count == 1)
        #expect(try resolved("turkey sandwich on wheat").map(\.food) == ["Turkey sandwich on wheat"])
        #expect(try resolved("bagel with cream cheese").count == 2)
        // Meat said in a dish USDA makes with meat is in it; never a meatless one for it.
        // USDA's taco with meat ("Taco, meat, no cheese": a cheese the line did not say is no
        // filling said missing).
        let taco = try resolved("a taco topped with meat").map(\.food)
        #expect(taco.count == 1 && taco.allSatisfy { $0.hasPrefix("Taco") && !$0.contains("with beans") }, "\(taco)")
        #expect(try resolved("a tamale stuffed with savory meat").map(\.food) == ["Tamale, NFS"])
    }

    /// A cook's zucchini is the raw one of no size unsaid: never the baby kind, never the
    /// cooked one a size cannot weigh.
    @Test func aRawFoodOfNoUnsaidSize() throws {
        for line in ["2 medium zucchini", "3 large zucchini", "1 lb zucchini, sliced"] {
            let food = try #require(try resolved(line).first?.food)
            #expect(food == "Squash, summer, zucchini, includes skin, raw", "\(line)")
        }
    }
}
