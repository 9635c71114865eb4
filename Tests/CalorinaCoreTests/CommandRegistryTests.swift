import Testing

@testable import CalorinaLanguage
@testable import CalorinaParser

/// One row per command: the registry and the grammar say the same commands, each row is reached
/// by its words, and a line that starts with a command word in no command's shape is read as
/// before (a workout, exercise, the command's usage, or a log line).
@Suite struct CommandRegistryTests {
    /// The productions of the grammar's `command`, and those other lines a row reads.
    static let commandProductions: Set<String> = Set(HelpTests.commandKeywords.map(\.production))

    @Test func everyCommandOfTheGrammarHasOneRow() throws {
        let names = CommandRegistry.rows.map(\.name)
        #expect(Set(names).count == names.count, "a row twice")
        #expect(Self.commandProductions.count >= 30)
        for production in Self.commandProductions {
            #expect(names.contains(production), "'\(production)' has no row")
        }
        for name in names where !Self.commandProductions.contains(name) {
            // `workouts` is a command of its own production, outside `command`.
            #expect(HelpTests.productions[name] != nil, "row '\(name)' is no production of the grammar")
        }
    }

    /// The words a production starts with (the grammar's first literals) start its row; the
    /// psql forms ("\q", "\?") are read before any row, by `parseLine`.
    @Test(arguments: CommandRegistry.rows.map(\.name))
    func theGrammarsFirstWordsStartTheRow(_ name: String) throws {
        let row = try #require(CommandRegistry.rows.first { $0.name == name })
        let production = try #require(HelpTests.productions[name], "'\(name)' is no production")
        let words = Set(row.words.map(\.text))
        for literal in HelpTests.firstLiterals(production[...]) where !literal.hasPrefix("\\") {
            #expect(words.contains(literal), "'\(literal)' starts '\(name)' in the grammar, not its row")
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var row: String
        var testDescription: String { "\(line) → \(row)" }
    }

    /// A line of each row's shape, and the row that reads it.
    static let cases: [Case] = [
        Case(line: "today", row: "show"), Case(line: "friday", row: "show"), Case(line: "undo any", row: "undo"),
        Case(line: "redo", row: "redo"), Case(line: "help goal", row: "help"), Case(line: "? goal", row: "help"),
        Case(line: "exit", row: "quit"), Case(line: "day yesterday", row: "switch-day"),
        Case(line: "search pizza", row: "search"), Case(line: "info banana", row: "info"),
        Case(line: "define bar = 200 kcal", row: "define"), Case(line: "alias oj = orange juice", row: "alias"),
        Case(line: "recipe soup = 2 cups broth", row: "recipe"), Case(line: "foods", row: "foods"),
        Case(line: "rename a to b", row: "rename"), Case(line: "forget choice banana", row: "forget-choice"),
        Case(line: "forget bar", row: "forget"), Case(line: "edit food protein bar = 12 g fat", row: "edit-food"),
        Case(line: "set age 34", row: "set"),
        Case(line: "goal 1800", row: "goal"), Case(line: "profile", row: "profile"),
        Case(line: "weighed 80", row: "weight"), Case(line: "water +500 ml", row: "water"),
        Case(line: "remove 3", row: "delete"), Case(line: "edit 3 lunch", row: "edit"),
        Case(line: "move 3 to lunch", row: "move"), Case(line: "again breakfast", row: "again"),
        Case(line: "copy yesterday breakfast", row: "copy"), Case(line: "last week", row: "period"),
        Case(line: "history 30", row: "history"), Case(line: "weights year", row: "weights"),
        Case(line: "export csv 2026-11-01 2026-11-30 to food.csv", row: "export"),
        Case(line: "import food.csv", row: "import"), Case(line: "suggestions for lunch", row: "suggest"),
        Case(line: "doctor", row: "doctor"), Case(line: "devices", row: "devices"),
        Case(line: "choices", row: "choices"),
        Case(line: "goals", row: "goals"), Case(line: "workouts month", row: "workouts"),
    ]

    @Test(arguments: cases)
    func aLineOfTheRowsShapeIsReadByIt(_ example: Case) throws {
        let row = try #require(CommandRegistry.rows.first { $0.name == example.row })
        var lexer = Lexer(Array(example.line.unicodeScalars))
        var parser = Parser(scalars: Array(example.line.unicodeScalars), tokens: lexer.tokenize())
        let read = try row.read(&parser)
        let command = try #require(read, "'\(example.row)' read nothing of '\(example.line)'")
        #expect(command == (try Parser.parse(example.line)), "the parser reads '\(example.line)' otherwise")
    }

    @Test func everyRowIsTested() {
        #expect(Set(Self.cases.map(\.row)) == Set(CommandRegistry.rows.map(\.name)))
    }

    /// A line in no row's shape is no command of the row: it reads nothing, and moves nothing.
    @Test(arguments: [
        "foods 2", "choices x", "devices now", "import", "goals x", "profile me", "weigh yourself",
        "water bottle", "this month x", "redo 3", "today 2 eggs", "edit", "forget",
    ])
    func aLineInNoRowsShapeIsReadByNone(_ line: String) throws {
        var lexer = Lexer(Array(line.unicodeScalars))
        let tokens = lexer.tokenize()
        let word = try #require(tokens.first?.word)
        let rows = CommandRegistry.rows(startedBy: word)
        #expect(!rows.isEmpty)
        for row in rows {
            var parser = Parser(scalars: Array(line.unicodeScalars), tokens: tokens)
            let read: Command?
            do { read = try row.read(&parser) } catch { continue }  // a row may say what it takes
            #expect(read == nil, "'\(row.name)' read '\(line)'")
            #expect(parser.position == 0, "'\(row.name)' moved past what it did not read")
        }
    }

    /// A workout is read before the day's commands, as always: "set 3 sets of 10" is a workout.
    @Test func aWorkoutComesBeforeTheDaysCommands() throws {
        guard case .workout(let workout) = try Parser.parse("set 3 sets of 10") else {
            Issue.record("'set 3 sets of 10' is no workout")
            return
        }
        #expect(workout.movement == "set")
    }

    @Test func everyWeekdayNameIsAWeekday() {
        #expect(Set(DayWords.weekdayNames.compactMap(DayWords.weekday(for:))) == Set(1...7))
        for name in DayWords.weekdayNames { #expect(DayWords.weekday(for: name) != nil, "\(name)") }
        #expect(DayWords.weekday(for: "someday") == nil)
    }

    /// The session's lists come from the rows: TAB completes the completed words in their order,
    /// and "did you mean" offers those first, then the words it alone offers.
    @Test func theListsComeFromTheRows() {
        #expect(CommandRegistry.completed.first == "today")
        #expect(CommandRegistry.completed.contains("water") && !CommandRegistry.suggested.contains("water"))
        #expect(Array(CommandRegistry.suggested.suffix(4)) == ["remove", "suggestions", "choices", "goals"])
        #expect(CommandRegistry.usages["remove"] == "an entry number: 'remove 3'")
        #expect(CommandRegistry.usages["today"] == nil)
    }
}
