import CalorinaLanguage

/// The commands of the language, one row each: the words that start it (with what each takes,
/// whether TAB completes it and whether "did you mean" offers it), the help page that explains
/// it, and the function that reads it. The parser dispatches through the rows once
/// (`Parser.parseCommand()`); the session's "did you mean", completion and help
/// (`CommandTable`, which maps each row's page name to its text) read the same rows.
///
/// A word may start several rows ("forget" starts `forget` and `forget-choice`, "edit" starts
/// `edit` and `edit-food`): they are read in the table's order, and the first that reads the
/// line wins. A row reads nothing (nil) for a line not in its command's shape, so that
/// "today" shows the day while "2 eggs today" logs.
public enum CommandRegistry {
    /// One word that starts a command.
    public struct Word: Sendable {
        public var text: String
        /// What the command takes, for a line that starts with the word in another shape; nil
        /// for a word such a line may still log (`search`, `weight`) or that takes anything.
        public var usage: String?
        /// TAB completes it as the first word of a line.
        public var completes: Bool
        /// "did you mean" offers it for a mistyped first word (`water` logs, so is not offered).
        public var suggested: Bool
        /// The help's summary lists it (not `exit`, which says what `quit` says).
        public var listed: Bool
    }

    /// Reads the command at the start of the line; nil when the line is not in its shape. The
    /// readers are static functions taking the parser (`Parser.parseShow`), which a row can
    /// name as a value where it could not name a mutating method.
    typealias Reader = @Sendable (inout Parser) throws(ParseError) -> Command?

    /// One command.
    public struct Row: Sendable {
        /// Its production in grammar/calorina.ebnf.
        public var name: String
        /// The words that start it, in the order TAB lists them.
        public var words: [Word]
        /// The name of the help page that explains it (`CommandTable` has the pages); nil when
        /// its words are topics of the help of their own (`help delete`).
        public var help: String?
        /// True when a line that reads as a workout is one before it is this command: a
        /// workout names its movement in any words ("set 3 sets of 10" is three sets of a
        /// movement called "set"), and the day's commands have always yielded to it.
        var yieldsToWorkouts: Bool
        let read: Reader
    }

    /// Every command. The words TAB completes are listed in this order, and "did you mean"
    /// weighs the offered words in it (those TAB completes first).
    public static let rows: [Row] = [
        row(
            "show", [command("today"), command("yesterday")] + DayWords.weekdayNames.map(hidden), help: "day",
            yields: true, read: Parser.parseShow),
        row(
            "undo",
            [command("undo", usage: "nothing, or 'any' (one change at a time: 'undo' again for the one before)")],
            help: "undo", read: Parser.parseUndoOrQuit),
        row("redo", [command("redo", usage: "nothing, or 'any'")], help: "undo", yields: true, read: Parser.parseRedo),
        row("help", [command("help"), hidden("?")], help: "help", read: Parser.parseHelp),
        row(
            "quit", [command("quit"), command("exit", listed: false), hidden("q")], help: "quit",
            read: Parser.parseUndoOrQuit),
        row(
            "switch-day", [command("day", usage: "a day: 'day yesterday', 'day 2026-11-20'")],
            read: Parser.parseSwitchDay),
        row("search", [command("search")], help: "search", read: Parser.parseSearch),
        row("info", [command("info")], help: "search", read: Parser.parseInfo),
        row("define", [command("define")], help: "own foods", read: Parser.parseNamedDefinition),
        row("alias", [command("alias")], help: "own foods", read: Parser.parseNamedDefinition),
        row("recipe", [command("recipe")], read: Parser.parseNamedDefinition),
        row("foods", [command("foods", usage: "nothing")], help: "own foods", read: Parser.parseFoods),
        row("rename", [command("rename")], help: "own foods", read: Parser.parseNamedDefinition),
        row("forget-choice", [hidden("forget")], read: Parser.parseForgetChoice),
        row("forget", [command("forget")], help: "own foods", read: Parser.parseForget),
        row("edit-food", [hidden("edit")], read: Parser.parseEditFoodCommand),
        row(
            "set", [command("set", usage: "a setting: 'set age 34'")], help: "settings", yields: true,
            read: Parser.parseSet),
        row("goal", [command("goal")], help: "goal", yields: true, read: Parser.parseGoal),
        row("profile", [command("profile", usage: "nothing")], help: "goal", yields: true, read: Parser.parseProfile),
        row(
            "weight", [command("weight"), hidden("weighed"), hidden("weigh")], help: "weight", yields: true,
            read: Parser.parseWeightCommand),
        row(
            "water", [Word(text: "water", usage: nil, completes: true, suggested: false, listed: true)], help: "water",
            yields: true, read: Parser.parseWater),
        row(
            "delete",
            [
                command("delete", usage: "an entry number: 'delete 3'"),
                offered("remove", usage: "an entry number: 'remove 3'"),
            ], yields: true, read: Parser.parseDelete),
        row(
            "edit",
            [
                command(
                    "edit",
                    usage:
                        "an entry number and what to change: 'edit 3 1.5 cups', 'edit 3 2 bananas', 'edit 3 700 kcal', "
                        + "'edit 3 lunch'")
            ], yields: true, read: Parser.parseEditCommand),
        row(
            "move", [command("move", usage: "an entry number and a meal: 'move 3 to lunch'")], yields: true,
            read: Parser.parseMove),
        row(
            "again", [command("again", usage: "nothing, or a meal: 'again breakfast'")], yields: true,
            read: Parser.parseAgain),
        row(
            "copy", [command("copy", usage: "a day and a meal: 'copy yesterday breakfast'")], yields: true,
            read: Parser.parseCopy),
        row(
            "period",
            [
                command("week", usage: "nothing, or a week: 'week -1', 'week 2026-11-02', 'last week'"),
                command("month", usage: "nothing, or a month: 'month 2026-10', 'month october', 'last month'"),
                command("year", usage: "nothing, or a year: 'year 2025', 'year -1', 'last year'"),
                hidden("this"), hidden("last"),
            ], yields: true, read: Parser.parsePeriod),
        row(
            "history", [command("history", usage: "a number of days: 'history 90'")], yields: true,
            read: Parser.parseHistoryCommand),
        row(
            "weights",
            [
                command(
                    "weights",
                    usage: "nothing, a period or a month: 'weights year', 'weights 2026-10', 'weights last month'")
            ],
            yields: true, read: Parser.parseWeights),
        row(
            "export",
            [command("export", usage: "csv or json, days and a file: 'export csv 2026-11-01 2026-11-30 to food.csv'")],
            yields: true, read: Parser.parseExportCommand),
        row(
            "import", [command("import", usage: "a file: 'import food.csv'")], yields: true,
            read: Parser.parseImportCommand),
        row(
            "suggest",
            [
                command("suggest", usage: "nothing, or a meal: 'suggest lunch'"),
                offered("suggestions", usage: "nothing, or a meal: 'suggestions for lunch'"),
            ], yields: true, read: Parser.parseSuggest),
        row("doctor", [command("doctor")], read: Parser.parseDoctor),
        row("devices", [command("devices")], read: Parser.parseDevices),
        row("choices", [offered("choices", usage: "nothing: 'choices'", listed: true)], read: Parser.parseChoices),
        row(
            "goals",
            [
                offered(
                    "goals", usage: "nothing: 'goals' lists the targets; 'goal protein 150 g' sets one", listed: true)
            ],
            yields: true, read: Parser.parseGoals),
        row("workouts", [hidden("exercise"), hidden("workouts")], read: Parser.parseWorkoutsCommand),
    ]

