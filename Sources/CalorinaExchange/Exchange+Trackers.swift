import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// Other trackers' exports, recognised by their headers. Each format is a row of
// `TrackerFormat.all`: the headers that identify it and the header each field is read from. The
// test files in Tests/CalorinaCoreTests/ExchangeTrackerTests.swift were written from the
// descriptions cited on each row, never copied from anybody's export.

/// A row of a file that made no entry, and why.
public struct SkippedRow: Equatable, Sendable {
    /// The 1-based line of the file the row starts on.
    public var line: Int
    public var reason: SkipReason
}

/// Why a row made no entry.
public enum SkipReason: Error, Equatable, Sendable {
    /// The date column is empty or no date in a form Calorina reads.
    case notADate(String)
    /// A date before 1900 or more than a year from today.
    case dateOutOfRange(String)
    /// No food name.
    case noFood
    /// No calories (empty, `n/a`, `--`).
    case noCalories
    /// A number column holds something else.
    case notANumber(column: String, text: String)
    /// Exercise (negative calories, or a type that says so): burned, not eaten.
    case exercise
    /// Marked deleted in the program that exported it.
    case deleted

    /// What is wrong with the row, said plainly.
    public var message: String {
        switch self {
        case .notADate(let text):
            text.isEmpty
                ? "no date" : "'\(text)' is not a date (YYYY-MM-DD, MM/DD/YYYY, DD.MM.YYYY or YYYY/MM/DD)"
        case .dateOutOfRange(let text): "'\(text)' is before 1900 or more than a year from today"
        case .noFood: "no food name"
        case .noCalories: "no calories"
        case .notANumber(let column, let text): "\(column) '\(text)' is not a number"
        case .exercise: "exercise, not food"
        case .deleted: "marked deleted"
        }
    }

    /// The kind of reason, for a count of many: `not a date`, `no calories`…
    public var kind: String {
        switch self {
        case .notADate: "not a date"
        case .dateOutOfRange: "date out of range"
        case .noFood: "no food name"
        case .noCalories: "no calories"
        case .notANumber: "not a number"
        case .exercise: "exercise"
        case .deleted: "deleted"
        }
    }
}

/// Another program's CSV: how it is recognised and where each field is.
struct TrackerFormat: Sendable {
    /// What the import report calls it.
    var name: String
    /// Headers (lowercased) the file must have: one of each inner list.
    var needs: [[String]]
    /// Each field's header, first found wins (lowercased).
    var columns: [ImportField: [String]]
    /// For a file with one row per meal and no food names: entries are named this and the meal
    /// (`MyFitnessPal lunch`).
    var perMealName: String? = nil
    /// A column that says `true` on a row deleted in the program.
    var deletedColumn: String? = nil
    /// A column of the person's own note on the row, kept after the entry's name
    /// (`MyFitnessPal dinner (late meal)`).
    var noteColumn: String? = nil
    /// A type or meal column value that marks exercise (lowercased).
    var exerciseWords: Set<String> = []
    /// Ids made as the food diary reader made them before this table (date, meal, food and
    /// calories only), so that a file imported then adds nothing now.
    var legacyIDs = false

    /// True when the headers are this format's.
    func recognises(_ names: [String]) -> Bool {
        needs.allSatisfy { alternatives in alternatives.contains { names.contains($0) } }
    }

