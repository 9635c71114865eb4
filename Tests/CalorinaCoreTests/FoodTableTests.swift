import CalorinaFoodData
import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver

/// The bundled table: what tools/build-foods.py wrote is what the USDA files say, and its
/// normalized words are the ones Swift makes of the same names.
@Suite struct FoodTableTests {
    static let table = FoodTable.bundled

    @Test func holdsTheWholeUSDATable() {
        // 5,432 FNDDS food codes (11000000 Milk, human has no nutrient values and is left out),
        // and SR28's 8,789 foods less the 1,129 of its dish groups.
        #expect(Self.table.foods.count == 5431 + 7660)
        #expect(Self.table.foods.filter { $0.source == .fndds }.count == 5431)
        #expect(Self.table.categories.count == 171 + 20)
        #expect(Self.table.allEverydayNames.count >= 1200)
        #expect(Self.table.foods.reduce(0) { $0 + $1.portions.count } > 21_000 + 12_000)
    }

    /// Each portion description is written once in the table (issue 15, size), and each is some
    /// food's: the foods' portions give its line number.
    @Test func portionDescriptionsAreWrittenOnceAndAllUsed() {
        let descriptions = (0..<bundledPortionDescriptions.count).map { bundledPortionDescriptions.string($0) }
        #expect(descriptions.count > 2000)
        #expect(Set(descriptions).count == descriptions.count)
        #expect(!descriptions.contains(""))
        let used = Set(Self.table.foods.flatMap { $0.portions.map(\.description) })
        #expect(used == Set(descriptions))
    }

    struct SpotCheck: Sendable {
        var code: Int
        var name: String
        var kcal: Double
        var portion: String
        var grams: Double
    }

    /// The spot checks of data/usda/PROVENANCE.md.
    static let spotChecks: [SpotCheck] = [
        SpotCheck(code: 63107010, name: "Banana, raw", kcal: 97, portion: "1 banana", grams: 126),
        SpotCheck(code: 56202960, name: "Oatmeal, NFS", kcal: 76, portion: "1 cup, cooked", grams: 240),
        SpotCheck(code: 11111000, name: "Milk, whole", kcal: 61, portion: "1 cup", grams: 244),
        SpotCheck(code: 92410310, name: "Soft drink, cola", kcal: 42, portion: "1 can (12 fl oz)", grams: 372),
        SpotCheck(code: 61210000, name: "Orange juice, 100%, NFS", kcal: 47, portion: "1 fl oz (NFS)", grams: 31),
        SpotCheck(code: 27510389, name: "Big Mac (McDonalds)", kcal: 261, portion: "1 McDonald's Big Mac", grams: 205),
        SpotCheck(code: 63101000, name: "Apple, raw", kcal: 61, portion: "1 medium", grams: 200),
        SpotCheck(code: 51101000, name: "Bread, white", kcal: 267, portion: "1 medium or regular slice", grams: 28),
        SpotCheck(code: 31103010, name: "Egg, whole, boiled or poached", kcal: 143, portion: "1 egg", grams: 50),
    ]

    @Test(arguments: spotChecks) func matchesTheProvenanceSpotChecks(_ check: SpotCheck) throws {
        let food = try #require(Self.table.food(code: check.code))
        #expect(food.name == check.name)
        #expect(food.kcalPer100g == check.kcal)
        #expect(food.portions.first { $0.description == check.portion }?.grams == check.grams)
    }

    @Test func synonymsAndMacrosAreKept() throws {
        let cola = try #require(Self.table.food(code: 92410310))
        #expect(cola.synonyms.contains("Coke"))
        #expect(cola.synonyms.contains("Pepsi"))
        let milk = try #require(Self.table.food(code: 11111000))
        #expect(milk.proteinPer100g > 3 && milk.proteinPer100g < 3.5)
        #expect(milk.fatPer100g > 3 && milk.fatPer100g < 3.5)
        #expect(milk.carbsPer100g > 4 && milk.carbsPer100g < 5.5)
    }

