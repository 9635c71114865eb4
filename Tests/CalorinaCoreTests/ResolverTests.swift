import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaSession

/// The resolver against the real bundled table: the values a person would check by hand
/// (kcal per 100 g × grams, from data/usda, FNDDS 2021-2023).
@Suite(.tags(.fast)) struct ResolverTests {
    static let resolver = Resolver(index: .bundled)

    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var food: String
        var grams: Double
        var kcal: Double
        var testDescription: String { line }
    }

    static func resolve(_ line: String) throws -> [ResolvedItem] {
        guard case .log(let command) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return []
        }
        return try resolver.resolve(command).get()
    }

    static let everyday: [Case] = [
        // The issue's new-user day.
        Case(line: "2 servings oatmeal", food: "Oatmeal, NFS", grams: 480, kcal: 364.8),
        Case(line: "1 cup orange juice", food: "Orange juice, 100%, NFS", grams: 248, kcal: 116.6),
        Case(line: "a banana", food: "Banana, raw", grams: 126, kcal: 122.2),
        Case(line: "big mac", food: "Big Mac (McDonalds)", grams: 205, kcal: 535.1),
        // The food-knowledge issue's list.
        Case(line: "oatmeal", food: "Oatmeal, NFS", grams: 240, kcal: 182.4),
        Case(line: "2 eggs", food: "Egg, whole, cooked, NS as to cooking method", grams: 100, kcal: 176),
        Case(line: "a coke", food: "Soft drink, cola", grams: 372, kcal: 156.2),
        Case(line: "1 medium apple", food: "Apple, raw", grams: 200, kcal: 122),
        Case(line: "a glass of red wine", food: "Wine, red", grams: 180, kcal: 153),
        Case(line: "2 bananna", food: "Banana, raw", grams: 252, kcal: 244.4),
        Case(
            line: "200g chiken breast", food: "Chicken breast, NS as to cooking method, skin not eaten", grams: 200,
            kcal: 288),
        // Units through the food's own weights.
        Case(line: "1 cup milk", food: "Milk, NFS", grams: 244, kcal: 126.9),
        Case(line: "8 fl oz orange juice", food: "Orange juice, 100%, NFS", grams: 248, kcal: 116.6),
        Case(line: "1 pint orange juice", food: "Orange juice, 100%, NFS", grams: 496, kcal: 233.1),
        Case(line: "1 lb steak", food: "Beef, steak, NFS", grams: 453.6, kcal: 1038.7),
        Case(line: "1/2 cup orange juice", food: "Orange juice, 100%, NFS", grams: 124, kcal: 58.3),
        Case(line: "2 slices of toast", food: "Bread, white, toasted", grams: 50, kcal: 146.5),
        Case(line: "1 large egg", food: "Egg, whole, cooked, NS as to cooking method", grams: 50, kcal: 88),
        Case(line: "a dozen eggs", food: "Egg, whole, cooked, NS as to cooking method", grams: 600, kcal: 1056),
    ]

    @Test(arguments: everyday) func resolvesToTheUSDAFoodAndWeight(_ testCase: Case) throws {
        let items = try Self.resolve(testCase.line)
        let item = try #require(items.first)
        #expect(items.count == 1)
        #expect(item.food == testCase.food)
        #expect(abs((item.grams ?? 0) - testCase.grams) < 0.6, "grams \(item.grams ?? 0)")
        #expect(abs(item.kcal - testCase.kcal) < 0.6, "kcal \(item.kcal)")
    }

    @Test func genericFoodBeforeOneThatMentionsIt() throws {
        #expect(try Self.resolve("oatmeal").first?.food == "Oatmeal, NFS")
        #expect(try Self.resolve("oatmeal cookie").first?.food.hasPrefix("Cookie, oatmeal") == true)
        let index = FoodIndex.bundled
        let ranked = index.search("orange juice", limit: 3).map { index.table.foods[$0.index].name }
        #expect(ranked.first == "Orange juice, 100%, NFS")
    }

    /// Toasted bread is called toast: "rye toast" is FNDDS's "Bread, rye, toasted", weighed by
    /// its slices, for every bread USDA lists toasted, not only the everyday ones.
    @Test(arguments: [
        ("2 slices of rye toast", "Bread, rye, toasted"), ("1 slice raisin toast", "Bread, raisin, toasted"),
        ("pumpernickel toast", "Bread, pumpernickel, toasted"), ("oatmeal toast", "Bread, oatmeal, toasted"),
        ("a slice of toast", "Bread, white, toasted"), ("french toast", "French toast, NFS"),
    ])
    func toastIsToastedBread(_ line: String, _ food: String) throws {
        #expect(try Self.resolve(line).map(\.food) == [food])
    }

    @Test func andRejoinsANameButSplitsTwoFoods() throws {
        let mac = try Self.resolve("mac and cheese")
        #expect(mac.map(\.food) == ["Macaroni or noodles with cheese"])
        let breakfast = try Self.resolve("eggs and bacon")
        #expect(breakfast.count == 2)
        #expect(breakfast.last?.food.hasPrefix("Pork bacon") == true)
    }

    @Test func directCaloriesNeedNoFood() throws {
        let items = try Self.resolve("burger 650 kcal")
        #expect(items.first?.food == "Burger")
        #expect(items.first?.kcal == 650)
        #expect(items.first?.grams == nil)
        #expect(try Self.resolve("350 kcal").first?.food == "Quick add")
    }

    @Test func unknownFoodSaysWhatItCouldBe() throws {
        guard case .log(let command) = try Parser.parse("2 servings xyzzy") else {
            Issue.record("'2 servings xyzzy' did not come out as this test expects")
            return
        }
        let failure = try #require(Self.resolver.resolve(command).failureValue)
        let error = try #require(failure.errors.first)
        #expect(error.message == "unknown food 'xyzzy'")
        #expect(error.column == 12)
        // A typo within an edit or two of a known word is no unknown food.
        #expect(try Self.resolve("chiken noodle soup").first?.food == "Soup, chicken noodle")
    }

    @Test func aUnitThatCannotWeighTheFoodIsAnErrorNotAGuess() throws {
        guard case .log(let command) = try Parser.parse("1 cup big mac") else {
            Issue.record("'1 cup big mac' did not come out as this test expects")
            return
        }
        let error = try #require(Self.resolver.resolve(command).failureValue?.errors.first)
        guard case .unitDoesNotApply(let unit, let food, _) = error.kind else {
            Issue.record("expected unitDoesNotApply, got \(error.kind)")
            return
        }
        #expect(unit == "cup")
        #expect(food == "Big Mac (McDonalds)")
        #expect(error.hint?.contains("1 McDonald's Big Mac") == true)
    }

    @Test func misspeltUnitIsJudgedAgainstTheTable() throws {
        guard case .log(let typo) = try Parser.parse("1 cupz oatmeal") else {
            Issue.record("'1 cupz oatmeal' did not come out as this test expects")
            return
        }
        let error = try #require(Self.resolver.resolve(typo).failureValue?.errors.first)
        #expect(error.kind == .misread(.unknownUnit("cupz", suggestion: "cup")))
        #expect(error.column == 3)
        // Words one edit from a unit that are food words stay food words.
        #expect(try Self.resolve("2 pinto beans").first?.food.hasPrefix("Pinto beans") == true)
        #expect(try Self.resolve("1 sliced turkey").first?.food.contains("Turkey") == true)
    }

    @Test func aUnitWordThatStartsAFoodNameIsTheFood() throws {
        #expect(try Self.resolve("2 pound cake").first?.food == "Cake, pound")
    }

    @Test func absurdAmountsAreRefused() throws {
        guard case .log(let command) = try Parser.parse("5000 eggs") else {
            Issue.record("'5000 eggs' did not come out as this test expects")
            return
        }
        let error = try #require(Self.resolver.resolve(command).failureValue?.errors.first)
        guard case .tooLarge = error.kind else {
            Issue.record("expected tooLarge, got \(error.kind)")
            return
        }
    }

    @Test func everyProblemOfALineIsReported() throws {
        guard case .log(let command) = try Parser.parse("xyzzy and 1 cup big mac and a banana") else {
            Issue.record("'xyzzy and 1 cup big mac and a banana' did not come out as this test expects")
            return
        }
        let failure = try #require(Self.resolver.resolve(command).failureValue)
        #expect(failure.errors.count == 2)
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A resolver remembers the items it resolved: what it remembers must be what it would work out
/// again, placed where the item stands in its own line, and forgotten when the user's foods change.
@Suite struct ResolverMemoryTests {
    static let lines = [
        "2 servings oatmeal", "1 cup orange juice and a banana", "2 eggs", "a banana", "2 bananna",
        "big mac lunch", "200g chiken breast", "1/2 cup rice", "burger 650 kcal", "2 eggs and toast",
    ]

    static func items(_ line: String) throws -> LogCommand {
        guard case .log(let command) = try Parser.parse(line) else {
            throw ParseError(.missing(.food, after: ""), SourceRange(0, 1))
        }
        return command
    }

    @Test func aRememberedItemIsWhatAFreshResolverWorksOut() throws {
        let remembering = Resolver(index: .bundled)
        for _ in 0..<2 {
            for line in Self.lines + Self.lines.map({ "   " + $0 }) {
                let command = try Self.items(line)
                let fresh = try Resolver(index: .bundled).resolve(command).get()
                #expect(try remembering.resolve(command).get() == fresh, "\(line)")
            }
        }
    }

    @Test func theUsersFoodsChangeWhatIsRemembered() throws {
        let resolver = Resolver(index: .bundled)
        let command = try Self.items("a banana")
        #expect(try resolver.resolve(command).get().first?.food == "Banana, raw")
        var user = UserFoods()
        user.aliases.append(UserAlias(name: "banana", target: "plantain"))
        let aliased = try resolver.resolve(command, user: user).get().first?.food
        #expect(aliased != "Banana, raw" && aliased?.lowercased().contains("plantain") == true, "\(aliased ?? "nil")")
        #expect(try resolver.resolve(command).get().first?.food == "Banana, raw")
    }
}