    /// The formats recognised by their headers, in the order they are tried.
    static let all: [TrackerFormat] = [
        // Cronometer, "Food & Recipe Entries" (servings.csv). Headers as the gocronometer
        // library (github.com/jrmycanady/gocronometer, parse.go, ParseServingsExport) reads
        // them: Day, Time, Group, Food Name, Amount ("1.00 cup": a number, a space, the unit),
        // Energy (kcal), then a column per nutrient with its unit, e.g. Protein (g), Carbs (g),
        // Fat (g), Fiber (g), Sugars (g), Saturated (g), Sodium (mg), and Category. Time is
        // blank for some rows ("8:05 AM" when kept). Group is the diary group, which
        // Cronometer's FAQ (cronometer.com/help/misc/faq.jsp, "Can I split my diary entries
        // into Meals?") says are the meals: Breakfast, Lunch, Dinner, Snacks, and Uncategorized
        // when groups are off.
        TrackerFormat(
            name: "Cronometer servings CSV",
            needs: [["day"], ["food name"], ["energy (kcal)"]],
            columns: [
                .date: ["day"], .time: ["time"], .meal: ["group"], .food: ["food name"], .amount: ["amount"],
                .kcal: ["energy (kcal)"], .nutrient(.protein): ["protein (g)"], .nutrient(.carbs): ["carbs (g)"],
                .nutrient(.fat): ["fat (g)"],
                .nutrient(.fiber): ["fiber (g)"], .nutrient(.sugars): ["sugars (g)"],
                .nutrient(.saturatedFat): ["saturated (g)"],
                .nutrient(.sodium): ["sodium (mg)"],
            ]),
        // Lose It!, the weekly summary "Export to spreadsheet" (one row per food logged), as
        // shown in the blog post "Peterometer Chapter 2: Counting Raw Eggs" (2020-01-29):
        // Date (MM/DD/YYYY), Name, Type (the meal: Breakfast, Lunch, Dinner, Snacks), Quantity,
        // Units, Calories, Fat (g), Protein (g), Carbohydrates (g), Saturated Fat (g), Sugars (g),
        // Fiber (g), Cholesterol (mg), Sodium (mg); numbers may have thousands separators
        // ("1,656", quoted) and an unknown value is "n/a"; exercise ("Calorie Burn") rows are
        // among the food. Later exports add a Deleted column (true/false) after Calories.
        TrackerFormat(
            name: "Lose It! food log CSV",
            needs: [["date"], ["name"], ["type"], ["quantity"], ["units"], ["calories"]],
            columns: [
                .date: ["date"], .food: ["name"], .meal: ["type"], .amount: ["quantity"], .unit: ["units"],
                .kcal: ["calories"], .nutrient(.fat): ["fat (g)"], .nutrient(.protein): ["protein (g)"],
                .nutrient(.carbs): ["carbohydrates (g)"],
                .nutrient(.saturatedFat): ["saturated fat (g)"], .nutrient(.sugars): ["sugars (g)"],
                .nutrient(.fiber): ["fiber (g)"],
                .nutrient(.sodium): ["sodium (mg)"],
            ],
            deletedColumn: "deleted",
            exerciseWords: ["exercise", "calorie burn"]),
        // A food diary with one row per food: Date, Meal, Food Name (or Food), Calories, and
        // the macros when present (what `import` read before the formats above; its ids stay).
        TrackerFormat(
            name: "food diary CSV",
            needs: [["date"], ["calories"], ["food name", "food"]],
            columns: [
                .date: ["date"], .meal: ["meal"], .food: ["food name", "food"], .kcal: ["calories"],
                .nutrient(.protein): ["protein (g)", "protein"],
                .nutrient(.carbs): ["carbohydrates (g)", "carbohydrates", "carbs (g)", "carbs"],
                .nutrient(.fat): ["fat (g)", "fat"], .nutrient(.fiber): ["fiber (g)", "fiber"],
                .nutrient(.sugars): ["sugars (g)", "sugar"],
                .nutrient(.saturatedFat): ["saturated fat (g)", "saturated fat"], .nutrient(.sodium): ["sodium (mg)"],
            ],
            legacyIDs: true),
        // MyFitnessPal's data export, "Meal Level Nutrition Details" (Nutrition-Summary-….csv):
        // MyFitnessPal's help page on exporting (support.myfitnesspal.com, article 360032273352)
        // says it is nutrition summarized by meal; the header, as parsers of real exports check
        // it: Date, Meal, [Time,] Calories, Fat (g), Saturated Fat, Polyunsaturated Fat,
        // Monounsaturated Fat, Trans Fat, Cholesterol, Sodium (mg), Potassium, Carbohydrates (g),
        // Fiber, Sugar, Protein (g), Vitamin A, Vitamin C, Calcium, Iron, Note. No food names: one
        // entry per row, named after the meal. Vitamin A, Vitamin C, Calcium and Iron are % of the
        // daily value, not amounts, and are not read. Meal names can be the user's own
        // ("Post-Workout").
        TrackerFormat(
            name: "MyFitnessPal nutrition CSV",
            needs: [["date"], ["meal"], ["calories"], ["fat (g)"], ["carbohydrates (g)"], ["protein (g)"]],
            columns: [
                .date: ["date"], .meal: ["meal"], .time: ["time"], .kcal: ["calories"], .nutrient(.fat): ["fat (g)"],
                .nutrient(.saturatedFat): ["saturated fat"], .nutrient(.sodium): ["sodium (mg)"],
                .nutrient(.carbs): ["carbohydrates (g)"],
                .nutrient(.fiber): ["fiber"], .nutrient(.sugars): ["sugar"], .nutrient(.protein): ["protein (g)"],
            ],
            perMealName: "MyFitnessPal", noteColumn: "note"),
    ]

