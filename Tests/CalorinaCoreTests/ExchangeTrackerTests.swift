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
@testable import CalorinaUndo

/// `import` of other trackers' exports and of any CSV with a map: each format's file becomes the
/// entries it describes (calories, macros and the four nutrients where the file gives them, nil
/// where it does not), rows that make no entry are reported with their line and why, importing
/// again adds nothing, and `undo` takes the import back.
///
/// The files are written here from each format's public description (cited beside the format's
/// row in Sources/CalorinaExchange/Exchange+Trackers.swift); every value is made up.
@Suite struct ExchangeTrackerTests {
    /// What one entry should be.
    struct Expected: Equatable, CustomStringConvertible {
        var date: String
        var time: String
        var meal: Meal
        var food: String
        var kcal: Double
        var quantity: Double
        var unit: String
        var protein: Double?
        var carbs: Double?
        var fat: Double?
        var nutrients = Nutrients()

        init(_ entry: Entry) {
            self.init(
                entry.date, entry.time, entry.meal, entry.food, entry.kcal, entry.quantity, entry.unit,
                p: entry.nutrients[.protein], c: entry.nutrients[.carbs], f: entry.nutrients[.fat],
                n: entry.nutrients.others)
        }

        init(
            _ date: String, _ time: String, _ meal: Meal, _ food: String, _ kcal: Double, _ quantity: Double,
            _ unit: String, p: Double? = nil, c: Double? = nil, f: Double? = nil, n: Nutrients = Nutrients()
        ) {
            (self.date, self.time, self.meal, self.food, self.kcal) = (date, time, meal, food, kcal)
            (self.quantity, self.unit, protein, carbs, fat, nutrients) = (quantity, unit, p, c, f, n)
        }

        var description: String {
            "\(date) \(time) \(meal) \(food) \(kcal) kcal \(quantity) \(unit) p\(protein as Any) c\(carbs as Any) "
                + "f\(fat as Any) \(nutrients)"
        }
    }

