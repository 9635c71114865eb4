import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaSession

/// Issue 26, "account for every word": a food found only by letting go a word that says which
/// food asks instead of logging, and every logged entry says which of its words it was found by
/// and which it was found without.
@Suite(.tags(.fast)) struct WordsAccountedTests {
    static let resolver = Resolver(index: .bundled)

    static func resolve(_ line: String) throws -> Result<[ResolvedItem], ResolveFailure> {
        guard case .log(let command) = try Parser.parse(line) else {
            Issue.record("'\(line)' is no log line")
            return .failure(ResolveFailure(errors: []))
        }
        return resolver.resolve(command)
    }

    /// A line whose food was found only without one of its words, and that word.
    struct LeftOver: Sendable, CustomTestStringConvertible {
        var line: String
        var word: String
        var testDescription: String { line }
    }

    @Test(arguments: [
        LeftOver(line: "walked the dog", word: "walked"),
        LeftOver(line: "stalks removed", word: "removed"),
        LeftOver(line: "a galaxy bar", word: "galaxy"),
    ])
    func aContentWordLetGoAsks(_ leftOver: LeftOver) throws {
        guard case .failure(let failure) = try Self.resolve(leftOver.line) else {
            Issue.record("'\(leftOver.line)' logged a food found without '\(leftOver.word)'")
            return
        }
        let error = try #require(failure.errors.first)
        guard case .leftOver(_, let word, let candidates) = error.kind else {
            Issue.record("'\(leftOver.line)' failed otherwise: \(error.message)")
            return
        }
        #expect(word == leftOver.word)
        #expect(candidates.count == 1)
        #expect(error.message.contains("'\(leftOver.word)'"))
        #expect(error.hint?.contains("nothing was logged") == true)
    }

    /// A chain said as a place is left out (`from pret`), and what is left names no food: nothing
    /// is logged.
    @Test func aVagueWordFromAChainLogsNothing() throws {
        guard case .failure = try Self.resolve("a thing from pret") else {
            Issue.record("'a thing from pret' logged a food")
            return
        }
    }

    /// Lines whose food was found by some of their words, the rest only saying how it was
    /// readied, how big it is or filling: they log, and say which words did what.
    struct Accounted: Sendable, CustomTestStringConvertible {
        var line: String
        var matched: [String]
        var skipped: [String]
        var testDescription: String { line }
    }

    @Test(arguments: [
        Accounted(line: "2 eggs", matched: ["eggs"], skipped: []),
        Accounted(line: "1 cup chopped onion", matched: ["onion"], skipped: ["chopped"]),
        Accounted(line: "1 cup packed brown sugar", matched: ["brown", "sugar"], skipped: ["packed"]),
        Accounted(line: "courgette", matched: ["courgette"], skipped: []),
        Accounted(line: "burger 650 kcal", matched: ["burger"], skipped: []),
    ])
    func wordsAreAccountedFor(_ accounted: Accounted) throws {
        let items = try Self.resolve(accounted.line).get()
        let item = try #require(items.first)
        #expect(item.matched == accounted.matched)
        #expect(item.skipped == accounted.skipped)
    }

    /// Words that are all measures or sizes ("plate"), what a food only comes with ("melted
    /// cheese" of a garlic bread with melted cheese), vague words and a baby food not said so
    /// ("baby potatoes") are offered, never logged.
    @Test(arguments: ["plate", "melted cheese", "some stuff", "food", "baby potatoes"])
    func aGuessIsAsked(_ line: String) throws {
        guard case .failure(let failure) = try Self.resolve(line) else {
            Issue.record("'\(line)' logged a guess")
            return
        }
        #expect(!failure.errors.isEmpty)
    }

    /// A portion that does not fit asks: a word before "of" that is no amount Calorina knows ("a
    /// bucket of popcorn"), a whole one the table weighs only by the piece ("a whole cake"). ("a
    /// sharing bag of crisps" is 150 g now: ChainsAndTakeawaysTests.)
    @Test(arguments: ["a bucket of popcorn", "a sleeve of oreos", "a trough of crisps", "a whole cake"])
    func aPortionThatDoesNotFitAsks(_ line: String) throws {
        guard case .failure = try Self.resolve(line) else {
            Issue.record("'\(line)' logged a portion that does not fit")
            return
        }
    }

    /// A count of a food is never of a smaller kind than was said: "a raw carrot" is no baby
    /// carrot; "a glas of wine" (a unit mistyped) logs the wine.
    @Test func portionsAreOfWhatWasSaid() throws {
        let carrot = try #require(try Self.resolve("a raw carrot").get().first)
        #expect(!carrot.unit.contains("baby"))
        #expect(try Self.resolve("a glas of wine").get().count == 1)
        // Half of one is half of that one, whatever the table weighs it by.
        #expect(try Self.resolve("half a chicken wing").get().count == 1)
    }

    /// "wine and cheese" is two foods: "Cheese, with wine" is a cheese, not the wine named first.
    @Test func twoFoodsJoinedAreOneOnlyWhenTheFoodIsTheFirst() throws {
        let items = try Self.resolve("a glass of wine and some cheese").get()
        #expect(items.count == 2)
        #expect(try Self.resolve("beef and broccoli").get().count == 1)
    }

    /// At a terminal, the food found without a word is asked about with that word named; the
    /// pick logs it, and is remembered for those words.
    @Test func aTerminalAsksAndThePickLogs() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            guard case .question(let question) = session.handle("walked the dog"),
                case .food(let report) = question.kind
            else {
                Issue.record("no question for 'walked the dog'")
                return
            }
            #expect(report.leftOver == "walked")
            #expect(Renderer(color: false).choiceText(report).contains("'walked'"))
            guard case .logged(let logged) = session.answer(question, "1") else {
                Issue.record("the pick logged nothing")
                return
            }
            #expect(logged.entries.first?.food.hasPrefix("Hot dog") == true)
            guard case .logged = session.handle("walked the dog") else {
                Issue.record("the pick was not remembered")
                return
            }
        }
    }

    /// `--json`: every logged entry carries `matched` and `skipped`, after the fields it had.
    @Test func jsonEntriesSayTheirWords() throws {
        try TestSession.with(Session.Options(dryRun: true)) { session, _ throws in
            let outcome = session.handle("2 eggs and 1 cup chopped onion")
            let json = try #require(Renderer(color: false).json(outcome))
            #expect(json.contains(#""kind":"food","matched":["eggs"],"skipped":[]"#))
            #expect(json.contains(#""kind":"food","matched":["onion"],"skipped":["chopped"]"#))
            #expect(json.contains(#""skipped":["chopped"],"skipped_roles":["preparation"]"#))
            #expect(json.contains(#""food":"#) && json.contains(#""kcal":"#))
        }
    }

    /// The words are kept with the entry: `today --json` shows them in a later run, as the line's
    /// own `--json` did when it was logged.
    @Test func todaySaysTheWordsItsEntriesWereFoundBy() throws {
        try TestSession.with { session, folder throws in
            _ = session.handle("1 cup chopped onion")
            _ = session.handle("burger 650 kcal")
            _ = session.handle("water 500 ml")
            let later = try TestSession.session(on: folder)
            let json = try #require(Renderer(color: false).json(later.handle("today")))
            #expect(json.contains(#""matched":["onion"],"skipped":["chopped"],"skipped_roles":["preparation"]"#))
            #expect(json.contains(#""matched":["burger"],"skipped":[]"#))
            // Water was found by no food's words.
            #expect(json.contains(#""kind":"water","matched":[],"skipped":[],"skipped_roles":[]"#))
        }
    }
}
