import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaExchange
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaModel
@testable import CalorinaMonths
@testable import CalorinaSession

/// The one record of the nutrients (issue 28, item 2): `Nutrient` names each in every place it
/// is written, and `NutrientValues` holds one value a nutrient. These tests hold the places that
/// still keep fields one by one (an entry's and an own food's `Codable` fields, the words of
/// targets, `define` and `import --map`) to the record, so that a nutrient added to it and not
/// to them fails here rather than quietly going unwritten.
@Suite struct NutrientRecordTests {
    /// An entry of oats that knows `amount` of `nutrient` and nothing else.
    static func oats(_ nutrient: Nutrient, _ amount: Double) -> Entry {
        Entry(
            id: "0123456789abcdef", date: "2026-11-27", time: "08:00", meal: .breakfast, food: "Oats",
            quantity: 1, unit: "serving", portion: "", grams: nil, kcal: 100, text: "oats",
            nutrients: Nutrients { $0 == nutrient ? amount : nil })
    }

    @Test func theValuesHoldOneSlotANutrient() {
        #expect(NutrientValues<Int>.capacity == Nutrient.allCases.count)
        #expect(Nutrients().amounts.count == Nutrient.allCases.count)
        #expect(Nutrient.allCases.count <= Nutrients().known.bitWidth)
        var values = NutrientValues(repeating: 0)
        for nutrient in Nutrient.all { values[nutrient] = nutrient.rawValue + 10 }
        #expect(Nutrient.all.map { values[$0] } == Nutrient.all.map { $0.rawValue + 10 })
        #expect(values.map { $0 * 2 }[.sodium] == 2 * (Nutrient.sodium.rawValue + 10))
        #expect(Nutrients([.fiber: 2]) != Nutrients([.fiber: 3]))
        #expect(Nutrients([.fiber: 2, .sodium: nil]) == Nutrients([.fiber: 2]))
    }

    @Test func theMacrosComeFirstAndTheOthersAfter() {
        #expect(Nutrient.macros == [.protein, .carbs, .fat])
        #expect(Nutrient.others == [.fiber, .sugars, .saturatedFat, .sodium])
        #expect(Nutrient.all == Nutrient.macros + Nutrient.others)
    }

    @Test(arguments: Nutrient.allCases)
    func everyVocabularyNamesTheNutrient(_ nutrient: Nutrient) {
        #expect(Nutrient(key: nutrient.key) == nutrient)
        #expect(Nutrient(column: nutrient.column) == nutrient)
        #expect(TargetNutrient(nutrient).nutrient == nutrient)
        #expect(FoodFacts.Fact(nutrient).nutrient == nutrient)
        #expect(ImportField(rawValue: nutrient.column) != nil)
        #expect(Nutrient.named([nutrient.name])?.nutrient == nutrient || nutrient.name.contains(" "))
        #expect(Nutrient.named(nutrient.name.split(separator: " ").map(String.init))?.nutrient == nutrient)
    }

    @Test(arguments: Nutrient.allCases)
    func anEntryWritesEachNutrientUnderItsKey(_ nutrient: Nutrient) throws {
        let entry = Self.oats(nutrient, 12.5)
        #expect(entry.nutrients[nutrient] == 12.5)
        #expect(Nutrient.all.filter { entry.nutrients[$0] != nil } == [nutrient])
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
        #expect(object[nutrient.key] as? Double == 12.5)
        let line = String(decoding: MonthCodec.line(entry), as: UTF8.self)
        #expect(line.contains("\"\(nutrient.key)\":12.5"))
        #expect(Exchange.csvColumns.contains(nutrient.column))
    }

    @Test func anEntryKeepsEveryNutrientItIsMadeWith() {
        let given = Nutrients { Double($0.rawValue) + 0.5 }
        let entry = Entry(
            id: "0123456789abcdef", date: "2026-11-27", time: "08:00", meal: .breakfast, food: "Oats",
            quantity: 1, unit: "serving", portion: "", grams: nil, kcal: 100, text: "oats", nutrients: given)
        // Every nutrient, the macros too, is kept in the one value.
        #expect(entry.nutrients == given)
        // The macros given apart stand over those in `nutrients`.
        let apart = Entry(
            id: "0123456789abcdef", date: "2026-11-27", time: "08:00", meal: .breakfast, food: "Oats",
            quantity: 1, unit: "serving", portion: "", grams: nil, kcal: 100, protein: 9, text: "oats", nutrients: given
        )
        #expect(apart.nutrients[.protein] == 9 && apart.nutrients[.fat] == given[.fat])
    }

    @Test(arguments: Nutrient.allCases)
    func anOwnFoodWritesEachNutrientUnderItsKey(_ nutrient: Nutrient) throws {
        var food = UserFood(name: "bar", kcal: 200, amount: 1, unit: "bar")
        food.nutrients[nutrient] = 7
        #expect(food.facts.nutrients[nutrient] == 7)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(food)) as? [String: Any])
        #expect(object[nutrient.key] as? Double == 7)
    }

    @Test func aTargetTakesItsUnitAndShareFromTheRecord() {
        #expect(TargetNutrient.nutrient(.sodium).unit == .milligrams)
        #expect(TargetNutrient.water.unit == .milliliters && TargetNutrient.water.nutrient == nil)
        #expect(TargetNutrient.nutrient(.saturatedFat).displayName == "saturated fat")
        #expect(TargetNutrient.nutrient(.fiber).displayName == "fibre")
        #expect(TargetNutrient.nutrient(.fat).kcalPerGram == 9 && TargetNutrient.nutrient(.sugars).kcalPerGram == 4)
        #expect(TargetNutrient.nutrient(.fiber).kcalPerGram == nil)
    }

