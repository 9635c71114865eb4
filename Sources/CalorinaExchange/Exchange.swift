import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Entries to and from files: our own CSV and JSON, and a MyFitnessPal-style food diary CSV.
/// Pure text in, text out; the session reads and writes the files.
public enum Exchange {
    /// The columns of our CSV, in order. The first thirteen are the documented ones; `code`,
    /// `portion` and `text` follow so that an export imports back field by field, then the
    /// other nutrients (`Nutrient.others`, each in its unit), empty when unknown (a file without
    /// them imports with them unknown).
    public static let csvColumns =
        ["date", "time", "kind", "meal", "food", "quantity", "unit", "grams", "kcal"] + Nutrient.macros.map(\.column)
        + ["id", "code", "portion", "text"] + Nutrient.others.map(\.column)

    /// The JSON export: `{"version":1,"entries":[…]}` with `Entry`'s Codable form.
    public struct Document: Codable, Equatable, Sendable {
        public var version: Int
        public var entries: [Entry]
    }

    /// Why a file could not be read: a message naming the line.
    public struct ReadError: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    // MARK: - Writing

    /// The entries as RFC 4180 CSV: a header, then one CRLF-ended row per entry.
    public static func csv(_ entries: [Entry]) -> String {
        csvHeader + csvRows(entries)
    }

    /// The CSV's header line, CRLF-ended.
    public static var csvHeader: String { csvColumns.joined(separator: ",") + "\r\n" }

    /// The CSV's rows for `entries`, each CRLF-ended, without the header: a long export is
    /// written a month of rows at a time.
    public static func csvRows(_ entries: [Entry]) -> String {
        var out = ""
        // Each field goes straight onto the text, with no array of a row's fields to join.
        // A control character is written as `\u001B`: a CSV has no escape of its own, and the
        // file may be shown on a terminal (an entry imported before imports refused them).
        func field(_ text: String, first: Bool = false) {
            if !first { out += "," }
            out += quoted(ControlCharacters.escaped(text))
        }
        for entry in entries {
            field(entry.date, first: true)
            field(entry.time)
            field(entry.kind?.rawValue ?? "food")
            field(entry.meal.rawValue)
            field(entry.food)
            field(number(entry.quantity))
            field(entry.unit)
            field(entry.grams.map(number) ?? "")
            field(number(entry.kcal))
            for nutrient in Nutrient.macros { field(entry.nutrients[nutrient].map(number) ?? "") }
            field(entry.id)
            field(entry.code.map(String.init) ?? "")
            field(entry.portion)
            field(entry.text)
            for nutrient in Nutrient.others { field(entry.nutrients[nutrient].map(number) ?? "") }
            out += "\r\n"
        }
        return out
    }

