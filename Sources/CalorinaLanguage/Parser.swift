import CalorinaModel
import CalorinaSupport

// The parser: a hand-written recursive descent over the lexer's tokens, one function per
// production of grammar/calorina.ebnf (each quotes its production). It stops at the first
// syntax error and reports it with its range. It looks up no food: whether "oatmeal" is a food
// is the resolver's question; the parser only decides which words name one.
//
// Two decisions need lookahead, and both are made here rather than by backtracking:
// - a meal or weekday word at the start is a modifier only when an amount or punctuation
//   follows ("lunch 2 eggs"), so "breakfast burrito" stays a food;
// - the words at the end of a line are modifiers when all of them are ("2 eggs for breakfast
//   yesterday"), so a food word never has to be guessed away.

/// Turns a line into a `Command`.
public struct Parser {
    /// The longest line the language accepts, in Unicode scalars.
    public static let maxLineLength = 1000
    /// The most items one line may hold.
    public static let maxItems = 30
    /// The largest count or weight in grams one item may have.
    public static let maxCount = 10_000.0
    /// The most calories one item may have.
    public static let maxKcal = 20_000.0

    let scalars: [Unicode.Scalar]
    var tokens: [Token]
    /// The log line's tokens as typed, before the phrasing pass (`Parser+Phrasing.swift`).
    var typedTokens: [Token] = []
    var position = 0

    init(scalars: [Unicode.Scalar], tokens: [Token]) {
        self.scalars = scalars
        self.tokens = tokens
    }

    /// Today's date, when the caller knows it: a day a line names must then lie between
    /// `CivilDate.earliestDay` and `CivilDate.latestDay(today:)`.
    var today: CivilDate?

    /// False to read a bare number ("2", "2 200 g") as what it is without a list to pick from.
    var picking = true

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

    // MARK: - Verbs

    func peek(_ offset: Int = 0) -> Token? {
        let at = position + offset
        return at >= 0 && at < tokens.count ? tokens[at] : nil
    }

    func token(at index: Int) -> Token? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    func word(at index: Int) -> String? {
        token(at: index)?.word
    }

    var atEnd: Bool { position >= tokens.count }

    mutating func advance(_ count: Int = 1) {
        position += count
    }

    /// Consumes the word if it is next.
    mutating func eat(_ word: String) -> Bool {
        guard peek()?.word == word else { return false }
        advance()
        return true
    }

    /// The range of the next token, or just past the line's end.
    var nextRange: SourceRange {
        peek()?.range ?? SourceRange(scalars.count, scalars.count + 1)
    }

