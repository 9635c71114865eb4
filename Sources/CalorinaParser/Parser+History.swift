import CalorinaLanguage
import CalorinaModel

// The commands that look back over many days: views, weight charts, export, import and
// suggestions. Each function quotes its production from grammar/calorina.ebnf.

extension Parser {
    /// period = ( "week" | "month" | "year" ) , [ period-choice ]
    ///        | ( "this" | "last" ) , ( "week" | "month" | "year" ) ;
    static func parsePeriod(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard let word = parser.tokens[0].word else { return nil }
        if word == "this" || word == "last" {
            guard parser.tokens.count == 2, let name = parser.peek(1)?.word, let period = HistoryPeriod(rawValue: name)
            else {
                return nil
            }
            return .history(.calendar(period, .ago(word == "last" ? 1 : 0)))
        }
        guard let period = HistoryPeriod(rawValue: word) else { return nil }
        parser.advance()
        guard !parser.atEnd else { return .history(.period(period)) }
        return .history(.calendar(period, try parser.parseWholePeriodChoice(period, command: word)))
    }

    /// Days against the kcal goal, or a target's history (`parseHistory()`).
    static func parseHistoryCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        return try parser.parseHistory()
    }

    /// weights = "weights" , [ ( "week" | "month" | "year" ) , [ period-choice ]
    ///         | ( "this" | "last" ) , ( "week" | "month" | "year" )
    ///         | year-month | month-name , [ year ] | year ] ;
    static func parseWeights(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        guard parser.peek() != nil else { return .weights(.month) }
        let (period, choice) = try parser.parseWeightsPeriod()
        return .weights(period, choice)
    }

    /// An export (`parseExport()`), or of everything (`parseExportAll()`).
    static func parseExportCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        if parser.peek()?.word == "all" { return try parser.parseExportAll() }
        return .export(try parser.parseExport())
    }

    /// import = "import" , file , [ "--map" , column-map ] ;
    static func parseImportCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count > 1 else { return nil }
        parser.advance()
        return try parser.parseImport()
    }

    /// suggest = ( "suggest" | "suggestions" ) , [ meal-modifier ] ;
    static func parseSuggest(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        let meal = parser.parseMealModifier()
        guard parser.atEnd else { throw parser.unexpected(parser.peek() ?? parser.tokens[0]) }
        return .suggest(meal)
    }

    /// What a history command word takes, when the words after it are not that.
    func periodUsageError(_ command: String) -> ParseError {
        let first = tokens[0]
        let usage = CommandRegistry.usages[command] ?? "nothing"
        return ParseError(
            .commandArguments(command: command, usage: usage), first.range.union(tokens[tokens.count - 1].range))
    }

    /// A period choice that must end the line, or the command's usage.
    mutating func parseWholePeriodChoice(_ period: HistoryPeriod, command: String) throws(ParseError) -> PeriodChoice {
        guard let choice = try parsePeriodChoice(period), atEnd else { throw periodUsageError(command) }
        return choice
    }

    /// The words after `weights`: a period and which one, or a month or a year by itself.
    mutating func parseWeightsPeriod() throws(ParseError) -> (HistoryPeriod, PeriodChoice?) {
        if let name = peek()?.word, let period = HistoryPeriod(rawValue: name) {
            advance()
            guard !atEnd else { return (period, nil) }
            return (period, try parseWholePeriodChoice(period, command: "weights"))
        }
        if let which = peek()?.word, which == "this" || which == "last", let name = peek(1)?.word,
            let period = HistoryPeriod(rawValue: name), tokens.count == position + 2
        {
            advance(2)
            return (period, .ago(which == "last" ? 1 : 0))
        }
        // "weights 2025": a year; "weights 2026-10", "weights october": a month.
        if let year = peek()?.number, tokens.count == position + 1, let choice = Parser.yearChoice(year) {
            advance()
            return (.year, choice)
        }
        if let choice = parseMonthChoice(), atEnd { return (.month, choice) }
        throw periodUsageError("weights")
    }

    /// period-choice   = "-" , integer                      (* "week -1": the one before this one *)
    ///                 | [ "of" ] , day-modifier            (* "week 2026-11-02": the one holding the day *)
    ///                 | year-month | month-name , [ year ] (* month only: "month 2026-10", "month october" *)
    ///                 | year ;                             (* year only: "year 2025" *)
    ///
    /// Nil when the words are none of these.
    mutating func parsePeriodChoice(_ period: HistoryPeriod) throws(ParseError) -> PeriodChoice? {
        guard let first = peek() else { return nil }
        if first.kind == .minus {
            guard let count = peek(1)?.number, count == count.rounded(), count <= Double(Parser.periodsAgoLimit(period))
            else { return nil }
            advance(2)
            return .ago(Int(count))
        }
        switch period {
        case .year:
            if let year = first.number, let choice = Parser.yearChoice(year) {
                advance()
                return choice
            }
        case .month:
            if let choice = parseMonthChoice() { return choice }
        case .week:
            break
        }
        let start = position
        _ = eat("of")
        if let day = try parseDayModifier() { return .holding(day.day) }
        position = start
        return nil
    }

    /// How far back `-N` may reach: a century.
    static func periodsAgoLimit(_ period: HistoryPeriod) -> Int {
        switch period {
        case .week: 5218
        case .month: 1200
        case .year: 100
        }
    }

    /// year            = digit , digit , digit , digit ;
    static func yearChoice(_ value: Double) -> PeriodChoice? {
        guard value == value.rounded(), value >= 1000, value <= 9999 else { return nil }
        return .year(Int(value))
    }

    /// year-month      = year , "-" , digit , digit ;    (* "2026-10" *)
    ///
    /// Or `month-name , [ year ]`.
    mutating func parseMonthChoice() -> PeriodChoice? {
        guard let first = peek() else { return nil }
        if let year = first.number, Parser.yearChoice(year) != nil, let dash = peek(1), dash.kind == .minus,
            dash.isGlued, let number = peek(2), number.isGlued, let month = number.number, month == month.rounded(),
            (1...12).contains(month), text(number.range).count == 2
        {
            advance(3)
            return .month(Int(month), year: Int(year))
        }
        guard let name = first.word, let month = Parser.monthNumber(name) else { return nil }
        advance()
        if let year = peek()?.number, Parser.yearChoice(year) != nil {
            advance()
            return .month(month, year: Int(year))
        }
        return .month(month, year: nil)
    }

    /// month-name      = "january" | "jan" | "february" | "feb" | "march" | "mar" | "april" | "apr"
    ///                 | "may" | "june" | "jun" | "july" | "jul" | "august" | "aug" | "september"
    ///                 | "sep" | "sept" | "october" | "oct" | "november" | "nov" | "december" | "dec" ;
    static func monthNumber(_ word: String) -> Int? {
        switch word {
        case "january", "jan": 1
        case "february", "feb": 2
        case "march", "mar": 3
        case "april", "apr": 4
        case "may": 5
        case "june", "jun": 6
        case "july", "jul": 7
        case "august", "aug": 8
        case "september", "sep", "sept": 9
        case "october", "oct": 10
        case "november", "nov": 11
        case "december", "dec": 12
        default: nil
        }
    }

    /// history = "history" , [ integer , [ "day" | "days" ] ] , [ target-nutrient ] ;
    ///
    /// `history 30 protein` is a target's history (`Command.targetHistory`); the rest, days
    /// against the kcal goal.
    mutating func parseHistory() throws(ParseError) -> Command {
        let request = try parseHistoryDays()
        guard case .days(let days) = request else { return .history(request) }
        var words: [String] = []
        for offset in 0..<2 { if let word = peek(offset)?.word { words.append(word) } else { break } }
        guard let (nutrient, count) = TargetNutrient.named(words) else {
            guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
            return .history(request)
        }
        advance(count)
        guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
        return .targetHistory(nutrient, days: days)
    }

    /// The days of `history N`; the position is left at a nutrient, if one follows.
    mutating func parseHistoryDays() throws(ParseError) -> HistoryRequest {
        guard let token = peek() else { return .days(HistoryRequest.defaultDays) }
        if let word = token.word, TargetNutrient.named([word] + (peek(1)?.word.map { [$0] } ?? [])) != nil {
            return .days(HistoryRequest.defaultDays)
        }
        guard let value = token.number, value == value.rounded(), value >= 1 else {
            throw ParseError(.badSetting(name: "history", example: "history 90"), token.range)
        }
        advance()
        if let unit = peek()?.word, unit == "day" || unit == "days" { advance() }
        return .days(value > 1_000_000 ? 1_000_000 : Int(value))
    }

    /// export = "export" , ( "csv" | "json" ) , [ day-modifier , [ day-modifier ] ] , [ ( "to" | "--out" ) , file ]
    ///        | export-all ;
    mutating func parseExport() throws(ParseError) -> ExportRequest {
        let range = peek().map { $0.range.union(tokens[tokens.count - 1].range) } ?? nextRange
        var request = ExportRequest(format: nil, range: range)
        guard let word = peek()?.word, let format = ExportFormat(rawValue: word) else { return request }
        advance()
        request.format = format
        if let from = try parseDayModifier() {
            request.from = from.day
            if let to = try parseDayModifier() { request.to = to.day }
        }
        // "--out FILE", as the export flag of other tools is written, means "to FILE".
        let dashOut = peek()?.kind == .minus && peek(1)?.kind == .minus && peek(2)?.word == "out"
        if dashOut { advance(3) }
        if dashOut || eat("to") {
            guard !atEnd else { throw ParseError(.missing(.name, after: dashOut ? "--out" : "to"), nextRange) }
            request.file = fileName(from: position)
            position = tokens.count
        }
        guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
        return request
    }

    /// file = ? the rest of the line, as typed; quotes around it are dropped ? ;
    func fileName(from index: Int) -> String {
        var name = text(fromToken: index, to: tokens.count - 1).trimmed
        for quote: Character in ["\"", "'"] where name.count >= 2 && name.first == quote && name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        return name
    }
}