    /// MyFitnessPal's printable diary, once `PrintableDiary` has made rows of its food tables
    /// (recognised by its HTML, not by headers: see `PrintableDiary`). The food cell holds the
    /// name and the amount as one ("Baked Cod - Baked Cod, 4.8 oz"): kept whole as the name.
    static let printableDiary = TrackerFormat(
        name: "MyFitnessPal printable diary",
        needs: [],
        columns: [
            .date: ["date"], .meal: ["meal"], .food: ["foods"], .kcal: ["calories"], .nutrient(.carbs): ["carbs"],
            .nutrient(.fat): ["fat"],
            .nutrient(.protein): ["protein"], .nutrient(.sodium): ["sodium"], .nutrient(.sugars): ["sugars"],
            .nutrient(.fiber): ["fiber"],
            .nutrient(.saturatedFat): ["sat fat", "saturated fat"],
        ])

    /// The format a `--map` describes, checked against the file's headers.
    static func mapped(_ map: ColumnMap, names: [String]) throws(Exchange.ReadError) -> TrackerFormat {
        var columns: [ImportField: [String]] = [:]
        for field in ImportField.allCases {
            guard let header = map.columns[field] else { continue }
            let name = header.trimmed.lowercased()
            guard names.contains(name) else {
                throw Exchange.ReadError(
                    line: 1,
                    message: "the file has no column '\(header)' (for \(field.rawValue)); its columns are "
                        + names.map { "'\($0)'" }.joined(separator: ", "))
            }
            columns[field] = [name]
        }
        return TrackerFormat(name: "CSV mapped by --map", needs: [], columns: columns)
    }
}

extension Exchange {
    /// A tracker's rows as entries: each row a food entry with its calories and nutrients as the
    /// file gives them (never a value it does not give), and an id made from the row's content,
    /// so that importing the file again adds nothing. Rows that make no entry are skipped with
    /// their line and the reason. One at a time, so that a large file is imported without all
    /// its entries in memory at once.
    struct TrackerRows {
        private var rows: any RowSource
        private let format: TrackerFormat
        private var index: [ImportField: Int] = [:]
        private let deleted: Int?
        private let note: Int?
        private let latest: CivilDate
        /// How many rows so far had each content, for the ids of rows that are the same.
        private var seen: [String: Int] = [:]
        private var made = 0
        /// Rows that made no entry so far, in file order.
        private(set) var skipped: [SkippedRow] = []

