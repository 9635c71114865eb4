// TAB in a shell after `calorina`: the REPL's completer, cut to the one shell word being typed.

import Testing

@testable import CalorinaHelp
@testable import CalorinaSession

@Suite("Shell completion", .tags(.fast))
struct ShellCompletionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The words before the one typed, and the word typed so far.
        var before: [String]
        var typed: String
        /// Candidates that must be offered, and ones that must not.
        var offers: [String]
        var never: [String] = []

        var testDescription: String { (before + [typed + "⇥"]).joined(separator: " ") }
    }

    static let completer = Completer(index: .bundled)

    static let cases: [Case] = [
        // The line: a food name of two words, one word at a time.
        Case(before: ["2", "orange"], typed: "j", offers: ["juice", "julius"], never: ["orange juice"]),
        Case(before: ["2", "orange", "juice"], typed: "", offers: ["beverage", "drink"], never: ["juice"]),
        Case(before: ["2", "orange"], typed: "", offers: ["juice", "chicken", "soda"]),
        // Units after a number, meals after a food, command words first.
        Case(before: ["2"], typed: "tb", offers: ["tbsp", "tbs"]),
        Case(before: ["2", "cups"], typed: "mi", offers: ["milk", "milliliters"]),
        Case(before: ["2", "eggs"], typed: "br", offers: ["breakfast"]),
        Case(before: [], typed: "tod", offers: ["today"]),
        Case(before: [], typed: "wei", offers: ["weight", "weights"]),
        Case(before: [], typed: "", offers: ["today", "undo", "help", "week", "doctor"]),
        // What was typed is kept as typed: a shell matches the candidates to it.
        Case(before: ["2", "orange"], typed: "J", offers: ["Juice", "Julius"], never: ["juice"]),
        // A comma ends a word of a name ("tofu, fried"): in the line it would join two foods.
        Case(before: [], typed: "tof", offers: ["tofu"], never: ["tofu,"]),
        // Options are the shell script's to offer, and nothing completes what is not there.
        Case(before: [], typed: "--js", offers: [], never: ["--json"]),
        Case(before: ["2"], typed: "qqqqq", offers: []),
    ]

    @Test(arguments: cases) func candidatesAreShellWords(_ testCase: Case) {
        let candidates = Self.completer.shellWordCandidates(after: testCase.before, typed: testCase.typed)
        for expected in testCase.offers {
            #expect(candidates.contains(expected), "\(expected) not in \(candidates.prefix(40))")
        }
        for unexpected in testCase.never { #expect(!candidates.contains(unexpected)) }
        if testCase.offers.isEmpty { #expect(candidates.isEmpty, "\(candidates.prefix(40))") }
        // One shell word each, starting with what was typed, sorted, each once.
        for candidate in candidates {
            #expect(!candidate.contains(" ") && !candidate.isEmpty && !candidate.hasSuffix(","), "\(candidate)")
            #expect(candidate.hasPrefix(testCase.typed), "\(candidate)")
        }
        #expect(candidates == Array(Set(candidates)).sorted())
    }

    /// Each shell word is a word of what the prompt's TAB offers for the same line.
    @Test func shellWordsAreWordsOfThePromptsCandidates() {
        for (before, typed) in [(["2", "orange"], "j"), (["a", "big"], "m"), (["1", "cup"], "orange")] {
            let line = (before + [typed]).joined(separator: " ")
            let prompt = Self.completer.complete(line)
            let lead = prompt.replacing - typed.count
            let expected = Set(
                prompt.candidates.compactMap { candidate -> String? in
                    let rest = candidate.dropFirst(lead).prefix { $0 != " " }
                    return rest.count >= typed.count ? String(rest).trimmingTrailingCommas : nil
                })
            #expect(Set(Self.completer.shellWordCandidates(after: before, typed: typed)) == expected, "\(line)")
            #expect(!expected.isEmpty, "\(line)")
        }
    }
}

extension String {
    fileprivate var trimmingTrailingCommas: String {
        var text = self
        while text.hasSuffix(",") || text.hasSuffix(";") { text.removeLast() }
        return text
    }
}