    /// The converter's normalization (Python) and FoodWords (Swift) must agree, or typed words
    /// would miss the table's. Every 7th food, and every everyday name.
    @Test func converterAndSwiftNormalizeAlike() {
        let table = Self.table
        for (offset, food) in table.foods.enumerated() where offset % 7 == 0 {
            let entry = table.entry(at: offset)
            #expect(entry.name.map(table.word) == FoodWords.keyWords(food.name), "\(food.name)")
            // The head, or for a class or a brand the common name: the last naming synonym.
            let head = entry.head.map(table.word)
            #expect(
                head == FoodWords.keyWords(food.head) || entry.synonyms.last?.map(table.word) == head, "\(food.name)")
            #expect(entry.headSet == FoodTable.sortedUnique(Array(entry.head))[...], "\(food.name)")
            let generic = FoodWords.genericity(of: food.name)
            #expect(entry.coreCount == generic.coreCount, "\(food.name)")
            #expect(entry.genericBonus == generic.bonus, "\(food.name)")
            #expect(entry.nameLength == food.name.utf8.count, "\(food.name)")
        }
        for everyday in table.allEverydayNames {
            #expect(FoodWords.normalized(everyday.alias) == everyday.name, "\(everyday.alias)")
        }
    }

    /// The bundled everyday names are found in place by binary search over lines sorted by their
    /// key: every name is found by its words and by its words in any order, as a table built from
    /// the same names in Swift finds them.
    @Test func everydayNamesAreFoundInPlaceAsADictionaryFindsThem() {
        let names = Self.table.allEverydayNames
        #expect(names.count >= 1200)
        let built = FoodTable(foods: [], everyday: names)
        for everyday in names {
            #expect(Self.table.everyday(named: everyday.name) == everyday, "\(everyday.name)")
            let key = FoodTable.wordSetKey(everyday.name.split(separator: " ").map(String.init))
            let found = Self.table.everyday(wordSet: key)
            #expect(found != nil, "\(key)")
            #expect(found.map { FoodTable.wordSetKey($0.name.split(separator: " ").map(String.init)) } == key)
        }
        #expect(Self.table.everyday(named: "no such everyday name") == nil)
        #expect(Self.table.everyday(wordSet: "juice orange")?.name == "orange juice")
        #expect(built.everyday(named: "orange juice") == nil, "a built table keeps only names of its foods")
    }

    /// A food's words read from the bundled text hold their sorted sets, and the count of
    /// words shared with `allSet` is the size of the intersection with it.
    @Test func entriesReadFromTheTextHoldTheirSets() {
        let table = Self.table
        for offset in stride(from: 0, to: table.count, by: 5) {
            let entry = table.entry(at: offset)
            #expect(entry.headSet == FoodTable.sortedUnique(Array(entry.head))[...], "\(offset)")
            #expect(entry.nameSet == FoodTable.sortedUnique(Array(entry.name))[...], "\(offset)")
            let probe = FoodTable.sortedUnique(
                Array(entry.nameSet.prefix(2)) + Array(entry.aliases.prefix(1)) + [7, 500])
            #expect(entry.allSetCount(of: probe[...]) == FoodIndex.intersectionCount(probe[...], entry.allSet[...]))
        }
    }

    struct Plural: Sendable, CustomTestStringConvertible {
        var word: String
        var singular: String
        var testDescription: String { word }
    }

    /// English's regular plurals, by bytes for ASCII words and by characters for the rest.
    static let plurals: [Plural] = [
        Plural(word: "eggs", singular: "egg"), Plural(word: "oats", singular: "oat"),
        Plural(word: "bus", singular: "bus"), Plural(word: "glass", singular: "glass"),
        Plural(word: "hummus", singular: "hummus"), Plural(word: "kiwis", singular: "kiwis"),
        Plural(word: "cookies", singular: "cookie"), Plural(word: "pies", singular: "pie"),
        Plural(word: "berries", singular: "berry"), Plural(word: "tomatoes", singular: "tomato"),
        Plural(word: "peaches", singular: "peach"), Plural(word: "radishes", singular: "radish"),
        Plural(word: "boxes", singular: "box"), Plural(word: "grapes", singular: "grape"),
        Plural(word: "tea", singular: "tea"), Plural(word: "s'mores", singular: "s'more"),
        Plural(word: "jalapeños", singular: "jalapeño"), Plural(word: "crêpes", singular: "crêpe"),
        Plural(word: "pâtés", singular: "pâté"), Plural(word: "ñus", singular: "ñus"),
    ]

    @Test(arguments: plurals) func pluralsAreMadeSingular(_ plural: Plural) {
        #expect(FoodWords.singular(plural.word) == plural.singular)
    }

    /// What the converter says a food is and Swift's twin agree, for the FNDDS foods: Swift finds
    /// the head's nouns (the converter adds those of a common name or a class), and the
    /// converter's kinds are among Swift's (Swift adds the second part's word of a class name).
    @Test func converterAndSwiftFindTheSameNouns() {
        let table = Self.table
        var checked = 0
        for (offset, food) in table.foods.enumerated() where food.source == .fndds && offset % 3 == 0 {
            let entry = table.entry(at: offset)
            let (nouns, kinds, aliases) = FoodWords.nounsAndKinds(name: food.name, synonyms: food.synonyms)
            #expect(Set(nouns.compactMap(table.wordID)).isSubset(of: Set(entry.nouns)), "\(food.name)")
            #expect(Set(entry.kinds).isSubset(of: Set(kinds.compactMap(table.wordID))), "\(food.name)")
            #expect(Set(entry.aliases) == Set(aliases.compactMap(table.wordID)), "\(food.name)")
            checked += 1
        }
        #expect(checked > 1500)
    }

    /// SR28 beside FNDDS: each food keeps its source and code, and the common names of SR28's
    /// descriptions say what each food is.
    @Test func holdsSR28BesideFNDDS() throws {
        let table = Self.table
        #expect(table.foods.filter { $0.source == .sr28 }.count == 7660)
        let flour = try #require(table.food(code: 20081))
        #expect(flour.name == "Wheat flour, white, all-purpose, enriched, bleached")
        #expect(flour.kcalPer100g == 364)
        #expect(flour.portions.first { $0.description == "1 cup" }?.grams == 125)
        #expect(flour.source.citation(code: flour.code) == "USDA SR28 #20081")
        let cinnamon = try #require(table.food(code: 2010))
        #expect(cinnamon.source.citation(code: cinnamon.code) == "USDA SR28 #02010")
        // "3 cloves" is stated per clove.
        let garlic = try #require(table.food(code: 11215))
        #expect(garlic.portions.first { $0.description == "1 clove" }?.grams == 3)
        let banana = try #require(table.food(code: 63107010))
        #expect(banana.source.citation(code: banana.code) == "USDA FNDDS 2021-2023 #63107010")
        let spice = try #require(table.index(code: 2010))
        #expect(table.entry(at: spice).nouns.map(table.word).contains("cinnamon"))
    }

    @Test func completionNamesAreSortedAndFindPrefixes() {
        let names = Self.table.completionNames
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 < $1 })
        let index = FoodIndex.bundled
        #expect(index.completions(prefix: "orange j").contains("orange juice"))
        #expect(index.completions(prefix: "Big M") == ["big mac", "big mac meal"])
        #expect(index.completions(prefix: "zzzz").isEmpty)
    }

    /// The index remembers its lookups; a remembered one answers what was asked: the same text
    /// with another limit, or without letting words go, finds what an index that never saw it
    /// finds.
    @Test func aRememberedLookupAnswersWhatWasAsked() {
        let remembering = FoodIndex(table: Self.table)
        let queries: [(text: String, limit: Int, lettingGo: Bool)] = [
            ("chicken", 6, true), ("chicken", 1, false), ("chicken", 10, true), ("packed brown sugar", 6, true),
            ("packed brown sugar", 6, false), ("garlc", 6, true), ("garlc", 1, false), ("Chicken", 6, true),
        ]
        for query in queries + queries {
            let fresh = FoodIndex(table: Self.table).lookup(query.text, limit: query.limit, lettingGo: query.lettingGo)
            let remembered = remembering.lookup(query.text, limit: query.limit, lettingGo: query.lettingGo)
            #expect(remembered == fresh, "\(query)")
        }
        #expect(
            remembering.lookup("chicken", limit: 1).matches.count == 1
                && remembering.lookup("chicken", limit: 10).matches.count == 10)
        #expect(remembering.lookup("packed brown sugar", lettingGo: false).matches.isEmpty)
        #expect(!remembering.lookup("packed brown sugar", lettingGo: true).matches.isEmpty)
    }

    @Test func aTableMadeInSwiftSearchesLikeTheBundledOne() {
        let foods = [
            Food(
                code: 1, name: "Cookie, oatmeal", synonyms: [], category: 1, kcalPer100g: 450, proteinPer100g: 6,
                carbsPer100g: 68, fatPer100g: 18, portions: [Portion(description: "1 cookie", grams: 20)]),
            Food(
                code: 2, name: "Oatmeal, NFS", synonyms: ["porridge"], category: 1, kcalPer100g: 76,
                proteinPer100g: 2.6, carbsPer100g: 13, fatPer100g: 1.3,
                portions: [Portion(description: "Quantity not specified", grams: 240)]),
        ]
        let index = FoodIndex(table: FoodTable(foods: foods))
        #expect(index.search("oatmeal").first.map { index.table.foods[$0.index].code } == 2)
        // A one-word lowercase synonym is a kind of the food (a variety, as often as a name).
        #expect(index.search("porridge").first.map { index.table.foods[$0.index].code } == 2)
        #expect(index.search("porridge").first?.agreement == .kind)
        #expect(index.search("oatmeal cookie").first.map { index.table.foods[$0.index].code } == 1)
    }
}
