import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver
@testable import CalorinaSession

/// Issue 26, portions as people mean them: a one-dish meal whose everyday name gives a served
/// portion (`data/everyday.tsv`: "bowl = 3 x 1 cup", "salad = 400 g") is logged as served, and
/// the entry says which portion was used.
@Suite struct ServedPortionTests {
    static let resolver = Resolver(index: .bundled)

    static func resolve(_ line: String) throws -> [ResolvedItem] {
        try ResolverTests.resolve(line)
    }

    @Test func portionColumnReadsServedForms() {
        typealias Served = Portions.ServedPortion
        #expect(Portions.servedPortion("bowl = 3 x 1 cup") == Served(name: "bowl", count: 3, portion: "1 cup"))
        #expect(Portions.servedPortion("salad = 400 g") == Served(name: "salad", count: 400, portion: nil))
        #expect(Portions.servedPortion("1 cup") == nil)
        #expect(Portions.servedPortion("1 sandwich, any size") == nil)
        #expect(Portions.servedPortion("bowl = 0 g") == nil)
        #expect(Portions.servedPortion("bowl = x 1 cup") == nil)
        #expect(Portions.servedPortion(nil) == nil)
    }

    /// One line per case: the line, the food code, the grams, and the note (nil for none).
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var code: Int
        var grams: Double
        var note: String?
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "pho", code: 28310330, grams: 735, note: "a served bowl: 3 cups"),
        Case(line: "2 pho", code: 28310330, grams: 1470, note: "a served bowl: 3 cups"),
        Case(line: "a bowl of bibimbap", code: 58150100, grams: 486, note: "a served bowl: 3 cups"),
        Case(line: "a large pho", code: 28310330, grams: 984.9, note: "a served bowl: 3 cups"),
        Case(line: "chicken caesar salad", code: 27446360, grams: 400, note: "a served salad is 400 g"),
        Case(line: "1 cup pho", code: 28310330, grams: 245, note: nil),
        Case(line: "a serving of pho", code: 28310330, grams: 245, note: nil),
        Case(line: "a large doner", code: 27516010, grams: 268, note: nil),
        // Containers: never a single-serving unit ("1 individual container", "1 individual loaf").
        Case(line: "a loaf of bread", code: 51101000, grams: 800, note: nil),
        Case(line: "a tub of hummus", code: 41205070, grams: 200, note: nil),
        Case(line: "a carton of orange juice", code: 61210000, grams: 1048, note: nil),
        // A pot of a food sold in containers is one of them, not a cup.
        Case(line: "a pot of yoghurt", code: 11400000, grams: 170, note: nil),
        Case(line: "a pot of pringles", code: 71200300, grams: 185, note: nil),
        // A dollop of a condiment served by the tablespoon is a tablespoon; of cream, two.
        Case(line: "a dollop of brown sauce", code: 74406100, grams: 17, note: nil),
        Case(line: "a dollop of sour cream", code: 12310100, grams: 30, note: nil),
        // A whole one of a food USDA weighs by the half: two halves, never giblets.
        Case(line: "a whole chicken", code: 24102050, grams: 600, note: nil),
        // A sized tin said drained: 60 % of its weight.
        Case(line: "400g tin chickpeas, drained and rinsed", code: 41301990, grams: 240, note: nil),
        // From a takeaway or a chain: a food USDA weighs by the slice comes whole.
        Case(line: "takeaway pizza", code: 58106210, grams: 691, note: "from a shop: a whole one"),
        Case(line: "dominos pizza", code: 58106210, grams: 691, note: "from a shop: a whole one"),
        // Said with an article, a pizza is ordered whole anyway (TrapAmountsTests).
        Case(line: "a dominos pizza", code: 58106210, grams: 691, note: "a whole one"),
    ]

    @Test(arguments: cases) func servedPortionIsLoggedAndSaid(_ testCase: Case) throws {
        let item = try #require(try Self.resolve(testCase.line).first)
        #expect(item.code == testCase.code)
        #expect(abs((item.grams ?? 0) - testCase.grams) < 0.6, "\(item.amount)")
        #expect(item.note == testCase.note)
    }

    /// A cut's note alone ("skin on", "bone in") names no food: never potato skins.
    @Test(arguments: ["skin on", "bone in", "skin off"]) func cutNotesNameNoFood(_ line: String) {
        #expect((try? Self.resolve(line)) == nil, "'\(line)' logged a food")
    }

    /// The note reaches the person: the logged line's report carries it, and `--json` each entry.
    @Test func sessionSaysTheServedPortion() throws {
        let session = try TestSession.dryRun()
        guard case .logged(let report) = session.handle("pho") else {
            Issue.record("'pho' was not logged")
            return
        }
        #expect(report.note == "a served bowl: 3 cups")
        #expect(report.notes.first == "a served bowl: 3 cups")
        #expect(report.entries.first?.portion == "1 served bowl (735 g)")
    }
}
