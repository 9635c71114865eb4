import CalorinaLanguage
import CalorinaSupport

// The commands of a word or two: showing and choosing a day, help, undo and quit, looking foods
// up, one's own foods, and the data folder's checks. Each is a row of `CommandRegistry`, read at
// the line's start; each returns nil, having read nothing, for a line not in its shape.

extension Parser {
    /// show = ( "today" | "yesterday" | iso-date | weekday ) ;
    mutating func parseShow() throws(ParseError) -> Command? {
        guard tokens.count == 1, let word = tokens[0].word, DayWords.day(for: word) != nil else { return nil }
        return .show(try parseDayModifier()?.day ?? .today)
    }

    /// switch-day = "day" , day-modifier ;
    mutating func parseSwitchDay() throws(ParseError) -> Command? {
        guard tokens.count > 1 else { return nil }
        let first = tokens[0]
        advance()
        guard let day = try parseDayModifier(), atEnd else { throw unexpected(peek() ?? first) }
        return .switchDay(day.day)
    }

    /// help = ( "help" | "?" | "\?" | "\h" ) , [ word ] ;
    mutating func parseHelp() -> Command? {
        .help(topic: helpTopic(from: 1))
    }

    /// undo = "undo" , [ "any" ] ;
    /// quit = "quit" | "exit" | "q" | "\q" ;
    mutating func parseUndoOrQuit() throws(ParseError) -> Command? {
        let first = tokens[0]
        let word = first.word ?? ""
        if word == "undo", peek(1)?.word == "any", tokens.count == 2 { return .undo(anyone: true) }
        if let extra = peek(1) {
            // "undo 3": undo takes no count; say what it takes.
            if let usage = CommandRegistry.usages[word] {
                throw ParseError(
                    .commandArguments(command: word, usage: usage), first.range.union(tokens.last?.range ?? extra.range)
                )
            }
            throw unexpected(extra)
        }
        return word == "undo" ? .undo(anyone: false) : .quit
    }

    /// redo = "redo" , [ "any" ] ;
    mutating func parseRedo() -> Command? {
        if tokens.count == 1 { return .redo(anyone: false) }
        if tokens.count == 2 && peek(1)?.word == "any" { return .redo(anyone: true) }
        return nil
    }

    /// search = "search" , word , { word } ;
    mutating func parseSearch() throws(ParseError) -> Command? {
        // A command word alone asks for what it is about, rather than being a food.
        guard tokens.count > 1 else { throw expectedNameAfterCommand() }
        return .search(text(fromToken: 1, to: tokens.count - 1))
    }

    /// info = "info" , food ;
    mutating func parseInfo() throws(ParseError) -> Command? {
        guard tokens.count > 1 else { throw expectedNameAfterCommand() }
        let first = tokens[0]
        advance()
        let food = try parseFood()
        guard let food, atEnd else {
            // "info my breakfast", "info brekkie": a name of one's own may end in, or be, a
            // meal or day word; the words after "info" are all the name.
            guard tokens[1].word != nil else { throw unexpected(peek() ?? first) }
            let range = tokens[1].range.union(tokens[tokens.count - 1].range)
            return .info(FoodPhrase(words: FoodWords.keyWords(text(range)), text: text(range), range: range))
        }
        return .info(food)
    }

    /// foods = "foods" ;
    mutating func parseFoods() -> Command? {
        tokens.count == 1 ? .foods : nil
    }

    /// forget-choice = "forget" , ( "choice" | "choices" | "pick" ) , word , { word } ;
    mutating func parseForgetChoice() throws(ParseError) -> Command? {
        guard tokens.count > 1, ["choice", "choices", "pick"].contains(peek(1)?.word ?? "") else { return nil }
        guard tokens.count > 2 else {
            throw ParseError(.expectedName(after: text(fromToken: 0, to: 1)), nextRange(after: tokens[1]))
        }
        return .forgetChoice(text(fromToken: 2, to: tokens.count - 1))
    }

    /// forget = "forget" , name ;
    mutating func parseForget() throws(ParseError) -> Command? {
        guard tokens.count > 1 else { throw expectedNameAfterCommand() }
        return .forget(text(fromToken: 1, to: tokens.count - 1))
    }

    /// choices = "choices" ;
    mutating func parseChoices() -> Command? {
        tokens.count == 1 ? .choices : nil
    }

    /// "edit food NAME …", read by `parseEditFood()`; nil for an edit of an entry.
    mutating func parseEditFoodCommand() throws(ParseError) -> Command? {
        guard peek(1)?.word == "food" else { return nil }
        return try parseEditFood()
    }

    /// doctor = "doctor" , [ "restore" , [ "all" | file ] ] ;
    mutating func parseDoctor() throws(ParseError) -> Command? {
        advance()
        guard let next = peek() else { return .doctor(restore: nil) }
        guard next.word == "restore" else { throw unexpected(next) }
        advance()
        if atEnd || (peek()?.word == "all" && tokens.count == 3) { return .doctor(restore: .everyBrokenFile) }
        return .doctor(restore: .named(fileName(from: position)))
    }

    /// devices = "devices" ;
    mutating func parseDevices() -> Command? {
        tokens.count == 1 ? .devices : nil
    }

    /// A command word alone that is about a name ("search", "info", "forget").
    private func expectedNameAfterCommand() -> ParseError {
        let first = tokens[0]
        return ParseError(.expectedName(after: first.word ?? ""), SourceRange(first.range.end, first.range.end + 1))
    }
}
