import CalorinaSupport
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession

/// The real-text corpus, `grammar/examples/corpus/`: lines as people write them, in three
/// registers (diary lines, ingredient lines as recipes print them, spoken sentences), and a list of
/// lines that are not food. The expectations were written from the USDA tables and from how people
/// write, never from the program's output (each file's header says how).
///
/// `LINE  =>  ITEM ; ITEM  |  LOW-HIGH`: a line is right when the kcal logged add up to
/// LOW…HIGH, every ITEM (words that must all begin words of the food's name; `a / b` for
/// alternatives) is found in some logged food's name, and no more foods are logged than there
/// are ITEMs. `-` means nothing may be logged: the line is refused, or is a command.
///
/// Every run prints the rate of each register and every miss, so a passing run still shows what
/// is left to fix.
@Suite struct RealTextCorpusTests {
    /// A register of the corpus: the share of its lines issue 11 asks to be right (`target`),
    /// and the share that must stay right (`floor`): the rate reached so far, so that no change
    /// makes it worse. Where the floor is below the target, the target is not met yet, and every
    /// run says so.
    struct Register: Sendable, CustomTestStringConvertible {
        var file: String
        var target: Double
        var floor: Double
        var minimumLines: Int
        /// The profile's units the register's writer has: a British user has `set units uk`.
        var units: UnitSystem = .metric
        var testDescription: String { file }
    }

    static let registers = [
        Register(file: "corpus/diary.txt", target: 0.90, floor: 0.90, minimumLines: 500),
        Register(file: "corpus/ingredients.txt", target: 0.80, floor: 0.84, minimumLines: 500),
        Register(file: "corpus/sentences.txt", target: 0.70, floor: 0.82, minimumLines: 380),
        // Issue 26: a new user's first weeks. The floor is the rate measured when the register
        // was written (271 of 410, 66.1 %, before issue 26's mechanism work): raise it as that
        // work lands. 317 of 410 (77.3 %) with chains, British names, places and attributes;
        // 360 (87.8 %) with names people use, round 2 (British readings, composed dishes).
        // The register is a British user's, who has said `set units uk` (or answered the profile
        // in stones): "chips", "a biscuit", "squash" and "beans" are read as Britain means them.
        // 368 (89.8 %) with served portions and containers (branch `portions`); 369 (90.0 %)
        // with chains' items, takeaways and ice-cream brands (branch `chains2`).
        Register(file: "corpus/newuser.txt", target: 0.90, floor: 0.90, minimumLines: 320, units: .uk),
        // Issue 26: meals told as a story; NutriBench (read in place, never copied) is the
        // wider check, with score.py.
        Register(file: "corpus/prose.txt", target: 0.70, floor: 0.97, minimumLines: 35),
        // Issue 26 (branch chains2): chains' menu items, portions by where a food came from, a
        // topping said with a chain or a dish, whole things; written fresh, never tuned to. 44 of
        // 89 (49.4 %) when written; 84 (94.4 %) with chains' items, takeaway portions, a topping
        // after a chain or before a dish, whole containers and sharing bags. A second set of 56,
        // written then and run once: 44 of 56 (78.6 %) on its first run; 133 of 145 (91.7 %)
        // with Costa's cup sizes, multi-word dishes ("mint choc chip ice cream") and a few rows.
        Register(file: "corpus/chains.txt", target: 0.90, floor: 0.91, minimumLines: 140, units: .uk),
    ]

    /// One expected line.
    struct Case {
        var lineNumber: Int
        var input: String
        /// Each item: its alternatives, each a list of words.
        var items: [[[String]]]
        var low: Double
        var high: Double
        var malformed: String?
    }

    static func cases(_ file: String) -> [Case] {
        Corpus.examples(file).map { example in
            var result = Case(lineNumber: example.lineNumber, input: example.input, items: [], low: 0, high: 0)
            guard !example.input.isEmpty, let bar = example.expected.lastIndex(of: "|") else {
                result.malformed = "expected 'LINE  =>  ITEMS  |  LOW-HIGH', found '\(example.expected)'"
                return result
            }
            let itemsText = String(example.expected[..<bar]).corpusTrimmed
            let rangeText = String(example.expected[example.expected.index(after: bar)...]).corpusTrimmed
            let bounds = rangeText.split(separator: "-").compactMap { Double(String($0).corpusTrimmed) }
            guard bounds.count == 2 else {
                result.malformed = "the range '\(rangeText)' is not LOW-HIGH"
                return result
            }
            result.low = bounds[0]
            result.high = bounds[1]
            if itemsText != "-" {
                result.items = itemsText.split(separator: ";").map { item in
                    item.split(separator: "/").map { alternative in
                        alternative.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(
                            String.init)
                    }
                }
            }
            return result
        }
    }

