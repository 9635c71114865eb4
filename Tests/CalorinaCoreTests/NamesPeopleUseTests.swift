import CalorinaSupport
import Foundation
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

/// Issue 26, names people use, round 2: a word Britain means another food by, dishes of several
/// foods composed in data/everyday.tsv, a number word inside a chain's name, a unit after a
/// name, and a tin of a food USDA weighs no can of.
@Suite(.tags(.fast)) struct NamesPeopleUseTests {
    /// The foods and kcal a line logs with a resolver that reads British English or not.
    func resolved(_ line: String, british: Bool = false) throws -> [ResolvedItem] {
        guard case .log(let log) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return []
        }
        var resolver = LineResolving.resolver
        resolver.readsBritish = british
        switch resolver.resolve(log) {
        case .success(let items): return items
        case .failure(let failure):
            Issue.record("'\(line)': \(failure.errors.map(\.message))")
            return []
        }
    }

    struct Reading: Sendable, CustomTestStringConvertible {
        var line: String
        /// What the first food's name begins with, read as the US reads it and as Britain does.
        var american: String
        var british: String
        var testDescription: String { line }
    }

    static let readings: [Reading] = [
        Reading(line: "chips", american: "Potato chips", british: "Potato, french fries"),
        Reading(line: "some chips", american: "Potato chips", british: "Potato, french fries"),
        Reading(line: "a biscuit", american: "Biscuit", british: "Cookie"),
        Reading(line: "3 biscuits", american: "Biscuit", british: "Cookie"),
        Reading(line: "squash", american: "Summer squash", british: "Fruit flavored drink"),
        Reading(line: "beans", american: "Beans", british: "Baked beans"),
        Reading(line: "a kebab", american: "Beef shish kabob", british: "Gyro"),
        Reading(line: "chicken kebab", american: "Chicken or turkey shish kabob", british: "Chicken kebab ("),
        Reading(line: "tea", american: "Tea, hot, leaf, black", british: "Tea (a mug of tea with milk)"),
        // A cup of tea is the tea by the cup: a dish is counted, never weighed.
        Reading(line: "a cup of tea", american: "Tea, hot, leaf, black", british: "Tea, hot, leaf, black"),
        Reading(line: "jelly", american: "Jelly", british: "Gelatin dessert"),
        Reading(line: "tea with milk", american: "Tea, hot, leaf, black", british: "Tea, hot, leaf, black"),
    ]

    /// With `set units uk` a word Britain means another food by is that food; without it, the
    /// USDA's (American) one.
    @Test(arguments: readings) func aBritishWordIsReadAsTheProfileSays(_ reading: Reading) throws {
        let american = try #require(try resolved(reading.line).first)
        let british = try #require(try resolved(reading.line, british: true).first)
        #expect(american.food.hasPrefix(reading.american), "\(american.food)")
        #expect(british.food.hasPrefix(reading.british), "\(british.food)")
    }

    /// A word only British English uses in the line reads the rest as British, whatever the
    /// profile says; a word both use says nothing.
    @Test func aBritishWordInTheLineReadsTheLineAsBritish() throws {
        let beans = try resolved("half a tin of beans")
        #expect(beans.first?.food == "Baked beans")
        // Half of a 400 g tin.
        #expect(beans.first?.grams == 200)
        let withCrisps = try resolved("a biscuit and a packet of crisps")
        #expect(withCrisps.first?.food.hasPrefix("Cookie") == true, "\(withCrisps.map(\.food))")
        #expect(try resolved("a biscuit and gravy").first?.food.hasPrefix("Biscuit") == true)
        #expect(try resolved("a cold brew and a biscuit").last?.food.hasPrefix("Biscuit") == true)
        // "chips and salsa" are tortilla chips for anyone.
        #expect(try resolved("chips and salsa", british: true).first?.food.hasPrefix("Tortilla") == true)
    }

    /// The session reads the profile's units: `set units uk` is the British reading.
    @Test func theSessionReadsTheProfilesUnits() throws {
        try TestSession.with { session, _ in
            guard case .logged(let before) = session.handle("chips") else {
                Issue.record("'chips' logged nothing")
                return
            }
            #expect(before.entries.first?.food.hasPrefix("Potato chips") == true)
            _ = session.handle("set units uk")
            guard case .logged(let after) = session.handle("chips") else {
                Issue.record("'chips' logged nothing after 'set units uk'")
                return
            }
            #expect(after.entries.first?.food.hasPrefix("Potato, french fries") == true)
        }
    }

    struct Dish: Sendable, CustomTestStringConvertible {
        var line: String
        /// Words the one entry's name must hold.
        var words: [String]
        var low: Double
        var high: Double
        var testDescription: String { line }
    }

    static let dishes: [Dish] = [
        Dish(line: "a full english", words: ["bacon", "sausages", "egg", "beans", "toast"], low: 500, high: 1100),
        Dish(line: "fry up", words: ["bacon", "egg"], low: 500, high: 1100),
        Dish(line: "a cuppa", words: ["tea", "milk"], low: 10, high: 40),
        Dish(line: "2 brews", words: ["tea", "milk"], low: 20, high: 80),
        Dish(line: "builders tea", words: ["tea", "milk", "sugars"], low: 30, high: 80),
        Dish(line: "a scotch egg", words: ["egg", "sausage"], low: 200, high: 400),
        Dish(line: "2 scotch eggs", words: ["egg", "sausage"], low: 400, high: 800),
        Dish(line: "chip butty", words: ["fries", "roll"], low: 300, high: 700),
        Dish(line: "a cream tea", words: ["scone", "tea"], low: 300, high: 700),
        Dish(line: "big mac meal", words: ["big", "mac", "fries", "coke"], low: 900, high: 1400),
        // The chain it came from names no food: the dish.
        Dish(line: "a wagamama katsu curry", words: ["katsu", "chicken", "rice", "curry"], low: 500, high: 1300),
        Dish(line: "battered sausage", words: ["sausage", "corn", "dog"], low: 150, high: 400),
        // A dish of one food by its own weight: a Jaffa cake is 12 g, USDA's nearest cookie 28-60 g.
        Dish(line: "3 jaffa cakes", words: ["jaffa", "cake", "cookie"], low: 120, high: 180),
    ]

    /// A dish of several foods said alone is one entry that names what it holds, its kcal the
    /// sum of theirs.
    @Test(arguments: dishes) func aComposedDishIsOneEntryOfItsParts(_ dish: Dish) throws {
        let items = try resolved(dish.line)
        #expect(items.count == 1)
        let item = try #require(items.first)
        let name = item.food.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        #expect(dish.words.allSatisfy(name.contains), "\(item.food)")
        #expect(item.kcal >= dish.low && item.kcal <= dish.high, "\(item.kcal) kcal")
        #expect(item.code == nil)
    }

    /// Said with what is in it, the name is the everyday food, and the rest is added.
    @Test func aDishSaidWithWhatIsInItIsTheFoodAndTheRest() throws {
        let items = try resolved("cuppa with milk and 1 sugar")
        #expect(items.count == 3)
        #expect(items.first?.food.hasPrefix("Tea") == true)
    }

    /// Every dish everyday.tsv composes resolves, each of its parts without a question: a part
    /// that no longer does is found here, not by a person logging it.
    @Test func everyComposedDishResolves() throws {
        #expect(ComposedDish.bundled.count >= 20)
        for (name, dish) in ComposedDish.bundled {
            guard case .log(let log) = try Parser.parse(dish.parts) else {
                Issue.record("'\(name)': '\(dish.parts)' is no log line")
                continue
            }
            if case .failure(let failure) = LineResolving.resolver.resolve(log) {
                Issue.record("'\(name)': \(failure.errors.map(\.message))")
            }
        }
    }

    /// "five guys burger" is one burger from Five Guys; "five burgers" are five.
    @Test func aNumberWordInAChainsNameIsNoCount() throws {
        let burger = try resolved("five guys burger")
        #expect(burger.count == 1)
        #expect(burger.first?.quantity == 1)
        #expect(burger.first?.food.hasPrefix("Hamburger") == true)
        #expect(try resolved("five burgers").first?.quantity == 5)
        // Every word accounted for: the chain's, number and all, let go as where it came from.
        #expect(burger.first?.matched == ["burger"])
        #expect(burger.first?.skipped == ["five", "guys"])
        #expect(try resolved("costa latte").first?.skippedRoles == [.origin])
    }

    /// A chain whose name is a food's too ("wasabi") is left out only when the whole is no
    /// food of the table's: "wasabi peas" are USDA's.
    @Test func aChainThatIsAFoodsNameToo() throws {
        #expect(try resolved("wasabi peas").first?.food == "Wasabi peas")
        #expect(try resolved("a wasabi katsu curry").first?.food.hasPrefix("Katsu curry (") == true)
    }

    /// "subway footlong": the unit after a name is its unit, twice the 6-inch sub.
    @Test func aUnitAfterANameIsItsUnit() throws {
        let footlong = try #require(try resolved("subway footlong").first)
        let six = try #require(try resolved("a 6 inch subway").first)
        #expect(footlong.food == six.food)
        #expect(abs(footlong.kcal - six.kcal * 2) < 0.5)
    }
}
