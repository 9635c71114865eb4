import Testing

@testable import CalorinaLanguage
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

    @Test(arguments: CommandWords.rows.map(\.word))
    func everyCommandWordHasHelp(_ word: String) {
        #expect(!HelpText.text(for: word).contains("No help on"), "'help \(word)' has no page")
    }

    @Test func everyPageOfACommandIsACommandWordsPage() {
        let words = Set(CommandWords.rows.map(\.word))
        for word in CommandTable.commandPages.keys { #expect(words.contains(word), "'\(word)' is no command word") }
        #expect(Set(CommandWords.rows.map(\.word)).count == CommandWords.rows.count, "a word twice")
    }

    /// A command word typed with its first letter wrong, as the first word of a line, is offered.
    @Test(arguments: CommandWords.rows.filter { $0.suggested && $0.word.count >= 5 }.map(\.word))
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
