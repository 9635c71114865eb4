import CalorinaDoctor
import CalorinaLanguage
import CalorinaResolver
import CalorinaSupport

extension SessionError {
    /// What went wrong, said plainly: lowercase, user text in quotes, no trailing period.
    public var message: String {
        switch kind {
        case .copyOntoItself(let what, _, _):
            return "that copies \(what) onto itself"
        case .editNotFood:
            return "only food entries take a new amount"
        case .editWithoutWeight(let food, let unit, _):
            return "'\(food)' has no weight, so it cannot be measured in \(unit)"
        case .editSeveralFoods:
            return "that is more than one food for one entry"
        case .exerciseNeedsAmount:
            return "how long, or how far?"
        case .exportNeedsFormat:
            return "export needs a format: csv or json"
        case .file(let error), .store(let error):
            return error.message
        case .historyTooLong(let limit):
            return "history shows at most \(Format.integer(Double(limit))) days"
        case .importUnreadable(let file, let line, let message):
            return "\(file):\(line): \(message)"
        case .importNotText(let file):
            return "'\(file)' is not UTF-8 text"
        case .restoreNeedsEmptyFolder(let file, let folder, let holds):
            return "'\(file)' is a backup, and a backup is restored only into an empty data folder; "
                + "\(folder) already holds \(holds.joined(separator: ", "))"
        case .ingredients(let problems):
            return problems.first.map(\.message) ?? "the recipe's ingredient lines could not be read"
        case .ingredientToRetype(let problem):
            return problem.message
        case .invalidUTF8:
            return ParseProblem.invalidUTF8.message
        case .notAName(let name):
            return "'\(name)' is not a name"
        case .notADrink(let ml):
            return "\(Format.integer(ml)) ml is not a drink of water"
        case .nameTaken(let name, let what):
            return "'\(name)' \(what) already"
        case .notADefinedFood(let name, let what):
            return "'\(name)' is \(what), not a food of yours with values to edit"
        case .nothingToCopy(let from):
            return "nothing to copy from \(from)"
        case .nothingToRepeat:
            return "nothing logged lately to log again"
        case .nothingToTakeBack(let isRedo):
            return "nothing to \(Self.takeBack(isRedo))"
        case .nothingOfYours(let isRedo, _, _):
            return "nothing of yours to \(Self.takeBack(isRedo))"
        case .noSuchEntries(let missing, _, _, _):
            let what =
                missing.count == 1
                ? "entry \(missing[0])" : "entries " + missing.map(String.init).joined(separator: ", ")
            return "there is no \(what)"
        case .dayChangedSinceShown(let day, let today):
            return "\(day.display(today: today)) changed since it was shown here (another Calorina wrote it),"
                + " so its numbers may name other entries now"
        case .noSuchFile(let file):
            return "there is no file '\(file)'"
        case .noSuchItem(let number, let count, _):
            guard count > 0 else { return "there is no item \(number); the last list was empty" }
            return "there is no item \(number); the last list had \(count)"
        case .noListToPick:
            return "there is no list to pick from"
        case .pickTakesNoAmount(let food):
            return "'\(food)' was logged with its calories, so it takes no amount"
        case .noPickRemembered(let words, _):
            return "no pick is remembered for '\(words)'"
        case .noSuchOwnFood(let name):
            return "you have no food, alias or recipe called '\(name)'"
        case .periodNotBegun(let period, let first, _):
            let name: String
            switch period {
            case .week: name = "the week of \(first.shortDisplay) \(first.year)"
            case .month: name = "\(first.monthName) \(first.year)"
            case .year: name = "\(first.year)"
            }
            return "\(name) has not begun"
        case .parse(let error):
            return error.message
        case .reversedDays(let from, let to):
            return "'\(from)' is after '\(to)'"
        case .resolve(let error):
            return error.message
        case .resolveAll(let failure):
            return failure.errors.first?.message ?? "no food of the line could be found"
        case .recipeWithoutLines(let name, _):
            return "the recipe '\(name)' has no ingredient lines"
        case .tooManyCopies(let count, let from, let limit, _):
            return "that copies \(Format.integer(Double(count))) entries from \(from), more than \(limit) at once"
        case .tooLargeToRedo(let change):
            return "'\(change)' is too large to redo"
        case .changedSince(let change, let field, let now, let isRedo):
            return "\(field) was changed since '\(change)' (it is \(now) now): nothing to \(Self.takeBack(isRedo))"
        case .leftNothing(let change, let isRedo):
            return "'\(change)' left nothing to \(Self.takeBack(isRedo)): it was not saved, or was taken back since"
        case .unknownDataFile(let name):
            return Doctor.UnknownFile(name: name).message
        case .unknownActivity(let name, _):
            return "unknown activity '\(name)'"
        }
    }