        init(_ rows: some RowSource, names: [String], format: TrackerFormat, now: LocalMoment) {
            self.rows = rows
            self.format = format
            for (field, candidates) in format.columns {
                index[field] = candidates.lazy.compactMap { names.firstIndex(of: $0) }.first
            }
            deleted = format.deletedColumn.flatMap { names.firstIndex(of: $0) }
            note = format.noteColumn.flatMap { names.firstIndex(of: $0) }
            latest = CivilDate.latestDay(today: now.date)
        }

        /// The next entry, or nil at the end.
        ///
        /// - Throws: `ReadError` for a row the reader cannot read, or at the end when no row
        ///   made an entry (naming the first row skipped).
        /// The line the last row read starts on.
        private(set) var line = 1

        mutating func next() throws(ReadError) -> Entry? {
            while let row = try rows.next() {
                line = row.line
                if let deleted, deleted < row.fields.count, row.fields[deleted].trimmed.lowercased() == "true" {
                    skipped.append(SkippedRow(line: row.line, reason: .deleted))
                    continue
                }
                do throws(SkipReason) {
                    let entry = try entry(row)
                    made += 1
                    return entry
                } catch {
                    skipped.append(SkippedRow(line: row.line, reason: error))
                }
            }
            if made == 0, let first = skipped.first {
                let others = skipped.count > 1 ? " (and \(skipped.count - 1) more rows like it or worse)" : ""
                throw ReadError(line: first.line, message: "no row makes an entry: \(first.reason.message)\(others)")
            }
            return nil
        }

        private mutating func entry(_ row: CSVReader.Row) throws(SkipReason) -> Entry {
            func value(_ field: ImportField) -> String {
                guard let column = index[field], column < row.fields.count else { return "" }
                return row.fields[column].trimmed
            }
            let dateText = value(.date)
            guard let day = Exchange.importDate(dateText) else { throw .notADate(dateText) }
            guard day >= CivilDate.earliestDay, day <= latest else { throw .dateOutOfRange(dateText) }
            let mealText = value(.meal)
            if format.exerciseWords.contains(mealText.lowercased()) { throw .exercise }
            let name =
                format.perMealName.map { "\($0) \(mealText.isEmpty ? "meal" : mealText.lowercased())" }
                ?? value(.food)
            guard !name.isEmpty else { throw .noFood }
            func number(_ field: ImportField, _ column: String) throws(SkipReason) -> Double? {
                try Exchange.importNumber(value(field), column: column)
            }
            guard let kcal = try number(.kcal, "calories") else { throw .noCalories }
            if kcal < 0 { throw .exercise }
            let time = Exchange.importTime(value(.time))
            let meal = MealWords.meal(for: mealText.lowercased()) ?? time.map(Exchange.mealAt) ?? .snack
            var (quantity, unit) = Exchange.importAmount(value(.amount))
            if !value(.unit).isEmpty { unit = value(.unit) }
            var content = [day.description, mealText.lowercased(), name, value(.kcal)]
            if !format.legacyIDs { content += [value(.time), value(.amount), value(.unit)] }
            let key = content.joined(separator: "\u{1F}")
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            // The note goes after the name, not into the id: a file imported before notes were
            // kept adds nothing when imported again.
            var shownName = name
            if let note, note < row.fields.count {
                let text = row.fields[note].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !text.isEmpty { shownName += " (\(text))" }
            }
            // Read in the order a refused row has always named its first bad number by.
            var nutrients = Nutrients()
            for nutrient in Nutrient.others + Nutrient.macros {
                nutrients[nutrient] = try number(.nutrient(nutrient), nutrient.name)
            }
            return Entry(
                id: Exchange.stableID(key + "\u{1F}\(occurrence)"), date: day.description,
                time: time ?? Exchange.mealTime(meal), meal: meal, food: shownName, quantity: quantity ?? 1,
                unit: unit ?? "serving", portion: Exchange.importedPortion(quantity, unit),
                grams: unit.map { $0.lowercased() == "g" } == true ? quantity : nil,
                // A number past what rounding can hold is kept as it is, for the import to refuse.
                kcal: kcal.magnitude < 1e12 ? Format.rounded(kcal, places: 1) : kcal,
                text: "\(shownName) \(Format.number(kcal)) kcal", nutrients: nutrients)
        }
    }