    @Test(arguments: Nutrient.allCases)
    func everyWordOfANutrientNamesIt(_ nutrient: Nutrient) {
        for word in nutrient.words {
            #expect(Nutrient.named([word])?.nutrient == nutrient, "\(word)")
            #expect(TargetNutrient.named([word])?.nutrient == .nutrient(nutrient), "\(word)")
            for qualifier in nutrient.qualifiers {
                #expect(
                    Nutrient.named([qualifier, word]).map { [$0.nutrient.rawValue, $0.words] } == [
                        nutrient.rawValue, 2,
                    ])
            }
        }
        for (first, second) in nutrient.phrases {
            #expect(
                Nutrient.named([first, second]).map { [$0.nutrient.rawValue, $0.words] } == [nutrient.rawValue, 2])
        }
        // The name text shows is one of its words or phrases.
        let name = nutrient.name.split(separator: " ").map(String.init)
        #expect(Nutrient.named(name).map { [$0.nutrient.rawValue, $0.words] } == [nutrient.rawValue, name.count])
        // Its example is a target line that names it.
        #expect(nutrient.targetExample.hasPrefix("goal \(nutrient.name) "))
    }

    @Test func noWordNamesTwoNutrientsAndAQualifierAloneNamesNone() {
        let words = Nutrient.all.flatMap(\.words)
        #expect(Set(words).count == words.count)
        #expect(Nutrient.named(["total"]) == nil && Nutrient.named(["total", "sodium"]) == nil)
        #expect(Nutrient.named(["dietary", "protein"]) == nil && Nutrient.named(["salt"]) == nil)
        #expect(TargetNutrient.named(["water"])?.nutrient == .water && TargetNutrient.named(["total", "water"]) == nil)
    }

    @Test func theTargetsAreEveryNutrientOnceThenWater() {
        #expect(Set(Nutrient.goalOrder) == Set(Nutrient.all) && Nutrient.goalOrder.count == Nutrient.all.count)
        #expect(TargetNutrient.allCases == Nutrient.goalOrder.map(TargetNutrient.nutrient) + [.water])
        for target in TargetNutrient.allCases {
            #expect(TargetNutrient(rawValue: target.rawValue) == target)
        }
        #expect(TargetNutrient(rawValue: "salt") == nil)
        #expect(
            TargetNutrient.allCases.filter { !$0.isLimitByDefault } == [.nutrient(.protein), .nutrient(.fiber), .water])
    }

    @Test func aMapKeyIsAColumnOrANameAsShown() {
        for nutrient in Nutrient.all {
            #expect(ImportField(key: nutrient.column) == .nutrient(nutrient))
            #expect(ImportField(key: nutrient.name.replacingOccurrences(of: " ", with: "_")) == .nutrient(nutrient))
        }
        #expect(ImportField.otherKeys == ["fibre"])
        #expect(ImportField(key: "Date") == .date && ImportField(key: "mood") == nil)
        #expect(ImportField.allCases.map(\.rawValue).count == Set(ImportField.allCases.map(\.rawValue)).count)
    }

    @Test func theMonthWriterKnowsEveryMemberInTheOrderJSONEncoderSortsThem() {
        let names = MonthCodec.Writer.members.map { String(decoding: $0.name, as: UTF8.self) }
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
        #expect(Nutrient.all.allSatisfy { names.contains($0.key) })
    }

    @Test(arguments: Nutrient.allCases)
    func theMonthReaderFindsANutrientByItsKeyEscapedOrNot(_ nutrient: Nutrient) throws {
        let entry = Self.oats(nutrient, 3.5)
        // An entry as a month file holds it (pretty-printed, from its "{").
        let item = String(decoding: MonthCodec.listItems([entry], first: true), as: UTF8.self)
        let text = String(item.drop { $0 != "{" })
        #expect(MonthCodec.entry(in: Array(text.utf8), at: 0)?.entry.nutrients == entry.nutrients)
        // The key's first letter as a \u escape: found by the text, not the bytes.
        let key = nutrient.key
        let escaped = "\\u00" + String(key.unicodeScalars.first?.value ?? 0, radix: 16) + key.dropFirst()
        let read = MonthCodec.entry(
            in: Array(text.replacingOccurrences(of: "\"\(key)\"", with: "\"\(escaped)\"").utf8), at: 0)
        #expect(read?.entry.nutrients == entry.nutrients)
    }

    @Test func amountsAreEqualByWhatIsKnown() {
        var some = Nutrients([.protein: 2, .sodium: 400])
        #expect(!some.isEmpty && some[.sodium] == 400 && some[.fat] == nil)
        some[.sodium] = nil
        #expect(some == Nutrients([.protein: 2]) && some.hashValue == Nutrients([.protein: 2]).hashValue)
        some[.protein] = nil
        #expect(some.isEmpty && some == Nutrients())
        #expect(Nutrients([.fat: 0]) != Nutrients() && !Nutrients([.fat: 0]).isEmpty)
        #expect(Nutrients { $0.isMacro ? 1 : nil }.others.isEmpty)
    }
}
