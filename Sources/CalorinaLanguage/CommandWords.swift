/// The words that start a command, in one table: what each takes (said when a line starts with
/// it in a shape it does not take), whether TAB completes it, and whether "did you mean" offers
/// it for a mistyped first word. The parser's `commandUsage`, the session's "did you mean",
/// completion and help (`CommandTable`, which adds each word's help page) all read it.
///
/// The parser's dispatch stays a switch (`Parser.parseCommand()`): a word is a command only in
/// the command's own shape, which a row cannot say.
public enum CommandWords {
    /// One command word.
    public struct Row: Sendable {
        public var word: String
        /// What the command takes, for a line that starts with the word in another shape; nil
        /// for a word such a line may still log (`search`, `weight`) or that takes anything.
        public var usage: String?
        /// TAB completes it as the first word of a line.
        public var completes: Bool
        /// "did you mean" offers it for a mistyped first word (`water` logs, so is not offered).
        public var suggested: Bool
    }

    /// Every command word: first those TAB completes, in the order it lists them.
    public static let rows: [Row] = [
        command("today"), command("yesterday"),
        command("undo", usage: "nothing, or 'any' (one change at a time: 'undo' again for the one before)"),
        command("redo", usage: "nothing, or 'any'"),
        command("help"), command("quit"), command("exit"),
        command("day", usage: "a day: 'day yesterday', 'day 2026-11-20'"),
        command("search"), command("info"), command("define"), command("alias"), command("recipe"),
        command("foods", usage: "nothing"), command("rename"), command("forget"),
        command("set", usage: "a setting: 'set age 34'"), command("goal"), command("profile", usage: "nothing"),
        command("weight"), Row(word: "water", usage: nil, completes: true, suggested: false),
        command("delete", usage: "an entry number: 'delete 3'"),
        command(
            "edit",
            usage: "an entry number and what to change: 'edit 3 1.5 cups', 'edit 3 2 bananas', 'edit 3 700 kcal', "
                + "'edit 3 lunch'"),
        command("move", usage: "an entry number and a meal: 'move 3 to lunch'"),
        command("again", usage: "nothing, or a meal: 'again breakfast'"),
        command("copy", usage: "a day and a meal: 'copy yesterday breakfast'"),
        command("week", usage: "nothing, or a week: 'week -1', 'week 2026-11-02', 'last week'"),
        command("month", usage: "nothing, or a month: 'month 2026-10', 'month october', 'last month'"),
        command("year", usage: "nothing, or a year: 'year 2025', 'year -1', 'last year'"),
        command("history", usage: "a number of days: 'history 90'"),
        command(
            "weights", usage: "nothing, a period or a month: 'weights year', 'weights 2026-10', 'weights last month'"),
        command("export", usage: "csv or json, days and a file: 'export csv 2026-11-01 2026-11-30 to food.csv'"),
        command("import", usage: "a file: 'import food.csv'"),
        command("suggest", usage: "nothing, or a meal: 'suggest lunch'"),
        command("doctor"),
        command("devices"),
        // Commands TAB does not complete: another word says the same, or it is seldom typed.
        uncompleted("remove", usage: "an entry number: 'remove 3'"),
        uncompleted("suggestions", usage: "nothing, or a meal: 'suggestions for lunch'"),
        uncompleted("choices", usage: "nothing: 'choices'"),
        uncompleted("goals", usage: "nothing: 'goals' lists the targets; 'goal protein 150 g' sets one"),
    ]

    /// The words TAB completes at the start of a line, in order.
    public static let completed = rows.filter(\.completes).map(\.word)

    /// The words "did you mean" offers.
    public static let suggested = rows.filter(\.suggested).map(\.word)

    /// What each command word that is never a food's first word takes.
    public static let usages: [String: String] = Dictionary(
        rows.compactMap { row in row.usage.map { (row.word, $0) } }, uniquingKeysWith: { first, _ in first })

    private static func command(_ word: String, usage: String? = nil) -> Row {
        Row(word: word, usage: usage, completes: true, suggested: true)
    }

    private static func uncompleted(_ word: String, usage: String) -> Row {
        Row(word: word, usage: usage, completes: false, suggested: true)
    }
}
