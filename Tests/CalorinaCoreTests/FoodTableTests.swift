import Testing

@testable import CalorinaCore

/// The bundled table: what tools/build-foods.py wrote is what the USDA files say, and its
/// normalized words are the ones Swift makes of the same names.
@Suite struct FoodTableTests {
    static let table = FoodTable.bundled

    @Test func holdsTheWholeUSDATable() {
        // 5,432 food codes; 11000000 Milk, human has no nutrient values and is left out.
        #expect(Self.table.foods.count == 5431)
        #expect(Self.table.categories.count == 171)
        #expect(Self.table.everyday.count >= 1200)
        #expect(Self.table.foods.reduce(0) { $0 + $1.portions.count } > 21_000)
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
        for (offset, food) in Self.table.foods.enumerated() where offset % 7 == 0 {
            let stored = Self.table.words[offset]
            #expect(stored.name.map { Self.table.vocabulary[Int($0)] } == FoodWords.keyWords(food.name), "\(food.name)")
            #expect(stored.head.map { Self.table.vocabulary[Int($0)] } == FoodWords.keyWords(food.head), "\(food.name)")
            let generic = FoodWords.genericity(of: food.name)
            #expect(stored.coreCount == generic.coreCount, "\(food.name)")
            #expect(stored.genericBonus == generic.bonus, "\(food.name)")
        }
        for (name, everyday) in Self.table.everyday {
            #expect(FoodWords.normalized(everyday.alias) == name, "\(everyday.alias)")
        }
    }

    @Test func completionNamesAreSortedAndFindPrefixes() {
        let names = Self.table.completionNames
        #expect(zip(names, names.dropFirst()).allSatisfy { $0 < $1 })
        let index = FoodIndex.bundled
        #expect(index.completions(prefix: "orange j").contains("orange juice"))
        #expect(index.completions(prefix: "Big M") == ["big mac"])
        #expect(index.completions(prefix: "zzzz").isEmpty)
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
        #expect(index.search("porridge").first?.isExact == true)
        #expect(index.search("oatmeal cookie").first.map { index.table.foods[$0.index].code } == 1)
    }
}
