import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaExchange
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaSupport

/// Fibre, sugars, saturated fat and sodium (issue 13, part 1): the bundled table holds USDA's
/// values, entries keep them scaled as the macros are, `today` sums them (saying when a sum is
/// partial or unknown, never inventing a 0), `info` shows them, and export and import carry them.
@Suite struct NutrientsTests {
    // MARK: - USDA's files, read here rather than through the table

    /// RFC 4180 rows of a CSV file of the repository (quoted fields may hold commas and doubled
    /// quotes; none of USDA's holds a line break).
    static func csv(_ path: String) throws -> [[String: String]] {
        let text = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var fields: [String] = []
            var field = ""
            var quoted = false
            var characters = Substring(line)
            while let character = characters.popFirst() {
                if quoted {
                    if character == "\"" {
                        if characters.first == "\"" {
                            field.append("\"")
                            characters.removeFirst()
                        } else {
                            quoted = false
                        }
                    } else {
                        field.append(character)
                    }
                } else if character == "\"" {
                    quoted = true
                } else if character == "," {
                    fields.append(field)
                    field = ""
                } else {
                    field.append(character)
                }
            }
            fields.append(field)
            rows.append(fields)
        }
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    static let fnddsPath = "data/usda/2021-2023 FNDDS At A Glance - FNDDS Nutrient Values.csv"
    static let fnddsColumns = [
        "Fiber, total dietary (g)", "Sugars, total (g)", "Fatty acids, total saturated (g)", "Sodium (mg)",
    ]

    /// FNDDS's four per 100 g for each food code, from the CSV.
    static func fnddsNutrients() throws -> [Int: [Double]] {
        var values: [Int: [Double]] = [:]
        for row in try csv(fnddsPath) {
            guard let code = Int(row["Food code"] ?? "") else { continue }
            values[code] = fnddsColumns.map { Double(row[$0] ?? "") ?? .nan }
        }
        return values
    }

    /// The four of a table food, in the CSVs' order.
    static func values(_ nutrients: Nutrients) -> [Double?] {
        Nutrient.others.map { nutrients[$0] }
    }

    // MARK: - The table

    /// Every FNDDS food in the table has the CSV's four values per 100 g.
    @Test func everyFNDDSFoodHasTheCSVsValues() throws {
        let expected = try Self.fnddsNutrients()
        #expect(expected.count == 5_431)
        var checked = 0
        for (code, values) in expected {
            guard let food = FoodTable.bundled.food(code: code) else {
                Issue.record("\(code) is not in the table")
                continue
            }
            let actual = Self.values(food.nutrientsPer100g)
            for (column, (want, got)) in zip(Self.fnddsColumns, zip(values, actual)) {
                // Exactly the CSV's number, as Double(text) reads it.
                guard let got, got == want else {
                    Issue.record("\(code) \(food.name): \(column) is \(String(describing: got)), USDA says \(want)")
                    continue
                }
            }
            checked += 1
        }
        #expect(checked == 5_431)
    }

