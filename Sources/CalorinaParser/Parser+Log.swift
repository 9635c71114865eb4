import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// Log lines: items with their joiners, and the meal and day modifiers before and after them.

extension Parser {
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
                throw ParseError(.missing(.food, after: text(next.range)), nextRange)
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
}
