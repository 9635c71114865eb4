import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaSupport

/// Issue 12, "Dates and names that make sense": days within a person's life, kept and read back
/// exactly; names as typed, in one normal form.
@Suite(.tags(.fast)) struct DatesAndNamesTests {
    // MARK: - Days

    /// Today in these tests is Sun 2026-11-22: days go from 1900-01-01 to 2027-11-22.
    @Test(arguments: [
        "1900-01-01", "1900-02-28", "1970-01-01", "1999-12-31", "2000-02-29", "2024-02-29", "2026-01-01",
        "2026-11-21", "2026-11-23", "2026-12-31", "2027-01-01", "2027-11-22",
    ])
    func aDayInRangeIsWrittenAndReadBackExactly(_ day: String) throws {
        try TestSession.with { session, folder throws in
            guard case .logged(let report) = session.handle("item q 10 kcal \(day)") else {
                Issue.record("'\(day)' was not logged: \(session.handle("item q 10 kcal \(day)"))")
                return
            }
            #expect(report.entries.map(\.date) == [day])
            let month = String(day.prefix(7))
            #expect(
                FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent("devices/local/journal/\(month).json").path))
            // Read back by another store, as another process would.
            let entries = try JournalStore(root: folder).entries(on: day)
            #expect(entries.map(\.food) == ["Item q"])
            #expect(try JournalStore(root: folder).entries(inMonth: month).map(\.date) == [day])
            guard case .day(let shown) = session.handle(day) else {
                Issue.record("'\(day)' is not shown")
                return
            }
            #expect(shown.entries.map(\.food) == ["Item q"])
            #expect(shown.showsYear == !day.hasPrefix("2026"))
            let text = Renderer().text(.day(shown)).stdout
            #expect(
                text.hasPrefix(
                    day.hasPrefix("2026") ? shown.totals.date.shortDisplay + " ·" : shown.totals.date.longDisplay))
            _ = session.handle("delete 1 \(day)")
            #expect(try JournalStore(root: folder).entries(on: day).isEmpty)
        }
    }

    @Test(arguments: [
        ("9999-12-31 a banana", 1, "9999-12-31"), ("1899-12-31 a banana", 1, "1899-12-31"),
        ("2027-11-23 a banana", 1, "2027-11-23"), ("a banana 2062-11-20", 10, "2062-11-20"),
        ("1970-01-01 a banana 3000-01-01", 21, "3000-01-01"), ("day 9999-12-31", 5, "9999-12-31"),
        ("9999-12-31", 1, "9999-12-31"), ("copy 1800-01-01", 6, "1800-01-01"),
        ("delete 1 9999-01-01", 10, "9999-01-01"), ("weight 80 9999-01-01", 11, "9999-01-01"),
        ("ran 30 min 2999-01-01", 12, "2999-01-01"), ("again 1000-01-01", 7, "1000-01-01"),
    ])
    func aDayFarFromTodayIsRefusedSayingTheRange(_ line: String, _ column: Int, _ text: String) throws {
        try TestSession.with { session, folder throws in
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' was not refused")
                return
            }
            let problem = try #require(failure.problems.first)
            #expect(problem.message == "'\(text)' is too far from today")
            #expect(problem.column == column)
            #expect(problem.hint == "days go from 1900-01-01 to 2027-11-22, a year from today")
            #expect(try JournalStore(root: folder).storedMonths().isEmpty, "'\(line)' wrote a month")
        }
    }

    @Test(arguments: [("2026-11-22", "2027-11-22"), ("2028-02-29", "2029-02-28"), ("2025-12-31", "2026-12-31")])
    func theLatestDayIsAYearFromToday(_ today: String, _ latest: String) {
        #expect(CivilDate.latestDay(today: CivilDate(today)!).description == latest)
        #expect(CivilDate.earliestDay.description == "1900-01-01")
    }

    // MARK: - Names

    /// A control character in a line is refused with its column: none ends up in a name.
    @Test(arguments: [
        ("banana\rburger 5 kcal", 7, "U+000D"), ("define x\ry = 5 kcal per bar", 9, "U+000D"),
        ("2 eggs\nand toast", 7, "U+000A"), ("burger\u{1B}[31m 650 kcal", 7, "U+001B"),
        ("alias o\u{7}j = orange juice", 8, "U+0007"), ("recipe b\u{0} = 2 eggs", 9, "U+0000"),
        ("item a\u{7F} 5 kcal", 7, "U+007F"), ("2 eggs\r\r3 eggs", 7, "U+000D"),
    ])
    func aControlCharacterIsRefusedWithItsColumn(_ line: String, _ column: Int, _ code: String) throws {
        try TestSession.with { session, folder throws in
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line.debugDescription)' was not refused")
                return
            }
            let problem = try #require(failure.problems.first)
            #expect(problem.message == "unexpected character \(code)")
            #expect(problem.column == column)
            #expect(problem.hint?.contains("control character") == true)
            #expect(try JournalStore(root: folder).storedMonths().isEmpty)
            #expect(try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load() == UserFoods())
        }
    }

    @Test(arguments: [
        ("item a 5 kcal\r", "Item a"), ("item a 5 kcal\r\n", "Item a"), ("item\ta 5 kcal", "Item a"),
        ("item\u{00A0}a 5 kcal", "Item a"), ("caf\u{65}\u{301} au lait 90 kcal", "Caf\u{E9} au lait"),
    ])
    func aNameIsKeptWithSpacesAndComposedAccents(_ line: String, _ name: String) throws {
        try TestSession.with { session, folder throws in
            guard case .logged(let report) = session.handle(line) else {
                Issue.record("'\(line.debugDescription)' was not logged")
                return
            }
            #expect(report.entries.map(\.food) == [name])
            #expect(Array(report.entries[0].food.unicodeScalars) == Array(name.unicodeScalars), "stored as NFC")
            let bytes = try Data(contentsOf: folder.appendingPathComponent("devices/local/journal/2026-11.json"))
            #expect(!bytes.contains(9), "a tab in the month file")
            #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains("\u{301}"))
        }
    }

    @Test func aDecomposedNameIsDefinedComposedAndFoundEitherWay() throws {
        try TestSession.with { session, folder throws in
            _ = session.handle("define cr\u{65}\u{300}me br\u{FB}l\u{E9}e = 300 kcal per pot")
            let stored = try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load().foods.map(\.name)
            #expect(stored.map { Array($0.unicodeScalars) } == [Array("cr\u{E8}me br\u{FB}l\u{E9}e".unicodeScalars)])
            for typed in ["cr\u{E8}me br\u{FB}l\u{E9}e", "cre\u{300}me bru\u{302}le\u{301}e"] {
                guard case .logged(let report) = session.handle("1 \(typed)") else {
                    Issue.record("'\(typed.debugDescription)' was not found")
                    continue
                }
                #expect(report.entries.map(\.kcal) == [300])
            }
            guard case .failed = session.handle("define cre\u{300}me br\u{FB}le\u{301}e = 1 kcal per pot") else {
                Issue.record("the same name, decomposed, was defined twice")
                return
            }
        }
    }
}
