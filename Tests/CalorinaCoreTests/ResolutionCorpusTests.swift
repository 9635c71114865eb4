import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaSupport

/// The resolution corpus, `grammar/examples/resolution.txt`: lines a person types, each with the
/// USDA food, grams and kcal it means, worked out by hand from data/usda (FNDDS 2021-2023), not
/// from what the program answers. A case is a hit when the food code is the same and the grams
/// and kcal are within 2% (or 1 g, 1 kcal). The whole corpus must reach a 95% hit rate; the
/// misses are printed every run, so that a passing run still shows what is left to fix.
@Suite struct ResolutionCorpusTests {
    static let resolver = Resolver(index: .bundled)

    /// The share of cases that must be hits.
    static let requiredRate = 0.95

    /// One line of the corpus and what it should resolve to.
    struct Case: Sendable, CustomTestStringConvertible {
        var lineNumber: Int
        var input: String
        var code: Int
        var grams: Double
        var kcal: Double
        /// Why the expectation could not be read, if it could not.
        var malformed: String?

        var testDescription: String { "resolution.txt:\(lineNumber) \(input)" }

        var expectedText: String { "\(code) | \(Format.number(grams)) | \(Format.number(kcal))" }
    }

    /// The cases of the corpus, in file order. `LINE  =>  CODE | GRAMS | KCAL`.
    static let cases: [Case] = Corpus.examples("resolution.txt").map { example in
        let fields = example.expected.split(separator: "|", omittingEmptySubsequences: false)
            .map { String($0).corpusTrimmed }
        guard example.input.isEmpty == false else {
            return Case(
                lineNumber: example.lineNumber, input: example.expected, code: 0, grams: 0, kcal: 0,
                malformed: "no ' => ' on the line")
        }
        guard fields.count == 3, let code = Int(fields[0]), let grams = Double(fields[1]),
            let kcal = Double(fields[2])
        else {
            return Case(
                lineNumber: example.lineNumber, input: example.input, code: 0, grams: 0, kcal: 0,
                malformed: "expected 'CODE | GRAMS | KCAL', found '\(example.expected)'")
        }
        return Case(lineNumber: example.lineNumber, input: example.input, code: code, grams: grams, kcal: kcal)
    }

    /// True when `got` is within 2% of `expected`, or within `floor` of it.
    static func close(_ got: Double, _ expected: Double, floor: Double) -> Bool {
        abs(got - expected) <= max(floor, 0.02 * abs(expected))
    }

    /// Nil for a hit; for a miss, what the program gave instead.
    static func miss(_ testCase: Case) -> String? {
        if let malformed = testCase.malformed { return "malformed case: \(malformed)" }
        let command: Command
        do {
            command = try Parser.parse(testCase.input)
        } catch {
            return "parse error at column \(error.column): \(error.message)"
        }
        guard case .log(let log) = command else { return "not a log line: \(command)" }
        let items: [ResolvedItem]
        switch resolver.resolve(log) {
        case .success(let resolved): items = resolved
        case .failure(let failure):
            return "error: " + failure.errors.map { "\($0.message) (column \($0.column))" }.joined(separator: "; ")
        }
        guard items.count == 1, let item = items.first else {
            let foods = items.map { "\($0.code.map(String.init) ?? "-") \($0.food)" }.joined(separator: " + ")
            return "\(items.count) items: \(foods)"
        }
        let grams = item.grams ?? 0
        let code = item.code.map(String.init) ?? "no code"
        let got = "\(code) | \(Format.number(grams)) | \(Format.number(item.kcal)) (\(item.food); \(item.amount))"
        guard item.code == testCase.code, close(grams, testCase.grams, floor: 1),
            close(item.kcal, testCase.kcal, floor: 1)
        else { return got }
        return nil
    }

    /// Every miss, one per line, and the rate.
    static func report(_ misses: [(Case, String)], total: Int) -> String {
        let hits = total - misses.count
        let rate = total == 0 ? 0 : Double(hits) / Double(total)
        let percent = String(format: "%.1f", rate * 100)
        var text = "Resolution corpus: \(hits) of \(total) hits (\(percent)%), \(misses.count) misses"
        for (testCase, got) in misses {
            text += "\n  line \(testCase.lineNumber): \(testCase.input)"
            text += "\n      expected \(testCase.expectedText)"
            text += "\n      got      \(got)"
        }
        return text
    }

    @Test func corpusHitRate() {
        let cases = Self.cases
        #expect(cases.count >= 320, "the corpus has \(cases.count) cases; it needs at least 320")
        var misses: [(Case, String)] = []
        for testCase in cases {
            if let got = Self.miss(testCase) { misses.append((testCase, got)) }
        }
        let rate = cases.isEmpty ? 0 : Double(cases.count - misses.count) / Double(cases.count)
        print(Self.report(misses, total: cases.count))
        ReadmeRates.report("resolution.txt", ReadmeRates.cells(right: cases.count - misses.count, of: cases.count))
        if rate < Self.requiredRate {
            for (testCase, got) in misses {
                let line = "resolution.txt:\(testCase.lineNumber) '\(testCase.input)'"
                Issue.record("\(line): expected \(testCase.expectedText), got \(got)")
            }
        }
        #expect(
            rate >= Self.requiredRate,
            "hit rate \(String(format: "%.1f", rate * 100))% is below \(Int(Self.requiredRate * 100))%")
    }

    // MARK: - The issue's list: each line must be a hit on its own

    /// Fails unless `line` is in the corpus and is a hit.
    static func expectHit(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let testCase = cases.first(where: { $0.input == line }) else {
            Issue.record("'\(line)' is missing from grammar/examples/resolution.txt", sourceLocation: sourceLocation)
            return
        }
        if let got = miss(testCase) {
            Issue.record(
                "resolution.txt:\(testCase.lineNumber) '\(line)': expected \(testCase.expectedText), got \(got)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func oatmeal() { Self.expectHit("oatmeal") }
    @Test func twoEggs() { Self.expectHit("2 eggs") }
    @Test func aCoke() { Self.expectHit("a coke") }
    @Test func fries() { Self.expectHit("fries") }
    @Test func oneCupOrangeJuice() { Self.expectHit("1 cup orange juice") }
    @Test func oneMediumApple() { Self.expectHit("1 medium apple") }
    @Test func aGlassOfRedWine() { Self.expectHit("a glass of red wine") }
    @Test func twoBananna() { Self.expectHit("2 bananna") }
    @Test func twoHundredGramsChikenBreast() { Self.expectHit("200g chiken breast") }
}