    /// The amount a file gave, as an entry shows it (`58 g`, `6 ounces`); empty when it gave none.
    static func importedPortion(_ quantity: Double?, _ unit: String?) -> String {
        guard let quantity else { return unit ?? "" }
        return [Format.number(quantity), unit ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// A day as trackers write it: `2026-11-22`, `2016-9-26` (Cronometer does not pad),
    /// `11/22/2026` (month first, as US apps write it; a two-digit year is 20YY), `22.11.2026`
    /// (day first) or `2026/11/22`.
    static func importDate(_ text: String) -> CivilDate? {
        if let date = CivilDate(text) { return date }
        for separator: Character in ["/", ".", "-"] {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false).compactMap { Int($0) }
            guard parts.count == 3, text.split(separator: separator).count == 3 else { continue }
            if parts[0] >= 1000 { return CivilDate(year: parts[0], month: parts[1], day: parts[2]) }
            let year = parts[2] < 100 ? 2000 + parts[2] : parts[2]
            return separator == "/"
                ? CivilDate(year: year, month: parts[0], day: parts[1])
                : CivilDate(year: year, month: parts[1], day: parts[0])
        }
        return nil
    }

    /// A time of day: `08:14`, `8:05 AM`, `10:20 PM`, as `HH:mm`; nil when empty or unreadable.
    static func importTime(_ text: String) -> String? {
        var words = text.uppercased().split(separator: " ")
        guard let first = words.first else { return nil }
        var half: String?
        if words.count == 2, words[1] == "AM" || words[1] == "PM" {
            half = String(words[1])
            words.removeLast()
        } else if first.hasSuffix("AM") || first.hasSuffix("PM") {
            half = String(first.suffix(2))
            words[0] = first.dropLast(2)
        }
        guard words.count == 1 else { return nil }
        let parts = words[0].split(separator: ":")
        guard parts.count >= 2, var hour = Int(parts[0]), let minute = Int(parts[1]), (0..<60).contains(minute)
        else { return nil }
        if let half {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (half == "PM" ? 12 : 0)
        }
        guard (0..<24).contains(hour) else { return nil }
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The meal a time of day suggests, for a row whose meal is none of ours ("Uncategorized").
    static func mealAt(_ time: String) -> Meal {
        let hour = Int(time.prefix(2)) ?? 12
        switch hour {
        case 4..<11: return .breakfast
        case 11..<15: return .lunch
        case 17..<22: return .dinner
        default: return .snack
        }
    }

    /// An amount as Cronometer writes it, `1.00 cup`, or a number alone: the quantity and the
    /// unit; nils for what is not there.
    static func importAmount(_ text: String) -> (Double?, String?) {
        guard !text.isEmpty else { return (nil, nil) }
        let parts = text.split(separator: " ", maxSplits: 1)
        guard let quantity = Double(String(parts[0]).replacingAll(",", with: "")), quantity.isFinite, quantity > 0
        else { return (nil, text) }
        return (quantity, parts.count > 1 ? String(parts[1]).trimmed : nil)
    }

    /// A number a tracker wrote: thousands separators dropped (`1,656`); nil when unknown
    /// (empty, `n/a`, `--`, `-`).
    ///
    /// - Throws: `SkipReason.notANumber` for anything else.
    static func importNumber(_ text: String, column: String) throws(SkipReason) -> Double? {
        let lowered = text.lowercased()
        if lowered.isEmpty || lowered == "n/a" || lowered == "na" || lowered == "--" || lowered == "-" { return nil }
        guard let number = Double(text.replacingAll(",", with: "")), number.isFinite else {
            throw .notANumber(column: column, text: text)
        }
        if column != "calories", number < 0 { throw .notANumber(column: column, text: text) }
        return number
    }
}