    /// What the program logs for a line: the foods' names and the kcal, or why it logs nothing (a
    /// parse error, a command, or foods it cannot resolve without asking).
    static func logged(_ line: String, in session: Session) -> Result<(foods: [String], kcal: Double), Refusal> {
        switch session.handle(line) {
        case .logged(let report):
            return .success((report.entries.map(\.food), report.entries.reduce(0) { $0 + $1.kcal }))
        case .failed(let failure):
            return .failure(Refusal(text: failure.problems.map(\.message).joined(separator: "; ")))
        case let other:
            return .failure(Refusal(text: "not a food: \(other)"))
        }
    }

    struct Refusal: Error {
        var text: String
    }

    /// True when every word of `words` begins a word of `name`.
    static func name(_ name: String, has words: [String]) -> Bool {
        let nameWords = name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return words.allSatisfy { word in nameWords.contains { $0.hasPrefix(word) } }
    }

    /// Nil when the line is right; otherwise what the program did.
    static func miss(_ testCase: Case, in session: Session) -> String? {
        if let malformed = testCase.malformed { return "malformed: \(malformed)" }
        let result = logged(testCase.input, in: session)
        if testCase.items.isEmpty {
            guard case .success(let got) = result else { return nil }
            return "logged \(got.foods.joined(separator: " + ")) (\(Int(got.kcal.rounded())) kcal)"
        }
        let got: (foods: [String], kcal: Double)
        switch result {
        case .success(let logged): got = logged
        case .failure(let refusal): return "logged nothing: \(refusal.text)"
        }
        let shown = "\(got.foods.joined(separator: " + ")) = \(Int(got.kcal.rounded())) kcal"
        if got.foods.count > testCase.items.count { return "too many foods: \(shown)" }
        for item in testCase.items where !got.foods.contains(where: { food in item.contains { name(food, has: $0) } }) {
            return "no \(item.map { $0.joined(separator: " ") }.joined(separator: " / ")): \(shown)"
        }
        if got.kcal < testCase.low - 0.5 || got.kcal > testCase.high + 0.5 {
            return "kcal outside \(Int(testCase.low))-\(Int(testCase.high)): \(shown)"
        }
        return nil
    }

    @Test(arguments: registers) func registerRate(_ register: Register) throws {
        try TestSession.dryRun(units: register.units) { session in try rate(register, in: session) }
    }

    func rate(_ register: Register, in session: Session) throws {
        let cases = Self.cases(register.file)
        #expect(cases.count >= register.minimumLines, "\(register.file) has \(cases.count) lines")
        let misses = cases.compactMap { testCase in Self.miss(testCase, in: session).map { (testCase, $0) } }
        let rate = cases.isEmpty ? 0 : Double(cases.count - misses.count) / Double(cases.count)
        var text = "\(register.file): \(cases.count - misses.count) of \(cases.count) right "
        text += "(\(String(format: "%.1f", rate * 100)) %; issue 11's target \(Int(register.target * 100)) %"
        text +=
            rate >= register.target ? ", met)" : ", NOT met yet; must stay at or above \(Int(register.floor * 100)) %)"
        for (testCase, got) in misses {
            text += "\n  \(testCase.lineNumber): \(testCase.input)\n      \(got)"
        }
        print(text)
        ReadmeRates.report(register.file, ReadmeRates.cells(right: cases.count - misses.count, of: cases.count))
        #expect(
            rate >= register.floor,
            "\(register.file): \(String(format: "%.1f", rate * 100)) % fell below \(register.floor)")
    }

    /// Lines that are not food log nothing, every one of them.
    @Test func notFoodLogsNothing() throws {
        let session = try TestSession.dryRun()
        let cases = Self.cases("corpus/nothing.txt")
        #expect(cases.count >= 100, "nothing.txt has \(cases.count) lines")
        var misses = 0
        for testCase in cases {
            if let got = Self.miss(testCase, in: session) {
                Issue.record("nothing.txt:\(testCase.lineNumber) '\(testCase.input)': \(got)")
                misses += 1
            }
        }
        ReadmeRates.report("corpus/nothing.txt", ReadmeRates.cells(right: cases.count - misses, of: cases.count))
    }
}
