import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver

/// Issue 11, further: how the resolver reads what the corpus showed it misread. Each rule is
/// checked by what it logs, against USDA's own numbers where a number is checked.
@Suite struct RealTextReadingTests {
    static let resolver = LineResolving.resolver

    func resolved(_ line: String) throws -> [ResolvedItem] { try LineResolving.resolved(line) }

    func failure(_ line: String) throws -> ResolveError? { try LineResolving.failure(line) }

    /// Foods that fit the words alike: the one that adds least to what was said, and only when
    /// it holds every word said; equally plain foods far apart in energy stay a question.
    @Test func thePlainestOfFoodsThatFitAlike() throws {
        #expect(try resolved("1 cup frozen peas").first?.food == "Peas, green, frozen, unprepared")
        #expect(try resolved("1 cup canned pumpkin").first?.food == "Pumpkin, canned, without salt")
        #expect(try resolved("cheese ravioli").first?.food == "Ravioli, cheese-filled, no sauce")
        // Light or white tuna: equally plain, 86 against 128 kcal per 100 g.
        guard case .ambiguous(_, let candidates)? = try failure("tuna in water without salt")?.kind else {
            Issue.record("light or white tuna was not asked")
            return
        }
        #expect(candidates.count == 2)
        #expect(Resolver.unsaid("Peas, green, frozen, unprepared", said: ["frozen", "pea"]) == 2)
        #expect(
            Resolver.unsaid("Green peas, frozen, cooked, fat added, NS as to fat type", said: ["frozen", "pea"]) == 4)
        #expect(Resolver.unsaid("Lentils, from dried, no added fat", said: ["lentil", "dried"]) == 0)
    }

    /// A small or a large fruit or vegetable that USDA weighs only whole is 0.66 or 1.34 of it;
    /// a food USDA weighs by size keeps its own; an egg counted is USDA's (large) egg.
    @Test func smallAndLargeProduce() throws {
        let whole = try #require(try resolved("1 onion").first?.grams)
        let large = try #require(try resolved("1 large onion").first?.grams)
        #expect(abs(large - whole * 1.34) < 1)
        #expect(try resolved("2 large eggs").first?.grams == 100)
        #expect(try resolved("1 small onion, grated").first.flatMap(\.grams).map { $0 < whole * 0.7 } == true)
        // Counted, never by the cup: a yellow onion is a whole one.
        #expect(try resolved("1 large yellow onion, chopped").first.map { !$0.amount.contains("cup") } == true)
    }

    @Test func coffeeShopCups() throws {
        let grande = try #require(try resolved("grande latte").first)
        #expect(grande.amount.contains("16 fl oz"))
        #expect(try resolved("venti iced latte").first?.amount.contains("20 fl oz") == true)
        #expect(try resolved("tall mocha").first?.amount.contains("12 fl oz") == true)
    }

    /// Grains and pulses said dry, or grains rinsed, are the dry ones; beans rinsed are canned.
    @Test func dryStaples() throws {
        #expect(try resolved("1 cup quinoa, rinsed").first?.food == "Quinoa, uncooked")
        #expect(try resolved("400g dried spaghetti").first?.food == "Pasta, dry, enriched")
        #expect(try resolved("1 cup dry lentils").first?.food == "Lentils, raw")
        #expect(try resolved("1 cup chickpeas, rinsed").first.map { Resolver.isRaw($0.food) } == false)
        #expect(try resolved("1 lb green beans, trimmed").first.map { Resolver.isRaw($0.food) } == true)
    }

    /// A weight in brackets after a counted food is what they all weigh; after a unit, the
    /// unit's amount in another unit (the first is used).
    @Test func aWeightInBracketsAfterACountedFood() throws {
        let tenderloin = try #require(try resolved("1 pork tenderloin (about 1 lb)").first)
        #expect(tenderloin.grams.map { abs($0 - 453.6) < 1 } == true)
        #expect(try resolved("4 chicken breasts (about 2 lbs)").first?.grams.map { abs($0 - 907.2) < 1 } == true)
        #expect(try resolved("1 cup (200g) sugar").first?.unit == "cup")
    }

    /// A plural without a count is at least two when USDA's serving is one; an everyday name
    /// keeps its own portion.
    @Test func aPluralIsAtLeastTwo() throws {
        let one = try #require(try resolved("1 chicken fajita").first?.grams)
        let plural = try #require(try resolved("chicken fajitas").first)
        #expect(plural.grams == one * 2 && plural.quantity == 2 && plural.amount.hasPrefix("2 fajitas"))
        let order = try #require(try resolved("1 fries").first?.grams)
        #expect(try resolved("fries").first?.grams == order)
        // An everyday name whose portion is one of the thing: "eggs" are two eggs, "nachos" a plate.
        #expect(try resolved("eggs").first?.quantity == 2)
        #expect(try resolved("lamb chops").first?.quantity == 2)
        #expect(try resolved("nachos").first?.quantity == 1)
    }

    /// A count of a food USDA weighs by the item is of items: 4 pierogi are 4 × "1 item, any size".
    @Test func aCountOfItems() throws {
        let four = try #require(try resolved("4 pierogi").first)
        #expect(four.grams == 160 && four.quantity == 4)
        #expect(try resolved("pierogi").first?.grams == 80, "named alone: USDA's default portion")
        // "3 egg omelette": three of the omelet's "1 egg" (55 g); "2 egg rolls" stay egg rolls.
        let omelet = try #require(try resolved("3 egg omelette").first)
        #expect(omelet.food.hasPrefix("Egg omelet") && omelet.grams == 165)
        #expect(try resolved("2 egg rolls").first?.food.hasPrefix("Egg roll") == true)
        // A share after the food, and a half after a unit.
        #expect(try resolved("grapefruit half").first?.quantity == 0.5)
        #expect(try resolved("a cup and a half of milk").first?.quantity == 1.5)
        // A container's size before it is the amount.
        let coke = try #require(try resolved("20oz bottle of coke").first)
        #expect(coke.food == "Soft drink, cola" && coke.unit == "oz" && coke.quantity == 20)
        #expect(try resolved("2 20oz bottles of coke").first?.quantity == 40)
        #expect(try resolved("a 12 oz latte").first?.quantity == 12)
        // "mini": USDA's miniature portion of the food named.
        let mini = try #require(try resolved("mini muffins x3").first)
        #expect(mini.food == "Muffin, NFS" && mini.quantity == 3 && mini.unit.hasPrefix("miniature"))
    }

    /// Peanut butter is spread by the tablespoon on bread, crackers or a rice cake, two with
    /// fruit; "pb" is peanut butter, never dropped as a short word.
    @Test func peanutButterByWhatItIsOn() throws {
        #expect(
            try resolved("english muffin with peanut butter").last.map { $0.quantity == 1 && $0.unit == "tbsp" } == true
        )
        #expect(try resolved("rice cake with peanut butter").last?.quantity == 1)
        #expect(try resolved("apple with peanut butter").last?.quantity == 2)
        #expect(try resolved("apple + pb").last?.food == "Peanut butter")
        #expect(try resolved("toast with pb").last?.food == "Peanut butter")
        // The short names are exactly the everyday layer's names of fewer than three letters
        // ("v8", "a1" hold a digit, which makes any word a food word).
        let short = Set(
            Self.resolver.index.table.allEverydayNames.map(\.name).filter { $0.count < 3 && $0.allSatisfy(\.isLetter) })
        #expect(short == FoodWords.shortNames)
    }

    /// A can is USDA's standard can; a cut of meat named alone is at least 3 oz cooked.
    @Test func standardCansAndServingsOfMeat() throws {
        #expect(try resolved("can of tuna").first?.grams == 115)
        #expect(try resolved("roast beef").first?.grams == Portions.meatServingGrams)
        #expect(
            try resolved("pork rinds").first.flatMap(\.grams).map { $0 < 50 } == true, "a snack keeps USDA's default")
        #expect(try resolved("2 oz roast beef").first.flatMap(\.grams).map { abs($0 - 56.7) < 0.1 } == true)
    }

    /// An everyday name and words its food says; "whipped cream" is no eating verb; "mashed
    /// potatoes and gravy", five foods alike, stays the two foods.
    @Test func everydayNamesWithWordsTheirFoodSays() throws {
        #expect(try resolved("side salad no dressing").first?.food.hasSuffix("no dressing") == true)
        #expect(try resolved("thin crust margherita pizza").first?.food.hasSuffix("thin crust") == true)
        #expect(try failure("zzqxv pie") != nil)
        #expect(try resolved("whipped cream").first?.food == "Cream, whipped")
        #expect(try resolved("mashed potatoes and gravy").count == 2)
    }

    /// "A and B" is one food only when the food's own name joins them.
    @Test func twoFoodsJoinedAreOneOnlyWhenTheNameJoinsThem() throws {
        #expect(try resolved("cheese and crackers").count == 2)
        #expect(try resolved("crackers and cheese").count == 2)
        #expect(try resolved("beef and broccoli").map(\.food) == ["Beef and broccoli"])
        #expect(try resolved("whiskey and cola").map(\.food) == ["Whiskey and cola"])
        // In USDA's words ("whisky" is whiskey), and named by what the words after "and" end in.
        #expect(try resolved("whisky and coke").map(\.food) == ["Whiskey and cola"])
        #expect(try resolved("bacon egg and cheese sandwich").count == 1)
        #expect(try resolved("salt and pepper").count == 2)
        #expect(Resolver.namesAJoin("Sweet and sour chicken or turkey"))
        #expect(!Resolver.namesAJoin("Crackers, cheese"))
    }

    /// The bread a sandwich is on says which sandwich; it is no second food.
    @Test func theBreadASandwichIsOn() throws {
        #expect(try resolved("turkey sandwich on wheat").map(\.food) == ["Turkey sandwich on wheat"])
        #expect(try resolved("egg sandwich on a bagel").map(\.food) == ["Egg sandwich on bagel"])
        #expect(try resolved("BLT on rye").count == 1)
        // Not a sandwich: the second food stays.
        #expect(try resolved("peanut butter on toast").count == 2)
    }

    /// Wine by its colour, in a glass or a bottle of 750 ml (USDA weighs half a bottle, 375 g);
    /// "double" twice the one food named; "shared a …" half of it.
    @Test func drinksAsTheyAreOrdered() throws {
        #expect(try resolved("a glass of red").first?.food == "Wine, red")
        #expect(
            try resolved("half a bottle of white").first.map { $0.food == "Wine, white" && $0.grams == 375 } == true)
        #expect(try resolved("bottle of wine").first?.grams == 750)
        #expect(try failure("red") != nil, "a lone colour is no food")
        let double = try #require(try resolved("double whisky").first)
        #expect(double.food == "Whiskey" && double.quantity == 2)
        #expect(try resolved("shared a bottle of red wine with my partner").first?.grams == 375)
        #expect(try resolved("we split a pizza").first?.quantity == 0.5)
        #expect(try resolved("split peas").first.map { $0.quantity == 1 && $0.food.contains("pea") } == true)
        #expect(
            Portions.perOne(Portion(description: "1/2 bottle", grams: 375))
                == Portion(description: "1 bottle", grams: 750))
        #expect(
            Portions.perOne(Portion(description: "10 chips", grams: 20)) == Portion(description: "1 chip", grams: 2))
        #expect(
            Portions.perOne(Portion(description: "5 oz package", grams: 142))
                == Portion(description: "5 oz package", grams: 142))
    }

    /// "avocado toast": the bread with the addition; "french toast" stays one food.
    @Test func toppingsNamedBeforeTheirBread() throws {
        let avocado = try resolved("avocado toast")
        #expect(avocado.count == 2)
        #expect(avocado.last?.food == "Avocado, raw" && avocado.last?.grams == 50)
        let peanut = try resolved("peanut butter toast")
        #expect(peanut.last?.food == "Peanut butter" && peanut.last?.unit == "tbsp")
        #expect(try resolved("french toast").count == 1)
        #expect(try resolved("peanut butter crackers").map(\.food) == ["Crackers, sandwich, peanut butter filled"])
        let typed = try resolved("avacado toast")
        #expect(typed.last?.corrections.first?.read == "avocado")
    }

    /// Words before a food that no food holds and that are no misspelling say when, not what;
    /// a misspelt food word is never dropped.
    @Test func occasionWordsAreNotTheFood() throws {
        #expect(try resolved("thanksgiving turkey").first?.food == "Turkey, NFS")
        #expect(try resolved("weekend pancakes").first?.food == "Pancakes, NFS")
        // "expresso" is a misspelt espresso, not an occasion: corrected, and shown.
        let martini = try #require(try resolved("expresso martini").first)
        #expect(martini.food.lowercased().contains("martini"))
        #expect(martini.corrections.first?.read == "espresso")
    }

    @Test func snackCupsAndCookedWords() throws {
        let pudding = try #require(try resolved("chocolate pudding cup").first)
        #expect(pudding.quantity == 0.5 && pudding.unit == "cup")
        #expect(try resolved("sauteed spinach").first?.food.hasPrefix("Spinach") == true)
        #expect(try resolved("hashbrown patty").first?.food.lowercased().contains("hash brown") == true)
    }

    @Test func chipsByWhatTheyGoWith() throws {
        #expect(try resolved("fish and chips").last?.food.contains("french fries") == true)
        #expect(try resolved("egg and chips").last?.food.contains("french fries") == true)
        #expect(try resolved("turkey sandwich, chips").last?.food.hasPrefix("Potato chips") == true)
        #expect(try resolved("chips").first?.food.hasPrefix("Potato chips") == true)
        // With a Mexican dip, tortilla chips; an everyday name as typed shows no correction.
        let salsa = try resolved("chips and guac")
        #expect(salsa.first?.food.hasPrefix("Tortilla chips") == true)
        #expect(salsa.allSatisfy { $0.corrections.isEmpty })
    }

    /// "large pepperoni pizza 3 slices": the size is the food's, the slices the amount;
    /// "tacos, about 3 each" are 3 tacos; "like" before an amount is a filler, no margarine-like spread.
    @Test func aSizeBeforeAndAnAmountAfter() throws {
        let pizza = try #require(try resolved("large pepperoni pizza 3 slices").first)
        #expect(pizza.quantity == 3 && pizza.food.contains("pepperoni"))
        #expect(try resolved("for dinner we had tacos, about 3 each").first?.quantity == 3)
        #expect(try resolved("I think I had like 3 cookies").map(\.food) == ["Cookie, NFS"])
    }
}
