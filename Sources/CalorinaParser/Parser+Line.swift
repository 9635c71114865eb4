import CalorinaLanguage
import CalorinaPhrasing
import CalorinaSupport

// A line, and the commands: what each command word starts.

extension Parser {
    /// Parses one line, holding the days it names to the span a person's diary can have.
    public static func parse(_ line: String, today: CivilDate) throws(ParseError) -> Command {
        try parse(line, checkingDaysAgainst: today)
    }

    /// Parses one line.
    public static func parse(_ line: String) throws(ParseError) -> Command {
        try parse(line, checkingDaysAgainst: nil)
    }

    /// Parses one line as it would be read if no list had been shown: a bare number ("2") is
    /// never an item of one (`PickCommand.isBare`), and means what it means on its own.
    public static func parse(_ line: String, today: CivilDate, picking: Bool) throws(ParseError) -> Command {
        try parse(line, checkingDaysAgainst: today, picking: picking)
    }

    private static func parse(
        _ line: String, checkingDaysAgainst today: CivilDate?, picking: Bool = true
    ) throws(ParseError) -> Command {
        let scalars = Array(line.unicodeScalars)
        if scalars.count > maxLineLength {
            throw ParseError(
                .lineTooLong(length: scalars.count, limit: maxLineLength), SourceRange(maxLineLength, scalars.count))
        }
        var lexer = Lexer(scalars)
        var tokens = lexer.tokenize()
        // "# …" comments out the rest of the line.
        if let hash = tokens.firstIndex(where: { $0.kind == .hash }), hash > 0 { tokens.removeSubrange(hash...) }
        // A control character has no place in a line, a name's words included: refused where
        // it stands, never kept ("banana<CR>burger", "define x<ESC>y = …").
        for token in tokens {
            if token.kind == .hash { break }
            if case .unknown(let character) = token.kind,
                character.unicodeScalars.first?.properties.generalCategory == .control
            {
                throw ParseError(.unexpectedCharacter(character), token.range)
            }
        }
        func reader(_ tokens: [Token]) -> Parser {
            var parser = Parser(scalars: scalars, tokens: Parser.commandTokens(tokens))
            parser.typedTokens = tokens
            parser.today = today
            parser.picking = picking
            return parser
        }
        // A day or time said at the start or the end goes to whatever the rest of the line is
        // (Parser+When.swift); a rest that reads as nothing that takes a day is read whole.
        if let (rest, when) = splitWhen(tokens) {
            var inner = reader(rest)
            if inner.isInRange(when.day), let command = try? inner.parseLine(),
                let said = try command.saying(when, in: inner)
            {
                return said
            }
        }
        var parser = reader(tokens)
        return try parser.parseLine()
    }

    /// line = [ when ] , [ comment | question | command | pick | log ] , [ when ] , [ ";" ] , [ comment ] ;
    /// comment = "#" , { ? any character ? } ;
    mutating func parseLine() throws(ParseError) -> Command {
        guard let first = peek() else { return .nothing }
        if first.kind == .hash { return .nothing }
        // psql's habits: a `;` that ends a line ends it (`today;`), `\q` leaves, `\?` asks for help.
        if tokens.count > 1, tokens.last?.kind == .semicolon {
            tokens.removeLast()
            if typedTokens.last?.kind == .semicolon { typedTokens.removeLast() }
        }
        if tokens.count == 2, case .unknown("\\") = first.kind, tokens[1].range.start == first.range.end {
            if tokens[1].word == "q" { return .quit }
            if tokens[1].kind == .question || tokens[1].word == "h" { return .help(topic: nil) }
        }
        // A question is never logged (Parser+Inquiry.swift).
        if let inquiry = try parseInquiry() { return .inquiry(inquiry) }
        let start = position
        if let pick = parsePick() {
            if picking || !pick.isBare { return .pick(pick) }
            position = start  // a bare number, read as if no list had been shown
        }
        if let command = try parseCommand() { return command }
        // A command word never names a food: in a shape it does not take, it says what it takes.
        if let first = tokens.first, let word = first.word, let usage = CommandRegistry.usages[word] {
            throw ParseError(
                .commandArguments(command: word, usage: usage), first.range.union(tokens.last?.range ?? first.range))
        }
        // A log line: first the way people phrase it, rewritten into the grammar.
        let phrased = Parser.phrased(typedTokens, scalars: scalars)
        tokens = phrased.tokens
        position = 0
        var log = try parseLog()
        // ", peeled and diced": the item the note follows is an ingredient.
        for start in phrased.preparedAt {
            if let index = log.items.lastIndex(where: { $0.range.end <= start }) {
                log.items[index].isIngredient = true
            }
        }
        // "jasmine or long-grain rice": what was offered instead goes with the item before its "or".
        for choice in phrased.choices {
            if let index = log.items.lastIndex(where: { $0.range.end <= choice.at }) {
                log.items[index].choices.append(choice.phrase)
            }
        }
        if !phrased.countRanges.isEmpty {
            for index in log.items.indices {
                guard let range = log.items[index].countRange else { continue }
                log.items[index].countText =
                    phrased.countRanges.first { range.start <= $0.key.start && $0.key.end <= range.end }?.value
            }
        }
        return .log(log)
    }