    /// What to do about it, when there is something to say.
    public var hint: String? {
        switch kind {
        case .copyOntoItself(_, let day, let meal):
            return
                "copy from another day, or name the day it goes to: 'copy \(day)\(meal.map { " \($0.rawValue)" } ?? "") to DAY'"
        case .editNotFood:
            return "delete it and log it again"
        case .editWithoutWeight(_, _, let number):
            return "give a count ('edit \(number) 2') or its calories ('edit \(number) 300 kcal')"
        case .editSeveralFoods:
            return "edit it to one of them and log the others"
        case .exerciseNeedsAmount(let activity):
            return "e.g. '\(activity) 30 min' or '5 km \(activity)'"
        case .exportNeedsFormat:
            return "e.g. 'export csv to food.csv'"
        case .historyTooLong:
            return "e.g. 'history 365', or 'year' for monthly averages"
        case .importUnreadable:
            return "nothing was imported"
        case .restoreNeedsEmptyFolder(let file, _, _):
            return "nothing was changed; restore into a new folder ('calorina --data-dir NEW_FOLDER import \(file)') "
                + "and use that, or move the data folder away first"
        case .ingredients(let problems):
            return problems.first?.hint
        case .ingredientToRetype(let problem):
            let retype = "retype it, or 'skip' (or Enter) to leave it out; the other lines are kept"
            return problem.hint.map { $0 + "; " + retype } ?? retype
        case .invalidUTF8(let byte):
            return "byte \(byte) of the line is not part of a UTF-8 character"
        case .notAName:
            return "use letters, e.g. 'protein bar'"
        case .notADrink:
            return "e.g. 'water 500 ml'"
        case .nameTaken(let name, _):
            return "to change it: 'forget \(name)' and define it again, or 'rename \(name) = NEW NAME'"
        case .nothingToTakeBack(let isRedo):
            return isRedo ? "redo puts back what undo took back" : "undo takes back the last change"
        case .nothingOfYours(let isRedo, let newest, let whose):
            return "the last change, '\(newest)', was made \(whose); '\(Self.takeBack(isRedo)) any' takes it back"
        case .noSuchEntries(_, let day, let count, let today):
            guard count > 0 else { return "nothing is logged on \(day.display(today: today))" }
            return "entries go from 1 to \(count); \(Self.shows(day, today: today)) shows them; nothing was changed"
        case .dayChangedSinceShown(let day, let today):
            return
                "nothing was changed; \(Self.shows(day, today: today)) shows it as it is now, then type the number again"
        case .noPickRemembered(_, let known):
            return known.isEmpty
                ? "nothing is remembered yet"
                : "'choices' lists them: " + Wording.quoted(known)
        case .noSuchOwnFood:
            return "type 'foods' to see yours"
        case .notADefinedFood(let name, _):
            return
                "'edit food' changes a food made with 'define'; to change '\(name)': 'forget \(name)' and make it again"
        case .noSuchItem(_, let count, let list):
            guard count > 0 else { return "nothing to pick from \(list); try 'search NAME'" }
            let example = count == 1 ? "'log 1'" : "'log \(min(2, count))' or 'log 1 200 g lunch'"
            return "pick 1\(count == 1 ? "" : " to \(count)") from \(list), e.g. \(example); nothing was logged"
        case .noListToPick:
            return "try 'search NAME' (or 'suggest', 'foods'), then 'log 2' for its second food"
        case .pickTakesNoAmount(let food):
            return "log it as it was ('log N' alone), or give new calories: '\(food.lowercased()) 300 kcal'"
        case .periodNotBegun(let period, let first, let today):
            switch period {
            case .week: return "e.g. 'this week', 'last week' or 'week -2'"
            case .month:
                return "e.g. 'this month', 'last month' or 'month \(first.year - 1)-\(first.monthKey.suffix(2))'"
            case .year: return "e.g. 'this year', 'last year' or 'year \(today.year - 1)'"
            }
        case .parse(let error):
            return error.hint
        case .reversedDays:
            return "give the first day, then the last"
        case .resolve(let error):
            return error.hint
        case .resolveAll(let failure):
            return failure.errors.first?.hint
        case .recipeWithoutLines(_, let header):
            return "type its lines after '\(header.trimmed)', one a line, then an empty line"
        case .tooManyCopies(_, _, _, let forcedLine):
            return "if you mean it, say so: '\(forcedLine)'"
        case .tooLargeToRedo:
            return "say it again (or run the script again) to put it back"
        case .changedSince(_, let field, _, _):
            return "another Calorina changed it; set \(field) as you want it, nothing was changed"
        case .leftNothing(_, let isRedo):
            return "it is dropped; '\(Self.takeBack(isRedo))' again takes the change before it"
        case .unknownActivity(let name, let suggestions):
            return (suggestions.isEmpty ? "" : Wording.didYouMean(suggestions) + " ")
                + "or give what it burned: 'burned 300 kcal \(name)'"
        case .file, .store, .importNotText, .nothingToCopy, .nothingToRepeat, .noSuchFile, .unknownDataFile:
            return nil
        }
    }