    /// Every bundled SR28 food has SR28's four values (fibre 291, sugars 269, sodium 307 from the
    /// core CSV, saturated fat 606 from its own CSV); a value SR28 leaves blank is nil, not 0.
    @Test func everySR28FoodHasItsValuesAndBlanksStayUnknown() throws {
        let saturated = Dictionary(
            uniqueKeysWithValues: try Self.csv("data/usda-sr28/sr28_saturated_fat_per100g.csv").map {
                ($0["ndb_no"] ?? "", $0["fasat_g_606"] ?? "")
            })
        var checked = 0
        var blanks = [0, 0, 0, 0]
        for row in try Self.csv("data/usda-sr28/sr28_foods_core_per100g.csv") {
            let ndb = row["ndb_no"] ?? ""
            // A dish group left out of the table.
            guard let code = Int(ndb), let food = FoodTable.bundled.food(code: code) else { continue }
            let texts = [row["fiber_g_291"], row["sugars_g_269"], saturated[ndb], row["sodium_mg_307"]]
            for (index, (text, got)) in zip(texts, Self.values(food.nutrientsPer100g)).enumerated() {
                if let text, let want = Double(text) {
                    #expect(got == want, "\(ndb) \(food.name) #\(index): \(String(describing: got)) ≠ \(want)")
                } else {
                    blanks[index] += 1
                    #expect(
                        got == nil,
                        "\(ndb) \(food.name) #\(index): SR28 has no value, the table \(String(describing: got))")
                }
            }
            checked += 1
        }
        #expect(checked == 7_660)
        // SR28 leaves many blank (for the foods of the bundled groups): the test meets each kind.
        #expect(blanks.allSatisfy { $0 > 0 }, "\(blanks)")
    }

    // MARK: - A day of five everyday foods

    struct Logged: Sendable, CustomTestStringConvertible {
        var line: String
        /// The USDA food code the line must log.
        var code: Int
        /// The grams USDA's portion weighs (FNDDS Portions and Weights).
        var grams: Double
        var testDescription: String { line }
    }

    /// Five everyday lines, the food each must be and the grams of USDA's portion:
    /// 63107010 Banana, raw: "1 banana" 126 g; 56202960 Oatmeal, NFS: "1 cup, cooked" 240 g;
    /// 31102000 Egg, whole, cooked, NS as to cooking method: "1 egg" 50 g (two); 11111000 Milk,
    /// whole: "1 cup" 244 g; 51300110 Bread, whole wheat: "1 medium or regular slice" 36 g.
    static let day = [
        Logged(line: "1 banana", code: 63_107_010, grams: 126),
        Logged(line: "1 cup oatmeal", code: 56_202_960, grams: 240),
        Logged(line: "2 eggs", code: 31_102_000, grams: 100),
        Logged(line: "1 cup whole milk", code: 11_111_000, grams: 244),
        Logged(line: "1 slice whole wheat bread", code: 51_300_110, grams: 36),
    ]

    /// `today` on the five foods: each sum is the USDA CSV's value × grams / 100 summed over the
    /// foods (fibre 8.382 g, sugars 33.830 g, saturated fat 10.626 g, sodium 636.92 mg), to the
    /// tenth each entry keeps, and the line shows it to the rounding it shows.
    @Test func aDayOfFiveEverydayFoodsSumsUSDAsValues() throws {
        let usda = try Self.fnddsNutrients()
        try TestSession.with { session, _ in
            var expected = [0.0, 0.0, 0.0, 0.0]
            for food in Self.day {
                guard case .logged(let report) = session.handle(food.line), let entry = report.entries.first else {
                    Issue.record("\(food.line) did not log")
                    continue
                }
                #expect(entry.code == food.code, "\(food.line)")
                #expect(entry.grams == food.grams, "\(food.line)")
                let per100g = try #require(usda[food.code])
                for index in 0..<4 { expected[index] += per100g[index] * food.grams / 100 }
            }
            guard case .day(let report) = session.handle("today") else {
                Issue.record("today did not show the day")
                return
            }
            let sums = report.totals.nutrients.all.map(\.sum)
            for (index, sum) in sums.enumerated() {
                // Each of the five entries keeps its value to a tenth: at most 0.05 off each.
                #expect(abs(sum.value - expected[index]) <= 0.25, "\(report.totals.nutrients.all[index].key)")
                #expect(sum.known == 5 && sum.unknown == 0)
            }
            let text = Renderer(color: false).text(.day(report)).stdout
            let line =
                "fibre \(Format.integer(expected[0])) g · sugars \(Format.integer(expected[1])) g · "
                + "sat fat \(Format.integer(expected[2])) g · sodium \(Format.integer(expected[3])) mg"
            #expect(line == "fibre 8 g · sugars 34 g · sat fat 11 g · sodium 637 mg")
            #expect(text.split(separator: "\n").first { $0.hasPrefix("fibre ") }.map(String.init) == line)
        }
    }

    /// Each entry's four are the food's per 100 g × its grams, to a tenth, as its protein is;
    /// the food as eaten, a count and a weight all scale the same way.
    @Test(arguments: [
        "1 banana", "2 bananas", "150 g banana", "3 cups whole milk", "1 cup oatmeal", "2 cups chopped kale",
    ])
    func anEntryScalesItsNutrientsAsItsMacros(_ line: String) throws {
        try TestSession.with { session, _ in
            guard case .logged(let report) = session.handle(line), let entry = report.entries.first,
                let code = entry.code, let grams = entry.grams, let food = FoodTable.bundled.food(code: code)
            else {
                Issue.record("\(line) did not log a table food")
                return
            }
            #expect(entry.nutrients[.protein] == Format.rounded(grams * food.proteinPer100g / 100, places: 1))
            for (got, per100g) in zip(Self.values(entry.nutrients), Self.values(food.nutrientsPer100g)) {
                #expect(got == per100g.map { Format.rounded(grams * $0 / 100, places: 1) }, "\(line)")
            }
            #expect(!entry.nutrients.isEmpty)
        }
    }

    // MARK: - Unknown is never 0

    /// Direct calories have none; an entry kept before nutrients were (no values in its month)
    /// makes the day's sums n/a, and beside a new one, "≥": never a 0 nobody measured.
    @Test func unknownNutrientsShowAsNAOrAtLeast() throws {
        try TestSession.with { session, _ in
            guard case .logged(let burger) = session.handle("burger 650 kcal"), let entry = burger.entries.first else {
                Issue.record("burger did not log")
                return
            }
            #expect(entry.nutrients.isEmpty)

            let old = Entry(
                id: "00000000000000aa", date: "2026-11-21", time: "08:00", meal: .breakfast, food: "Banana, raw",
                code: 63_107_010, quantity: 1, unit: "banana", portion: "1 banana (126 g)", grams: 126, kcal: 122.2,
                protein: 0.9, carbs: 28.6, fat: 0.4, text: "1 banana")
            try session.store.apply([.add(old)])
            guard case .day(let yesterday) = session.handle("yesterday") else {
                Issue.record("yesterday did not show")
                return
            }
            let renderer = Renderer(color: false)
            let lines = renderer.text(.day(yesterday)).stdout.split(separator: "\n").map(String.init)
            #expect(lines.first { $0.hasPrefix("fibre ") } == "fibre n/a · sugars n/a · sat fat n/a · sodium n/a")
            #expect(!lines.contains { $0.contains("fibre 0") })
            let json = renderer.json(.day(yesterday)) ?? ""
            #expect(
                json.contains(#""fiber":null,"sugars":null,"saturated_fat":null,"sodium":null,"nutrients_partial":[]"#))

            _ = session.handle("1 banana yesterday")
            guard case .day(let both) = session.handle("yesterday") else {
                Issue.record("yesterday did not show")
                return
            }
            let last = renderer.text(.day(both)).stdout.split(separator: "\n").first { $0.hasPrefix("fibre ") }
                .map(String.init)
            #expect(last == "fibre ≥ 2 g · sugars ≥ 20 g · sat fat ≥ 0 g · sodium ≥ 0 mg")
            #expect(both.totals.nutrients.sums[.fiber].known == 1 && both.totals.nutrients.sums[.fiber].unknown == 1)
            #expect(
                (renderer.json(.day(both)) ?? "").contains(
                    #""nutrients_partial":["fiber","sugars","saturated_fat","sodium"]"#))
        }
    }

    /// `edit N KCAL` puts the person's own calories in place of the table's: the table's
    /// nutrients go with its macros; a new amount scales them.
    @Test func editsKeepNutrientsHonest() throws {
        try TestSession.with { session, _ in
            _ = session.handle("1 slice whole wheat bread")
            _ = session.handle("edit 1 2")
            var entries = try session.entries(on: TestSession.morning.date)
            #expect(entries.first?.nutrients[.sodium] == 309.6)  // 430 mg per 100 g × 72 g
            _ = session.handle("edit 1 300 kcal")
            entries = try session.entries(on: TestSession.morning.date)
            #expect(entries.first?.nutrients.isEmpty == true)
            #expect(entries.first?.nutrients[.protein] == nil)
        }
    }

    // MARK: - Export and import

    /// Our CSV and JSON carry the four (empty or absent when unknown) and import them back as
    /// they were: a table food, direct calories and an entry from before nutrients were kept.
    @Test(arguments: ["csv", "json"])
    func exportAndImportCarryThem(_ format: String) throws {
        try TestSession.with { session, folder in
            _ = session.handle("1 banana, 2 eggs breakfast")
            _ = session.handle("burger 650 kcal lunch")
            _ = session.handle("1 tsp baking soda")
            var old = Entry(
                id: "00000000000000aa", date: "2026-11-21", time: "08:00", meal: .breakfast, food: "Banana, raw",
                code: 63_107_010, quantity: 1, unit: "banana", portion: "1 banana (126 g)", grams: 126, kcal: 122.2,
                protein: 0.9, carbs: 28.6, fat: 0.4, text: "1 banana")
            old.nutrients[.sugars] = 19.9  // one known, the others not
            try session.store.apply([.add(old)])
            // Beside the data folder: an export into it is refused.
            let file = folder.path + "-out.\(format)"
            defer { try? FileManager.default.removeItem(atPath: file) }
            guard case .exported = session.handle("export \(format) to \(file)") else {
                Issue.record("export failed")
                return
            }
            let text = try String(contentsOfFile: file, encoding: .utf8)
            if format == "csv" {
                #expect(text.hasPrefix(Exchange.csvColumns.joined(separator: ",") + "\r\n"))
                #expect(text.contains(",fiber,sugars,saturated_fat,sodium\r\n"))
                #expect(text.contains(",1 banana,,19.9,,\r\n"))
                #expect(text.contains(",burger 650 kcal lunch,,,,\r\n"))
            } else {
                #expect(text.contains(#""saturatedFat" : "#))
            }
            let base = folder.appendingPathComponent("other")
            let target = try TestSession.session(on: base)
            guard case .imported(let report) = target.handle("import \(file)") else {
                Issue.record("import failed")
                return
            }
            #expect(report.added == 5)
            // A CSV file has no column for the words a food was found by; JSON carries them.
            func withoutWords(_ journal: [String: [Entry]]) -> [String: [Entry]] {
                format == "csv"
                    ? journal.mapValues {
                        $0.map {
                            var entry = $0; entry.words = nil; return entry
                        }
                    } : journal
            }
            #expect(
                withoutWords(try ExchangeTests.journal(target.store))
                    == withoutWords(try ExchangeTests.journal(session.store)))
            let soda = try target.entries(on: TestSession.morning.date).first { $0.code == 18_372 }
            // SR28 #18372: 27,360 mg per 100 g, 1 tsp 4.6 g.
            #expect(soda?.nutrients[.sodium] == Format.rounded(27_360 * 4.6 / 100, places: 1))
        }
    }

    /// A CSV of ours from before these columns imports with the four unknown.
    @Test func anOlderCSVImportsWithThemUnknown() throws {
        let header = Exchange.csvColumns.prefix(16).joined(separator: ",")
        let row =
            "2026-11-20,08:00,food,breakfast,\"Banana, raw\",1,banana,126,122.2,0.9,28.6,0.4,00000000000000bb,63107010,1 banana (126 g),1 banana"
        let (entries, format) = try Exchange.read(header + "\r\n" + row + "\r\n", now: TestSession.morning)
        #expect(format == "Calorina CSV")
        #expect(entries.count == 1)
        #expect(entries.first?.nutrients.others.isEmpty == true)
        #expect(entries.first?.nutrients[.protein] == 0.9)
    }

    // MARK: - Golden views

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// `info banana` and `today` on the day of five foods, as text and as JSON, against files in
    /// `Golden/` (re-recorded with `CALORINA_RECORD=1`).
    @Test func viewsMatchGolden() throws {
        try TestSession.with { session, _ in
            for food in Self.day { _ = session.handle(food.line) }
            let renderer = Renderer(color: false)
            let outputs = [
                ("nutrients-info-banana.txt", renderer.text(session.handle("info banana")).stdout),
                ("nutrients-today.txt", renderer.text(session.handle("today")).stdout),
                ("nutrients-info-banana.json", (renderer.json(session.handle("info banana")) ?? "") + "\n"),
                // Entry ids are random: the JSON golden file holds a placeholder.
                (
                    "nutrients-today.json",
                    (renderer.json(session.handle("today")) ?? "").replacing(/"id":"[0-9a-f]{16}"/, with: #""id":"ID""#)
                        + "\n"
                ),
            ]
            for (file, output) in outputs {
                let url = Self.golden.appendingPathComponent(file)
                if TranscriptTests.isRecording {
                    try output.write(to: url, atomically: true, encoding: .utf8)
                    continue
                }
                let expected = try String(contentsOf: url, encoding: .utf8)
                if output != expected {
                    Issue.record(
                        Comment(
                            rawValue: file + "\n"
                                + Transcript.diff(
                                    expected: expected.split(separator: "\n", omittingEmptySubsequences: false).map(
                                        String.init),
                                    actual: output.split(separator: "\n", omittingEmptySubsequences: false).map(
                                        String.init))))
                }
            }
        }
    }
}
