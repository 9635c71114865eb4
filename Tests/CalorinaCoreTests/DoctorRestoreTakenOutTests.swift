import Foundation
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession

/// Issue 27, item 7: `doctor restore` must not bring back an entry that was deleted or undone. A
/// backup is the month before its last change: it still holds what that change took out, and
/// the undo history says what that was.
@Suite struct DoctorRestoreTakenOutTests {
    static func texts(_ folder: URL) throws -> [String] {
        let store = try JournalStore(root: folder)
        return try store.entries(on: TestSession.morning.date.description).map(\.text)
    }

    static func month(_ folder: URL) -> String {
        folder.appendingPathComponent("devices/local/journal/2026-11.json").path
    }

    /// A month cut short is rebuilt from what reads of it and what its backup holds besides:
    /// never the entry deleted last, nor one whose logging was undone.
    @Test func aCutMonthIsRebuiltWithoutWhatWasTakenOut() throws {
        try TestSession.with(Session.Options(persistentUndo: true)) { session, folder throws in
            for line in ["1 banana", "1 apple", "1 pear", "1 plum"] { _ = session.handle(line) }
            _ = session.handle("delete 2")
            _ = session.handle("1 orange")
            _ = session.handle("undo")
            #expect(try Self.texts(folder) == ["1 banana", "1 pear", "1 plum"])
            // Cut inside the last entry: the first two read, the plum is only in the backup.
            let path = Self.month(folder)
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
            let text = String(decoding: bytes, as: UTF8.self)
            let plum = try #require(text.range(of: "\"1 plum\""))
            let cut = text.utf8.distance(from: text.startIndex, to: plum.lowerBound)
            try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: path))

            let report = try Doctor.run(root: folder.path, restore: .everyBrokenFile, now: 1_764_000_000)
            #expect(report.files.contains { $0.restored != nil })
            let after = try Self.texts(folder)
            #expect(after == ["1 banana", "1 pear", "1 plum"], "\(after)")
        }
    }

    /// A month whose bytes changed where it still reads gets its backup back whole, but for what
    /// was deleted since the backup was made.
    @Test func aBackupPutBackWholeLeavesOutTheEntryDeletedSince() throws {
        try TestSession.with(Session.Options(persistentUndo: true)) { session, folder throws in
            for line in ["1 banana", "1 apple", "1 pear"] { _ = session.handle(line) }
            _ = session.handle("delete 2")
            let path = Self.month(folder)
            var bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
            let text = String(decoding: bytes, as: UTF8.self)
            let kcal = try #require(text.range(of: "\"kcal\" : "))
            bytes[text.utf8.distance(from: text.startIndex, to: kcal.upperBound)] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: path))

            let report = try Doctor.run(root: folder.path, restore: .everyBrokenFile, now: 1_764_000_000)
            #expect(report.files.contains { $0.restored != nil })
            // The backup's own order, which restoring keeps.
            let after = try Self.texts(folder).sorted()
            #expect(after == ["1 banana", "1 pear"], "\(after)")
        }
    }
}
