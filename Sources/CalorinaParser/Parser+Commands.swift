import CalorinaLanguage
import CalorinaSupport

// The commands of a word or two: showing and choosing a day, help, undo and quit, looking foods
// up, one's own foods, and the data folder's checks. Each is a row of `CommandRegistry`, read at
// the line's start by a static function the row names (`CommandRegistry.Reader`); each returns
// nil, having read nothing, for a line not in its shape.

extension Parser {
    /// show = ( "today" | "yesterday" | iso-date | weekday ) ;
    static func parseShow(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count == 1, let word = parser.tokens[0].word, DayWords.day(for: word) != nil else {
            return nil
        }
        return .show(try parser.parseDayModifier()?.day ?? .today)
    }

    /// switch-day = "day" , day-modifier ;
    static func parseSwitchDay(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count > 1 else { return nil }
        let first = parser.tokens[0]
        parser.advance()
        guard let day = try parser.parseDayModifier(), parser.atEnd else {
            throw parser.unexpected(parser.peek() ?? first)
        }
        return .switchDay(day.day)
    }

    /// help = ( "help" | "?" | "\?" | "\h" ) , [ word ] ;
    static func parseHelp(_ parser: inout Parser) -> Command? {
        .help(topic: parser.helpTopic(from: 1))
    }

    /// undo = "undo" , [ "any" ] ;
    /// quit = "quit" | "exit" | "q" | "\q" ;
    static func parseUndoOrQuit(_ parser: inout Parser) throws(ParseError) -> Command? {
        let first = parser.tokens[0]
        let word = first.word ?? ""
        if word == "undo", parser.peek(1)?.word == "any", parser.tokens.count == 2 { return .undo(anyone: true) }
        if let extra = parser.peek(1) {
            // "undo 3": undo takes no count; say what it takes.
            if let usage = CommandRegistry.usages[word] {
                throw ParseError(
                    .commandArguments(command: word, usage: usage),
                    first.range.union(parser.tokens.last?.range ?? extra.range)
                )
            }
            throw parser.unexpected(extra)
        }
        return word == "undo" ? .undo(anyone: false) : .quit
    }

    /// redo = "redo" , [ "any" ] ;
    static func parseRedo(_ parser: inout Parser) -> Command? {
        if parser.tokens.count == 1 { return .redo(anyone: false) }
        if parser.tokens.count == 2 && parser.peek(1)?.word == "any" { return .redo(anyone: true) }
        return nil
    }

    /// search = "search" , word , { word } ;
    static func parseSearch(_ parser: inout Parser) throws(ParseError) -> Command? {
        // A command word alone asks for what it is about, rather than being a food.
        guard parser.tokens.count > 1 else { throw parser.expectedNameAfterCommand() }
        return .search(parser.text(fromToken: 1, to: parser.tokens.count - 1))
    }

    /// info = "info" , food ;
    static func parseInfo(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count > 1 else { throw parser.expectedNameAfterCommand() }
        let first = parser.tokens[0]
        parser.advance()
        let food = try parser.parseFood()
        guard let food, parser.atEnd else {
            // "info my breakfast", "info brekkie": a name of one's own may end in, or be, a
            // meal or day word; the words after "info" are all the name.
            guard parser.tokens[1].word != nil else { throw parser.unexpected(parser.peek() ?? first) }
            let range = parser.tokens[1].range.union(parser.tokens[parser.tokens.count - 1].range)
            return .info(
                FoodPhrase(words: FoodWords.keyWords(parser.text(range)), text: parser.text(range), range: range))
        }
        return .info(food)
    }

    /// foods = "foods" ;
    static func parseFoods(_ parser: inout Parser) -> Command? {
        parser.tokens.count == 1 ? .foods : nil
    }

    /// forget-choice = "forget" , ( "choice" | "choices" | "pick" ) , word , { word } ;
    static func parseForgetChoice(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count > 1, ["choice", "choices", "pick"].contains(parser.peek(1)?.word ?? "") else {
            return nil
        }
        guard parser.tokens.count > 2 else {
            throw ParseError(
                .missing(.name, after: parser.text(fromToken: 0, to: 1)), parser.nextRange(after: parser.tokens[1]))
        }
        return .forgetChoice(parser.text(fromToken: 2, to: parser.tokens.count - 1))
    }

    /// forget = "forget" , name ;
    static func parseForget(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count > 1 else { throw parser.expectedNameAfterCommand() }
        return .forget(parser.text(fromToken: 1, to: parser.tokens.count - 1))
    }

    /// choices = "choices" ;
    static func parseChoices(_ parser: inout Parser) -> Command? {
        parser.tokens.count == 1 ? .choices : nil
    }

    /// "edit food NAME …", read by `parseEditFood()`; nil for an edit of an entry.
    static func parseEditFoodCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.peek(1)?.word == "food" else { return nil }
        return try parser.parseEditFood()
    }

    /// doctor = "doctor" , [ "restore" , [ "all" | file ] ] ;
    static func parseDoctor(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        guard let next = parser.peek() else { return .doctor(restore: nil) }
        guard next.word == "restore" else { throw parser.unexpected(next) }
        parser.advance()
        if parser.atEnd || (parser.peek()?.word == "all" && parser.tokens.count == 3) {
            return .doctor(restore: .everyBrokenFile)
        }
        return .doctor(restore: .named(parser.fileName(from: parser.position)))
    }

    /// devices = "devices" ;
    static func parseDevices(_ parser: inout Parser) -> Command? {
        parser.tokens.count == 1 ? .devices : nil
    }

    /// A command word alone that is about a name ("search", "info", "forget").
    private func expectedNameAfterCommand() -> ParseError {
        let first = tokens[0]
        return ParseError(.missing(.name, after: first.word ?? ""), SourceRange(first.range.end, first.range.end + 1))
    }
}
