import CalorinaSupport

/// MyFitnessPal's printable food diary report (Reports → Printable Diary, saved from the browser
/// as a web page), turned into rows of a table that `Exchange.readTracker` reads.
///
/// The layout, as the page saved in leaherb/myfitnesspal-diary-parser (data/demo_diary.htm,
/// "saved from url=https://www.myfitnesspal.com/reports/printable_diary") has it: for each day an
/// `<h2 class="main-title-2" id="date">January 1, 2019</h2>`, then a `<table … id="food">` whose
/// `<thead>` row names the columns (Foods, Calories, Carbs, Fat, Protein, Cholest, Sodium, Sugars,
/// Fiber: the ones the person chose to show), whose `<tbody>` has a `<tr class="title">` row per
/// meal (Breakfast, Lunch, Dinner, Snacks, or the person's own names) followed by a row per food
/// ("Baked Cod - Baked Cod, 4.8 oz", 166, 1g, 5g, 28g, 59mg, 552mg, 0g, 0g; "--g" for unknown,
/// "3,436mg" with a separator), and whose `<tfoot>` holds the day's TOTAL. The exercise table
/// (`id="excercise"`) and the notes are not food and are left alone.
enum PrintableDiary {
    /// True when the text is such a page: it has a food table and a date heading.
    static func recognises(_ text: String) -> Bool {
        text.contains("id=\"food\"") && text.contains("id=\"date\"") && text.contains("<thead")
    }

    /// The header of the rows made: the date, the meal, then the food table's own columns
    /// (lowercased, `Foods` as is).
    struct Table {
        var names: [String]
        var rows: [CSVReader.Row]
    }

    /// The page's food rows, each with its line in the page, its day (`YYYY-MM-DD`, or the
    /// heading's text when it is no date) and its meal, the cells' units ("g", "mg") dropped.
    static func table(_ text: String) -> Table {
        var names: [String] = []
        var rows: [CSVReader.Row] = []
        var day = ""
        var meal = ""
        var line = 1
        var inFood = false
        var section = ""
        var rowClass: String?
        var cells: [String] = []
        var rowLine = 1
        var cell: String?
        var heading: String?
        var scalars = Substring(text)
        while let lt = scalars.firstIndex(of: "<") {
            let before = scalars[..<lt]
            line += before.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) }
            cell = cell.map { $0 + before }
            heading = heading.map { $0 + before }
            guard let gt = scalars[lt...].firstIndex(of: ">") else { break }
            let tag = scalars[scalars.index(after: lt)..<gt]
            line += tag.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) }
            scalars = scalars[scalars.index(after: gt)...]
            let closing = tag.first == "/"
            let name =
                (closing ? "/" : "")
                + (closing ? tag.dropFirst() : tag).prefix { $0.isLetter || $0.isNumber }.lowercased()
            switch name {
            case "h2" where tag.contains("id=\"date\""): heading = ""
            case "/h2":
                if let text = heading { day = isoDay(decoded(text)) ?? decoded(text) }
                heading = nil
            case "table": inFood = tag.contains("id=\"food\"")
            case "/table": inFood = false
            case "thead", "tbody", "tfoot": section = name
            case "tr" where inFood:
                rowClass = attribute("class", in: tag)
                cells = []
                rowLine = line
            case "td" where inFood: cell = ""
            case "/td" where inFood:
                cells.append(decoded(cell ?? ""))
                cell = nil
            case "/tr" where inFood:
                defer { rowClass = nil }
                if section == "thead" {
                    names = ["date", "meal"] + cells.map { $0.lowercased() }
                } else if section == "tbody", rowClass == "title" {
                    meal = cells.first ?? ""
                } else if section == "tbody", !cells.isEmpty {
                    let values = cells.enumerated().map { $0.offset == 0 ? $0.element : withoutUnit($0.element) }
                    rows.append(CSVReader.Row(line: rowLine, fields: [day, meal] + values))
                }
            default: break
            }
        }
        return Table(names: names, rows: rows)
    }

    /// `January 1, 2019` as `2019-01-01`.
    static func isoDay(_ text: String) -> String? {
        let words = text.replacingAll(",", with: " ").split(separator: " ")
        let months = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december",
        ]
        guard words.count == 3, let month = months.firstIndex(of: words[0].lowercased()),
            let day = Int(words[1]), let year = Int(words[2]),
            let date = CivilDate(year: year, month: month + 1, day: day)
        else { return nil }
        return date.description
    }

    /// `552mg` → `552`, `1,718mg` → `1,718`, `--g` → `--`: the number as the page wrote it.
    static func withoutUnit(_ text: String) -> String {
        for unit in ["mg", "g"] where text.hasSuffix(unit) { return String(text.dropLast(unit.count)) }
        return text
    }

    /// An attribute's value in a tag's text: `class="title"` → `title`.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        // The bytes after `name="`, found without Foundation's `range(of:)`.
        let key = Array((name + "=\"").utf8)
        let bytes = Array(tag.utf8)
        guard let start = (0...max(0, bytes.count - key.count)).first(where: { bytes[$0...].starts(with: key) })
        else { return nil }
        let rest = Substring(String(decoding: bytes[(start + key.count)...], as: UTF8.self))
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// Text between tags: entities decoded, white space run together, trimmed.
    static func decoded(_ text: Substring) -> String {
        var out = String(text)
        for (entity, character) in [
            ("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"),
            ("&amp;", "&"),
        ] where out.contains(entity) {
            out = out.replacingAll(entity, with: character)
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func decoded(_ text: String) -> String { decoded(Substring(text)) }
}