    /// The entries as our JSON document, ending with a newline.
    public static func json(_ entries: [Entry]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(version: 1, entries: entries)) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A number as short as reads back exactly: `2`, `1.5`, `0.3333333333333333`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
    }

    // MARK: - Reading

    /// What a file gave: its entries, what it was, and the rows left out and why.
    public struct ReadResult: Equatable, Sendable {
        public var entries: [Entry]
        /// `Calorina CSV`, `Cronometer servings CSV`, `Lose It! food log CSV`…
        public var format: String
        /// Rows that made no entry, in file order.
        public var skipped: [SkippedRow]
    }

    /// What a file holds, recognised by its content: our JSON, our CSV, or another program's
    /// export by its headers (`TrackerFormat.all`); with a map, any CSV whose headers it names.
    public static func read(_ text: String, now: LocalMoment) throws(ReadError) -> (entries: [Entry], format: String) {
        let result = try read(bytes: Array(text.utf8), map: nil, now: now)
        return (result.entries, result.format)
    }

    /// What a file's bytes hold: see `read(_:now:)`.
    ///
    /// - Throws: `ReadError` when the file is no format Calorina reads, when the map names a
    ///   column the file lacks, or when no row at all makes an entry (naming the first one).
    public static func read(bytes: [UInt8], map: ColumnMap?, now: LocalMoment) throws(ReadError) -> ReadResult {
        var reader = try EntryReader(bytes: bytes, map: map, now: now)
        var entries: [Entry] = []
        while let entry = try reader.next() { entries.append(entry) }
        return ReadResult(entries: entries, format: reader.format, skipped: reader.skipped)
    }

    /// A file's entries one at a time, so that importing a large file never holds all of its
    /// entries at once (issue 15): what `read(bytes:map:now:)` gives, in pieces.
    public struct EntryReader {
        /// `Calorina CSV`, `Cronometer servings CSV`, `Lose It! food log CSV`…
        public let format: String
        private var source: Source

        private enum Source {
            /// Entries read whole (our JSON), and how many were given.
            case list([Entry], Int)
            case ours(OurRows)
            case tracker(TrackerRows)
        }

        /// Recognises what `bytes` hold, by their content: our JSON, our CSV, a web page that is
        /// MyFitnessPal's printable diary, or another program's CSV by its headers
        /// (`TrackerFormat.all`); with a map, any CSV whose headers it names.
        ///
        /// - Throws: `ReadError` when the file is no format Calorina reads, or when the map names
        ///   a column the file lacks.
        public init(bytes: [UInt8], map: ColumnMap?, now: LocalMoment) throws(ReadError) {
            try self.init(ByteFeed(bytes), map: map, now: now)
        }

        /// `init(bytes:map:now:)` of a file read a piece at a time: a CSV is never held whole.
        public init(file: ReadableFile, map: ColumnMap?, now: LocalMoment) throws(ReadError) {
            try self.init(ByteFeed(file: file), map: map, now: now)
        }

        private init(_ feed: ByteFeed, map: ColumnMap?, now: LocalMoment) throws(ReadError) {
            feed.skipByteOrderMark()
            let first = feed.lookahead.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
            if map == nil, first == UInt8(ascii: "{") {
                format = "Calorina JSON"
                source = .list(try readJSON(feed.rest()), 0)
                return
            }
            if map == nil, first == UInt8(ascii: "<") {
                let text = String(decoding: feed.rest(), as: UTF8.self)
                guard PrintableDiary.recognises(text) else {
                    throw ReadError(line: 1, message: "a web page, but not MyFitnessPal's printable food diary")
                }
                let table = PrintableDiary.table(text)
                format = TrackerFormat.printableDiary.name
                source = .tracker(
                    TrackerRows(RowList(table.rows), names: table.names, format: .printableDiary, now: now))
                return
            }
            var reader = CSVReader(feed)
            guard let header = try reader.next() else { throw ReadError(line: 1, message: "the file is empty") }
            let names = header.fields.map { $0.trimmed.lowercased() }
            if let map {
                let mapped = try TrackerFormat.mapped(map, names: names)
                format = mapped.name
                source = .tracker(TrackerRows(reader, names: names, format: mapped, now: now))
                return
            }
            if names.contains("id"), names.contains("kind"), names.contains("date") {
                format = "Calorina CSV"
                source = .ours(OurRows(reader, names: names))
                return
            }
            if let known = TrackerFormat.all.first(where: { $0.recognises(names) }) {
                format = known.name
                source = .tracker(TrackerRows(reader, names: names, format: known, now: now))
                return
            }
            throw ReadError(
                line: 1,
                message: "unknown columns: expected Calorina's (date, …, id), a Cronometer, Lose It! or MyFitnessPal "
                    + "export, or a food diary (Date, Meal, Food Name, Calories); for another CSV name its "
                    + #"columns: import FILE --map "date=…,food=…,kcal=…""#
            )
        }

        /// Rows of the file that made no entry so far, with their line and why.
        public var skipped: [SkippedRow] {
            if case .tracker(let rows) = source { return rows.skipped }
            return []
        }

        /// The next entry, or nil at the end.
        ///
        /// - Throws: `ReadError` for a row that cannot be read (our CSV takes no row it cannot
        ///   read whole), or at the end when no row of another program's file made an entry; for
        ///   a row with a control character in its text or a number no entry holds
        ///   (`Exchange.problem(with:)`), naming its line: an import is all or nothing.
        public mutating func next() throws(ReadError) -> Entry? {
            guard let (entry, line) = try nextWithLine() else { return nil }
            if let problem = Exchange.problem(with: entry) {
                switch line {
                case .line(let line): throw ReadError(line: line, message: problem)
                case .item(let item): throw ReadError(line: 1, message: "entry \(item) of the list: \(problem)")
                }
            }
            return entry
        }

        /// Where an entry was read: a line of a CSV or a web page, or an item of a JSON list.
        private enum Place {
            case line(Int)
            case item(Int)
        }

        private mutating func nextWithLine() throws(ReadError) -> (Entry, Place)? {
            switch source {
            case .list(let entries, let given):
                guard given < entries.count else { return nil }
                source = .list(entries, given + 1)
                return (entries[given], .item(given + 1))
            case .ours(var rows):
                source = .list([], 0)
                defer { source = .ours(rows) }
                return try rows.next().map { ($0, .line(rows.line)) }
            case .tracker(var rows):
                source = .list([], 0)
                defer { source = .tracker(rows) }
                return try rows.next().map { ($0, .line(rows.line)) }
            }
        }
    }

    static func readJSON(_ bytes: [UInt8]) throws(ReadError) -> [Entry] {
        do {
            let document = try JSONDecoder().decode(Document.self, from: Data(bytes))
            guard document.version <= 1 else {
                throw ReadError(line: 1, message: "the file is from a newer Calorina (version \(document.version))")
            }
            for entry in document.entries where CivilDate(entry.date) == nil {
                throw ReadError(line: 1, message: "'\(entry.date)' is not a date")
            }
            return document.entries
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(line: 1, message: "not a Calorina JSON export")
        }
    }

    /// Our CSV's rows (`csvColumns`, in any order) as entries, one at a time.
    struct OurRows {
        private var reader: CSVReader
        private let names: [String]

        init(_ reader: CSVReader, names: [String]) {
            self.reader = reader
            self.names = names
        }

        /// The line the last row read starts on.
        private(set) var line = 1

        mutating func next() throws(ReadError) -> Entry? {
            guard let row = try reader.next() else { return nil }
            line = row.line
            func value(_ name: String) -> String {
                guard let index = names.firstIndex(of: name), index < row.fields.count else { return "" }
                return row.fields[index]
            }
            func number(_ name: String) throws(ReadError) -> Double? {
                let text = value(name).trimmed
                if text.isEmpty { return nil }
                guard let number = Double(text), number.isFinite else {
                    throw ReadError(line: row.line, message: "\(name) '\(text)' is not a number")
                }
                return number
            }
            let date = value("date")
            guard CivilDate(date) != nil else { throw ReadError(line: row.line, message: "'\(date)' is not a date") }
            guard let meal = Meal(rawValue: value("meal")) else {
                throw ReadError(line: row.line, message: "'\(value("meal"))' is not a meal")
            }
            let kindText = value("kind")
            var kind: EntryKind?
            if kindText != "food" {
                guard let known = EntryKind(rawValue: kindText) else {
                    throw ReadError(line: row.line, message: "'\(kindText)' is not a kind of entry")
                }
                kind = known
            }
            let id = value("id")
            guard !id.isEmpty else { throw ReadError(line: row.line, message: "the entry has no id") }
            let code = value("code").isEmpty ? nil : Int(value("code"))
            var entry = Entry(
                id: id, date: date, time: value("time"), meal: meal, food: value("food"), code: code,
                quantity: try number("quantity") ?? 0, unit: value("unit"), portion: value("portion"),
                grams: try number("grams"), kcal: try number("kcal") ?? 0, text: value("text"), kind: kind)
            for nutrient in Nutrient.all { entry.nutrients[nutrient] = try number(nutrient.column) }
            return entry
        }
    }

    /// The most an imported entry may say: more is no food anybody ate (one row of 5e307 kcal
    /// used to stop the whole import with a message about the data folder, naming no row).
    static let largestKcal = 100_000.0
    static let largestAmount = 1_000_000.0
    static let largestMilligrams = 1_000_000_000.0

    /// What makes `entry` one an import refuses, said with the field: a control character in its
    /// text (a terminal would act on it: issue 25, F16 and F17), or a number past what one entry
    /// may say. Nil for a good entry.
    public static func problem(with entry: Entry) -> String? {
        let texts = [
            ("food name", entry.food), ("text", entry.text), ("portion", entry.portion), ("unit", entry.unit),
            ("time", entry.time), ("date", entry.date), ("id", entry.id),
        ]
        for (field, text) in texts {
            if let (scalar, column) = ControlCharacters.first(in: text) {
                return "the \(field) '\(ControlCharacters.escaped(text))' holds a control character,"
                    + " \(ControlCharacters.name(scalar)), at character \(column); control characters are not text"
                    + " (a terminal would act on them): remove it from the file"
            }
        }
        func tooLarge(_ field: String, _ value: Double?, _ largest: Double, _ unit: String) -> String? {
            guard let value, !(abs(value) <= largest) else { return nil }
            return "\(field) \(number(value)) is more than one entry may say (at most \(Format.integer(largest))"
                + (unit.isEmpty ? "" : " \(unit)") + "): fix the number in the file"
        }
        if let problem = tooLarge("calories", entry.kcal, largestKcal, "kcal")
            ?? tooLarge("quantity", entry.quantity, largestAmount, "")
            ?? tooLarge("grams", entry.grams, largestAmount, "g")
        {
            return problem
        }
        for nutrient in Nutrient.all {
            let largest = nutrient.unit == "mg" ? largestMilligrams : largestAmount
            if let problem = tooLarge(nutrient.name, entry.nutrients[nutrient], largest, nutrient.unit) {
                return problem
            }
        }
        return nil
    }

    /// A time that puts a diary's meal where the day shows it.
    static func mealTime(_ meal: Meal) -> String {
        switch meal {
        case .breakfast: "08:00"
        case .lunch: "12:30"
        case .snack: "15:30"
        case .dinner: "19:00"
        }
    }

    /// 16 hex digits from the text (FNV-1a, 64 bits): the same row always gets the same id.
    static func stableID(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
