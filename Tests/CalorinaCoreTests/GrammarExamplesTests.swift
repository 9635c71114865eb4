import Testing

@testable import CalorinaLanguage
@testable import CalorinaParser

/// Every line of `grammar/examples/valid.txt` and `invalid.txt`, parsed and compared: the
/// corpus is the grammar's promise, and these tests keep the parser to it.
@Suite(.tags(.fast)) struct GrammarExamplesTests {
    /// The fewest cases each file may hold, so that an empty or unreadable file cannot pass.
    static let minimumValid = 150
    static let minimumInvalid = 40

    @Test(arguments: Corpus.valid)
    func validLineGivesItsSummary(_ example: Corpus.Example) {
        #expect(!example.input.isEmpty, "\(example.file):\(example.lineNumber): no ' => ' separator")
        do {
            let command = try Parser.parse(example.input)
            #expect(
                command.summary == example.expected,
                "\(example.file):\(example.lineNumber): \(example.input)")
        } catch {
            Issue.record(
                "\(example.file):\(example.lineNumber): '\(example.input)' failed at column \(error.column): \(error.message)"
            )
        }
    }

    @Test(arguments: Corpus.invalid)
    func invalidLineGivesItsError(_ example: Corpus.Example) {
        #expect(!example.input.isEmpty, "\(example.file):\(example.lineNumber): no ' => ' separator")
        let parts = example.expected.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let column = Int(parts[0]) else {
            Issue.record("\(example.file):\(example.lineNumber): expected 'COLUMN: MESSAGE', got '\(example.expected)'")
            return
        }
        let message = parts[1].drop { $0 == " " }
        do {
            let command = try Parser.parse(example.input)
            Issue.record(
                "\(example.file):\(example.lineNumber): '\(example.input)' parsed as \(command.summary)")
        } catch {
            #expect(error.column == column, "\(example.file):\(example.lineNumber): \(example.input)")
            #expect(error.message == String(message), "\(example.file):\(example.lineNumber): \(example.input)")
        }
    }

    @Test func theCorpusFilesHoldEnoughCases() {
        #expect(Corpus.valid.count >= Self.minimumValid)
        #expect(Corpus.invalid.count >= Self.minimumInvalid)
    }

    @Test func noLineIsListedTwice() {
        var seen: [String: Int] = [:]
        for example in Corpus.valid + Corpus.invalid {
            if let first = seen[example.input] {
                Issue.record("\(example.file):\(example.lineNumber): '\(example.input)' already at line \(first)")
            }
            seen[example.input] = example.lineNumber
        }
    }
}
