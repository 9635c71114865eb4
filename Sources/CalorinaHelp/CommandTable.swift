import CalorinaLanguage
import CalorinaParser

/// The command words with their help pages: the words of `CommandRegistry` TAB completes (the
/// words "did you mean" offers, what each takes), each with its command's page, and the synonyms
/// that lead to a page. `Completer` and `help` read it; a command added to `CommandRegistry` is
/// completed and must have its page (HelpTests and CommandTableTests hold every row to it).
///
/// Words without a page of their own (`day`, `delete`, `week` …) are topics of
/// `HelpText.page(_:)`; a synonym (`bmr`, `drink`) leads to a page but is no command to complete.
enum CommandTable {
    /// One word of the table.
    struct Word: Sendable {
        var word: String
        /// TAB completes it as the first word of a line.
        var completes: Bool
        /// Its help page, when it has one of its own.
        var page: String?
    }

    /// The help pages by the name a row of `CommandRegistry` gives its command's page.
    static let pagesByName: [String: String?] = [
        "day": HelpText.page("day"), "undo": HelpText.undoPage, "help": HelpText.helpPage, "quit": HelpText.quitPage,
        "search": HelpText.searchPage, "own foods": HelpText.ownFoodsPage, "settings": HelpText.settingsPage,
        "goal": HelpText.goalPage, "weight": HelpText.weightPage, "water": HelpText.waterPage,
    ]

    /// The commands the help's summary lists, a line each: the rows of `CommandRegistry` it
    /// names, shown by their listed words, and what they do.
    static let summaryLines: [(rows: [String], says: String)] = [
        (["show", "switch-day"], "show a day, or choose the day to change"),
        (["delete", "edit", "move", "again", "copy"], "change what is logged"),
        (["undo", "redo"], "take back a change, or put it back"),
        (["period", "history"], "look back over many days"),
        (["weight", "weights", "water"], "your weight, and what you drink"),
        (["goal", "goals", "profile", "set"], "your goal and targets, and what they come from"),
        (["search", "info"], "look foods up"),
        (["foods", "define", "alias", "rename", "forget"], "foods of your own"),
        (["recipe"], "keep a recipe"),
        (["choices"], "the picks you made among close foods"),
        (["export", "import", "suggest", "doctor"], "your data in and out, suggestions, a check of the files"),
        (["devices"], "the machines that share this data folder"),
        (["help", "quit"], "this help; leave (Ctrl-D too; Ctrl-C clears the line)"),
    ]

    /// The summary's lines of commands, each indented two spaces, its words in a column.
    static let summaryText: String = summaryLines.map { line in
        let words = line.rows.flatMap { name in
            CommandRegistry.rows.first { $0.name == name }?.words.filter(\.listed).map(\.text) ?? []
        }
        let listed = words.joined(separator: ", ")
        return "  " + listed + String(repeating: " ", count: max(2, 38 - listed.count)) + line.says
    }.joined(separator: "\n")

    /// Every row: the command words TAB completes, in its order, then the synonyms.
    static let words: [Word] =
        CommandRegistry.words.filter(\.word.completes).map { entry in
            Word(word: entry.word.text, completes: true, page: entry.row.help.flatMap { pagesByName[$0] ?? nil })
        } + [
            // Words that lead to a page, and are completed as no command.
            synonym("?", page: HelpText.helpPage), synonym("q", page: HelpText.quitPage),
            synonym("\\q", page: HelpText.quitPage), synonym("\\?", page: HelpText.helpPage),
            synonym("\\h", page: HelpText.helpPage),
            synonym("own", page: HelpText.ownFoodsPage),
            synonym("bmr", page: HelpText.goalPage), synonym("maintenance", page: HelpText.goalPage),
            synonym("tdee", page: HelpText.goalPage),
            synonym("goals", page: HelpText.targetsPage), synonym("targets", page: HelpText.targetsPage),
            synonym("target", page: HelpText.targetsPage),
            synonym("macros", page: HelpText.targetsPage), synonym("protein", page: HelpText.targetsPage),
            synonym("fibre", page: HelpText.targetsPage), synonym("fiber", page: HelpText.targetsPage),
            synonym("sodium", page: HelpText.targetsPage),
            synonym("setting", page: HelpText.settingsPage), synonym("settings", page: HelpText.settingsPage),
            synonym("weigh", page: HelpText.weightPage), synonym("weighed", page: HelpText.weightPage),
            synonym("drink", page: HelpText.waterPage), synonym("drinks", page: HelpText.waterPage),
            synonym("exercise", page: HelpText.exercisePage), synonym("activity", page: HelpText.exercisePage),
            synonym("activities", page: HelpText.exercisePage), synonym("burned", page: HelpText.exercisePage),
            synonym("workout", page: HelpText.exercisePage),
            synonym("workouts", page: HelpText.workoutsPage), synonym("steps", page: HelpText.workoutsPage),
            synonym("sets", page: HelpText.workoutsPage), synonym("reps", page: HelpText.workoutsPage),
            synonym("show", page: HelpText.page("day")), synonym("suggestions", page: HelpText.page("history")),
        ]

    /// The words TAB completes at the start of a line.
    static let completedWords = words.filter(\.completes).map(\.word)

    private static let pages: [String: String] = Dictionary(
        words.compactMap { row in row.page.map { (row.word, $0) } }, uniquingKeysWith: { first, _ in first })

    /// The page a word of the table leads to; nil for a word not in it, or one whose page is a topic.
    static func page(for word: String) -> String? {
        pages[word]
    }

    private static func synonym(_ word: String, page: String?) -> Word {
        Word(word: word, completes: false, page: page)
    }
}
