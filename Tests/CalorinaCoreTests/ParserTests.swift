import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaHelp
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaSupport

/// The parser and lexer on what the corpus files cannot hold: comments, blank lines, control
/// characters, very long lines and generated input. Errors are compared as values (kind and
/// start), never as message strings; `grammar/examples/invalid.txt` covers the messages.
@Suite(.tags(.fast)) struct ParserTests {
    /// One line and what it should give.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Expected: Sendable {
            /// `Command.summary` of the parsed line.
            case summary(String)
            /// The error's kind and the 0-based offset where its range starts.
            case error(ParseError.Kind, at: Int)
        }

        var input: String
        var expected: Expected

        init(_ input: String, _ summary: String) {
            self.input = input
            expected = .summary(summary)
        }

        init(_ input: String, _ kind: ParseError.Kind, at start: Int) {
            self.input = input
            expected = .error(kind, at: start)
        }

        var testDescription: String {
            let shown =
                input.count > 40 ? String(input.prefix(40)) + "… (\(input.unicodeScalars.count) scalars)" : input
            return shown.debugDescription
        }
    }

    static func check(_ testCase: Case) {
        let result = Result { () throws(ParseError) -> Command in try Parser.parse(testCase.input) }
        switch (testCase.expected, result) {
        case (.summary(let summary), .success(let command)):
            #expect(command.summary == summary)
        case (.summary, .failure(let error)):
            Issue.record("expected a command, got \(error.kind) at \(error.range)")
        case (.error(let kind, let start), .failure(let error)):
            #expect(error.kind == kind)
            #expect(error.range.start == start)
        case (.error(let kind, _), .success(let command)):
            Issue.record("expected \(kind), got \(command.summary)")
        }
    }

    // MARK: Comments and blank lines

    static let nothing: [Case] = [
        Case("", "nothing"),
        Case(" ", "nothing"),
        Case("   \t  ", "nothing"),
        Case("\r", "nothing"),
        Case("#", "nothing"),
        Case("# breakfast on the train", "nothing"),
        Case("#2 eggs", "nothing"),
        Case("   # indented comment", "nothing"),
        Case("# 🍕 @ $ \u{0} anything goes in a comment", "nothing"),
        Case("#" + String(repeating: "x", count: 999), "nothing"),
    ]

    @Test(arguments: nothing) func commentsAndBlankLines(_ testCase: Case) { Self.check(testCase) }

    // MARK: White space the corpus files trim away

    static let whiteSpace: [Case] = [
        Case("  2 eggs  ", "log | 2 \"eggs\""),
        Case("2\teggs", "log | 2 \"eggs\""),
        Case("2 eggs\r", "log | 2 \"eggs\""),
        Case("2\u{00A0}eggs", "log | 2 \"eggs\""),  // no-break space
        Case("2\u{2003}eggs\u{3000}", "log | 2 \"eggs\""),  // em space, ideographic space
        Case("\ttoday\t", "show today"),
        Case(" undo ", "undo"),
        Case("\u{FEFF}2 eggs", "log | 2 \"eggs\""),  // a byte order mark from a Windows editor
    ]

    @Test(arguments: whiteSpace) func whiteSpaceSeparates(_ testCase: Case) { Self.check(testCase) }

    // MARK: Characters with no place in the language

    static let characters: [Case] = [
        Case("\u{0}", .unexpectedCharacter("\u{0}"), at: 0),
        Case("2 eggs\u{0}", .unexpectedCharacter("\u{0}"), at: 6),
        Case("2 eggs\u{0}and toast", .unexpectedCharacter("\u{0}"), at: 6),
        Case("2 eggs\u{7}", .unexpectedCharacter("\u{7}"), at: 6),
        Case("\u{1B}[A", .unexpectedCharacter("\u{1B}"), at: 0),
        Case("2 eggs \u{1B}[31m", .unexpectedCharacter("\u{1B}"), at: 7),
        Case("2 eggs\u{7F}", .unexpectedCharacter("\u{7F}"), at: 6),
        // A line break inside a line (pasted) is no white space, and never part of a name.
        Case("banana\rburger 5 kcal", .unexpectedCharacter("\r"), at: 6),
        Case("2 eggs\nand toast", .unexpectedCharacter("\n"), at: 6),
        Case("define x\ry = 5 kcal per bar", .unexpectedCharacter("\r"), at: 8),
        Case("alias o\u{1B}j = orange juice", .unexpectedCharacter("\u{1B}"), at: 7),
        Case("2 eggs\r\n", "log | 2 \"eggs\""),
        Case("\u{202E}2 eggs", .unexpectedCharacter("\u{202E}"), at: 0),  // right-to-left override
        Case("2 eggs \u{200B}", .unexpectedCharacter("\u{200B}"), at: 7),  // zero-width space
        Case("🍕", .unexpectedCharacter("🍕"), at: 0),
        Case("2 eggs 🍳", .unexpectedCharacter("🍳"), at: 7),
        Case("👨‍👩‍👧 eggs", .unexpectedCharacter("👨"), at: 0),  // a ZWJ sequence stops at its first scalar
        Case("2 eggs and 🍕", .unexpectedCharacter("🍕"), at: 11),
        Case("2 eggs @ home", .unexpectedCharacter("@"), at: 7),
        Case("$5 burger", .unexpectedCharacter("$"), at: 0),
        Case("eggs / toast", .unexpectedCharacter("/"), at: 5),
        Case("eggs = 3", .unexpectedToken("="), at: 5),
    ]

    @Test(arguments: characters) func unexpectedCharacters(_ testCase: Case) { Self.check(testCase) }

    // MARK: Other scripts

    static let scripts: [Case] = [
        Case("2 שקשוקה", "log | 2 \"שקשוקה\""),  // right-to-left text is just words
        Case("שקשוקה 2", "log | 2 \"שקשוקה\""),
        Case("بيض 2 breakfast", "log meal=breakfast | 2 \"بيض\""),
        Case("2 Äpfel", "log | 2 \"äpfel\""),
        Case("CRÈME BRÛLÉE", "log | \"crème brûlée\""),
        // A decomposed é (as macOS often types it): the combining mark belongs to its letter.
        Case("2 e\u{301}clairs", "log | 2 \"e\u{301}clairs\""),
        Case("ラーメン 1 bowl", "log | 1 bowl \"ラーメン\""),
        Case("1 cup 牛奶", "log | 1 cup \"牛奶\""),
    ]

    @Test(arguments: scripts) func wordsInOtherScripts(_ testCase: Case) { Self.check(testCase) }

    // MARK: Limits

    static let limits: [Case] = {
        let longest = Parser.maxLineLength
        let word = String(repeating: "a", count: longest - 2)
        let eggs = { (count: Int) in Array(repeating: "egg", count: count).joined(separator: " and ") }
        let items = { (count: Int) in
            "log | \"egg\"" + String(repeating: "; and \"egg\"", count: count - 1)
        }
        return [
            Case("2 " + word, "log | 2 \"\(word)\""),  // exactly 1,000 characters
            Case("2 " + word + "s", .lineTooLong(length: longest + 1, limit: longest), at: longest),
            Case(
                String(repeating: "a", count: 1_000_001), .lineTooLong(length: 1_000_001, limit: longest),
                at: longest),
            Case(
                String(repeating: "🍕", count: 1_000_001), .lineTooLong(length: 1_000_001, limit: longest),
                at: longest),
            // The limit counts Unicode scalars: "e" and a combining accent are two.
            Case(
                String(repeating: "e\u{301}", count: 501), .lineTooLong(length: 1002, limit: longest), at: longest),
            Case(String(repeating: "é", count: 1000), "log | \"\(String(repeating: "é", count: 1000))\""),
            Case(eggs(Parser.maxItems), items(Parser.maxItems)),
            // "egg and " is 8 characters: the 31st item starts at 240.
            Case(eggs(Parser.maxItems + 1), .tooManyItems(limit: Parser.maxItems), at: 8 * Parser.maxItems),
            Case(eggs(40), .tooManyItems(limit: Parser.maxItems), at: 8 * Parser.maxItems),
            Case(
                Array(repeating: "egg", count: 200).joined(separator: ","), .tooManyItems(limit: Parser.maxItems),
                at: 4 * Parser.maxItems),
            Case("10000 g rice", "log | 10000 g \"rice\""),
            Case("10001 g rice", .tooLarge("10001 g"), at: 0),
            Case("20000 kcal", "log | kcal=20000"),
            Case("20001 kcal", .tooLarge("20001 kcal"), at: 0),
            Case(String(repeating: "9", count: 400) + " eggs", .tooLarge(String(repeating: "9", count: 400)), at: 0),
        ]
    }()

    @Test(arguments: limits) func limitsOfALine(_ testCase: Case) { Self.check(testCase) }

    // MARK: Dates

    static let dates: [Case] = [
        Case("2024-02-29", "show 2024-02-29"),
        Case("2025-02-29", .invalidDate("2025-02-29"), at: 0),
        Case("2026-02-30", .invalidDate("2026-02-30"), at: 0),
        Case("2026-13-01", .invalidDate("2026-13-01"), at: 0),
        Case("2026-00-10", .invalidDate("2026-00-10"), at: 0),
        Case("2026-11-00", .invalidDate("2026-11-00"), at: 0),
        Case("0000-01-01", .invalidDate("0000-01-01"), at: 0),
        Case("day 2026-11-31", .invalidDate("2026-11-31"), at: 4),
        Case("2 eggs 2026-04-31", .invalidDate("2026-04-31"), at: 7),
        Case("2026-06-31 2 eggs", .invalidDate("2026-06-31"), at: 0),
        Case("2 eggs on 2026-09-31", .invalidDate("2026-09-31"), at: 10),
        Case("9999-12-31", "show 9999-12-31"),
        Case("2 eggs 1970-01-01", "log day=1970-01-01 | 2 \"eggs\""),
    ]

    @Test(arguments: dates) func datesAreCheckedAgainstTheCalendar(_ testCase: Case) { Self.check(testCase) }

    // MARK: Amounts

    static let amounts: [Case] = [
        Case("-3 eggs", .negativeQuantity, at: 0),
        Case("\u{2212}3 eggs", .negativeQuantity, at: 0),  // the minus sign
        Case("- 3 eggs", .negativeQuantity, at: 0),
        Case("-½ cup milk", .negativeQuantity, at: 0),
        Case("0 eggs", .zeroQuantity, at: 0),
        Case("0.00 eggs", .zeroQuantity, at: 0),
        Case("0/5 cup milk", .zeroQuantity, at: 0),
        Case("x0 banana", .zeroQuantity, at: 0),
        Case("1/0 cup rice", .badFraction, at: 0),
        Case("banana x 1/0", .badFraction, at: 9),
        Case("1/0 kcal", .badFraction, at: 0),
        Case("2 eggs 3", .repeatedAmount, at: 7),
        Case("3 eggs 2 cups", .repeatedAmount, at: 7),
        Case("200gg rice", .unknownUnit("gg", suggestion: "g"), at: 3),
        Case("2cupz rice", .unknownUnit("cupz", suggestion: "cup"), at: 1),
        Case("250mll milk", .unknownUnit("mll", suggestion: "ml"), at: 3),
        // After a space, a word near a unit is the resolver's to judge ("1 cupz oatmeal").
        Case("1 cupz oatmeal", "log | 1 \"cupz oatmeal\""),
        Case("kcal", .expectedCalorieAmount, at: 0),
        Case("burger kcal", .expectedCalorieAmount, at: 7),
        Case("2 servings", .missing(.food, after: "2 servings"), at: 10),
        Case("2 eggs and", .missing(.food, after: "and"), at: 10),
        Case("2 eggs and and toast", .missing(.food, after: "and"), at: 11),
    ]

    @Test(arguments: amounts) func amountsThatCannotBe(_ testCase: Case) { Self.check(testCase) }

    // MARK: Lexer

    struct LexCase: Sendable, CustomTestStringConvertible {
        var input: String
        var tokens: [Token]

        init(_ input: String, _ tokens: [Token]) {
            self.input = input
            self.tokens = tokens
        }

        var testDescription: String { input.debugDescription }
    }

    static func token(_ kind: Token.Kind, _ start: Int, _ end: Int, glued: Bool = false) -> Token {
        Token(kind, SourceRange(start, end), isGlued: glued)
    }

    static let lexing: [LexCase] = [
        LexCase("200g", [token(.number(200), 0, 3), token(.word("g"), 3, 4, glued: true)]),
        LexCase("250ML", [token(.number(250), 0, 3), token(.word("ml"), 3, 5, glued: true)]),
        LexCase("650kcal", [token(.number(650), 0, 3), token(.word("kcal"), 3, 7, glued: true)]),
        LexCase("2x", [token(.number(2), 0, 1), token(.multiplier(nil), 1, 2, glued: true)]),
        LexCase("x2", [token(.multiplier(2), 0, 2)]),
        LexCase("X12", [token(.multiplier(12), 0, 3)]),
        LexCase("x 2", [token(.multiplier(nil), 0, 1), token(.number(2), 2, 3)]),
        LexCase("×2", [token(.multiplier(2), 0, 2)]),
        LexCase("× 2", [token(.multiplier(2), 0, 3)]),
        LexCase("xmas", [token(.word("xmas"), 0, 4)]),
        LexCase("2026-11-20", [token(.date(year: 2026, month: 11, day: 20), 0, 10)]),
        LexCase("2026-02-30", [token(.date(year: 2026, month: 2, day: 30), 0, 10)]),  // checked by the parser
        LexCase(
            "eggs 2026-11-20",
            [token(.word("eggs"), 0, 4), token(.date(year: 2026, month: 11, day: 20), 5, 15)]),
        LexCase("2% milk", [token(.word("2%"), 0, 2), token(.word("milk"), 3, 7)]),
        LexCase("100%", [token(.word("100%"), 0, 4)]),
        LexCase("pb&j", [token(.word("pb&j"), 0, 4)]),
        LexCase("pb & j", [token(.word("pb"), 0, 2), token(.ampersand, 3, 4), token(.word("j"), 5, 6)]),
        LexCase("ben&jerry's", [token(.word("ben&jerry's"), 0, 11)]),
        LexCase("coca-cola", [token(.word("coca-cola"), 0, 9)]),
        LexCase("mcdonald’s", [token(.word("mcdonald’s"), 0, 10)]),
        LexCase("1/0", [token(.badFraction, 0, 3)]),
        LexCase("1/2", [token(.number(0.5), 0, 3)]),
        LexCase("1 1/2", [token(.number(1.5), 0, 5)]),
        LexCase("2 3/4 cups", [token(.number(2.75), 0, 5), token(.word("cups"), 6, 10)]),
        LexCase("1½", [token(.number(1.5), 0, 2)]),
        LexCase("1 ½", [token(.number(1.5), 0, 3)]),
        LexCase("½", [token(.number(0.5), 0, 1)]),
        LexCase("⅓", [token(.number(1.0 / 3), 0, 1)]),
        LexCase(".5", [token(.number(0.5), 0, 2)]),
        LexCase("1.25", [token(.number(1.25), 0, 4)]),
        LexCase("eggs.", [token(.word("eggs"), 0, 4)]),
        LexCase(
            "2 eggs, toast",
            [
                token(.number(2), 0, 1), token(.word("eggs"), 2, 6), token(.comma, 6, 7, glued: true),
                token(.word("toast"), 8, 13),
            ]),
        LexCase(
            "eggs+toast;tea",
            [
                token(.word("eggs"), 0, 4), token(.plus, 4, 5, glued: true), token(.word("toast"), 5, 10, glued: true),
                token(.semicolon, 10, 11, glued: true), token(.word("tea"), 11, 14, glued: true),
            ]),
        LexCase("lunch:", [token(.word("lunch"), 0, 5), token(.colon, 5, 6, glued: true)]),
        LexCase("-2", [token(.minus, 0, 1), token(.number(2), 1, 2, glued: true)]),
        LexCase("# note", [token(.hash, 0, 1), token(.word("note"), 2, 6)]),
        LexCase("?", [token(.question, 0, 1)]),
        LexCase(
            "(large) \"eggs\"!",
            [
                token(.open, 0, 1), token(.word("large"), 1, 6, glued: true), token(.close, 6, 7, glued: true),
                token(.word("eggs"), 9, 13),
            ]),
        LexCase(
            "200g/7oz",
            [
                token(.number(200), 0, 3), token(.word("g"), 3, 4, glued: true), token(.slash, 4, 5, glued: true),
                token(.number(7), 5, 6, glued: true), token(.word("oz"), 6, 8, glued: true),
            ]),
        LexCase("🍕", [token(.unknown("🍕"), 0, 1)]),
        LexCase("\u{0}", [token(.unknown("\u{0}"), 0, 1)]),
        LexCase("Crème", [token(.word("crème"), 0, 5)]),
        LexCase("", []),
        LexCase("   ", []),
    ]

    @Test(arguments: lexing) func lexerTokens(_ testCase: LexCase) {
        #expect(Lexer.tokenize(testCase.input) == testCase.tokens)
    }

    // MARK: The help's example lines

    /// The lines the help summary (the program's own README) shows, with what they must mean.
    static let helpExamples: [String: String] = [
        "2 servings oatmeal breakfast": "log meal=breakfast | 2 serving \"oatmeal\"",
        "1 cup orange juice and a banana": "log | 1 cup \"orange juice\"; and 1 \"banana\"",
        "big mac lunch": "log meal=lunch | \"big mac\"",
        "burger 650 kcal dinner": "log meal=dinner | \"burger\" kcal=650",
        "2 eggs yesterday": "log day=yesterday | 2 \"eggs\"",
    ]

    @Test func theHelpExamplesParseAsShown() throws {
        // The indented lines between the first line and "Commands:".
        let lines = HelpText.summary.split(separator: "\n").map(String.init)
        let end = try #require(lines.firstIndex(of: "Commands:"))
        let examples = lines[1..<end].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(Set(examples) == Set(Self.helpExamples.keys))
        for line in examples {
            let command = try Parser.parse(line)
            #expect(command.summary == Self.helpExamples[line], "\(line)")
            // The summary is a function of the command: parsing again, or in other case, gives it back.
            #expect(try Parser.parse(line).summary == command.summary)
            #expect(try Parser.parse(line.uppercased()).summary == command.summary)
            #expect(try Parser.parse("  " + line + "  ").summary == command.summary)
        }
    }

    @Test func aSummaryNamesEveryPartOfTheCommand() {
        let log = LogCommand(
            items: [
                LogItem(
                    count: 2, unit: Unit.named("servings"),
                    food: FoodPhrase(words: ["oatmeal"], text: "oatmeal", range: SourceRange(11, 18)),
                    range: SourceRange(0, 18)),
                LogItem(
                    food: FoodPhrase(words: ["burger"], text: "Burger", range: SourceRange(21, 27)), kcal: 650,
                    joiner: .and, range: SourceRange(21, 36)),
                LogItem(
                    count: 0.5, food: FoodPhrase(words: ["milk"], text: "milk", range: SourceRange(40, 44)),
                    joiner: .with, range: SourceRange(38, 44)),
                LogItem(kcal: 100, joiner: .punctuation, range: SourceRange(46, 54)),
            ],
            meal: .breakfast, day: .daysAgo(2))
        #expect(
            Command.log(log).summary
                == "log meal=breakfast day=-2 | 2 serving \"oatmeal\"; and \"burger\" kcal=650; with 0.5 \"milk\"; punct kcal=100"
        )
        #expect(Command.show(.weekday(3)).summary == "show weekday=3")
        #expect(Command.show(.date(CivilDate(year: 2026, month: 11, day: 20)!)).summary == "show 2026-11-20")
        #expect(Command.help(topic: nil).summary == "help")
        #expect(Command.help(topic: "units").summary == "help units")
        #expect(Command.undo(anyone: false).summary == "undo")
        #expect(Command.quit.summary == "quit")
        #expect(Command.nothing.summary == "nothing")
    }
}
