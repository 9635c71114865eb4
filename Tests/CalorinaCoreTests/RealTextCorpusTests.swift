import Foundation
import Testing

@testable import CalorinaCore

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
    static let resolver = Resolver(index: .bundled)

    /// A register of the corpus and the share of its lines that must be right.
    struct Register: Sendable, CustomTestStringConvertible {
        var file: String
        var requiredRate: Double
        var minimumLines: Int
        var testDescription: String { file }
    }

    static let registers = [
        Register(file: "corpus/diary.txt", requiredRate: 0.90, minimumLines: 500),
        Register(file: "corpus/ingredients.txt", requiredRate: 0.80, minimumLines: 500),
        Register(file: "corpus/sentences.txt", requiredRate: 0.70, minimumLines: 380),
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
                        alternative.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
                    }
                }
            }
            return result
        }
    }

    /// What the program logs for a line: the foods' names and the kcal, or why it logs nothing (a
    /// parse error, a command, or foods it cannot resolve without asking).
    static func logged(_ line: String) -> Result<(foods: [String], kcal: Double), Refusal> {
        let command: Command
        do {
            command = try Parser.parse(line)
        } catch {
            return .failure(Refusal(text: "parse error: \(error.message)"))
        }
        guard case .log(let log) = command else { return .failure(Refusal(text: "a command")) }
        switch resolver.resolve(log) {
        case .success(let items): return .success((items.map(\.food), items.reduce(0) { $0 + $1.kcal }))
        case .failure(let failure):
            return .failure(Refusal(text: failure.errors.map(\.message).joined(separator: "; ")))
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
    static func miss(_ testCase: Case) -> String? {
        if let malformed = testCase.malformed { return "malformed: \(malformed)" }
        let result = logged(testCase.input)
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

    @Test(arguments: registers) func registerRate(_ register: Register) {
        let cases = Self.cases(register.file)
        #expect(cases.count >= register.minimumLines, "\(register.file) has \(cases.count) lines")
        let misses = cases.compactMap { testCase in Self.miss(testCase).map { (testCase, $0) } }
        let rate = cases.isEmpty ? 0 : Double(cases.count - misses.count) / Double(cases.count)
        var text = "\(register.file): \(cases.count - misses.count) of \(cases.count) right "
        text += "(\(String(format: "%.1f", rate * 100)) %, needs \(Int(register.requiredRate * 100)) %)"
        for (testCase, got) in misses {
            text += "\n  \(testCase.lineNumber): \(testCase.input)\n      \(got)"
        }
        print(text)
        #expect(rate >= register.requiredRate, "\(register.file): \(String(format: "%.1f", rate * 100)) %")
    }

    /// Lines that are not food log nothing, every one of them.
    @Test func notFoodLogsNothing() {
        let cases = Self.cases("corpus/nothing.txt")
        #expect(cases.count >= 100, "nothing.txt has \(cases.count) lines")
        for testCase in cases {
            if let got = Self.miss(testCase) {
                Issue.record("nothing.txt:\(testCase.lineNumber) '\(testCase.input)': \(got)")
            }
        }
    }
}
