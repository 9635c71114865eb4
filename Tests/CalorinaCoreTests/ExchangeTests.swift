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

/// `export` and `import`: our CSV and JSON round-trip field by field, importing twice adds
/// nothing, a food diary imports, and an import is one undoable change.
@Suite struct ExchangeTests {
    /// Every entry of every month, store by store.
    static func journal(_ store: JournalStore) throws -> [String: [Entry]] {
        var months: [String: [Entry]] = [:]
        for month in try store.storedMonths() { months[month] = try store.entries(inMonth: month) }
        return months
    }

    static func emptySession(_ base: URL, options: Session.Options = Session.Options()) throws -> Session {
        try TestSession.session(
            on: base.appendingPathComponent("empty-\(UUID().uuidString)"), options, at: HistoryFixture.moment)
    }

    /// A file larger than one batch (`Session.importBatch`) is saved a batch at a time: an id
    /// seen in an earlier batch is still left out (also in a dry run, which saves nothing), and a
    /// bad row late in the file stops the import before any batch is saved.
    @Test func aLargeFileIsImportedInBatchesAndAllOrNothing() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "calorina-batches-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let rowCount = 2 * Session.importBatch + 500
        func rows(badAt bad: Int?) -> String {
            var text = "date,time,kind,meal,food,quantity,unit,grams,kcal,protein,carbs,fat,id\n"
            for row in 0..<rowCount {
                // The last row repeats a row two batches earlier, the tenth.
                let repeated = row == rowCount - 1 ? 10 : row
                let day = CivilDate(year: 2026, month: 1, day: 1)!.adding(days: repeated / 20)
                let date = row == bad ? "2026-02-30" : day.description
                let id = "row-\(repeated)"
                text += "\(date),08:00,food,breakfast,Oats,1,cup,,150,5,27,3,\(id)\n"
            }
            return text
        }
        let good = base.appendingPathComponent("good.csv")
        let bad = base.appendingPathComponent("bad.csv")
        try rows(badAt: nil).write(to: good, atomically: true, encoding: .utf8)
        try rows(badAt: rowCount - 100).write(to: bad, atomically: true, encoding: .utf8)

        let refused = try Self.emptySession(base)
        guard case .failed(let failure) = refused.handle("import \(bad.path)") else {
            Issue.record("a bad row should stop the import")
            return
        }
        #expect(Renderer().text(.failed(failure)).stderr.contains("bad.csv:\(rowCount - 98):"))
        #expect(try refused.store.storedMonths().isEmpty)

        let dry = try Self.emptySession(base, options: Session.Options(dryRun: true))
        guard case .imported(let preview) = dry.handle("import \(good.path)") else {
            Issue.record("dry run failed")
            return
        }
        #expect(preview.added == rowCount - 1 && preview.skipped == 1)