    /// The command that takes a change back, or puts it back.
    private static func takeBack(_ isRedo: Bool) -> String { isRedo ? "redo" : "undo" }

    /// The command that shows a day's numbered entries.
    private static func shows(_ day: CivilDate, today: CivilDate) -> String {
        day == today ? "'today'" : "'day \(day)'"
    }

    /// The line's failure as a renderer shows it: each problem at its place (the whole line
    /// when the error has none).
    public func failure(line: String) -> LineFailure {
        let whole = SourceRange(0, line.unicodeScalars.count)
        switch kind {
        case .resolveAll(let failure):
            return LineFailure(line: line, resolving: failure)
        case .ingredients(let problems):
            let whole = SourceRange(0, max(1, line.unicodeScalars.count))
            // Each at its own line when it is known how far back that was; else at the
            // `recipe … serves N` line.
            return LineFailure(
                line: line,
                problems: problems.map { problem in
                    guard let back = problem.linesBack else {
                        return .init(message: problem.message, hint: problem.hint, range: whole)
                    }
                    let own = SourceRange(0, max(1, problem.text.unicodeScalars.count))
                    return .init(
                        message: problem.message, hint: problem.hint, range: problem.range ?? own,
                        earlierLine: .init(text: problem.text, linesBack: back))
                })
        default:
            return LineFailure(line: line, problems: [.init(message: message, hint: hint, range: range ?? whole)])
        }
    }
}

extension SessionError.IngredientProblem {
    /// `ingredient line 2, '1 cup flour': …`.
    package var message: String {
        let label = "ingredient line \(number), '\(text.trimmed)'"
        guard let located else { return "\(label) is not an ingredient" }
        return "\(label): \(located.message)"
    }

    package var hint: String? {
        guard let located else { return "an ingredient line names a food and its amount" }
        return located.hint
    }
}
