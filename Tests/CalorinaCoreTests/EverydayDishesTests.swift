import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession

/// Issue 11, the everyday layer: dishes of world cuisines, British and Australian words, diner,
/// coffee-shop and bar names, snacks, desserts, health food and ingredient words, as people type
/// them, each resolving to the USDA food it means (`grammar/examples/corpus/dishes.txt`, written
/// from the tables and from how people write, never from the program's output; its header says
/// how). A line that resolves to another food, to nothing, or to more foods than it names fails:
/// an everyday alias that points at the wrong code is caught here.
///
/// `LINE  =>  ITEM ; ITEM`: every ITEM (words that must all begin words of the food's USDA name;
/// `a / b` for alternatives) is found in some resolved food's name, and no more foods resolve than
/// there are ITEMs. `-`: nothing may resolve (no USDA food is that thing).
@Suite struct EverydayDishesTests {
    static let file = "corpus/dishes.txt"

    /// Lines the everyday layer cannot make right because the parser reads them before the
    /// everyday names are looked up; each must still miss, so that a fix elsewhere shows here and
    /// the line leaves this table.
    static let knownGaps: [String: String] = [:]

    /// One line of the list.
    struct Case: Sendable, CustomTestStringConvertible {
        var lineNumber: Int
        var input: String
        /// Each item: its alternatives, each a list of words. Empty: nothing may resolve.
        var items: [[[String]]]
        var malformed: String?
        var testDescription: String { "dishes.txt:\(lineNumber) \(input)" }
    }

    static func words(_ text: some StringProtocol) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    static let cases: [Case] = Corpus.examples(file).map { example in
        var result = Case(lineNumber: example.lineNumber, input: example.input, items: [])
        let expected = example.expected.corpusTrimmed
        if example.input.isEmpty || expected.isEmpty {
            result.malformed = "expected 'LINE  =>  ITEMS', found '\(example.expected)'"
        } else if expected != "-" {
            result.items = expected.split(separator: ";").map { item in
                item.split(separator: "/").map { words($0) }
            }
            if result.items.contains(where: { $0.contains(where: \.isEmpty) }) {
                result.malformed = "an empty item or alternative in '\(expected)'"
            }
        }
        return result
    }

    /// The foods a line logs, or why it logs none.
    static func resolved(_ line: String, in session: Session) -> Result<[String], Refusal> {
        switch session.handle(line) {
        case .logged(let report): return .success(report.entries.map(\.food))
        case .failed(let failure):
            return .failure(Refusal(text: failure.problems.map(\.message).joined(separator: "; ")))
        case let other: return .failure(Refusal(text: "not a food: \(other)"))
        }
    }

    struct Refusal: Error {
        var text: String
    }

    /// True when every word of `words` begins a word of `name`.
    static func name(_ name: String, has words: [String]) -> Bool {
        let nameWords = Self.words(name)
        return words.allSatisfy { word in nameWords.contains { $0.hasPrefix(word) } }
    }

    /// Nil when the line is right; otherwise what it resolved to.
    static func miss(_ testCase: Case, in session: Session) -> String? {
        if let malformed = testCase.malformed { return "malformed: \(malformed)" }
        let result = resolved(testCase.input, in: session)
        guard case .success(let foods) = result else {
            if testCase.items.isEmpty { return nil }
            if case .failure(let refusal) = result { return "resolved to nothing: \(refusal.text)" }
            return nil
        }
        let shown = foods.joined(separator: " + ")
        if testCase.items.isEmpty { return "resolved to \(shown), but no USDA food is it" }
        if foods.count > testCase.items.count { return "too many foods: \(shown)" }
        for item in testCase.items where !foods.contains(where: { food in item.contains { name(food, has: $0) } }) {
            return "no \(item.map { $0.joined(separator: " ") }.joined(separator: " / ")): \(shown)"
        }
        return nil
    }

    @Test(arguments: cases) func resolvesToWhatItNames(_ testCase: Case) throws {
        let session = try TestSession.dryRun()
        if let gap = Self.knownGaps[testCase.input] {
            withKnownIssue("known gap: \(gap)") {
                if let got = Self.miss(testCase, in: session) { Issue.record("\(got)") }
            }
            return
        }
        if let got = Self.miss(testCase, in: session) {
            Issue.record("dishes.txt:\(testCase.lineNumber) '\(testCase.input)': \(got)")
        }
    }

    /// The list is the size issue 11's brief asks for, each line said once, and every known gap is
    /// a line of it. Prints the rate, so a run shows what is left.
    @Test func theListIsWholeAndItsRateIsPrinted() throws {
        let session = try TestSession.dryRun()
        #expect(Self.cases.count >= 300, "dishes.txt has \(Self.cases.count) lines")
        var seen: Set<String> = []
        for testCase in Self.cases {
            #expect(
                seen.insert(testCase.input.lowercased()).inserted,
                "dishes.txt:\(testCase.lineNumber) '\(testCase.input)' is listed twice")
        }
        for gap in Self.knownGaps.keys {
            #expect(seen.contains(gap), "known gap '\(gap)' is not in dishes.txt")
        }
        let misses = Self.cases.compactMap { testCase in Self.miss(testCase, in: session).map { (testCase, $0) } }
        var text = "\(Self.file): \(Self.cases.count - misses.count) of \(Self.cases.count) right"
        for (testCase, got) in misses {
            text += "\n  \(testCase.lineNumber): \(testCase.input)\n      \(got)"
        }
        print(text)
    }
}
