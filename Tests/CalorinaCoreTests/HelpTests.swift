// `help`: every command word of the grammar has a page, the summary lists every command, every
// word the help mentions leads to a page, and every example line a page shows parses.

import Foundation
import Testing

@testable import CalorinaHelp
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaSession
@testable import CalorinaSupport

@Suite("Help", .tags(.fast))
struct HelpTests {
    // MARK: The grammar's command words

    /// A token of grammar/calorina.ebnf: a quoted literal, a production's name, or a symbol.
    enum GrammarToken: Equatable {
        case literal(String)
        case name(String)
        case symbol(Character)
    }

    /// The tokens of an EBNF text, comments left out.
    static func tokens(_ text: String) -> [GrammarToken] {
        var tokens: [GrammarToken] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "(", index + 1 < characters.count, characters[index + 1] == "*" {
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == ")") {
                    index += 1
                }
                index += 2
            } else if character == "\"" || character == "'" {
                var end = index + 1
                while end < characters.count, characters[end] != character { end += 1 }
                tokens.append(.literal(String(characters[(index + 1)..<min(end, characters.count)])))
                index = end + 1
            } else if character.isLetter {
                var end = index
                while end < characters.count, characters[end].isLetter || characters[end] == "-" { end += 1 }
                tokens.append(.name(String(characters[index..<end])))
                index = end
            } else {
                if !character.isWhitespace { tokens.append(.symbol(character)) }
                index += 1
            }
        }
        return tokens
    }

    /// Each production's right-hand side, by name.
    static let productions: [String: [GrammarToken]] = {
        let text = Corpus.text(Corpus.repositoryRoot.appendingPathComponent("grammar/calorina.ebnf"))
        var result: [String: [GrammarToken]] = [:]
        var tokens = Self.tokens(text)[...]
        while let equals = tokens.firstIndex(of: .symbol("=")) {
            guard equals > tokens.startIndex, case .name(let name) = tokens[equals - 1],
                let end = tokens[equals...].firstIndex(of: .symbol(";"))
            else { break }
            result[name] = Array(tokens[(equals + 1)..<end])
            tokens = tokens[(end + 1)...]
        }
        return result
    }()

    /// The literals a sequence can start with: the first element of each alternative, looking
    /// into groups; a production's name there (iso-date, weekday) is no keyword.
    static func firstLiterals(_ tokens: ArraySlice<GrammarToken>) -> [String] {
        var literals: [String] = []
        var alternativeStart = true
        var depth = 0
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            if depth == 0 && alternativeStart {
                if case .literal(let word) = token { literals.append(word) }
                if token == .symbol("(") {
                    // The group's own alternatives.
                    var inner = 1
                    var end = index + 1
                    while end < tokens.endIndex, inner > 0 {
                        if tokens[end] == .symbol("(") { inner += 1 }
                        if tokens[end] == .symbol(")") { inner -= 1 }
                        end += 1
                    }
                    literals += firstLiterals(tokens[(index + 1)..<(end - 1)])
                    index = end
                    alternativeStart = false
                    continue
                }
                alternativeStart = false
            }
            switch token {
            case .symbol("("), .symbol("["), .symbol("{"): depth += 1
            case .symbol(")"), .symbol("]"), .symbol("}"): depth -= 1
            case .symbol("|") where depth == 0: alternativeStart = true
            default: break
            }
            index += 1
        }
        return literals
    }

    /// The command productions (the alternatives of `command`) and the words each starts with.
    static let commandKeywords: [(production: String, words: [String])] = {
        guard let command = productions["command"] else { return [] }
        return command.compactMap { token in
            guard case .name(let name) = token, let body = productions[name] else { return nil }
            return (name, firstLiterals(body[...]))
        }
    }()

    static var allCommandWords: [String] { commandKeywords.flatMap(\.words) }

    @Test func theGrammarIsReadIntoItsCommandWords() {
        // The walk itself: enough productions, and words known to be there.
        #expect(Self.commandKeywords.count >= 30)
        for production in Self.commandKeywords { #expect(!production.words.isEmpty, "\(production.production)") }
        for word in [
            "today", "yesterday", "undo", "redo", "help", "?", "quit", "exit", "q", "delete", "remove", "weight",
            "weigh", "water", "goal", "week", "month", "year", "day", "suggestions", "doctor",
        ] {
            #expect(Self.allCommandWords.contains(word), "\(word)")
        }
    }

    @Test(arguments: allCommandWords) func everyCommandWordHasAHelpPage(_ word: String) {
        #expect(HelpText.lookUp(word) != nil, "help \(word)")
        #expect(!HelpText.text(for: word).contains("No help on"), "help \(word)")
        // The same through the parser, as a person types it.
        #expect((try? Parser.parse("help \(word)")) == .help(topic: word))
    }

    // MARK: The summary

    /// The lines under "Commands:" in the summary: the words each lists, before its description.
    static var summaryCommandWords: [String] {
        let lines = HelpText.summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        var words: [String] = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { break }
            let listed = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            words += listed.components(separatedBy: ", ")
        }
        return words
    }

    @Test func theSummaryListsEveryCommand() {
        let listed = Set(Self.summaryCommandWords)
        #expect(listed.count >= 30)
        for (production, words) in Self.commandKeywords {
            #expect(!listed.isDisjoint(with: words), "'help' lists no word of '\(production)' (\(words))")
        }
        // And lists nothing the grammar does not have.
        for word in listed { #expect(Self.allCommandWords.contains(word), "\(word)") }
    }

    // MARK: Words the help mentions

    /// Every page: the summary, each topic's, and each command word's.
    static var pages: [String] {
        var seen = Set<String>()
        return ([HelpText.summary] + (HelpText.topics + allCommandWords).compactMap(HelpText.lookUp))
            .filter { seen.insert($0).inserted }
    }

    /// The words after 'help' in a text ("see 'help sentences'", "help units").
    static func mentions(in text: String) -> [String] {
        var words: [String] = []
        var rest = text[...]
        while let range = rest.range(of: "help ") {
            let word = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            if !word.isEmpty && word != "WORD" { words.append(String(word)) }
            rest = rest[range.upperBound...]
        }
        return words
    }

    @Test func everyWordTheHelpMentionsHasAPage() {
        var mentioned = HelpText.topics + Self.summaryCommandWords
        for page in Self.pages { mentioned += Self.mentions(in: page) }
        #expect(mentioned.contains("calories") && mentioned.contains("sentences") && mentioned.contains("goal"))
        for word in Set(mentioned) {
            #expect(HelpText.lookUp(word) != nil, "'help \(word)' is mentioned but has no page")
        }
    }

    @Test(arguments: [
        "calories", "goal", "edit", "water", "weight", "set", "undo", "quit", "foods", "search", "exercise",
    ])
    func theWordsOfTheIssueHaveTheirOwnPages(_ word: String) {
        let page = HelpText.text(for: word)
        #expect(!page.contains("No help on"))
        #expect(page != HelpText.summary)
    }

    @Test func unitAndMealWordsLeadToTheirPages() throws {
        let units = try #require(HelpText.lookUp("units"))
        for word in Unit.words + ["fl oz"] { #expect(HelpText.lookUp(word) == units, "help \(word)") }
        let meals = try #require(HelpText.lookUp("meals"))
        for word in ["breakfast", "lunch", "dinner", "supper", "snack", "brunch"] {
            #expect(HelpText.lookUp(word) == meals, "help \(word)")
        }
        #expect(HelpText.lookUp("xyzzy") == nil)
        #expect(HelpText.text(for: "xyzzy").contains("No help on 'xyzzy'"))
    }

    // MARK: Example lines

    /// A page's example lines: indented two spaces, several joined by " · ", a description after
    /// two spaces or more. Lines that start with "$ " are shell commands, not lines of Calorina.
    static func examples(in page: String) -> (lines: [String], shell: [String]) {
        var lines: [String] = []
        var shell: [String] = []
        for line in page.split(separator: "\n").map(String.init) {
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first != " " else { continue }
            let text = String(line.dropFirst(2))
            if text.hasPrefix("$ ") {
                shell.append(String(text.dropFirst(2)))
                continue
            }
            let shown = text.components(separatedBy: "  ").first ?? text
            lines += shown.components(separatedBy: " · ").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return (lines, shell)
    }

    /// Every page but the summary (whose command list is words, not lines; its examples are
    /// ParserTests' `theHelpExamplesParseAsShown`).
    static var examplePages: [String] { pages.filter { $0 != HelpText.summary } }

    /// A page fits a terminal of 100 columns: no line of it is wrapped.
    @Test func everyPageFitsAHundredColumns() {
        for page in Self.pages {
            for line in page.split(separator: "\n") where line.count > 100 {
                Issue.record("a line of \(line.count) characters: \(line)")
            }
        }
    }

    @Test func everyPageShowsExamples() {
        for page in Self.examplePages {
            let (lines, shell) = Self.examples(in: page)
            #expect(lines.count + shell.count >= 2, "too few examples in:\n\(page)")
        }
    }

    /// The command pages written for the issue: short, with 2 to 4 examples each.
    @Test func theCommandPagesShowTwoToFourExamples() {
        let pages = [
            HelpText.helpPage, HelpText.quitPage, HelpText.undoPage, HelpText.searchPage, HelpText.ownFoodsPage,
            HelpText.goalPage, HelpText.settingsPage, HelpText.weightPage, HelpText.waterPage, HelpText.exercisePage,
        ]
        for page in pages {
            let (lines, shell) = Self.examples(in: page)
            #expect((2...4).contains(lines.count + shell.count), "\(lines) in:\n\(page)")
            #expect(page.split(separator: "\n").count <= 10, "\(page)")
        }
    }

    @Test func everyExampleLineParses() {
        var count = 0
        for page in Self.examplePages {
            for line in Self.examples(in: page).lines {
                count += 1
                do {
                    _ = try Parser.parse(line)
                } catch {
                    Issue.record("'\(line)' does not parse: \(error.message)\nin:\n\(page)")
                }
            }
        }
        #expect(count >= 60)
    }
}
