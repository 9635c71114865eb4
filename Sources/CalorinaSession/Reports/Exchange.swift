import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
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
    /// `portion` and `text` follow so that an export imports back field by field.
    public static let csvColumns = [
        "date", "time", "kind", "meal", "food", "quantity", "unit", "grams", "kcal", "protein", "carbs", "fat", "id",
        "code", "portion", "text",
    ]

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
        var out = csvColumns.joined(separator: ",") + "\r\n"
        for entry in entries {
            let fields: [String] = [
                entry.date, entry.time, entry.kind?.rawValue ?? "food", entry.meal.rawValue, entry.food,
                number(entry.quantity), entry.unit, entry.grams.map(number) ?? "", number(entry.kcal),
                entry.protein.map(number) ?? "", entry.carbs.map(number) ?? "", entry.fat.map(number) ?? "", entry.id,
                entry.code.map(String.init) ?? "", entry.portion, entry.text,
            ]
            out += fields.map(quoted).joined(separator: ",") + "\r\n"
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

    /// What a file holds, recognised by its content: our JSON, our CSV, or a food diary.
    public static func read(_ text: String, now: LocalMoment) throws(ReadError) -> (entries: [Entry], format: String) {
        var body = Substring(text)
        if body.first == "\u{FEFF}" { body = body.dropFirst() }
        if body.first(where: { !$0.isWhitespace }) == "{" { return (try readJSON(String(body)), "Calorina JSON") }
        let rows = try csvRows(String(body))
        guard let header = rows.first else { throw ReadError(line: 1, message: "the file is empty") }
        let names = header.fields.map { $0.trimmed.lowercased() }
        if names.contains("id"), names.contains("kind"), names.contains("date") {
            return (try readOurCSV(rows, names: names), "Calorina CSV")
        }
        if names.contains("date"), names.contains("calories"),
            names.contains("food name") || names.contains("food")
        {
            return (try readDiary(rows, names: names), "food diary CSV")
        }
        throw ReadError(
            line: 1,
            message:
                "unknown columns: expected Calorina's (date, …, id) or a food diary's (Date, Meal, Food Name, Calories)"
        )
    }

    static func readJSON(_ text: String) throws(ReadError) -> [Entry] {
        do {
            let document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
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

    /// One CSV record and the line it starts on.
    struct Row {
        var line: Int
        var fields: [String]
    }

    /// RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; CRLF or
    /// LF ends a record; blank lines are skipped.
    static func csvRows(_ text: String) throws(ReadError) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var rowLine = 1
        var characters = Array(text)[...]
        func endRow() {
            fields.append(field)
            field = ""
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
        }
        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty: inQuotes = true
            case ",":
                fields.append(field)
                field = ""
            case "\n", "\r\n", "\r":
                endRow()
                line += 1
                rowLine = line
            default: field.append(character)
            }
        }
        if inQuotes { throw ReadError(line: rowLine, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        return rows
    }

    static func readOurCSV(_ rows: [Row], names: [String]) throws(ReadError) -> [Entry] {
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        var entries: [Entry] = []
        for row in rows.dropFirst() {
            func value(_ name: String) -> String {
                guard let index = column(name), index < row.fields.count else { return "" }
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
            entries.append(
                Entry(
                    id: id, date: date, time: value("time"), meal: meal, food: value("food"), code: code,
                    quantity: try number("quantity") ?? 0, unit: value("unit"), portion: value("portion"),
                    grams: try number("grams"), kcal: try number("kcal") ?? 0, protein: try number("protein"),
                    carbs: try number("carbs"), fat: try number("fat"), text: value("text"), kind: kind))
        }
        return entries
    }

    /// A food diary (MyFitnessPal's export and the like): Date, Meal, Food Name (or Food),
    /// Calories, and Protein, Carbohydrates (or Carbs) and Fat when present. Each row becomes a
    /// food entry with its calories given directly, and an id made from the row's content, so
    /// that importing the file again adds nothing.
    static func readDiary(_ rows: [Row], names: [String]) throws(ReadError) -> [Entry] {
        func column(_ candidates: [String]) -> Int? {
            for name in candidates { if let index = names.firstIndex(of: name) { return index } }
            return nil
        }
        let date = column(["date"])
        let meal = column(["meal"])
        let food = column(["food name", "food"])
        let calories = column(["calories"])
        let protein = column(["protein (g)", "protein"])
        let carbs = column(["carbohydrates (g)", "carbohydrates", "carbs (g)", "carbs"])
        let fat = column(["fat (g)", "fat"])
        var seen: [String: Int] = [:]
        var entries: [Entry] = []
        for row in rows.dropFirst() {
            func value(_ index: Int?) -> String {
                guard let index, index < row.fields.count else { return "" }
                return row.fields[index].trimmed
            }
            func number(_ index: Int?) throws(ReadError) -> Double? {
                let text = value(index).replacingAll(",", with: "")
                if text.isEmpty { return nil }
                guard let number = Double(text), number.isFinite, number >= 0 else {
                    throw ReadError(line: row.line, message: "'\(value(index))' is not a number")
                }
                return number
            }
            guard let day = diaryDate(value(date)) else {
                throw ReadError(line: row.line, message: "'\(value(date))' is not a date (YYYY-MM-DD or M/D/YYYY)")
            }
            let name = value(food)
            guard !name.isEmpty else { throw ReadError(line: row.line, message: "the row names no food") }
            guard let kcal = try number(calories) else {
                throw ReadError(line: row.line, message: "the row gives no calories")
            }
            let mealWord = value(meal).lowercased()
            let theMeal = MealWords.meal(for: mealWord) ?? .snack
            let content = [day.description, mealWord, name, value(calories)].joined(separator: "\u{1F}")
            let occurrence = seen[content, default: 0]
            seen[content] = occurrence + 1
            entries.append(
                Entry(
                    id: stableID(content + "\u{1F}\(occurrence)"), date: day.description,
                    time: mealTime(theMeal), meal: theMeal, food: name, quantity: 1, unit: "serving", portion: "",
                    grams: nil, kcal: Format.rounded(kcal, places: 1), protein: try number(protein),
                    carbs: try number(carbs), fat: try number(fat), text: "\(name) \(Format.number(kcal)) kcal"))
        }
        return entries
    }

    /// `2026-11-22`, or the US `11/22/2026`.
    static func diaryDate(_ text: String) -> CivilDate? {
        if let date = CivilDate(text) { return date }
        let parts = text.split(separator: "/")
        guard parts.count == 3, let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]) else {
            return nil
        }
        return CivilDate(year: year < 100 ? 2000 + year : year, month: month, day: day)
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
