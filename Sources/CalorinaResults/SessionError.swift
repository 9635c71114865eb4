import CalorinaFiles
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaResolver
import CalorinaSupport

/// What went wrong handling a line after it parsed, and where. Messages live in
/// `SessionError+Message.swift`.
///
/// The session's command handlers throw it; `Session.handle` catches it once and turns it into
/// the line's outcome: `.storeFailed` for a data file that could not be read or written safely,
/// `.failed` with the line and a caret for everything else.
public struct SessionError: Error, Equatable, Sendable {
    /// What went wrong. Cases in alphabetical order.
    public enum Kind: Equatable, Sendable {
        /// `copy yesterday` onto yesterday: `what` is the day (and meal) said back.
        case copyOntoItself(what: String, day: CivilDate, meal: Meal?)
        /// `edit 3 2 bananas`, entry 3 not being food.
        case editNotFood
        /// `edit 3 150 g` of an entry with calories and no weight.
        case editWithoutWeight(food: String, unit: String, number: Int)
        /// `edit 3 eggs and toast`: more than one food for one entry.
        case editSeveralFoods
        /// `exercise` whose time or distance is missing: `running`.
        case exerciseNeedsAmount(activity: String)
        /// `export` without csv or json.
        case exportNeedsFormat
        /// A file named on the line could not be read or written (not one of the data files).
        case file(StoreError)
        /// `history 5000`.
        case historyTooLong(limit: Int)
        /// `import FILE` found a line it cannot read.
        case importUnreadable(file: String, line: Int, message: String)
        /// `import FILE` of a file that is not UTF-8 text.
        case importNotText(file: String)
        /// `import BACKUP` into a data folder that already holds these files.
        case restoreNeedsEmptyFolder(file: String, folder: String, holds: [String])
        /// A pasted recipe's ingredient lines that did not parse or resolve, each with its number.
        case ingredients([IngredientProblem])
        /// At a terminal, an ingredient line that could not be read as it was pasted: retype it,
        /// or `skip` it (an empty line too); the lines before it are kept.
        case ingredientToRetype(IngredientProblem)
        /// The line's bytes are not UTF-8: the 1-based number of the first bad byte.
        case invalidUTF8(byte: Int)
        /// A name with no letters: `define ... = …`.
        case notAName(String)
        /// `2 glasses of water` past any drink: the millilitres.
        case notADrink(ml: Double)
        /// `edit food NAME` of an alias or recipe: `is` says which.
        case notADefinedFood(String, is: String)
        /// `define NAME` of a name the person uses already: `is` says for what.
        case nameTaken(String, is: String)
        /// `copy DAY` of a day (or meal) with no food.
        case nothingToCopy(from: String)
        /// `again` with nothing logged in the last week.
        case nothingToRepeat
        /// `undo` or `redo` with nothing on the stack.
        case nothingToTakeBack(isRedo: Bool)
        /// `undo` or `redo` with only another's changes on the stack: the newest, and whose it is.
        case nothingOfYours(isRedo: Bool, newest: String, whose: String)
        /// `delete 7` on a day of 5 entries: the numbers not there, the day and its entry count.
        case noSuchEntries([Int], day: CivilDate, count: Int, today: CivilDate)
        /// `delete 5` at a terminal after another writer changed the day since it was shown there:
        /// the numbers shown may name other entries now.
        case dayChangedSinceShown(day: CivilDate, today: CivilDate)
        /// `import FILE` of a file that is not there.
        case noSuchFile(String)
        /// `log 7` after a list of 5: the number, how many the list had, and what it was.
        case noSuchItem(Int, count: Int, list: String)
        /// `log 2` before any numbered list was shown.
        case noListToPick
        /// `log 2 200 g` of a list item logged with its calories (`burger 650 kcal`): its name.
        case pickTakesNoAmount(food: String)
        /// `forget choice WORDS` of words with no pick: up to five words that have one.
        case noPickRemembered(String, known: [String])
        /// `rename`, `forget` of a name the person has not defined.
        case noSuchOwnFood(String)
        /// A calendar week, month or year that has not begun: `month 2099-01`.
        case periodNotBegun(HistoryPeriod, first: CivilDate, today: CivilDate)
        /// A line the parser could not read (or a first word one edit from a command word).
        case parse(ParseError)
        /// `export … 2026-11-30 2026-11-01`: the first day after the last.
        case reversedDays(from: CivilDate, to: CivilDate)
        /// A food of the line that could not be found or weighed.
        case resolve(ResolveError)
        /// The foods of a log line that could not be found or weighed, each at its place.
        case resolveAll(ResolveFailure)
        /// `recipe NAME serves N` with no ingredient lines after it: the `recipe` line.
        case recipeWithoutLines(name: String, header: String)
        /// A data file could not be read or written safely.
        case store(StoreError)
        /// `copy` of more entries than a line may add, without `force`.
        case tooManyCopies(count: Int, from: String, limit: Int, forcedLine: String)
        /// `redo` of a script's change, which keeps no list of its entries.
        case tooLargeToRedo(String)
        /// `undo` of a profile or goal change whose field another writer changed since: the
        /// change, the field and its value now.
        case changedSince(change: String, field: String, now: String, isRedo: Bool)
        /// `undo` of a change of which nothing is there to take back (never saved, or taken
        /// back since): the change; its record is dropped.
        case leftNothing(change: String, isRedo: Bool)
        /// `doctor restore NAME` of a name that is no data file.
        case unknownDataFile(String)
        /// `yoga 30 min` of an activity the table does not know, with the nearest it does.
        case unknownActivity(String, suggestions: [String])
    }

    /// One ingredient line of a pasted recipe that could not be used.
    public struct IngredientProblem: Equatable, Sendable {
        /// What went wrong with it.
        public enum Kind: Equatable, Sendable {
            case parse(ParseError)
            case notAnIngredient
            case resolve(ResolveError)
        }

        /// Its 1-based number among the ingredient lines.
        public var number: Int
        /// The line as pasted.
        public var text: String
        public var kind: Kind
        /// How many lines before the line that reported it this one was, when known.
        public var linesBack: Int? = nil

        /// Where in its line it went wrong; nil for the whole line.
        package var range: SourceRange? { located?.range }

        /// What the parser or the resolver said of the line; nil when it is no ingredient.
        package var located: (message: String, hint: String?, range: SourceRange)? {
            switch kind {
            case .parse(let error): (error.message, error.hint, error.range)
            case .resolve(let error): (error.message, error.hint, error.range)
            case .notAnIngredient: nil
            }
        }

        /// Every field, for the session, which makes it in another module.
        package init(number: Int, text: String, kind: Kind, linesBack: Int? = nil) {
            self.number = number
            self.text = text
            self.kind = kind
            self.linesBack = linesBack
        }
    }

    public var kind: Kind
    /// Where in the line it went wrong; nil for the whole line.
    public var range: SourceRange?

    /// An error at `range`, or of the whole line.
    public init(_ kind: Kind, _ range: SourceRange? = nil) {
        self.kind = kind
        self.range = range
    }

    /// A data file that could not be read or written safely.
    public init(_ error: StoreError) {
        self.init(.store(error))
    }

    /// A line the parser could not read, at the parser's place.
    package static func parse(_ error: ParseError) -> SessionError {
        SessionError(.parse(error), error.range)
    }

    /// A food that could not be found or weighed, at its place in the line.
    package static func resolve(_ error: ResolveError) -> SessionError {
        SessionError(.resolve(error), error.range)
    }
}
