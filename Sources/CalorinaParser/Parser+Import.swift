import CalorinaLanguage
import CalorinaSupport

// `import FILE [--map "…"]` and `export all`: the commands that bring other programs' files in
// and take the whole data folder out. Each function quotes its production from
// grammar/calorina.ebnf.

extension Parser {
    /// The words after `import`: a file, and after `--map` the map of its columns.
    ///
    /// The file is the text up to `--map` (or the whole rest of the line), so that a file name
    /// keeps its spaces; the map is the text after it, quotes around it dropped.
    mutating func parseImport() throws(ParseError) -> Command {
        var mapAt: Int?
        var index = position
        while index + 2 < tokens.count {
            if tokens[index].kind == .minus, tokens[index + 1].kind == .minus, tokens[index + 2].word == "map" {
                mapAt = index
                break
            }
            index += 1
        }
        guard let mapAt else { return .importFile(fileName(from: position)) }
        guard mapAt > position else { throw ParseError(.missing(.name, after: "import"), tokens[mapAt].range) }
        let file = fileName(from: position, to: mapAt - 1)
        let dashes = tokens[mapAt].range.union(tokens[mapAt + 2].range)
        guard mapAt + 3 < tokens.count else { throw ParseError(.badColumnMap(.empty), dashes) }
        // The rest of the line as typed: the parser's tokens leave out parentheses and quotes,
        // which headers have ("Energy (kcal)").
        var start = tokens[mapAt + 2].range.end
        var end = scalars.count
        while start < end, scalars[start].properties.isWhitespace { start += 1 }
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        var range = SourceRange(start, end)
        var text = self.text(range)
        for quote: Character in ["\"", "'"] where text.count >= 2 && text.first == quote && text.last == quote {
            text = String(text.dropFirst().dropLast())
            range = SourceRange(range.start + 1, range.end - 1)
        }
        position = tokens.count
        return .importMapped(ImportRequest(file: file, map: try Parser.parseColumnMap(text, at: range.start)))
    }

    /// column-map      = column-pair , { "," , column-pair } ;   (* in quotes or not *)
    /// column-pair     = column-key , "=" , header ;
    /// column-key      = "date" | "time" | "meal" | "food" | "amount" | "unit" | "kcal" | nutrient-key ;
    /// header          = ? a column's name as the file's first line has it, without a comma ? ;
    ///
    /// The map's text, starting at scalar `start` of the line (for the ranges of errors).
    static func parseColumnMap(_ text: String, at start: Int) throws(ParseError) -> ColumnMap {
        var columns: [ImportField: String] = [:]
        let offset = start
        let scalars = Array(text.unicodeScalars)
        var pieceStart = 0
        func range(_ from: Int, _ to: Int) -> SourceRange { SourceRange(offset + from, offset + to) }
        for index in 0...scalars.count where index == scalars.count || scalars[index] == "," {
            let piece = String(String.UnicodeScalarView(scalars[pieceStart..<index]))
            let pieceRange = range(pieceStart, max(index, pieceStart + 1))
            defer { pieceStart = index + 1 }
            guard let equals = piece.firstIndex(of: "=") else {
                throw ParseError(.badColumnMap(.expectedEquals(piece.trimmed)), pieceRange)
            }
            let key = String(piece[..<equals]).trimmed
            let header = String(piece[piece.index(after: equals)...]).trimmed
            let keyStart = pieceStart + (piece.unicodeScalars.prefix { $0 == " " }.count)
            let keyRange = range(keyStart, keyStart + max(1, key.unicodeScalars.count))
            guard let field = ImportField(key: key) else {
                let suggestion = ImportField.allCases.map(\.rawValue).min {
                    editDistance(key.lowercased(), $0) < editDistance(key.lowercased(), $1)
                }.flatMap { editDistance(key.lowercased(), $0) <= 2 ? $0 : nil }
                throw ParseError(.badColumnMap(.unknownKey(key, suggestion: suggestion)), keyRange)
            }
            guard !header.isEmpty else { throw ParseError(.badColumnMap(.expectedHeader(key)), pieceRange) }
            guard columns[field] == nil else { throw ParseError(.badColumnMap(.repeatedKey(key)), keyRange) }
            columns[field] = header
        }
        let missing = ImportField.required.filter { columns[$0] == nil }
        if !missing.isEmpty {
            throw ParseError(
                .badColumnMap(.missingKeys(missing.map(\.rawValue))), SourceRange(start, start + scalars.count))
        }
        return ColumnMap(columns)
    }

    /// export-all      = "export" , "all" , [ ( "to" | "--out" ) , file ] ;
    mutating func parseExportAll() throws(ParseError) -> Command {
        advance()
        let dashOut = peek()?.kind == .minus && peek(1)?.kind == .minus && peek(2)?.word == "out"
        if dashOut { advance(3) }
        guard dashOut || eat("to") else {
            guard atEnd else { throw unexpected(peek() ?? tokens[0]) }
            return .exportAll(file: nil)
        }
        guard !atEnd else { throw ParseError(.missing(.name, after: dashOut ? "--out" : "to"), nextRange) }
        return .exportAll(file: fileName(from: position))
    }

    /// The text of tokens `first` to `last` as a file name: trimmed, quotes around it dropped.
    func fileName(from first: Int, to last: Int) -> String {
        var name = text(fromToken: first, to: last).trimmed
        for quote: Character in ["\"", "'"] where name.count >= 2 && name.first == quote && name.last == quote {
            name = String(name.dropFirst().dropLast())
        }
        return name
    }
}
