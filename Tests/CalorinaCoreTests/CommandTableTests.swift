import Testing

@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaRendering
@testable import CalorinaSession
@testable import CalorinaSupport

/// One table of command words feeds completion and help.
@Suite struct CommandTableTests {
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

    @Test(arguments: Parser.commandWords)
    func everyCommandWordTheParserKnowsHasHelp(_ word: String) {
        #expect(!HelpText.text(for: word).contains("No help on"), "'help \(word)' has no page")
    }
}
