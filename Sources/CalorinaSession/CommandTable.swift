/// The command words in one table: which TAB completes at the start of a line, and which help
/// page each leads to. `Completer` and `help` read it; a word added here is completed and has
/// its page (HelpTests and CommandTableTests hold every row to it).
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

    /// Every row, in the order completion used to list them.
    static let words: [Word] = [
        command("today", page: HelpText.page("day")), command("yesterday", page: HelpText.page("day")),
        command("undo", page: HelpText.undoPage), command("redo", page: HelpText.undoPage),
        command("help", page: HelpText.helpPage), command("quit", page: HelpText.quitPage),
        command("exit", page: HelpText.quitPage), command("day"),
        command("search", page: HelpText.searchPage), command("info", page: HelpText.searchPage),
        command("define", page: HelpText.ownFoodsPage), command("alias", page: HelpText.ownFoodsPage),
        command("recipe"), command("foods", page: HelpText.ownFoodsPage),
        command("rename", page: HelpText.ownFoodsPage), command("forget", page: HelpText.ownFoodsPage),
        command("set", page: HelpText.settingsPage), command("goal", page: HelpText.goalPage),
        command("profile", page: HelpText.goalPage), command("weight", page: HelpText.weightPage),
        command("water", page: HelpText.waterPage), command("delete"), command("edit"), command("move"),
        command("again"), command("copy"), command("week"), command("month"), command("year"), command("history"),
        command("weights"), command("export"), command("import"), command("suggest"), command("doctor"),
        // Words that lead to a page, and are completed as no command.
        synonym("?", page: HelpText.helpPage), synonym("q", page: HelpText.quitPage),
        synonym("own", page: HelpText.ownFoodsPage),
        synonym("bmr", page: HelpText.goalPage), synonym("maintenance", page: HelpText.goalPage),
        synonym("tdee", page: HelpText.goalPage),
        synonym("setting", page: HelpText.settingsPage), synonym("settings", page: HelpText.settingsPage),
        synonym("weigh", page: HelpText.weightPage), synonym("weighed", page: HelpText.weightPage),
        synonym("drink", page: HelpText.waterPage), synonym("drinks", page: HelpText.waterPage),
        synonym("exercise", page: HelpText.exercisePage), synonym("activity", page: HelpText.exercisePage),
        synonym("activities", page: HelpText.exercisePage), synonym("burned", page: HelpText.exercisePage),
        synonym("workout", page: HelpText.exercisePage),
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

    private static func command(_ word: String, page: String? = nil) -> Word {
        Word(word: word, completes: true, page: page)
    }

    private static func synonym(_ word: String, page: String?) -> Word {
        Word(word: word, completes: false, page: page)
    }
}
