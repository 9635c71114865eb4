// The commands that look back over many days: views, weight charts, export, import and
// suggestions. Each function quotes its production from grammar/calorina.ebnf.

extension Parser {
    /// history-command = period | history | weights | export | import | suggest ;
    ///
    /// Nil when the line is not in a history command's shape, so that it is read as a log line.
    mutating func parseHistoryCommand(_ word: String) throws(ParseError) -> Command? {
        switch word {
        case "week", "month", "year":
            // period = "week" | "month" | "year" ;   (* the whole line *)
            guard tokens.count == 1, let period = HistoryPeriod(rawValue: word) else { return nil }
            return .history(.period(period))
        case "history":
            advance()
            return .history(try parseHistoryDays())
        case "weights":
            // weights = "weights" , [ "week" | "month" | "year" ] ;
            advance()
            guard let next = peek() else { return .weights(.month) }
            guard let name = next.word, let period = HistoryPeriod(rawValue: name), tokens.count == 2 else {
                throw unexpected(next)
            }
            return .weights(period)
        case "export":
            advance()
            return .export(try parseExport())
        case "import" where tokens.count > 1:
            // import = "import" , file ;
            advance()
            return .importFile(fileName(from: position))
        case "suggest", "suggestions":
            // suggest = "suggest" , [ meal-modifier ] ;
            advance()
            let meal = parseMealModifier()
            guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
            return .suggest(meal)
        default:
            return nil
        }
    }

    /// history = "history" , [ integer , [ "day" | "days" ] ] ;
    mutating func parseHistoryDays() throws(ParseError) -> HistoryRequest {
        guard let token = peek() else { return .days(30) }
        guard let value = token.number, value == value.rounded(), value >= 1 else {
            throw ParseError(.badSetting(name: "history", example: "history 90"), token.range)
        }
        advance()
        if let unit = peek()?.word, unit == "day" || unit == "days" { advance() }
        guard atEnd else { throw unexpected(peek() ?? token) }
        return .days(value > 1_000_000 ? 1_000_000 : Int(value))
    }

    /// export = "export" , ( "csv" | "json" ) , [ day-modifier , [ day-modifier ] ] , [ ( "to" | "--out" ) , file ] ;
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
            guard !atEnd else { throw ParseError(.expectedName(after: dashOut ? "--out" : "to"), nextRange) }
            request.file = fileName(from: position)
            position = tokens.count
        }
        guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
        return request
    }

    /// file = ? the rest of the line as typed, without quotes around it ? ;
    func fileName(from index: Int) -> String {
        var name = text(fromToken: index, to: tokens.count - 1).trimmed
        for quote: Character in ["\"", "'"] where name.count >= 2 && name.first == quote && name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        return name
    }
}