        let session = try Self.emptySession(base)
        guard case .imported(let report) = session.handle("import \(good.path)") else {
            Issue.record("import failed")
            return
        }
        #expect(report.added == rowCount - 1 && report.skipped == 1)
        #expect(
            report.first == "2026-01-01"
                && report.last == CivilDate(year: 2026, month: 1, day: 1)!.adding(days: (rowCount - 2) / 20).description
        )
        var stored = 0
        for month in try session.store.storedMonths() { stored += try session.store.entries(inMonth: month).count }
        #expect(stored == rowCount - 1)
        guard case .undone(let undone) = session.handle("undo") else {
            Issue.record("undo failed")
            return
        }
        #expect(undone.removed.count == rowCount - 1)
    }

    /// An export to a file is written a month at a time (issue 15); it is byte for byte what the
    /// same export prints whole, and a backup what `Backup.encoded()` writes.
    @Test(arguments: ["csv", "json", "all"])
    func anExportWrittenAMonthAtATimeIsTheWholeOne(_ format: String) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        guard case .exported(let whole) = session.handle("export \(format)") else {
            Issue.record("export \(format) failed")
            return
        }
        let file = fixture.base.appendingPathComponent("export.\(format)")
        guard case .exported(let streamed) = session.handle("export \(format) to \(file.path)") else {
            Issue.record("export \(format) to a file failed")
            return
        }
        #expect(whole.count > 1000 && streamed.count == whole.count)
        #expect(streamed.first == whole.first && streamed.last == whole.last)
        #expect(try String(contentsOf: file, encoding: .utf8) == whole.text)

        // Nothing at all: the empty list as JSON writes it.
        let empty = try Self.emptySession(fixture.base)
        let exportedNone = empty.handle("export \(format)")
        guard case .exported(let none) = exportedNone else {
            Issue.record("export \(format) of nothing failed: \(exportedNone)")
            return
        }
        _ = empty.handle("export \(format) to \(file.path)")
        #expect(try String(contentsOf: file, encoding: .utf8) == none.text)
    }

    @Test(arguments: ["csv", "json"])
    func exportThenImportGivesTheSameJournal(_ format: String) throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let source = try fixture.session()
        let file = fixture.base.appendingPathComponent("export.\(format)").path
        guard case .exported(let report) = source.handle("export \(format) to \(file)") else {
            Issue.record("export failed")
            return
        }
        #expect(report.file == file)
        #expect(report.count > 1000)

        let target = try Self.emptySession(fixture.base)
        guard case .imported(let first) = target.handle("import \(file)") else {
            Issue.record("import failed")
            return
        }
        #expect(first.added == report.count)
        let expected = try Self.journal(source.store)
        let actual = try Self.journal(target.store)
        #expect(Array(actual.keys).sorted() == Array(expected.keys).sorted())
        for (month, entries) in expected {
            let imported = actual[month] ?? []
            #expect(imported.count == entries.count, "\(month)")
            for (a, b) in zip(entries, imported) where a != b {
                Issue.record("\(month): \(a) != \(b)")
                break
            }
        }

        guard case .imported(let second) = target.handle("import \(file)") else {
            Issue.record("second import failed")
            return
        }
        #expect(second.added == 0)
        #expect(second.skipped == report.count)
        #expect(try Self.journal(target.store) == expected)
    }

    @Test func exportToStandardOutputAndByDays() throws {
        let fixture = try HistoryFixture()
        defer { fixture.remove() }
        let session = try fixture.session()
        let output = Renderer().text(session.handle("export csv 2026-11-20 2026-11-21"))
        let lines = output.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == Exchange.csvColumns.joined(separator: ","))
        let days = Set(lines.dropFirst().map { String($0.prefix(10)) })
        #expect(days.isSubset(of: ["2026-11-20", "2026-11-21"]))
        #expect(!days.isEmpty)
        // Quoting: a food with a comma and quotes.
        #expect(output.stdout.contains("\"Toast, \"\"white\"\"\""))
        guard case .failed = session.handle("export csv today yesterday") else {
            Issue.record("a range backwards should fail")
            return
        }
        guard case .failed = session.handle("export") else {
            Issue.record("export without a format should fail")
            return
        }
    }

    @Test func aFoodDiaryImportsOnceAndUndoes() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-diary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let diary = base.appendingPathComponent("diary.csv")
        let rows = [
            "\u{FEFF}Date,Meal,Food Name,Calories,Fat (g),Protein (g),Carbohydrates (g)",
            #"2026-11-20,Breakfast,"Oats, rolled",150,3,5,27"#,
            #"2026-11-20,Breakfast,"Oats, rolled",150,3,5,27"#,
            "2026-11-20,Lunch,Chicken salad,420,20,35,12",
            #"11/21/2026,Dinner,"Pizza ""margherita""","1,050",30,32,90"#,
            "2026-11-21,Snacks,Apple,95,,,",
        ]
        try (rows.joined(separator: "\r\n") + "\r\n").write(to: diary, atomically: true, encoding: .utf8)

        let dry = try Self.emptySession(base, options: Session.Options(dryRun: true))
        guard case .imported(let preview) = dry.handle("import \(diary.path)") else {
            Issue.record("dry run failed")
            return
        }
        #expect(preview.added == 5)
        #expect(try dry.store.storedMonths().isEmpty)

        let session = try Self.emptySession(base)
        guard case .imported(let report) = session.handle("import \(diary.path)") else {
            Issue.record("import failed")
            return
        }
        #expect(report.format == "food diary CSV")
        #expect(report.added == 5)
        let day = try session.store.entries(on: "2026-11-21")
        #expect(day.map(\.food) == ["Apple", "Pizza \"margherita\""])
        #expect(day.map(\.kcal) == [95, 1050])
        #expect(day.map(\.meal) == [.snack, .dinner])
        #expect(try session.store.entries(on: "2026-11-20").first?.nutrients[.protein] == 5)

        guard case .imported(let again) = session.handle("import \(diary.path)") else {
            Issue.record("second import failed")
            return
        }
        #expect(again.added == 0)
        #expect(again.skipped == 5)

        guard case .undone(let undone) = session.handle("undo") else {
            Issue.record("undo failed")
            return
        }
        #expect(undone.removed.count == 5)
        #expect(try session.store.entries(inMonth: "2026-11").isEmpty)
    }

    @Test func unreadableRowsAreSkippedAndAFileOfNoneImportsNothing() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let bad = base.appendingPathComponent("bad.csv")
        try "Date,Meal,Food Name,Calories\n2026-11-20,Lunch,Soup,120\n2026-13-01,Lunch,Soup,120\n".write(
            to: bad, atomically: true, encoding: .utf8)
        let session = try Self.emptySession(base)
        guard case .imported(let report) = session.handle("import \(bad.path)") else {
            Issue.record("one good row should import")
            return
        }
        #expect(report.added == 1)
        #expect(try session.store.entries(inMonth: "2026-11").map(\.food) == ["Soup"])
        #expect(report.rowsSkipped == [SkippedRow(line: 3, reason: .notADate("2026-13-01"))])

        let none = base.appendingPathComponent("none.csv")
        try "Date,Meal,Food Name,Calories\n2026-13-01,Lunch,Soup,120\n2026-11-20,Lunch,Soup,\n".write(
            to: none, atomically: true, encoding: .utf8)
        let empty = try Self.emptySession(base)
        guard case .failed(let failure) = empty.handle("import \(none.path)") else {
            Issue.record("a file with no row that makes an entry should fail")
            return
        }
        #expect(
            failure.problems.first?.message.hasPrefix(
                "\(none.path):2: no row makes an entry: '2026-13-01' is not a date")
                == true)
        #expect(try empty.store.storedMonths().isEmpty)
        guard case .failed = session.handle("import \(base.appendingPathComponent("missing.csv").path)") else {
            Issue.record("a missing file should fail")
            return
        }
    }
}