    func text(_ range: SourceRange) -> String {
        let upper = min(scalars.count, max(0, range.end))
        let slice = scalars[min(max(0, range.start), upper)..<upper]
        if slice.allSatisfy(\.isASCII) {
            return String(unsafeUninitializedCapacity: slice.count) { bytes in
                for (offset, scalar) in slice.enumerated() { bytes[offset] = UInt8(truncatingIfNeeded: scalar.value) }
                return slice.count
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }

    func text(fromToken first: Int, to last: Int) -> String {
        guard let start = token(at: first), let end = token(at: last) else { return "" }
        return text(start.range.union(end.range))
    }

    func unexpected(_ token: Token) -> ParseError {
        switch token.kind {
        case .unknown(let character): ParseError(.unexpectedCharacter(character), token.range)
        case .badFraction: ParseError(.badFraction, token.range)
        default: ParseError(.unexpectedToken(text(token.range)), token.range)
        }
    }

    // MARK: - Lines and commands

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
        if let workout = try parseWorkout() { return workout }
        if let exercise = try parseExercise() { return exercise }
        // A command word never names a food: in a shape it does not take, it says what it takes.
        if let first = tokens.first, let word = first.word, let usage = Parser.commandUsage[word] {
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

    /// The command words that are never a food's first word, and what each takes (`CommandWords`).
    public static let commandUsage: [String: String] = CommandWords.usages

    /// command = show | undo | redo | help | quit | search | info | foods | define | alias | recipe
    ///         | rename | forget | forget-choice | choices | set | goal | goals | profile | weight | water | delete
    ///         | edit | move | again | copy | period | history | weights | export | import | suggest
    ///         | doctor | devices | switch-day | edit-food ;
    /// show = ( "today" | "yesterday" | iso-date | weekday ) ;
    /// switch-day = "day" , day-modifier ;
    /// undo = "undo" , [ "any" ] ;
    /// help = ( "help" | "?" | "\?" | "\h" ) , [ word ] ;
    /// quit = "quit" | "exit" | "q" | "\q" ;
    /// search = "search" , word , { word } ;
    /// info = "info" , food ;
    /// foods = "foods" ;
    /// forget = "forget" , name ;
    /// choices = "choices" ;
    /// forget-choice = "forget" , ( "choice" | "choices" | "pick" ) , word , { word } ;
    /// doctor = "doctor" , [ "restore" , [ "all" | file ] ] ;
    /// devices = "devices" ;
    ///
    /// A command word makes the line a command only in the command's own shape, so that
    /// "today" shows the day while "2 eggs today" logs.
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
        if first.kind == .question { return .help(topic: helpTopic(from: 1)) }
        if case .date = first.kind, tokens.count == 1 {
            return .show(try parseDayModifier()?.day ?? .today)
        }
        guard let word = first.word else { return nil }
        switch word {
        case "help":
            return .help(topic: helpTopic(from: 1))
        case "undo" where peek(1)?.word == "any" && tokens.count == 2:
            return .undo(anyone: true)
        case "undo", "quit", "exit", "q":
            if let extra = peek(1) {
                // "undo 3": undo takes no count; say what it takes.
                if let usage = Parser.commandUsage[word] {
                    throw ParseError(
                        .commandArguments(command: word, usage: usage),
                        first.range.union(tokens.last?.range ?? extra.range))
                }
                throw unexpected(extra)
            }
            return word == "undo" ? .undo(anyone: false) : .quit
        case "search" where tokens.count == 1, "info" where tokens.count == 1, "forget" where tokens.count == 1:
            // A command word alone asks for what it is about, rather than being a food.
            throw ParseError(.expectedName(after: word), SourceRange(first.range.end, first.range.end + 1))
        case "search" where tokens.count > 1:
            return .search(text(fromToken: 1, to: tokens.count - 1))
        case "info" where tokens.count > 1:
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
        case "foods" where tokens.count == 1:
            return .foods
        case "edit" where peek(1)?.word == "food":
            return try parseEditFood()
        case "define", "alias", "recipe", "rename":
            guard tokens.count > 1 else { throw ParseError(.expectedName(after: word), nextRange(after: first)) }
            return try parseNamedDefinition(word)
        case "forget" where ["choice", "choices", "pick"].contains(peek(1)?.word ?? ""):
            guard tokens.count > 2 else {
                throw ParseError(.expectedName(after: text(fromToken: 0, to: 1)), nextRange(after: tokens[1]))
            }
            return .forgetChoice(text(fromToken: 2, to: tokens.count - 1))
        case "choices" where tokens.count == 1:
            return .choices
        case "devices" where tokens.count == 1:
            return .devices
        case "forget" where tokens.count > 1:
            return .forget(text(fromToken: 1, to: tokens.count - 1))
        case "doctor":
            advance()
            guard let next = peek() else { return .doctor(restore: nil) }
            guard next.word == "restore" else { throw unexpected(next) }
            advance()
            if atEnd || (peek()?.word == "all" && tokens.count == 3) { return .doctor(restore: .everyBrokenFile) }
            return .doctor(restore: .named(fileName(from: position)))
        case "day" where tokens.count > 1:
            advance()
            guard let day = try parseDayModifier(), atEnd else { throw unexpected(peek() ?? first) }
            return .switchDay(day.day)
        default:
            if let workouts = try parseWorkoutsCommand() { return workouts }
            if let workout = try parseWorkout() { return workout }
            if let command = try parseDayCommand(word) { return command }
            guard tokens.count == 1, DayWords.day(for: word) != nil else { return nil }
            return .show(try parseDayModifier()?.day ?? .today)
        }
    }

    func nextRange(after token: Token) -> SourceRange {
        SourceRange(token.range.end, token.range.end + 1)
    }

    /// alias = "alias" , name , "=" , food ;
    /// recipe = "recipe" , name , "=" , item , { joiner , item }
    ///        | "recipe" , name , servings ;
    /// rename = "rename" , name , ( "=" | "to" ) , name ;
    /// name = word , { word } ;
    mutating func parseNamedDefinition(_ command: String) throws(ParseError) -> Command {
        advance()
        let nameStart = position
        while let token = peek(), token.kind != .equals, !(command == "rename" && token.word == "to") {
            if command == "recipe", position > nameStart, let serves = servings(at: position) {
                return .pastedRecipe(name: text(fromToken: nameStart, to: position - 1), serves: serves)
            }
            advance()
        }
        guard position > nameStart else { throw ParseError(.expectedName(after: command), nextRange) }
        let name = text(fromToken: nameStart, to: position - 1)
        guard let separator = peek() else { throw ParseError(.expectedEquals(after: name), nextRange) }
        advance()
        guard !atEnd else { throw ParseError(.expectedItem(after: text(separator.range)), nextRange) }
        switch command {
        case "rename":
            return .rename(from: name, to: text(fromToken: position, to: tokens.count - 1))
        case "alias":
            guard let target = try parseFood(), atEnd else { throw unexpected(peek() ?? separator) }
            return .alias(name: name, target: target)
        case "recipe":
            let bodyStart = nextRange
            var items: [LogItem] = []
            var joiner = LogItem.Joiner.none
            while true {
                if items.count == Parser.maxItems { throw ParseError(.tooManyItems(limit: Parser.maxItems), nextRange) }
                items.append(try parseItem(joiner: joiner))
                guard let next = peek() else { break }
                guard let kind = joinerKind(next) else { throw unexpected(next) }
                advance()
                if atEnd { throw ParseError(.expectedItem(after: text(next.range)), nextRange) }
                joiner = kind
            }
            let body = text(bodyStart.union(token(at: tokens.count - 1)?.range ?? bodyStart))
            return .recipe(name: name, items: items, text: body)
        default:
            return .define(try parseDefinitionBody(name: name))
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

    // MARK: - Log lines

    /// log = { leading-modifier } , item , { joiner , [ meal-label ] , item } , { trailing-modifier } ;
    /// meal-label = meal , ":" ;
    mutating func parseLog() throws(ParseError) -> LogCommand {
        var command = LogCommand(items: [])
        try parseLeadingModifiers(into: &command)
        var joiner = LogItem.Joiner.none
        var meal: Meal?
        while true {
            if command.items.count == Parser.maxItems {
                throw ParseError(.tooManyItems(limit: Parser.maxItems), nextRange)
            }
            // A meal label after ";" or ",": the items from here on are that meal's.
            if joiner == .punctuation, let word = peek()?.word, let said = MealWords.meal(for: word),
                peek(1)?.kind == .colon, token(at: position + 2) != nil
            {
                advance()
                advance()
                meal = said
            }
            var item = try parseItem(joiner: joiner)
            item.meal = meal
            command.items.append(item)
            guard let next = peek(), !isModifierRun(from: position) else { break }
            // "large coffee 2 sugars", "sushi 12 pieces miso soup": after an amount that ends an
            // item, more food starts another, as if "and" stood between them.
            let endedWithAmount =
                command.items.last.map { last in
                    guard let food = last.food, let count = last.countRange else { return false }
                    return count.start > food.range.start
                } ?? false
            if joinerKind(next) == nil,
                endedWithAmount || next.number != nil
                    || next.word.flatMap(NumberWords.value(of:)).map({ $0 > 1 }) == true,
                foodWordFollows(from: position)
            {
                joiner = .and
                continue
            }
            guard let kind = joinerKind(next) else { throw unexpected(next) }
            advance()
            if atEnd || peek().flatMap(joinerKind) != nil {
                throw ParseError(.expectedItem(after: text(next.range)), nextRange)
            }
            joiner = kind
        }
        try parseTrailingModifiers(into: &command)
        return command
    }

    /// True when a word that may name a food comes at `index`, after any amount.
    func foodWordFollows(from index: Int) -> Bool {
        var at = index
        while let token = token(at: at) {
            // "turkey 250 g 2 days ago": a day after the amount, no food.
            if isModifierRun(from: at) { return false }
            if token.number != nil || token.kind == .multiplier(nil) {
                at += 1
                continue
            }
            if case .multiplier = token.kind {
                at += 1
                continue
            }
            guard let word = token.word else { return false }
            if Unit.named(word) != nil || NumberWords.value(of: word) != nil || word == "of" {
                at += 1
                continue
            }
            return !Parser.kcalWords.contains(word) && word != "and" && word != "with" && !isModifierRun(from: at)
        }
        return false
    }

    /// joiner = "and" | "with" | "," | "+" | "&" | ";" ;
    func joinerKind(_ token: Token) -> LogItem.Joiner? {
        switch token.kind {
        case .word("and"), .ampersand: .and
        case .word("with"): .with
        case .comma, .plus, .semicolon: .punctuation
        default: nil
        }
    }

    /// leading-modifier = meal-modifier , [ ":" | "," ] | day-modifier - ( "-" , integer ) ;
    mutating func parseLeadingModifiers(into command: inout LogCommand) throws(ParseError) {
        while let next = peek(), let length = modifierLength(at: position) {
            if next.kind == .minus { return }  // "-3 eggs" is a negative amount, not a day
            let isPlainWord =
                length == 1
                && (MealWords.meal(for: next.word ?? "") != nil || DayWords.weekday(for: next.word ?? "") != nil)
            if isPlainWord && !startsAmountOrModifier(at: position + 1) { return }
            try applyModifier(to: &command)
            while let punctuation = peek(), punctuation.kind == .colon || punctuation.kind == .comma {
                advance()
            }
        }
    }

    /// True when the token at `index` starts an amount, is punctuation, or starts a modifier:
    /// what may follow a meal word that is a modifier rather than part of a food's name.
    func startsAmountOrModifier(at index: Int) -> Bool {
        guard let token = token(at: index) else { return false }
        switch token.kind {
        case .number, .multiplier, .colon, .comma, .minus, .badFraction: return true
        case .word(let word):
            return NumberWords.value(of: word) != nil || word == "half" || word == "dozen"
                || Unit.sizeWords.contains(word) || modifierLength(at: index) != nil
                || (Unit.named(word) != nil && self.word(at: index + 1) == "of")
        default: return false
        }
    }

    /// trailing-modifier = meal-modifier | day-modifier ;
    mutating func parseTrailingModifiers(into command: inout LogCommand) throws(ParseError) {
        while let next = peek() {
            if next.kind == .comma || next.kind == .colon || next.kind == .semicolon {
                advance()
                continue
            }
            guard modifierLength(at: position) != nil else { throw unexpected(next) }
            try applyModifier(to: &command)
        }
    }

    mutating func applyModifier(to command: inout LogCommand) throws(ParseError) {
        let start = nextRange
        if let meal = parseMealModifier() {
            if let earlier = command.meal, earlier != meal {
                throw ParseError(.unexpectedToken(text(start.union(token(at: position - 1)?.range ?? start))), start)
            }
            command.meal = meal
        } else if let day = try parseDayModifier() {
            if let earlier = command.day, earlier != day.day {
                throw ParseError(.unexpectedToken(text(day.range)), day.range)
            }
            command.day = day.day
        }
    }

    /// The number of tokens a modifier at `index` spans, or nil when none starts there.
    func modifierLength(at index: Int) -> Int? {
        guard let token = token(at: index) else { return nil }
        switch token.kind {
        case .date:
            return 1
        case .minus:
            if let next = self.token(at: index + 1), next.isGlued, let value = next.number, value == value.rounded() {
                return 2
            }
            return nil
        case .number(let value):
            guard value == value.rounded(), let unit = word(at: index + 1), unit == "day" || unit == "days",
                word(at: index + 2) == "ago"
            else { return nil }
            return 3
        case .word(let word):
            if MealWords.meal(for: word) != nil || DayWords.day(for: word) != nil { return 1 }
            if word == "for" || word == "at", let next = self.word(at: index + 1), MealWords.meal(for: next) != nil {
                return 2
            }
            if word == "on", let next = self.token(at: index + 1) {
                if case .date = next.kind { return 2 }
                if let nextWord = next.word, DayWords.day(for: nextWord) != nil { return 2 }
            }
            return nil
        default:
            return nil
        }
    }

    /// True when every token from `index` to the end belongs to modifiers (punctuation between
    /// them allowed): the words at the end of a line that say when, not what.
    func isModifierRun(from index: Int) -> Bool {
        var at = index
        var sawModifier = false
        while at < tokens.count {
            if let length = modifierLength(at: at) {
                at += length
                sawModifier = true
            } else if let kind = token(at: at)?.kind, kind == .comma || kind == .colon || kind == .semicolon {
                at += 1
            } else {
                return false
            }
        }
        return sawModifier
    }

    /// meal-modifier = [ "for" | "at" ] , meal ;
    mutating func parseMealModifier() -> Meal? {
        if let word = peek()?.word, word == "for" || word == "at",
            let meal = peek(1)?.word.flatMap(MealWords.meal(for:))
        {
            advance(2)
            return meal
        }
        if let meal = peek()?.word.flatMap(MealWords.meal(for:)) {
            advance()
            return meal
        }
        return nil
    }

    /// day-modifier = [ "on" ] , day | "-" , integer | integer , ( "day" | "days" ) , "ago" ;
    /// day = "today" | "yesterday" | iso-date | weekday ;
    mutating func parseDayModifier() throws(ParseError) -> (day: DaySpec, range: SourceRange)? {
        guard let first = peek() else { return nil }
        switch first.kind {
        case .date(let year, let month, let day):
            advance()
            guard let date = CivilDate(year: year, month: month, day: day) else {
                throw ParseError(.invalidDate(text(first.range)), first.range)
            }
            try checkInRange(date, first.range)
            return (.date(date), first.range)
        case .minus:
            guard let number = peek(1), let value = number.number else { return nil }
            advance(2)
            return (try daysAgo(value, first.range.union(number.range)), first.range.union(number.range))
        case .number(let value):
            guard let ago = peek(2), ago.word == "ago" else { return nil }
            advance(3)
            return (try daysAgo(value, first.range.union(ago.range)), first.range.union(ago.range))
        case .word("on"):
            advance()
            return try parseDayModifier()
        case .word(let word):
            guard let day = DayWords.day(for: word) else { return nil }
            advance()
            return (day, first.range)
        default:
            return nil
        }
    }

    /// True when `day` is nil or lies in the span a diary can have (`checkInRange`).
    func isInRange(_ day: DaySpec?) -> Bool {
        guard let day, let today else { return true }
        let date = day.resolve(today: today)
        return date >= CivilDate.earliestDay && date <= CivilDate.latestDay(today: today)
    }

    /// The days-ago form, within a century.
    func daysAgo(_ value: Double, _ range: SourceRange) throws(ParseError) -> DaySpec {
        guard value <= 36_500 else { throw ParseError(.invalidDate(text(range)), range) }
        if let today { try checkInRange(today.adding(days: -Int(value)), range) }
        return .daysAgo(Int(value))
    }

    /// A day before 1900 or more than a year ahead is no day of a diary: a mistyped year, most
    /// likely ('9999-12-31', '2062-11-20').
    func checkInRange(_ date: CivilDate, _ range: SourceRange) throws(ParseError) {
        guard let today else { return }
        let latest = CivilDate.latestDay(today: today)
        guard date >= CivilDate.earliestDay, date <= latest else {
            throw ParseError(
                .dateOutOfRange(text(range), earliest: CivilDate.earliestDay.description, latest: latest.description),
                range)
        }
    }

    // MARK: - Items

    /// item = direct-kcal , [ [ "of" ] , food ]
    ///      | [ amount ] , food , [ trailing-amount ] , [ direct-kcal ] ;
    mutating func parseItem(joiner: LogItem.Joiner) throws(ParseError) -> LogItem {
        let startIndex = position
        let start = nextRange
        var item = LogItem(joiner: joiner, range: start)

        if let kcal = try parseDirectKcal() {
            item.kcal = kcal
            _ = eat("of")
            item.food = try parseFood()
        } else {
            try parseAmount(into: &item)
            item.food = try parseFood()
            if item.food == nil, let word = item.unitWord, let unit = item.unit, unit.kind == .portion,
                !Unit.sizeWords.contains(unit.name), unit.name != "serving", unit.name != "portion",
                let last = token(at: position - 1), last.word != nil, last.word != "of",
                peek() == nil || isModifierRun(from: position) || peek().flatMap(joinerKind) != nil
            {
                // "1 bar" after `define bar = …`: a portion word with nothing after it may be the
                // user's name of a food; the resolver decides, or says the food is missing.
                item.unitAsFood = text(fromToken: 0, to: position - 1)
                item.food = FoodPhrase(words: FoodWords.keyWords(word), text: word, range: last.range)
                item.unit = nil
                item.unitWord = nil
            }
            if item.food == nil {
                if position == startIndex, peek() != nil, isModifierRun(from: position) {
                    // "lunch", "for dinner yesterday": when, but not what.
                    throw ParseError(
                        .expectedFood(after: text(fromToken: position, to: tokens.count - 1)),
                        SourceRange(scalars.count, scalars.count + 1))
                }
                if let next = peek(), position == 0 || (!isModifierRun(from: position) && joinerKind(next) == nil) {
                    if next.word.map(Parser.kcalWords.contains) == true {
                        throw ParseError(.expectedCalorieAmount, next.range)
                    }
                    throw unexpected(next)
                }
                let after = position > 0 ? text(fromToken: 0, to: position - 1) : ""
                throw ParseError(.expectedFood(after: after), nextRange)
            }
            try parseTrailingAmount(into: &item)
            if let kcal = try parseDirectKcal() { item.kcal = kcal }
        }
        if let last = token(at: position - 1) { item.range = start.union(last.range) }
        try validate(item, from: startIndex)
        return item
    }

    func validate(_ item: LogItem, from startIndex: Int) throws(ParseError) {
        let range = item.countRange ?? item.range
        if let count = item.count {
            if count <= 0 { throw ParseError(.zeroQuantity, range) }
            if !count.isFinite || count > Parser.maxCount { throw ParseError(.tooLarge(text(range).trimmed), range) }
        }
        if let kcal = item.kcal, !kcal.isFinite || kcal > Parser.maxKcal {
            throw ParseError(.tooLarge(text(item.range)), item.range)
        }
    }

    /// direct-kcal = number , kcal-word ;
    /// kcal-word = "kcal" | "kcals" | "cal" | "cals" | "calorie" | "calories" ;
    mutating func parseDirectKcal() throws(ParseError) -> Double? {
        guard let number = peek(), let word = peek(1)?.word, Parser.kcalWords.contains(word) else { return nil }
        switch number.kind {
        case .number(let value):
            advance(2)
            return value
        case .badFraction:
            throw ParseError(.badFraction, number.range)
        default:
            return nil
        }
    }

    static let kcalWords: Set<String> = ["kcal", "kcals", "cal", "cals", "calorie", "calories"]

    /// amount = quantity , [ unit ] , [ "of" ] , [ "a" | "an" ]      (* "1/2 a banana" *)
    ///        | unit , "of"
    ///        | size-word
    ///        | ( hand-measure | "handful" | "sprig" | "bunch" ) ;   (* "pinch saffron", and their plurals *)
    mutating func parseAmount(into item: inout LogItem) throws(ParseError) {
        let start = nextRange
        let first = peek()
        if let count = try parseQuantity() {
            item.count = count
            item.countInWords = first?.word != nil
            item.countRange = start.union(token(at: position - 1)?.range ?? start)
            if let (unit, word) = parseUnit() {
                item.unit = unit
                item.unitWord = word
                item.countRange = start.union(token(at: position - 1)?.range ?? start)
            }
            _ = eat("of")
            // "1/2 a banana": the article after a count adds nothing.
            if let word = peek()?.word, word == "a" || word == "an", peek(1)?.word != nil { advance() }
            return
        }
        guard let word = peek()?.word else { return }
        if let second = peek(1)?.word, let unit = Unit.twoWord(word, second), unit.kind == .portion,
            peek(2)?.word != nil
        {
            advance(2)
            item.unit = unit
            item.unitWord = word + " " + second
        } else if Unit.standsBeforeFood(word), peek(1)?.word != nil {
            advance()
            item.unit = Unit.named(word)
            item.unitWord = word
        } else if let unit = Unit.named(word), peek(1)?.word == "of" {
            advance(2)
            item.unit = unit
            item.unitWord = word
        } else if let unit = Unit.named(word), Parser.measuresBeforeFood.contains(unit.name), let next = peek(1)?.word,
            Unit.named(next) == nil, next != "and", next != "with", !isModifierRun(from: position + 1)
        {
            // "pinch saffron", "handful parsley leaves": a hand measure needs no "of".
            advance()
            item.unit = unit
            item.unitWord = word
        }
    }

    /// The measures that stand before a food without a count or "of", as recipes print them.
    static let measuresBeforeFood: Set<String> = [
        "pinch", "dash", "smidgen", "splash", "dollop", "knob", "drizzle", "sprinkle", "handful", "sprig", "bunch",
    ]

    /// trailing-amount = quantity , [ unit ] | multiplier ;
    mutating func parseTrailingAmount(into item: inout LogItem) throws(ParseError) {
        let before = (position, item)
        try parseTrailingAmountWords(into: &item)
        // "coffee 2 sugars": an amount with a food after it is the next item's.
        if position > before.0, foodWordFollows(from: position) {
            (position, item) = before
        }
    }

    mutating func parseTrailingAmountWords(into item: inout LogItem) throws(ParseError) {
        guard let next = peek(), !isModifierRun(from: position) else { return }
        if let word = peek(1)?.word, Parser.kcalWords.contains(word) { return }
        let start = next.range
        if case .multiplier = next.kind {
            guard let factor = try parseMultiplier() else { return }
            item.count = (item.count ?? 1) * factor
            item.countRange = start.union(token(at: position - 1)?.range ?? start)
            return
        }
        let before = position
        guard let count = try parseQuantity() else { return }
        if item.count != nil {
            // "1 tsp vanilla extract 5 mL": the same amount again in other units, at the end of a
            // recipe's line; the first is used.
            if let first = item.unit, first.kind != .portion, let (unit, _) = parseUnit(), unit.kind != .portion,
                peek() == nil || peek().flatMap(joinerKind) != nil || isModifierRun(from: position)
            {
                return
            }
            position = before
            throw ParseError(.repeatedAmount, start)
        }
        item.count = count
        item.countRange = start.union(token(at: position - 1)?.range ?? start)
        if let (unit, word) = parseUnit() {
            // "large pepperoni pizza 3 slices": a size said alone before the food is the food's
            // size, and the trailing unit the amount.
            if let size = item.unit, Unit.sizeWords.contains(size.name), let food = item.food {
                let sizeWord = item.unitWord ?? size.name
                item.food = FoodPhrase(
                    words: [sizeWord] + food.words, text: sizeWord + " " + food.text, range: food.range)
                item.unit = nil
                item.unitWord = nil
            }
            if item.unit != nil { throw ParseError(.repeatedAmount, start) }
            item.unit = unit
            item.unitWord = word
        }
        if case .multiplier = peek()?.kind, let factor = try parseMultiplier() {
            item.count = count * factor
        }
        item.countRange = start.union(token(at: position - 1)?.range ?? start)
    }

    /// multiplier = ( "x" | "×" ) , integer | integer , ( "x" | "×" ) ;
    mutating func parseMultiplier() throws(ParseError) -> Double? {
        guard let token = peek(), case .multiplier(let factor) = token.kind else { return nil }
        advance()
        if let factor { return factor }
        guard let number = peek() else { throw ParseError(.expectedFood(after: text(token.range)), nextRange) }
        switch number.kind {
        case .number(let value):
            advance()
            return value
        case .badFraction:
            throw ParseError(.badFraction, number.range)
        default:
            throw unexpected(number)
        }
    }

    /// quantity = count , [ multiplier ] | multiplier , [ count ] ;
    mutating func parseQuantity() throws(ParseError) -> Double? {
        guard let first = peek() else { return nil }
        switch first.kind {
        case .minus:
            if let number = peek(1),
                number.number != nil || number.kind == .badFraction
                    || number.word.flatMap(NumberWords.value(of:)) != nil
            {
                throw ParseError(.negativeQuantity, first.range.union(number.range))
            }
            return nil
        case .multiplier(let factor):
            advance()
            if let factor { return factor * (try parseCount() ?? 1) }
            guard let count = try parseCount() else {
                throw ParseError(.expectedFood(after: text(first.range)), nextRange)
            }
            return count
        default:
            guard var value = try parseCount() else { return nil }
            if let next = peek(), case .multiplier(let factor) = next.kind {
                if let factor {
                    advance()
                    value *= factor
                } else if let factor = peek(1)?.number, !(peek(1)?.isGlued ?? false) || next.isGlued {
                    advance(2)  // "2 x 3 eggs", "2x 3 eggs"
                    value *= factor
                } else {
                    advance()  // "2x banana", "2 x banana": the x only marks the count
                }
            }
            return value
        }
    }

    /// count = number , [ "and" , "a" , "half" ] | number-word , [ "and" , "a" , "half" ]
    ///       | [ "a" | "an" | "half" , [ "a" | "an" ] | number ] , "dozen"
    ///       | ( "half" , [ "a" | "an" ] | "a" , "half" ) ;
    mutating func parseCount() throws(ParseError) -> Double? {
        guard let first = peek() else { return nil }
        var value: Double
        switch first.kind {
        case .badFraction:
            throw ParseError(.badFraction, first.range)
        case .number(let number):
            // "2 days ago" ends a line as a day, not an amount.
            if let length = modifierLength(at: position), length == 3, isModifierRun(from: position) { return nil }
            advance()
            value = number
            if let next = peek(), next.isGlued, let word = next.word, !isKnownAfterNumber(next) {
                if let suggestion = Parser.unitSuggestion(for: word) {
                    throw ParseError(.unknownUnit(word, suggestion: suggestion), next.range)
                }
                // "7up", "3musketeers": a name that starts with digits, not a count.
                position -= 1
                return nil
            }
        case .word("half"):
            advance()
            if peek()?.word == "a" || peek()?.word == "an" { advance() }
            value = 0.5
        case .word("dozen"):
            advance()
            return 12
        case .word(let word):
            guard let number = NumberWords.value(of: word) else { return nil }
            // "a" and "an" alone are an amount missing its food, not a food called "a".
            guard peek(1) != nil || word == "a" || word == "an" else { return nil }
            advance()
            value = number
            if (word == "a" || word == "an"), eat("half") {
                value = 0.5
            }
        default:
            return nil
        }
        if eat("dozen") {
            value *= 12
        } else if peek()?.word == "and", peek(1)?.word == "a", peek(2)?.word == "half", value == value.rounded() {
            advance(3)
            value += 0.5
        }
        return value
    }

    func isKnownAfterNumber(_ token: Token) -> Bool {
        guard let word = token.word else { return true }
        return Unit.named(word) != nil || Parser.kcalWords.contains(word) || word == "fl" || word == "dozen"
    }

    /// A unit within one edit of `word`, for "did you mean".
    public static func unitSuggestion(for word: String) -> String? {
        guard word.count >= 2, Unit.named(word) == nil else { return nil }
        let candidates = Unit.words.filter { candidate in
            candidate.count >= 2 && (word.count >= 4 || candidate.count <= 2)
                && editDistance(word, candidate, limit: 1) <= 1
        }
        return candidates.min().map { Unit.named($0)?.name ?? $0 }
    }

    /// unit = mass-unit | volume-unit | portion-word ;
    ///
    /// A word that merely looks like a misspelt unit ("cupz") is left to the resolver, which
    /// knows whether it is a food word ("pinto", "sliced") or a typo.
    mutating func parseUnit() -> (unit: Unit, word: String)? {
        guard let token = peek(), let word = token.word else { return nil }
        if let second = peek(1)?.word, let unit = Unit.twoWord(word, second) {
            advance(2)
            return (unit, word + " " + second)
        }
        if let unit = Unit.named(word) {
            advance()
            return (unit, word)
        }
        return nil
    }

    /// food = food-word , { food-word } ;
    /// food-word = ? a word that is not a joiner and does not start a trailing amount ? ;
    mutating func parseFood() throws(ParseError) -> FoodPhrase? {
        let startIndex = position
        var words: [String] = []
        while let token = peek() {
            var consumed = 1
            let word: String
            if let plain = token.word {
                word = plain
            } else if case .number = token.kind, let next = peek(1), next.isGlued, next.word != nil,
                !isKnownAfterNumber(next)
            {
                // "7up": digits glued to letters that are no unit make one word.
                word = text(token.range.union(next.range)).lowercased()
                consumed = 2
            } else {
                break
            }
            if word == "and" || word == "with" { break }
            if isModifierRun(from: position) { break }
            if Parser.kcalWords.contains(word) {
                if words.isEmpty { break }
                throw ParseError(.expectedCalorieAmount, token.range)
            }
            words.append(word)
            advance(consumed)
        }
        guard !words.isEmpty, let first = token(at: startIndex), let last = token(at: position - 1) else { return nil }
        let range = first.range.union(last.range)
        // Where the phrasing pass dropped or moved something between the words ("lean ground beef
        // (90/10)"), the text is the words read, not the line's characters.
        let contiguous =
            (startIndex..<(position - 1)).allSatisfy { index in
                let from = tokens[index].range.end
                let to = tokens[index + 1].range.start
                guard from <= to, to <= scalars.count else { return false }
                return scalars[from..<to].allSatisfy { $0.properties.isWhitespace }
            }
            && (startIndex..<position).allSatisfy { index in
                tokens[index].word.map { text(tokens[index].range).lowercased() == $0 } ?? true
            }
        return FoodPhrase(words: words, text: contiguous ? text(range) : words.joined(separator: " "), range: range)
    }
}

extension String {
    /// The text without white space at either end.
    public var trimmed: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}

/// The words for numbers a count may be written with.
enum NumberWords {
    /// number-word = "a" | "an" | "one" | "two" | "three" | "four" | "five" | "six" | "seven"
    ///             | "eight" | "nine" | "ten" | "eleven" | "twelve" | "thirteen" | "fourteen"
    ///             | "fifteen" | "sixteen" | "seventeen" | "eighteen" | "nineteen" | tens-word
    ///             | tens-word , "-" , digit-word ;
    /// tens-word = "twenty" | "thirty" | "forty" | "fifty" | "sixty" | "seventy" | "eighty" | "ninety" ;
    /// digit-word = "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" ;
    static func value(of word: String) -> Double? {
        if let value = small[word] { return value }
        if let value = tens[word] { return value }
        // "twenty-five": a tens word and a unit word joined by a hyphen, as one word.
        guard word.count > 6, let dash = word.firstIndex(of: "-"), let value = tens[String(word[..<dash])],
            let unit = small[String(word[word.index(after: dash)...])], unit >= 1, unit <= 9
        else { return nil }
        return value + unit
    }

    private static let small: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]

    private static let tens: [String: Double] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
}

/// meal = "breakfast" | "lunch" | "dinner" | "supper" | "snack" | "snacks"
///      | "brekkie" | "brekky" | "brkfst" | "bfast" | "b'fast" | "brunch"   (* breakfast *)
///      | "lnch" | "luncheon" | "dinr" | "dinnr" | "diner" ;
public enum MealWords {
    /// The meal a word names.
    public static func meal(for word: String) -> Meal? {
        switch word {
        case "breakfast", "brekkie", "brekky", "brkfst", "bfast", "b'fast", "brunch": .breakfast
        case "lunch", "lnch", "luncheon": .lunch
        case "dinner", "supper", "dinr", "dinnr", "diner": .dinner
        case "snack", "snacks": .snack
        default: nil
        }
    }
}

/// day = "today" | "yesterday" | iso-date | weekday ;
public enum DayWords {
    /// The day a single word names (not dates).
    public static func day(for word: String) -> DaySpec? {
        switch word {
        case "today": return .today
        case "yesterday": return .yesterday
        default: return weekday(for: word).map(DaySpec.weekday)
        }
    }

    /// weekday = "monday" | "mon" | "tuesday" | "tue" | "tues" | "wednesday" | "wed"
    ///         | "thursday" | "thu" | "thurs" | "friday" | "fri" | "saturday" | "sat"
    ///         | "sunday" | "sun" ;
    static func weekday(for word: String) -> Int? {
        switch word {
        case "monday", "mon": 1
        case "tuesday", "tue", "tues": 2
        case "wednesday", "wed": 3
        case "thursday", "thu", "thurs": 4
        case "friday", "fri": 5
        case "saturday", "sat": 6
        case "sunday", "sun": 7
        default: nil
        }
    }
}