    /// The rows a word starts, in the table's order.
    static func rows(startedBy word: String) -> [Row] {
        guard let indices = rowsByWord[word] else { return [] }
        return indices.map { rows[$0] }
    }

    private static let rowsByWord: [String: [Int]] = {
        var byWord: [String: [Int]] = [:]
        for (index, row) in rows.enumerated() {
            for word in row.words { byWord[word.text, default: []].append(index) }
        }
        return byWord
    }()

    /// Every word that starts a command, with its row, in the table's order.
    public static let words: [(word: Word, row: Row)] = rows.flatMap { row in row.words.map { ($0, row) } }

    /// The words TAB completes at the start of a line, in order.
    public static let completed = words.filter(\.word.completes).map(\.word.text)

    /// The words "did you mean" offers: those TAB completes first, then the others.
    public static let suggested =
        words.filter { $0.word.suggested && $0.word.completes }.map(\.word.text)
        + words.filter { $0.word.suggested && !$0.word.completes }.map(\.word.text)

    /// What each command word that is never a food's first word takes.
    public static let usages: [String: String] = Dictionary(
        words.compactMap { entry in entry.word.usage.map { (entry.word.text, $0) } },
        uniquingKeysWith: { first, _ in first })

    private static func row(
        _ name: String, _ words: [Word], help: String? = nil, yields: Bool = false, read: @escaping Reader
    ) -> Row {
        Row(name: name, words: words, help: help, yieldsToWorkouts: yields, read: read)
    }

    /// A word TAB completes and "did you mean" offers.
    private static func command(_ word: String, usage: String? = nil, listed: Bool = true) -> Word {
        Word(text: word, usage: usage, completes: true, suggested: true, listed: listed)
    }

    /// A word "did you mean" offers that TAB does not complete: another word says the same, or
    /// it is seldom typed.
    private static func offered(_ word: String, usage: String, listed: Bool = false) -> Word {
        Word(text: word, usage: usage, completes: false, suggested: true, listed: listed)
    }

    /// A word that starts the command but is neither completed, offered nor listed.
    private static func hidden(_ word: String) -> Word {
        Word(text: word, usage: nil, completes: false, suggested: false, listed: false)
    }
}
