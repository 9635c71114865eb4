import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaExchange
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession
@testable import CalorinaSupport
@testable import CalorinaUndo

/// Issue 25, item 6: an export to the screen, a restore and an import of any size hold a month
/// or a piece of the file at a time, never all of it; a large import's ids go to a file of their
/// own, not into `undo.json`.
@Suite struct StreamingImportTests {
    @Test(arguments: ["csv", "json", "all"]) func anExportToTheScreenIsHandedOverAMonthAtATime(_ format: String) throws
    {
        try TestSession.with { session, _ in
            for line in ["a banana 2026-09-30", "2 eggs and toast 2026-10-01", "an apple", "water 500 ml"] {
                #expect(session.handle(line).succeeded, "\(line)")
            }
            #expect(session.handle("define flat bar = 200 kcal").succeeded)
            guard case .exported(let whole) = session.handle("export \(format)") else {
                Issue.record("no export")
                return
            }
            var pieces: [[UInt8]] = []
            session.screenOutput = { pieces.append($0) }
            guard case .exported(let streamed) = session.handle("export \(format)") else {
                Issue.record("no streamed export")
                return
            }
            #expect(streamed.text.isEmpty, "the text went to the screen, not into the report")
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == whole.text)
            // The head, one piece a month (three months), the list's end or nothing, the tail.
            #expect(pieces.count >= 5, "\(pieces.count) pieces")
            #expect(streamed.count == whole.count && streamed.first == "2026-09-30")
        }
    }

    @Test func aLargeImportKeepsItsIDsInAFileAndUndoAndRedoUseIt() throws {
        let rows = UndoHistory.listLimit + 100
        var csv = "Date,Meal,Food Name,Calories\n"
        for row in 0..<rows {
            csv += "2026-\(["09", "10", "11"][row % 3])-\(10 + row % 12),Lunch,\"soup, number \(row)\",\(100 + row)\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).csv")
        try Data(csv.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try TestSession.with(Session.Options(persistentUndo: true)) { session, folder in
            guard case .imported(let report) = session.handle("import \(file.path)") else {
                Issue.record("no import")
                return
            }
            #expect(report.added == rows)
            let idsFolder = folder.appendingPathComponent("devices/local").appendingPathComponent(ImportIDs.folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: idsFolder.path)
            #expect(names.count == 1 && names[0].hasSuffix(".ids"), "\(names)")
            let history = try DocumentStore<UndoHistory>(root: folder.appendingPathComponent("devices/local")).load()
            let record = try #require(history.undo.last?.importedEntries)
            #expect(record.idsFile == names.first && record.ids.isEmpty && record.count == rows)
            #expect(history.version == 5)
            let kept = try ImportIDs(root: folder.path + "/devices/local", disk: .system).read(
                try #require(names.first))
            #expect(kept.values.reduce(0) { $0 + $1.count } == rows)

            let store = try JournalStore(root: folder)
            func total() throws -> Int {
                try store.storedMonths().reduce(0) { $0 + (try store.entries(inMonth: $1).count) }
            }
            #expect(try total() == rows)
            #expect(session.handle("undo").succeeded)
            #expect(try total() == 0, "undo took back every entry the file named")
            #expect(session.handle("redo").succeeded)
            #expect(try total() == rows, "redo read the file again")
        }
    }

    @Test func idsFilesNoRecordNamesAreSweptOnceOld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ids-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let ids = ImportIDs(root: folder.path, disk: .system)
        for name in ["kept.ids", "old.ids", "new.ids"] { try ids.append([("2026-11", "abc")], to: name) }
        let hoursAgo = Date(timeIntervalSinceNow: -7_200)
        for name in ["kept.ids", "old.ids"] {
            try FileManager.default.setAttributes([.modificationDate: hoursAgo], ofItemAtPath: ids.path(of: name))
        }
        ids.sweep(keeping: ["kept.ids"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("undo").path)
        #expect(Set(left) == ["kept.ids", "new.ids"], "an old file no record names goes; a new one may be an import's")
    }

    @Test func aCSVReadInPiecesReadsAsTheWholeFileDoes() throws {
        // Over two pieces of `ByteFeed.pieceSize`, with quoted fields that hold commas and doubled
        // quotes, CRLF line ends and characters of two to four bytes, so that pieces end inside them.
        var csv = "\u{FEFF}Date,Meal,Food Name,Calories\r\n"
        var row = 0
        while csv.utf8.count < 2 * ByteFeed.pieceSize + 1_000 {
            csv += "2026-11-\(10 + row % 12),Dinner,\"crème brûlée 🍮 \(row), \"\"big\"\" slice\",\(200 + row % 300)\r\n"
            row += 1
        }
        let bytes = Array(csv.utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString).csv")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let now = TestSession.morning
        var whole = try Exchange.EntryReader(bytes: bytes, map: nil, now: now)
        var pieces = try Exchange.EntryReader(
            file: try #require(try AtomicFile.openForReading(file.path)), map: nil, now: now)
        var count = 0
        while let expected = try whole.next() {
            let entry = try pieces.next()
            #expect(entry == expected, "row \(count)")
            if entry != expected { return }
            count += 1
        }
        let after = try pieces.next()
        #expect(after == nil)
        #expect(count == row)
    }

    @Test func utf8IsCheckedAcrossPieces() throws {
        let bytes = Array("a é 日本 🍮 z".utf8)
        for cut in 0...bytes.count {
            var check = UTF8Check()
            check.check(Array(bytes[..<cut]))
            check.check(Array(bytes[cut...]))
            #expect(check.finish(), "cut at \(cut)")
        }
        var cutShort = UTF8Check()
        let emoji = try #require(bytes.firstIndex(of: 0xF0))
        cutShort.check(Array(bytes[..<(emoji + 2)]))
        #expect(!cutShort.finish(), "a file that ends inside a character is not text")
        var invalid = UTF8Check()
        invalid.check([0x61, 0xFF, 0x62])
        #expect(!invalid.finish())
    }

    @Test func aRestoreChecksEveryEntryBeforeItSavesAny() throws {
        try TestSession.with { session, _ in
            for line in ["a banana 2026-09-30", "an apple 2026-10-01", "an orange"] {
                #expect(session.handle(line).succeeded)
            }
            guard case .exported(let backup) = session.handle("export all") else {
                Issue.record("no backup")
                return
            }
            // The last entry's date made unreadable: the first two must not be saved either.
            let broken = backup.text.replacingOccurrences(of: "\"date\" : \"2026-11-22\"", with: "\"date\" : \"soon\"")
            #expect(broken != backup.text)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString).json")
            try Data(broken.utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            try TestSession.with { empty, folder in
                let outcome = empty.handle("import \(file.path)")
                #expect(!outcome.succeeded)
                let months = try JournalStore(root: folder).storedMonths()
                #expect(months.isEmpty, "nothing was saved")
            }
        }
    }
}
