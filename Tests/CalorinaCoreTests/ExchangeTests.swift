import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaRendering
@testable import CalorinaSession

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
        Session(
            store: try JournalStore(root: base.appendingPathComponent("empty-\(UUID().uuidString)")), options: options,
            clock: { HistoryFixture.moment })
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
        #expect(first.added.count == report.count)
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
        #expect(second.added.isEmpty)
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
        #expect(preview.added.count == 5)
        #expect(try dry.store.storedMonths().isEmpty)

        let session = try Self.emptySession(base)
        guard case .imported(let report) = session.handle("import \(diary.path)") else {
            Issue.record("import failed")
            return
        }
        #expect(report.format == "food diary CSV")
        #expect(report.added.count == 5)
        let day = try session.store.entries(on: "2026-11-21")
        #expect(day.map(\.food) == ["Apple", "Pizza \"margherita\""])
        #expect(day.map(\.kcal) == [95, 1050])
        #expect(day.map(\.meal) == [.snack, .dinner])
        #expect(try session.store.entries(on: "2026-11-20").first?.protein == 5)

        guard case .imported(let again) = session.handle("import \(diary.path)") else {
            Issue.record("second import failed")
            return
        }
        #expect(again.added.isEmpty)
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
        #expect(report.added.map(\.food) == ["Soup"])
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
            failure.problems.first?.message.hasPrefix("\(none.path):2: no row makes an entry: '2026-13-01' is not a date")
                == true)
        #expect(try empty.store.storedMonths().isEmpty)
        guard case .failed = session.handle("import \(base.appendingPathComponent("missing.csv").path)") else {
            Issue.record("a missing file should fail")
            return
        }
    }
}