    /// command = show | undo | redo | help | quit | search | info | foods | define | alias | recipe
    ///         | rename | forget | forget-choice | choices | set | goal | goals | profile | weight | water | delete
    ///         | edit | move | again | copy | period | history | weights | export | import | suggest
    ///         | doctor | devices | switch-day | edit-food ;
    ///
    /// A command word makes the line a command only in the command's own shape, so that
    /// "today" shows the day while "2 eggs today" logs. The rows of `CommandRegistry` the first
    /// word starts are read in turn, each once: those that yield to workouts after a workout was
    /// tried; then exercise ("ran 30 min"), which no word announces. Nil for a line that is none.
    mutating func parseCommand() throws(ParseError) -> Command? {
        guard var first = peek() else { return nil }
        // "yesterday weight 80", "2026-10-20 water +500 ml": a day said first goes to the end,
        // where these commands take it.
        if tokens.count > 2, ["weight", "weighed", "weigh", "water"].contains(tokens[1].word ?? ""),
            first.isDate || first.word.flatMap(DayWords.day(for:)) != nil
        {
            tokens.append(tokens.removeFirst())
            first = tokens[0]
        }
        if case .date = first.kind, tokens.count == 1 {
            return .show(try parseDayModifier()?.day ?? .today)
        }
        let rows = CommandRegistry.rows(startedBy: first.kind == .question ? "?" : first.word ?? "")
        for row in rows where !row.yieldsToWorkouts {
            if let command = try row.read(&self) { return command }
        }
        if let workout = try parseWorkout() { return workout }
        for row in rows where row.yieldsToWorkouts {
            if let command = try row.read(&self) { return command }
        }
        return try parseExercise()
    }

    func nextRange(after token: Token) -> SourceRange {
        SourceRange(token.range.end, token.range.end + 1)
    }

    /// alias = "alias" , name , "=" , food ;
    /// recipe = "recipe" , name , "=" , item , { joiner , item }
    ///        | "recipe" , name , servings ;
    /// rename = "rename" , name , ( "=" | "to" ) , name ;
    /// name = word , { word } ;
    static func parseNamedDefinition(_ parser: inout Parser) throws(ParseError) -> Command {
        let first = parser.tokens[0]
        let command = first.word ?? ""
        guard parser.tokens.count > 1 else {
            throw ParseError(.missing(.name, after: command), parser.nextRange(after: first))
        }
        parser.advance()
        let nameStart = parser.position
        while let token = parser.peek(), token.kind != .equals, !(command == "rename" && token.word == "to") {
            if command == "recipe", parser.position > nameStart, let serves = parser.servings(at: parser.position) {
                return .pastedRecipe(name: parser.text(fromToken: nameStart, to: parser.position - 1), serves: serves)
            }
            parser.advance()
        }
        guard parser.position > nameStart else { throw ParseError(.missing(.name, after: command), parser.nextRange) }
        let name = parser.text(fromToken: nameStart, to: parser.position - 1)
        guard let separator = parser.peek() else { throw ParseError(.missing(.equals, after: name), parser.nextRange) }
        parser.advance()
        guard !parser.atEnd else {
            throw ParseError(.missing(.food, after: parser.text(separator.range)), parser.nextRange)
        }
        switch command {
        case "rename":
            return .rename(from: name, to: parser.text(fromToken: parser.position, to: parser.tokens.count - 1))
        case "alias":
            guard let target = try parser.parseFood(), parser.atEnd else {
                throw parser.unexpected(parser.peek() ?? separator)
            }
            return .alias(name: name, target: target)
        case "recipe":
            let bodyStart = parser.nextRange
            var items: [LogItem] = []
            var joiner = LogItem.Joiner.none
            while true {
                if items.count == Parser.maxItems {
                    throw ParseError(.tooManyItems(limit: Parser.maxItems), parser.nextRange)
                }
                items.append(try parser.parseItem(joiner: joiner))
                guard let next = parser.peek() else { break }
                guard let kind = parser.joinerKind(next) else { throw parser.unexpected(next) }
                parser.advance()
                if parser.atEnd { throw ParseError(.missing(.food, after: parser.text(next.range)), parser.nextRange) }
                joiner = kind
            }
            let body = parser.text(bodyStart.union(parser.token(at: parser.tokens.count - 1)?.range ?? bodyStart))
            return .recipe(name: name, items: items, text: body)
        default:
            return .define(try parser.parseDefinitionBody(name: name))
        }
    }

    /// servings = ( "serves" | "makes" | "for" | "yields" ) , integer ,
    ///            [ "servings" | "serving" | "people" | "persons" | "portions" ] ;
    /// then the end of the line. Nil when the words at `index` are not that.
    func servings(at index: Int) -> Double? {
        guard let word = word(at: index), ["serves", "makes", "for", "yields"].contains(word),
            let value = token(at: index + 1)?.number, value >= 1, value <= 1000, value == value.rounded()
        else { return nil }
        let end = index + 2
        if end == tokens.count { return value }
        if end + 1 == tokens.count, let last = self.word(at: end),
            ["servings", "serving", "people", "persons", "portions", "serves"].contains(last)
        {
            return value
        }
        return nil
    }

    func helpTopic(from index: Int) -> String? {
        guard index < tokens.count, let first = token(at: index), let last = tokens.last else { return nil }
        return text(first.range.union(last.range)).lowercased()
    }
}
