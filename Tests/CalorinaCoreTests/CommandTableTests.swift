import Testing

@testable import CalorinaHelp
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaSession

/// One table of command words feeds completion and help.
@Suite(.tags(.fast)) struct CommandTableTests {
    @Test func completionCompletesTheTablesCommandsAndNoSynonym() {
        #expect(Completer.commandWords == CommandTable.words.filter(\.completes).map(\.word))
        #expect(!Completer.commandWords.contains("bmr"))
        #expect(Set(Completer.commandWords).count == Completer.commandWords.count, "a word twice")
        let typed = Completer(index: .bundled).complete("weig").candidates
        #expect(typed.contains("weight") && typed.contains("weights"))
    }

    @Test(arguments: CommandTable.words.map(\.word))
    func everyWordOfTheTableLeadsToHelp(_ word: String) {
        let page = HelpText.text(for: word)
        #expect(!page.contains("No help on"), "'help \(word)' has no page")
        if let own = CommandTable.page(for: word) { #expect(page == own) }
    }

    @Test(arguments: CommandRegistry.words.filter { $0.word.completes || $0.word.suggested }.map(\.word.text))
    func everyCommandWordHasHelp(_ word: String) {
        #expect(!HelpText.text(for: word).contains("No help on"), "'help \(word)' has no page")
    }

    @Test func everyPageARowNamesIsAPage() {
        for row in CommandRegistry.rows {
            guard let name = row.help else { continue }
            #expect(CommandTable.pagesByName[name] != nil, "'\(row.name)' names no page: '\(name)'")
        }
        let offered = CommandRegistry.words.filter { $0.word.completes || $0.word.suggested }.map(\.word.text)
        #expect(Set(offered).count == offered.count, "a word twice")
    }

    /// The help's summary lists rows, each once, and shows a word of every command.
    @Test func theSummaryListsTheRows() {
        let names = Set(CommandRegistry.rows.map(\.name))
        let listed = CommandTable.summaryLines.flatMap(\.rows)
        for name in listed { #expect(names.contains(name), "the summary lists '\(name)', no row") }
        #expect(Set(listed).count == listed.count, "a row twice")
        // Every row but `workouts` (whose words are topics of the help) has a word on it.
        let shown = Set(
            listed.flatMap { name in CommandRegistry.rows.first { $0.name == name }?.words ?? [] }.map(\.text))
        for row in CommandRegistry.rows where row.name != "workouts" {
            #expect(!shown.isDisjoint(with: row.words.map(\.text)), "the summary shows no word of '\(row.name)'")
        }
        #expect(HelpText.summary.contains("\n  help, quit                            this help;"))
    }

    /// A command word typed with its first letter wrong, as the first word of a line, is offered.
    @Test(arguments: CommandRegistry.words.filter { $0.word.suggested && $0.word.text.count >= 5 }.map(\.word.text))
    func aMistypedCommandWordIsOffered(_ word: String) throws {
        try TestSession.with(Session.Options()) { session, _ throws in
            let typo = "x" + word.dropFirst()
            guard case .failed(let failure) = session.handle(typo) else {
                Issue.record("'\(typo)' did not fail")
                return
            }
            let said = failure.problems.map { $0.message + " " + ($0.hint ?? "") }.joined(separator: "; ")
            #expect(said.contains("'\(word)'"), "'\(typo)': \(said)")
        }
    }
}