    /// One file and what importing it gives.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var map: String? = nil
        var format: String
        var entries: [Expected]
        var skipped: [SkippedRow] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Cronometer servings",
            file: """
                Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g),Fiber (g),Sugars (g),Saturated (g),Sodium (mg),Potassium (mg),Category
                2026-10-02,8:30 AM,Breakfast,"Oats, Rolled, Dry",80.00 g,311,10.7,54.8,5.3,8.0,0.8,0.9,4,290,Cereal Grains
                2026-10-02,,Uncategorized,Banana,1.00 medium,105,1.3,27,0.4,3.1,14.4,0.1,1,422,Fruits
                2026-10-02,7:05 PM,Uncategorized,Lentil soup,1.50 cup,270,18,45,1.2,,,,,,Soups
                2026-10-02,12:40 PM,Lunch,Chicken Burrito Bowl,1.00 serving,625,42,58,22,,,,,,Restaurant Foods
                2026-10-03,7:10 PM,Dinner,Mystery stew,1.00 serving,,,,,,,,,,
                2026-10-03,7:10 PM,Dinner,Salt,1.00 g,0,0,0,0,0,0,0,lots,0,
                """,
            format: "Cronometer servings CSV",
            entries: [
                Expected(
                    "2026-10-02", "08:30", .breakfast, "Oats, Rolled, Dry", 311, 80, "g", p: 10.7, c: 54.8, f: 5.3,
                    n: Nutrients([.fiber: 8, .sugars: 0.8, .saturatedFat: 0.9, .sodium: 4])),
                Expected(
                    "2026-10-02", "15:30", .snack, "Banana", 105, 1, "medium", p: 1.3, c: 27, f: 0.4,
                    n: Nutrients([.fiber: 3.1, .sugars: 14.4, .saturatedFat: 0.1, .sodium: 1])),
                Expected("2026-10-02", "19:05", .dinner, "Lentil soup", 270, 1.5, "cup", p: 18, c: 45, f: 1.2),
                Expected("2026-10-02", "12:40", .lunch, "Chicken Burrito Bowl", 625, 1, "serving", p: 42, c: 58, f: 22),
            ],
            skipped: [
                SkippedRow(line: 6, reason: .noCalories),
                SkippedRow(line: 7, reason: .notANumber(column: "sodium", text: "lots")),
            ]),
        Case(
            name: "Lose It! food log",
            file: """
                Date,Name,Type,Quantity,Units,Calories,Deleted,Fat (g),Protein (g),Carbohydrates (g),Saturated Fat (g),Sugars (g),Fiber (g),Cholesterol (mg),Sodium (mg)
                01/02/2026,"Sandwich, Sub, Turkey",Lunch,1.5,Each,"1,156",false,32.50,78,124.50,9.50,n/a,7.50,168.50,"2,121"
                01/02/2026,Egg raw,Dinner,2.0,Servings,140,false,9.60,12.60,0.80,3.20,n/a,n/a,372,142
                01/02/2026,Running,Exercise,30,Minutes,-310,false,,,,,,,,
                01/03/2026,Cookie,Snacks,4.0,Servings,144,true,12,4,72,6,32,0,0,230
                1/3/26,Cookie,Snacks,2.0,Servings,72,false,6,2,36,3,16,0,0,115
                """,
            format: "Lose It! food log CSV",
            entries: [
                Expected(
                    "2026-01-02", "12:30", .lunch, "Sandwich, Sub, Turkey", 1156, 1.5, "Each", p: 78, c: 124.5, f: 32.5,
                    n: Nutrients([.fiber: 7.5, .sugars: nil, .saturatedFat: 9.5, .sodium: 2121])),
                Expected(
                    "2026-01-02", "19:00", .dinner, "Egg raw", 140, 2, "Servings", p: 12.6, c: 0.8, f: 9.6,
                    n: Nutrients([.fiber: nil, .sugars: nil, .saturatedFat: 3.2, .sodium: 142])),
                Expected(
                    "2026-01-03", "15:30", .snack, "Cookie", 72, 2, "Servings", p: 2, c: 36, f: 6,
                    n: Nutrients([.fiber: 0, .sugars: 16, .saturatedFat: 3, .sodium: 115])),
            ],
            skipped: [SkippedRow(line: 4, reason: .exercise), SkippedRow(line: 5, reason: .deleted)]),
        Case(
            name: "MyFitnessPal nutrition by meal",
            file: """
                \u{FEFF}Date,Meal,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,Sodium (mg),Potassium,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron,Note\r
                2026-09-28,Breakfast,550.0,15.0,4,1,2,0,30,400,300,60.0,8,10,45.0,10,20,15,8,\r
                2026-09-28,Dinner,"1,000.0",30.0,8,2,3,0,90,900,800,90.0,10,8,90.0,0,0,0,0,late meal\r
                2026-09-28,Post-Workout,180,2,,,,,,,,20,,,25,,,,,\r
                2026-09-29,Lunch,,,,,,,,,,,,,,,,,,\r
                """,
            format: "MyFitnessPal nutrition CSV",
            entries: [
                Expected(
                    "2026-09-28", "08:00", .breakfast, "MyFitnessPal breakfast", 550, 1, "serving", p: 45, c: 60, f: 15,
                    n: Nutrients([.fiber: 8, .sugars: 10, .saturatedFat: 4, .sodium: 400])),
                Expected(
                    "2026-09-28", "19:00", .dinner, "MyFitnessPal dinner (late meal)", 1000, 1, "serving", p: 90, c: 90,
                    f: 30,
                    n: Nutrients([.fiber: 10, .sugars: 8, .saturatedFat: 8, .sodium: 900])),
                Expected(
                    "2026-09-28", "15:30", .snack, "MyFitnessPal post-workout", 180, 1, "serving", p: 25, c: 20, f: 2),
            ],
            skipped: [SkippedRow(line: 5, reason: .noCalories)]),
        Case(
            name: "MyFitnessPal nutrition with times",
            file: """
                Date,Meal,Time,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,Sodium (mg),Potassium,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron
                2026-07-01,Breakfast,10:00 AM,40.0,0.6,0.0,0.0,0.0,0.0,0.0,0.0,0.0,5.8,0.0,0.0,1.8,0.0,0.0,0.0,0.0
                2026-07-01,Breakfast,10:00 AM,40.0,0.6,0.0,0.0,0.0,0.0,0.0,0.0,0.0,5.8,0.0,0.0,1.8,0.0,0.0,0.0,0.0
                2026-07-01,Dinner,,300,10,,,,,,,,30,,,20,,,,
                """,
            format: "MyFitnessPal nutrition CSV",
            entries: [
                Expected(
                    "2026-07-01", "10:00", .breakfast, "MyFitnessPal breakfast", 40, 1, "serving", p: 1.8, c: 5.8,
                    f: 0.6,
                    n: Nutrients([.fiber: 0, .sugars: 0, .saturatedFat: 0, .sodium: 0])),
                Expected(
                    "2026-07-01", "10:00", .breakfast, "MyFitnessPal breakfast", 40, 1, "serving", p: 1.8, c: 5.8,
                    f: 0.6,
                    n: Nutrients([.fiber: 0, .sugars: 0, .saturatedFat: 0, .sodium: 0])),
                Expected("2026-07-01", "19:00", .dinner, "MyFitnessPal dinner", 300, 1, "serving", p: 20, c: 30, f: 10),
            ]),
        Case(
            name: "MyFitnessPal printable diary",
            file: """
                <html><head><title>Printable Nutrition Report</title>
                <script>var a = 1 < 2;</script></head>
                <body class="printable" id="printable-diary">
                <h2 class="main-title-2" id="date">March 3, 2026</h2>
                <table class="table0" id="food" width="800">
                <thead><tr><td class="first">Foods</td><td>Calories</td><td>Carbs</td><td>Fat</td><td>Protein</td>
                <td>Cholest</td><td>Sodium</td><td>Sugars</td><td class="last">Fiber</td></tr></thead>
                <tbody>
                  <tr class="title"><td class="first last" colspan="9">Breakfast</td></tr>
                  <tr><td class="first">Porridge &amp; honey, 1 bowl</td><td>310</td><td>52g</td><td>6g</td>
                    <td>9g</td><td>5mg</td><td>1,120mg</td><td>18g</td><td class="last">5g</td></tr>
                  <tr class="title"><td class="first last" colspan="9">Supper</td></tr>
                  <tr><td class="first">Beef patty, 1 patty</td><td>320</td><td>0g</td><td>30g</td>
                    <td>26g</td><td>105mg</td><td>105mg</td><td>--g</td><td class="last">--g</td></tr>
                  <tr><td class="first">Mystery, 1 serving</td><td></td><td>1g</td><td>1g</td>
                    <td>1g</td><td>0mg</td><td>0mg</td><td>0g</td><td class="last">0g</td></tr>
                </tbody>
                <tfoot><tr><td class="first">TOTAL:</td><td>630</td><td>52g</td><td>36g</td><td>35g</td>
                <td>110mg</td><td>1,225mg</td><td>18g</td><td class="last">5g</td></tr></tfoot>
                </table>
                <table class="table0" id="excercise"><thead><tr><td class="first">Exercises</td><td>Calories</td></tr></thead>
                <tbody><tr><td class="first">Walking</td><td>124</td></tr></tbody></table>
                </body></html>
                """,
            format: "MyFitnessPal printable diary",
            entries: [
                Expected(
                    "2026-03-03", "08:00", .breakfast, "Porridge & honey, 1 bowl", 310, 1, "serving", p: 9, c: 52, f: 6,
                    n: Nutrients([.fiber: 5, .sugars: 18, .saturatedFat: nil, .sodium: 1120])),
                Expected(
                    "2026-03-03", "19:00", .dinner, "Beef patty, 1 patty", 320, 1, "serving", p: 26, c: 0, f: 30,
                    n: Nutrients([.fiber: nil, .sugars: nil, .saturatedFat: nil, .sodium: 105])),
            ],
            skipped: [SkippedRow(line: 15, reason: .noCalories)]),
        Case(
            name: "food diary",
            file: """
                Date,Meal,Food Name,Calories,Fat (g),Protein (g),Carbohydrates (g),Fiber,Sugar,Sodium (mg)
                2026-11-20,Breakfast,"Oats, rolled",150,3,5,27,4,1,2
                11/21/2026,Snacks,Apple,95,,,,,,
                2026-11-21,Lunch,,300,,,,,,
                """,
            format: "food diary CSV",
            entries: [
                Expected(
                    "2026-11-20", "08:00", .breakfast, "Oats, rolled", 150, 1, "serving", p: 5, c: 27, f: 3,
                    n: Nutrients([.fiber: 4, .sugars: 1, .saturatedFat: nil, .sodium: 2])),
                Expected("2026-11-21", "15:30", .snack, "Apple", 95, 1, "serving"),
            ],
            skipped: [SkippedRow(line: 4, reason: .noFood)]),
        Case(
            name: "a CSV with a map",
            file: """
                Datum,Zeit,Mahlzeit,Lebensmittel,Menge,Einheit,kcal,Eiweiss,Ballaststoffe,Natrium
                22.11.2026,07:45,Frühstück,Müsli,60,g,230,7,5,20
                23.11.2026,16:00,Zwischendurch,Apfel,1,Stück,52,0.3,2.4,1
                2026/11/21,12:15,lunch,Suppe,1,Teller,180,6,,
                31.11.2026,08:00,breakfast,Brot,1,Scheibe,80,3,,
                """,
            map: "date=Datum, time=Zeit, meal=Mahlzeit, food=Lebensmittel, amount=Menge, unit=Einheit, kcal=KCAL, "
                + "protein=Eiweiss, fibre=Ballaststoffe, sodium=Natrium",
            format: "CSV mapped by --map",
            entries: [
                Expected(
                    "2026-11-22", "07:45", .breakfast, "Müsli", 230, 60, "g", p: 7,
                    n: Nutrients([.fiber: 5, .sodium: 20])),
                Expected(
                    "2026-11-23", "16:00", .snack, "Apfel", 52, 1, "Stück", p: 0.3,
                    n: Nutrients([.fiber: 2.4, .sodium: 1])),
                Expected("2026-11-21", "12:15", .lunch, "Suppe", 180, 1, "Teller", p: 6),
            ],
            skipped: [SkippedRow(line: 5, reason: .notADate("31.11.2026"))]),
    ]

    /// 2026-11-24, the day the sessions of these tests are on.
    static let today = CivilDate(daysSinceEpoch: 20_781)

    static func folder() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "calorina-trackers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        return base
    }

    static func session(_ base: URL) throws -> Session {
        try TestSession.session(
            on: base.appendingPathComponent("data-\(UUID().uuidString)"),
            at: LocalMoment(date: Self.today, hour: 9, minute: 0))
    }

    /// The file → import → entries with the expected values; again → nothing added; undo → none.
    @Test(arguments: cases)
    func aFileImportsAsItsDescriptionSays(_ test: Case) throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("export.csv")
        try (test.file + "\n").write(to: file, atomically: true, encoding: .utf8)
        let session = try Self.session(base)
        let line = "import \(file.path)" + (test.map.map { " --map \"\($0)\"" } ?? "")
        let outcome = session.handle(line)
        guard case .imported(let report) = outcome else {
            Issue.record("\(test.name): \(outcome)")
            return
        }
        #expect(report.format == test.format)
        #expect(report.added == test.entries.count)
        #expect(report.rowsSkipped == test.skipped)
        var stored: [Entry] = []
        for month in try session.store.storedMonths() { stored += try session.store.entries(inMonth: month) }
        // The journal keeps entries by day and time, the file by row: compared in one order.
        func inOneOrder(_ entries: [Expected]) -> [Expected] { entries.sorted { "\($0)" < "\($1)" } }
        #expect(inOneOrder(stored.map(Expected.init)) == inOneOrder(test.entries))
        #expect(Set(stored.map(\.id)).count == test.entries.count, "ids are one per entry")

        guard case .imported(let again) = session.handle(line) else {
            Issue.record("\(test.name): the second import failed")
            return
        }
        #expect(again.added == 0)
        #expect(again.skipped == test.entries.count)

        guard case .undone = session.handle("undo") else {
            Issue.record("\(test.name): undo failed")
            return
        }
        for month in try session.store.storedMonths() { #expect(try session.store.entries(inMonth: month).isEmpty) }
    }

    /// An import's undo record holds the ids it added, not the entries; undo finds them, redo
    /// reads the file again (the same ids), and a redo after the file lost rows says so.
    @Test func anImportIsUndoneByItsIdsAndRedoneFromItsFile() throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("servings.csv")
        let rows = [
            "Day,Group,Food Name,Amount,Energy (kcal)", "2026-10-02,Breakfast,Oats,40.00 g,150",
            "2026-11-02,Lunch,Soup,1.00 bowl,220", "2026-11-02,Lunch,Soup,1.00 bowl,220",
        ]
        try rows.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let session = try Self.session(base)
        guard case .imported(let report) = session.handle("import \(file.path)") else {
            Issue.record("the import failed")
            return
        }
        let added = Set(
            try session.store.entries(inMonth: "2026-10").map(\.id)
                + session.store.entries(inMonth: "2026-11").map(\.id))
        #expect(report.added == 3 && added.count == 3)
        let record = try #require(session.memoryHistory.undo.last)
        #expect(record.undo == ChangeSet() && record.redo == ChangeSet())
        let imported = try #require(record.importedEntries)
        #expect(imported.count == 3)
        #expect(Set(imported.ids.keys) == ["2026-10", "2026-11"])
        #expect(Set(imported.ids.values.joined()) == added)

        guard case .undone(let undone) = session.handle("undo") else {
            Issue.record("undo failed")
            return
        }
        #expect(Set(undone.removed.map(\.id)) == added)
        #expect(try session.store.entries(inMonth: "2026-11").isEmpty)
        guard case .undone(let redone) = session.handle("redo") else {
            Issue.record("redo failed")
            return
        }
        #expect(Set(redone.restored.map(\.id)) == added)
        #expect(try session.store.entries(inMonth: "2026-11").map(\.food) == ["Soup", "Soup"])

        _ = session.handle("undo")
        try rows.dropLast().joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        guard case .failed(let failure) = session.handle("redo") else {
            Issue.record("a redo from a file that lost a row should fail")
            return
        }
        #expect(failure.problems.first?.message.contains("1 of its 3 entries are no longer in it") == true)
        #expect(try session.store.entries(inMonth: "2026-10").isEmpty)
    }

    /// `undo.json` is written in the oldest version that holds it: 3 only while an import's
    /// record of ids is in it, so that an older Calorina keeps reading it otherwise.
    @Test func undoJSONIsVersionThreeOnlyWhileItHoldsAnImportsIds() throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("servings.csv")
        try "Day,Group,Food Name,Amount,Energy (kcal)\n2026-11-02,Lunch,Soup,1.00 bowl,220\n".write(
            to: file, atomically: true, encoding: .utf8)
        let session = try TestSession.session(
            on: base.appendingPathComponent("data"),
            Session.Options(persistentUndo: true, undoOwner: "pid:1", undoTerminal: "/dev/pts/1"),
            at: LocalMoment(date: Self.today, hour: 9, minute: 0))
        func version() throws -> Int? {
            let data = try Data(contentsOf: URL(fileURLWithPath: session.undoHistory.path))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["version"] as? Int
        }
        _ = session.handle("2 eggs")
        #expect(try version() == 2)
        guard case .imported = session.handle("import \(file.path)") else {
            Issue.record("the import failed")
            return
        }
        #expect(try version() == 3)
        #expect(try session.undoHistory.load().undo.last?.importedEntries?.count == 1)
        guard case .undone = session.handle("undo") else {
            Issue.record("undo failed")
            return
        }
        #expect(try version() == 3, "the import's record is on the redo stack")
        _ = session.handle("1 banana")
        #expect(try version() == 2, "a new change empties the redo stack, and the ids go with it")
    }

    /// The reader of the food diary before the table of formats made ids from the date, the meal,
    /// the food and the calories as written: a file imported then must add nothing now.
    @Test func aFoodDiaryKeepsTheIdsItWasGivenBefore() throws {
        let text =
            "Date,Meal,Food Name,Calories\n2026-11-20,Lunch,Chicken salad,420\n2026-11-20,Lunch,Chicken salad,420\n"
        let result = try Exchange.read(
            bytes: Array(text.utf8), map: nil,
            now: LocalMoment(date: HistoryFixture.today, hour: 9, minute: 0))
        let content = ["2026-11-20", "lunch", "Chicken salad", "420"].joined(separator: "\u{1F}")
        #expect(
            result.entries.map(\.id) == [
                Exchange.stableID(content + "\u{1F}0"), Exchange.stableID(content + "\u{1F}1"),
            ])
    }

    /// Many rows skipped: the first five with their line and why, then a count by reason.
    @Test func manySkippedRowsAreCountedByReason() throws {
        var lines = ["Date,Name,Type,Quantity,Units,Calories", "01/05/2026,Toast,Breakfast,1,Slice,80"]
        for _ in 0..<6 { lines.append("01/05/2026,Walking,Exercise,30,Minutes,-120") }
        for _ in 0..<3 { lines.append("13/45/2026,Toast,Breakfast,1,Slice,80") }
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("loseit.csv")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let outcome = try Self.session(base).handle("import \(file.path)")
        guard case .imported(let report) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(report.rowsSkipped.count == 9)
        let text = Renderer(color: false).text(outcome).stdout
        #expect(text.contains("skipped 9 rows that make no entry:\n      line 3: exercise, not food\n"))
        #expect(text.contains("      … and 4 more; in all: 6 exercise, 3 not a date\n"))
        let json = Renderer.json(report).serialized()
        #expect(json.contains(#""rows_skipped":[{"line":3,"reason":"exercise, not food","kind":"exercise"}"#))
    }

    /// A map that names a column the file lacks says which, and lists the file's columns.
    @Test func aMapNamingNoColumnOfTheFileIsRefused() throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(at: base) }
        let file = base.appendingPathComponent("log.csv")
        try "Day,Food,Energy\n2026-11-20,Soup,120\n".write(to: file, atomically: true, encoding: .utf8)
        let session = try Self.session(base)
        guard case .failed(let failure) = session.handle("import \(file.path) --map \"date=Day,food=Food,kcal=kcal\"")
        else {
            Issue.record("a map naming a missing column should fail")
            return
        }
        #expect(
            failure.problems.first?.message
                == "\(file.path):1: the file has no column 'kcal' (for kcal); its columns are 'day', 'food', 'energy'")
        #expect(try session.store.storedMonths().isEmpty)
        guard case .failed(let unknown) = session.handle("import \(file.path)") else {
            Issue.record("a CSV of unknown columns should fail")
            return
        }
        #expect(unknown.problems.first?.message.contains("--map") == true)
    }

    /// The reader's edges: CR, LF and CRLF ends, quoted line breaks and quotes, a byte order mark,
    /// blank lines, a quote never closed.
    @Test func csvRecordsAreReadAsRFC4180Says() throws {
        var reader = CSVReader(Array("\u{FEFF}a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\r\n3,\rlast,".utf8))
        var rows: [[String]] = []
        var lines: [Int] = []
        while let row = try reader.next() {
            rows.append(row.fields)
            lines.append(row.line)
        }
        #expect(rows == [["a", "b"], ["x, \"y\"", "two\nlines"], ["3", ""], ["last", ""]])
        #expect(lines == [1, 2, 5, 6])
        var open = CSVReader(Array("a\n\"never closed\n".utf8))
        _ = try open.next()
        #expect(throws: Exchange.ReadError(line: 2, message: "a quoted field is never closed")) { try open.next() }
    }

    @Test(
        arguments: [
            ("2026-11-22", "2026-11-22"), ("11/22/2026", "2026-11-22"), ("1/2/26", "2026-01-02"),
            ("22.11.2026", "2026-11-22"), ("2026/11/22", "2026-11-22"), ("2026-02-30", nil), ("22/11/2026", nil),
            ("", nil), ("yesterday", nil), ("1.2", nil),
        ] as [(String, String?)])
    func datesAreReadInTheFormsTheREADMEGives(_ text: String, _ expected: String?) {
        #expect(Exchange.importDate(text)?.description == expected)
    }

    @Test(
        arguments: [
            ("08:14", "08:14"), ("8:05 AM", "08:05"), ("12:30 PM", "12:30"), ("12:10 AM", "00:10"),
            ("10:20 PM", "22:20"),
            ("7:00PM", "19:00"), ("", nil), ("25:00", nil), ("13:00 PM", nil), ("noon", nil),
        ] as [(String, String?)])
    func timesAreReadAs24Hours(_ text: String, _ expected: String?) {
        #expect(Exchange.importTime(text) == expected)
    }
}
