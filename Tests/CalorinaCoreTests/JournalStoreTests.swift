import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSession

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal store on real files in a fresh temporary folder per test: no mocks, real fsync.
@Suite final class JournalStoreTests: Sendable {
    /// Removed after the test.
    let base: URL
    /// The data folder; the store creates it.
    let root: URL

    init() {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("calorina-store-tests-\(UUID().uuidString)")
        root = base.appendingPathComponent("data")
    }

    deinit {
        try? FileManager.default.removeItem(at: base)
    }

    // MARK: Round trips and layout

    @Test func addedEntriesReadBackAndRemovedOnesGo() throws {
        let store = try JournalStore(root: root)
        let banana = entry("a1", "2026-11-22", "08:30")
        let burger = entry(
            "a2", "2026-11-22", "12:15", meal: .lunch, kcal: 535, code: nil, grams: nil)
        let yesterday = entry("a3", "2026-11-21", "19:00", meal: .dinner)
        try store.apply([.add(banana), .add(burger), .add(yesterday)])

        #expect(try store.entries(on: "2026-11-22") == [banana, burger])
        #expect(try store.entries(on: "2026-11-21") == [yesterday])
        #expect(try store.entries(on: "2026-11-20") == [])
        let reopened = try JournalStore(root: root)
        #expect(try reopened.entries(inMonth: "2026-11") == [yesterday, banana, burger])

        try store.apply([.remove(id: "a1", date: "2026-11-22")])
        #expect(try store.entries(on: "2026-11-22") == [burger])
        #expect(try JournalStore(root: root).entries(on: "2026-11-22") == [burger])
    }

    @Test func entriesLandInTheFileOfTheirMonth() throws {
        let store = try JournalStore(root: root)
        try store.apply([
            .add(entry("oct", "2026-10-31")), .add(entry("nov", "2026-11-01")),
            .add(entry("jan", "2027-01-15")),
        ])
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.path).sorted()
        #expect(names == ["2026-10.json", "2026-11.json", "2027-01.json"])
        for (month, id) in [("2026-10", "oct"), ("2026-11", "nov"), ("2027-01", "jan")] {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: monthURL(month)))
            let file = try #require(object as? [String: Any])
            // A device's month (`devices/NAME/journal/`): its entries carry their clocks.
            #expect(file["version"] as? Int == 6)
            #expect(file["month"] as? String == month)
            let entries = try #require(file["entries"] as? [[String: Any]])
            #expect(entries.map { $0["id"] as? String } == [id])
        }
        #expect(try store.storedMonths() == ["2026-10", "2026-11", "2027-01"])
    }

    @Test func aMonthFileIsPrettySortedAndEndsWithANewline() throws {
        let store = try JournalStore(root: root)
        try store.apply([.add(entry("a1", "2026-11-22"))])
        let text = try String(contentsOf: monthURL("2026-11"), encoding: .utf8)
        #expect(text.hasPrefix("{\n"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("\"month\" : \"2026-11\""))
        #expect(text.contains("\"version\" : 6"))
        // Sorted, but for the checksum, which comes last (`MonthChecksum`).
        let keys = ["\"entries\"", "\"month\"", "\"version\"", "\"checksum\""].compactMap {
            text.range(of: $0)?.lowerBound
        }
        #expect(keys.count == 4 && keys == keys.sorted())
        let entryKeys = [
            "\"code\"", "\"date\"", "\"food\"", "\"id\"", "\"kcal\"", "\"text\"", "\"time\"",
        ]
        .compactMap { text.range(of: $0)?.lowerBound }
        #expect(entryKeys.count == 7 && entryKeys == entryKeys.sorted())
    }

    @Test func entriesAreOrderedByDateThenTimeThenInsertion() throws {
        let store = try JournalStore(root: root)
        try store.apply([
            .add(entry("noon", "2026-11-22", "12:00")), .add(entry("early", "2026-11-22", "08:00")),
            .add(entry("early-too", "2026-11-22", "08:00")),
            .add(entry("day-before", "2026-11-21", "20:00")),
        ])
        try store.apply([.add(entry("early-later", "2026-11-22", "08:00"))])
        let ids = try JournalStore(root: root).entries(inMonth: "2026-11").map(\.id)
        #expect(ids == ["day-before", "early", "early-too", "early-later", "noon"])
    }

    @Test func addingAKnownIDOrRemovingAnUnknownOneWritesNothing() throws {
        let store = try JournalStore(root: root)
        let first = entry("a1", "2026-11-22", kcal: 100)
        try store.apply([.add(first)])
        let before = try bytes(monthURL("2026-11"))
        try store.apply([.add(entry("a1", "2026-11-22", kcal: 999))])
        try store.apply([.remove(id: "nope", date: "2026-11-22")])
        #expect(store.monthWrites == 1)
        #expect(try bytes(monthURL("2026-11")) == before)
        #expect(try store.entries(on: "2026-11-22") == [first])
    }

    @Test func removeThenAddOfOneIDReplacesTheEntry() throws {
        let store = try JournalStore(root: root)
        try store.apply([
            .add(entry("a1", "2026-11-22", "08:00", kcal: 100)),
            .add(entry("a2", "2026-11-22", "09:00")),
        ])
        let edited = entry("a1", "2026-11-22", "10:00", kcal: 250)
        try store.apply([.remove(id: "a1", date: "2026-11-22"), .add(edited)])
        #expect(try store.entries(on: "2026-11-22").map(\.id) == ["a2", "a1"])
        #expect(try store.entries(on: "2026-11-22").last == edited)
    }

    @Test func anEditOfTheSameTimeKeepsItsPlace() throws {
        let store = try JournalStore(root: root)
        try store.apply(["a1", "a2", "a3"].map { .add(entry($0, "2026-11-22", "08:00")) })
        try store.apply([.remove(id: "a1", date: "2026-11-22"), .add(entry("a1", "2026-11-22", "08:00", kcal: 5))])
        #expect(try store.entries(on: "2026-11-22").map(\.id) == ["a1", "a2", "a3"])
        #expect(try store.entries(on: "2026-11-22").first?.kcal == 5)
    }

    @Test(arguments: [
        (["a1"], ["a2", "a3", "b1"]), (["a2"], ["a1", "a3", "b1"]), (["a3"], ["a1", "a2", "b1"]),
        (["a1", "a2"], ["a3", "b1"]), (["a1", "a3"], ["a2", "b1"]),
    ])
    func anEntryPutBackTakesItsOldPlace(_ deleted: [String], _ left: [String]) throws {
        let store = try JournalStore(root: root)
        let all = ["a1", "a2", "a3"].map { entry($0, "2026-11-22", "08:00") } + [entry("b1", "2026-11-23", "08:00")]
        try store.apply(all.map(JournalChange.add))
        let before = try store.entries(inMonth: "2026-11").map(\.id)
        try store.apply(deleted.map { .remove(id: $0, date: "2026-11-22") })
        #expect(try store.entries(inMonth: "2026-11").map(\.id) == left)
        // Each goes back after the entry it followed, or first of its day.
        let order = ["a1", "a2", "a3"]
        try store.apply(
            deleted.map { id in
                let index = order.firstIndex(of: id) ?? 0
                return .insert(entry(id, "2026-11-22", "08:00"), after: index == 0 ? nil : order[index - 1])
            })
        #expect(try store.entries(inMonth: "2026-11").map(\.id) == before)
    }

    // MARK: Other processes

    @Test func aReaderSeesWhatAnotherStoreWrote() throws {
        let reader = try JournalStore(root: root)
        let writer = try JournalStore(root: root)
        #expect(try reader.entries(on: "2026-11-22") == [])

        let banana = entry("a1", "2026-11-22")
        try writer.apply([.add(banana)])
        #expect(try reader.entries(on: "2026-11-22") == [banana])
        let reads = reader.monthReads
        #expect(reads <= 1)
        #expect(try reader.entries(on: "2026-11-22") == [banana])
        #expect(try reader.entries(on: "2026-11-23") == [])
        #expect(reader.monthReads <= 1 && reader.monthReads >= reads, "an unchanged file is not read again")

        try writer.apply([.remove(id: "a1", date: "2026-11-22")])
        #expect(try reader.entries(on: "2026-11-22") == [])
        #expect(reader.monthReads == 2)
    }

    @Test func aReaderSeesAnEditInPlace() throws {
        let store = try JournalStore(root: root)
        try store.apply([.add(entry("a1", "2026-11-22", kcal: 105))])
        #expect(try store.entries(on: "2026-11-22").first?.kcal == 105)
        // Past the kernel's timestamp granularity, so that the times differ.
        usleep(50_000)
        let text = try String(contentsOf: monthURL("2026-11"), encoding: .utf8)
        let handle = try FileHandle(forWritingTo: monthURL("2026-11"))
        // Edited by hand, as a person does: the value and the checksum line out.
        try handle.write(
            contentsOf: Data(MonthFileEdits.withoutChecksum(text.replacingOccurrences(of: "105", with: "106")).utf8))
        try handle.truncate(atOffset: try handle.offset())
        try handle.close()
        #expect(try store.entries(on: "2026-11-22").first?.kcal == 106)
    }

    @Test func twoStoresTakingTurnsLoseNothing() throws {
        let first = try JournalStore(root: root)
        let second = try JournalStore(root: root)
        for round in 0..<25 {
            try first.apply([.add(entry("first-\(round)", "2026-11-22"))])
            try second.apply([.add(entry("second-\(round)", "2026-11-22"))])
        }
        #expect(try first.entries(on: "2026-11-22").count == 50)
        #expect(try second.entries(on: "2026-11-22").count == 50)
        #expect(try first.entries(on: "2026-11-22") == second.entries(on: "2026-11-22"))
    }

    @Test func twoStoresWritingAtOnceLoseNothing() async throws {
        _ = try JournalStore(root: root)
        let root = self.root
        let writers = (0..<2).map { writer in
            Task.detached {
                let store = try JournalStore(root: root)
                for index in 0..<40 {
                    try store.apply([
                        .add(entry("w\(writer)-\(index)", "2026-11-\(10 + index % 10)"))
                    ])
                }
            }
        }
        for writer in writers { try await writer.value }
        let ids = Set(try JournalStore(root: root).entries(inMonth: "2026-11").map(\.id))
        #expect(ids.count == 80)
    }

    @Test func applyWaitsForTheLock() async throws {
        _ = try JournalStore(root: root)
        let lock = open(root.appendingPathComponent("devices/local/.lock").path, O_RDWR | O_CREAT, 0o600)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)

        let root = self.root
        let writer = Task.detached {
            try JournalStore(root: root).apply([.add(entry("a1", "2026-11-22"))])
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(
            !FileManager.default.fileExists(atPath: monthURL("2026-11").path),
            "wrote without the lock")
        flock(lock, LOCK_UN)
        _ = try await writer.value
        #expect(try JournalStore(root: root).entries(on: "2026-11-22").map(\.id) == ["a1"])
    }

    // MARK: Batches

    @Test func twoThousandAddsCostOneReadAndOneWrite() throws {
        try JournalStore(root: root).apply([.add(entry("old", "2026-11-01", "07:00"))])
        let before = try bytes(monthURL("2026-11"))

        let store = try JournalStore(root: root)
        let adds = (0..<2000).map { index in
            JournalChange.add(
                entry(String(format: "%016x", index), "2026-11-\(10 + index % 20)", "12:00"))
        }
        try store.apply(adds)
        #expect(store.monthReads == 1)
        #expect(store.monthWrites == 1)
        #expect(
            try bytes(backupURL("2026-11")) == before,
            "the backup holds the file from before the batch")
        let entries = try JournalStore(root: root).entries(inMonth: "2026-11")
        #expect(entries.count == 2001)
        #expect(entries.first?.id == "old")
        #expect(entries.map(\.date) == entries.map(\.date).sorted())
    }

    @Test func aBatchOverSeveralMonthsWritesEachOnce() throws {
        let store = try JournalStore(root: root)
        let changes = (0..<300).map { index in
            JournalChange.add(
                entry("e\(index)", ["2026-10-05", "2026-11-05", "2026-12-05"][index % 3]))
        }
        try store.apply(changes)
        #expect(store.monthWrites == 3)
        #expect(try store.entries(inMonth: "2026-12").count == 100)
    }

    // MARK: Backups and temporary files

    @Test func theBackupHoldsThePreviousContent() throws {
        let store = try JournalStore(root: root)
        try store.apply([.add(entry("a1", "2026-11-22"))])
        #expect(!FileManager.default.fileExists(atPath: backupURL("2026-11").path))
        let first = try bytes(monthURL("2026-11"))
        try store.apply([.add(entry("a2", "2026-11-22"))])
        #expect(try bytes(backupURL("2026-11")) == first)
        let second = try bytes(monthURL("2026-11"))
        try store.apply([.remove(id: "a1", date: "2026-11-22")])
        #expect(try bytes(backupURL("2026-11")) == second)
    }

    @Test func staleTemporaryFilesAreSweptAndNoneAreLeft() throws {
        let store = try JournalStore(root: root)
        let stale = journal.appendingPathComponent(".2026-11.json.tmp-\(try Self.endedProcess())")
        try Data("half".utf8).write(to: stale)
        try store.apply([.add(entry("a1", "2026-11-22"))])
        try store.apply([.add(entry("a2", "2026-11-22"))])
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.path).sorted()
        #expect(names == ["2026-11.json", "2026-11.json.bak"])
    }

    /// Issue 16.6: only `journal/` was swept, and there every temporary file, a running writer's
    /// too. Now the first writer under the lock (of the journal or of a document) removes those
    /// of processes that no longer run, in the folder's root and in `journal/`, and `doctor`
    /// lists them.
    @Test(arguments: ["journal", "profile", "foods"])
    func temporaryFilesOfEndedProcessesAreSweptEverywhereByTheNextWriter(_ writer: String) throws {
        _ = try JournalStore(root: root)
        let ended = try Self.endedProcess()
        // Not this process: its own writes use (and rename away) a name with its id.
        let running = getppid()
        let stale = [
            ".profile.json.tmp-\(ended)", ".foods.json.tmp-\(ended)", ".undo.json.tmp-\(ended)",
            ".profile.json.bak.tmp-\(ended)", ".undo.json.restore.tmp-\(ended)",
            "devices/local/journal/.2026-11.json.tmp-\(ended)",
            "devices/local/journal/.2026-10.json.bak.tmp-\(ended)",
        ]
        let kept = [
            ".foods.json.tmp-\(running)", "devices/local/journal/.2026-09.json.tmp-\(running)",
            "notes.txt.tmp-\(ended)",
            ".profile.json.tmp-x\(ended)",
        ]
        for name in stale + kept { try Data("half".utf8).write(to: root.appendingPathComponent(name)) }

        let report = try Doctor.run(root: root.path, restore: nil)
        #expect(report.leftoverFiles == stale.sorted().map { root.path + "/" + $0 }, "doctor lists the stale ones")
        #expect(report.healthy)

        switch writer {
        case "journal": try JournalStore(root: root).apply([.add(entry("a1", "2026-11-22"))])
        case "profile":
            try DocumentStore<Profile>(root: root).update {
                $0.age = 40; return true
            }
        default: try DocumentStore<UserFoods>(root: root).update { _ in true }
        }
        for name in stale {
            // A device's folder is swept by its own writers (the journal's), not by the profile's.
            if writer != "journal", name.hasPrefix("devices/") { continue }
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path), "\(name)")
        }
        for name in kept {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path), "\(name)")
        }
        #expect(
            try Doctor.run(root: root.path, restore: nil).leftoverFiles
                == (writer == "journal"
                    ? [] : stale.filter { $0.hasPrefix("devices/") }.sorted().map { root.path + "/" + $0 }))
    }

    /// The id of a process that has ended: a child that ran and was waited for.
    static func endedProcess() throws -> Int32 {
        for _ in 0..<10 {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/true")
            try child.run()
            child.waitUntilExit()
            let pid = child.processIdentifier
            if kill(pid, 0) == -1, errno == ESRCH { return pid }
        }
        throw CocoaError(.featureUnsupported)
    }

    // MARK: Modes

    @Test func foldersAre0700AndFiles0600() throws {
        let nested = base.appendingPathComponent("deeper/data")
        let store = try JournalStore(root: nested)
        try store.apply([.add(entry("a1", "2026-11-22"))])
        try store.apply([.add(entry("a2", "2026-11-22"))])
        #expect(try mode(base.appendingPathComponent("deeper")) == 0o700)
        #expect(try mode(nested) == 0o700)
        #expect(try mode(nested.appendingPathComponent("devices/local/journal")) == 0o700)
        #expect(try mode(nested.appendingPathComponent("devices/local/.lock")) == 0o600)
        #expect(try mode(nested.appendingPathComponent("devices/local/journal/2026-11.json")) == 0o600)
        #expect(try mode(nested.appendingPathComponent("devices/local/journal/2026-11.json.bak")) == 0o600)
    }

    /// Issue 16.9: a data folder opened to others by hand (`chmod 755`) used to stay open. It is
    /// made 0700 again, and the store says so, as a value: the library never prints.
    @Test(arguments: [0o755, 0o750, 0o777, 0o701, 0o1777])
    func aDataFolderOpenToOthersIsMadePrivateAgainWithANotice(_ loose: Int) throws {
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        #expect(chmod(root.path, mode_t(loose)) == 0)
        #expect(chmod(journal.path, 0o755) == 0)
        let store = try JournalStore(root: root)
        #expect(try mode(root) == 0o700)
        #expect(try mode(journal) == 0o700)
        #expect(
            store.notices == [
                .folderMadePrivate(path: root.path, mode: loose),
                // The folders between, made by the test with the usual 0755.
                .folderMadePrivate(path: root.path + "/devices", mode: 0o755),
                .folderMadePrivate(path: root.path + "/devices/local", mode: 0o755),
                .folderMadePrivate(path: journal.path, mode: 0o755),
            ])
        #expect(
            store.notices.first?.message
                == "\(root.path) was open to others (mode \(String(loose, radix: 8))): made it private (700) again, as"
                + " Calorina keeps its data folder")
        #expect(try JournalStore(root: root).notices == [], "said once")
    }

    @Test func aPrivateDataFolderStaysAsItIsWithoutANotice() throws {
        try FileManager.default.createDirectory(
            at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = try JournalStore(root: root)
        #expect(try mode(root) == 0o700)
        #expect(store.notices == [])
        // The folders around it are not Calorina's to change.
        #expect(chmod(base.path, 0o755) == 0)
        _ = try JournalStore(root: root)
        #expect(try mode(base) == 0o755)
    }

    @Test func aFileWhereTheDataFolderBelongsIsAnError() throws {
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: root)
        #expect(
            throws: StoreError.cannotWrite(
                path: root.path, reason: "it is there and is not a folder")
        ) {
            try JournalStore(root: root)
        }
    }

    // MARK: Files that cannot be read

    /// A month file for 2026-11 that cannot be read, and what the store must say about it.
    struct Corrupt: Sendable, CustomTestStringConvertible {
        var name: String
        /// The file's bytes; nil for a folder at the file's path.
        var bytes: [UInt8]?
        var line: Int
        var column: Int
        var reason: String
        var testDescription: String { name }
    }

    static let corruptFiles: [Corrupt] = [
        Corrupt(
            name: "truncated",
            bytes: Array((monthHead + #"    {"id": "a1", "date": "2026-11-22","#).utf8),
            line: 5, column: 39, reason: "unexpected end of file"),
        Corrupt(
            name: "text for a number", bytes: monthText(["kcal": #""lots""#]),
            line: 5, column: 152, reason: "'entries[0].kcal' should be a number"),
        Corrupt(
            name: "null for a number", bytes: monthText(["kcal": "null"]),
            line: 5, column: 152, reason: "'entries[0].kcal' should be a number, not null"),
        Corrupt(
            name: "number out of range", bytes: monthText(["kcal": "1e999"]),
            line: 5, column: 152, reason: "the number 1e999 is out of range"),
        Corrupt(
            name: "fraction for a whole number",
            bytes: monthText(["food": #""Banana", "code": 1.5"#]),
            line: 5, column: 104, reason: "'code' should be a whole number, not 1.5"),
        Corrupt(
            name: "unknown meal", bytes: monthText(["meal": #""brunch""#]),
            line: 5, column: 65, reason: "'entries[0].meal' has a value Calorina does not know"),
        Corrupt(
            name: "missing field", bytes: monthText(["food": nil]),
            line: 5, column: 5, reason: "'entries[0]' has no 'food'"),
        Corrupt(
            name: "date of another month", bytes: monthText(["date": #""2026-12-01""#]),
            line: 5, column: 26, reason: "the date '2026-12-01' is not a day of 2026-11"),
        // Issue 16.5: read, it counted the entry twice (a 105 kcal banana showed as 210).
        Corrupt(
            name: "an entry twice", bytes: monthText(entries: [["id": #""a1""#], ["id": #""a2""#], ["id": #""a1""#]]),
            line: 7, column: 12,
            reason: "the id 'a1' is already the id of the entry on line 5: the same entry is in the file twice"),
        Corrupt(name: "empty", bytes: [], line: 1, column: 1, reason: "the file is empty"),
        Corrupt(
            name: "only blanks", bytes: Array("\n  \n".utf8), line: 1, column: 1,
            reason: "the file is empty"),
        Corrupt(
            name: "folder", bytes: nil, line: 1, column: 1, reason: "it is a folder, not a file"),
        Corrupt(
            name: "binary", bytes: [0x00, 0xFF, 0x13], line: 1, column: 1,
            reason: "unexpected byte 0x00"),
        Corrupt(
            name: "list at the top", bytes: Array("[1, 2]".utf8),
            line: 1, column: 1, reason: "the file should be an object in { }"),
        Corrupt(
            name: "version as text",
            bytes: Array(#"{"version": "1", "month": "2026-11", "entries": []}"#.utf8),
            line: 1, column: 13, reason: "'version' should be a whole number"),
        Corrupt(
            name: "no version", bytes: Array(#"{"month": "2026-11", "entries": []}"#.utf8),
            line: 1, column: 1, reason: "there is no 'version'"),
        Corrupt(
            name: "version zero",
            bytes: Array(#"{"version": 0, "month": "2026-11", "entries": []}"#.utf8),
            line: 1, column: 13, reason: "there is no version 0"),
        Corrupt(
            name: "another month",
            bytes: Array(#"{"version": 1, "month": "2026-10", "entries": []}"#.utf8),
            line: 1, column: 25,
            reason: "the file says it holds '2026-10' but its name says '2026-11'"),
        Corrupt(
            name: "text after the end",
            bytes: Array(#"{"version": 1, "month": "2026-11", "entries": []} x"#.utf8),
            line: 1, column: 51, reason: "unexpected 'x' after the end of the data"),
        Corrupt(
            name: "missing comma",
            bytes: Array(#"{"version": 1 "month": "2026-11", "entries": []}"#.utf8),
            line: 1, column: 15, reason: "expected ',' or '}', found '\"'"),
        Corrupt(
            name: "not UTF-8",
            bytes: Array(#"{"version": 1, "month": "2026-11"#.utf8) + [0xE9]
                + Array(#"", "entries": []}"#.utf8),
            line: 1, column: 33, reason: "bytes that are not UTF-8 text"),
        Corrupt(
            name: "raw tab in text",
            bytes: Array("{\"version\": 1, \"month\": \"2026\t-11\", \"entries\": []}".utf8),
            line: 1, column: 30,
            reason: "a control character in text; write it as an escape such as \\n"),
    ]

    @Test(arguments: corruptFiles)
    func aCorruptFileIsReportedWhereItBreaksAndNeverOverwritten(_ corrupt: Corrupt) throws {
        let store = try JournalStore(root: root)
        let path = monthURL("2026-11")
        if let bytes = corrupt.bytes {
            try Data(bytes).write(to: path)
        } else {
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        }
        let expected = StoreError.unreadable(
            path: path.path, line: corrupt.line, column: corrupt.column, reason: corrupt.reason)

        #expect(throws: expected) { try store.entries(on: "2026-11-22") }
        #expect(throws: expected) { try store.entries(inMonth: "2026-11") }
        // A batch that also touches a good month writes neither.
        #expect(throws: expected) {
            try store.apply([.add(entry("oct", "2026-10-01")), .add(entry("a2", "2026-11-22"))])
        }
        #expect(store.monthWrites == 0)
        if let bytes = corrupt.bytes {
            #expect(try self.bytes(path) == bytes)
        } else {
            #expect(try FileManager.default.contentsOfDirectory(atPath: path.path) == [])
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.path)
        #expect(names == ["2026-11.json"], "no backup, temporary file or other month was written")
    }

    @Test func aMonthWithAFieldCalorinaDoesNotKnowIsRefusedAndKept() throws {
        let store = try JournalStore(root: root)
        let path = monthURL("2026-11")
        let text = Self.monthText([:])
        let spoilt = Array(
            String(decoding: text, as: UTF8.self).replacingOccurrences(
                of: #""food":"#, with: #""deleted": true, "food":"#
            ).utf8)
        #expect(spoilt != text)
        try Data(spoilt).write(to: path)
        let column = try #require(
            String(decoding: spoilt, as: UTF8.self).split(separator: "\n")[4].range(of: "\"deleted\""))
        let expected = StoreError.unreadable(
            path: path.path, line: 5,
            column: String(decoding: spoilt, as: UTF8.self).split(separator: "\n")[4][..<column.lowerBound].count + 1,
            reason: "'entries[0].deleted' is a field Calorina does not know")
        #expect(throws: expected) { try store.entries(on: "2026-11-22") }
        #expect(throws: expected) { try store.apply([.add(entry("a2", "2026-11-22"))]) }
        #expect(try bytes(path) == spoilt)
    }

    @Test func aDocumentWithAFieldCalorinaDoesNotKnowIsRefusedAndKept() throws {
        let profiles = DocumentStore<Profile>(root: root)
        _ = try JournalStore(root: root)
        try profiles.update { profile in
            profile.age = 40
            return true
        }
        let path = root.appendingPathComponent("profile.json")
        let text = try String(contentsOf: path, encoding: .utf8)
        let spoilt = Array(text.replacingOccurrences(of: "\"age\" : 40,", with: "\"age\" : 40,\n  \"shoe\" : 44,").utf8)
        try Data(spoilt).write(to: path)
        let expected = StoreError.unreadable(
            path: path.path, line: 3, column: 3, reason: "'shoe' is a field Calorina does not know")
        #expect(throws: expected) { try DocumentStore<Profile>(root: root).load() }
        #expect(throws: expected) { try profiles.update { _ in true } }
        #expect(try bytes(path) == spoilt)

        // Deeper down too, and a null where an optional goes is not a field of its own.
        let foods = DocumentStore<UserFoods>(root: root)
        try foods.update { list in
            list.choices["grapes"] = 9_999
            return true
        }
        let foodsPath = root.appendingPathComponent("foods.json")
        try Data(#"{"version": 1, "foods": [], "aliases": [], "recipes": [], "choices": {}, "note": null}"#.utf8)
            .write(to: foodsPath)
        var versionOne = UserFoods()
        versionOne.version = 1
        #expect(try foods.load() == versionOne)
        try Data(
            #"{"version": 1, "foods": [], "aliases": [{"name": "pb", "target": "peanut butter", "why": 1}], "recipes": [], "choices": {}}"#
                .utf8
        ).write(to: foodsPath)
        #expect(throws: StoreError.self) { try foods.load() }
        do {
            _ = try foods.load()
        } catch {
            #expect(error.message.contains("'aliases[0].why' is a field Calorina does not know"), "\(error)")
        }
    }

    @Test func aFileFromANewerCalorinaIsReportedAndLeftAlone() throws {
        let store = try JournalStore(root: root)
        let path = monthURL("2026-11")
        let newer = Array(#"{"version": 8, "month": "2026-11", "days": {"2026-11-22": []}}"#.utf8)
        try Data(newer).write(to: path)
        let expected = StoreError.newerVersion(path: path.path, found: 8, supported: 7)

        #expect(throws: expected) { try store.entries(on: "2026-11-22") }
        #expect(throws: expected) { try store.apply([.add(entry("a1", "2026-11-22"))]) }
        #expect(try bytes(path) == newer)
        #expect(
            expected.message
                == "\(path.path) is from a newer Calorina (version 8); update Calorina to read it")
    }

    /// A month of version 1 (as the release before nutrients wrote it) is read as it is, and the
    /// first entry with a nutrient writes it as version 2, keeping the version 1 file as
    /// `YYYY-MM.json.v1` once; later writes leave that copy alone.
    @Test func aVersionOneMonthIsUpgradedKeepingItsFile() throws {
        let path = monthURL("2026-11")
        let old = Array(
            #"""
            {
              "entries" : [
                {
                  "carbs" : 27,
                  "code" : 63107010,
                  "date" : "2026-11-22",
                  "fat" : 0.4,
                  "food" : "Banana, raw",
                  "grams" : 118,
                  "id" : "a1",
                  "kcal" : 105,
                  "meal" : "breakfast",
                  "portion" : "1 medium",
                  "protein" : 1.3,
                  "quantity" : 1,
                  "text" : "banana",
                  "time" : "08:00",
                  "unit" : "medium"
                }
              ],
              "month" : "2026-11",
              "version" : 1
            }

            """#.utf8)
        try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
        try Data(old).write(to: path)
        let store = try JournalStore(root: root)
        #expect(try store.entries(on: "2026-11-22").map(\.nutrients[.sodium]) == [nil])

        // Its next rewrite writes version 6 (with its checksum and its entries' clocks), keeping
        // the version 1 file.
        try store.apply([.add(entry("a2", "2026-11-22", "09:00"))])
        #expect(String(decoding: try bytes(path), as: UTF8.self).contains("\"version\" : 6"))
        #expect(try bytes(URL(fileURLWithPath: path.path + ".v1")) == old)

        var withNutrients = entry("a3", "2026-11-22", "10:00")
        withNutrients.nutrients = Nutrients([.fiber: 3.1, .sugars: 14.4, .saturatedFat: 0.1, .sodium: 1])
        try store.apply([.add(withNutrients)])
        #expect(String(decoding: try bytes(path), as: UTF8.self).contains("\"version\" : 6"))
        #expect(try bytes(URL(fileURLWithPath: path.path + ".v1")) == old)
        #expect(try store.entries(on: "2026-11-22").map(\.nutrients[.fiber]) == [nil, nil, 3.1])

        try store.apply([.add(entry("a4", "2026-11-22", "11:00"))])
        #expect(try bytes(URL(fileURLWithPath: path.path + ".v1")) == old)
        #expect(try JournalStore(root: root).entries(on: "2026-11-22").count == 4)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let store = try JournalStore(root: root)
        let path = monthURL("2026-11")
        try Data([0xEF, 0xBB, 0xBF] + Self.monthText([:])).write(to: path)
        #expect(try store.entries(on: "2026-11-22").map(\.id) == ["a1"])
        try store.apply([.add(entry("a2", "2026-11-22", "09:00"))])
        #expect(try JournalStore(root: root).entries(on: "2026-11-22").map(\.id) == ["a1", "a2"])
        #expect(try bytes(path).first == UInt8(ascii: "{"))
    }

    @Test func aByteOrderMarkIsNotCountedInTheColumn() throws {
        let store = try JournalStore(root: root)
        let path = monthURL("2026-11")
        try Data(
            [0xEF, 0xBB, 0xBF] + Array(#"{"version": "1", "month": "2026-11", "entries": []}"#.utf8)
        )
        .write(to: path)
        #expect(
            throws: StoreError.unreadable(
                path: path.path, line: 1, column: 13, reason: "'version' should be a whole number")
        ) {
            try store.entries(on: "2026-11-22")
        }
    }

    // MARK: Bad arguments and unwritable data

    @Test(arguments: [
        "2026-02-29", "2026-11-31", "2026-13-01", "2026-1-01", "26-11-22", "2026-11-22 ", "",
        "2026/11/22", "0000-01-01",
    ])
    func aBadDateIsRefusedBeforeAnythingIsWritten(_ date: String) throws {
        let store = try JournalStore(root: root)
        #expect(throws: StoreError.invalidDate(date)) { try store.entries(on: date) }
        #expect(throws: StoreError.invalidDate(date)) {
            try store.apply([.add(entry("good", "2026-11-22")), .add(entry("bad", date))])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.path) == [])
    }

    @Test func leapDaysAndMonthsAreAccepted() throws {
        let store = try JournalStore(root: root)
        try store.apply([.add(entry("leap", "2024-02-29")), .add(entry("y2k", "2000-02-29"))])
        #expect(try store.entries(on: "2024-02-29").count == 1)
        #expect(try store.entries(inMonth: "2000-02").count == 1)
        #expect(throws: StoreError.invalidMonth("2026-13")) {
            try store.entries(inMonth: "2026-13")
        }
        #expect(throws: StoreError.invalidDate("1900-02-29")) {
            try store.entries(on: "1900-02-29")
        }
    }

    @Test func aNumberJSONCannotHoldIsRefusedBeforeAnythingIsWritten() throws {
        let store = try JournalStore(root: root)
        let error = #expect(throws: StoreError.self) {
            try store.apply([
                .add(entry("good", "2026-10-01")), .add(entry("nan", "2026-11-22", kcal: .nan)),
            ])
        }
        guard case .cannotWrite(let path, _)? = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(path == monthURL("2026-11").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.path) == [])
    }

    @Test(arguments: [".2026-11.json.tmp-", ".2026-11.json.bak.tmp-"])
    func aFailedWriteLeavesTheMonthAsItWas(_ obstacle: String) throws {
        // A folder where the temporary file goes: a failure that root cannot write past either.
        let store = try JournalStore(root: root)
        try store.apply([.add(entry("a1", "2026-11-22"))])
        let before = try bytes(monthURL("2026-11"))
        let folder = journal.appendingPathComponent(obstacle + "\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)

        let error = #expect(throws: StoreError.self) {
            try store.apply([.add(entry("a2", "2026-11-22"))])
        }
        #expect(error == .cannotWrite(path: folder.path, reason: "is a directory"))
        #expect(try bytes(monthURL("2026-11")) == before)
        #expect(try store.entries(on: "2026-11-22").map(\.id) == ["a1"])
        let names = try FileManager.default.contentsOfDirectory(atPath: journal.path).sorted()
        #expect(names == [folder.lastPathComponent, "2026-11.json"].sorted(), "no file left")

        try FileManager.default.removeItem(at: folder)
        try store.apply([.add(entry("a2", "2026-11-22"))])
        #expect(try JournalStore(root: root).entries(on: "2026-11-22").map(\.id) == ["a1", "a2"])
    }

    // MARK: Messages

    @Test func messagesSayWhatToDo() {
        let unreadable = StoreError.unreadable(
            path: "/d/journal/2026-11.json", line: 3, column: 7, reason: "unexpected end of file")
        #expect(
            unreadable.message
                == "/d/journal/2026-11.json:3:7: unexpected end of file; fix the file, or run 'calorina doctor'"
                + " to put back its backup (Calorina will not overwrite it)")
        let cannotWrite = StoreError.cannotWrite(
            path: "/d/journal", reason: "no space left on device")
        #expect(
            cannotWrite.message
                == "cannot write /d/journal: no space left on device; check that the folder is"
                + " yours, writable and not full")
        let lockFailed = StoreError.lockFailed(path: "/d/.lock", reason: "permission denied")
        #expect(
            lockFailed.description
                == "cannot lock /d/.lock: permission denied; check that the data folder is yours"
                + " and writable")
        #expect(
            StoreError.invalidDate("2026-13-01").message
                == "'2026-13-01' is not a date; write it as YYYY-MM-DD, e.g. 2026-11-22")
    }

    // MARK: The locator on its own

    @Test func everyTruncationAndByteChangeOfAFileIsReportedWithAPlace() throws {
        let good = Self.monthText(["food": #""Café \u00e9 crème", "code": 12, "grams": 1.5"#])
        var variants = (0..<good.count).map { Array(good[..<$0]) }
        for index in good.indices {
            for replacement: UInt8 in [0x22, 0x7B, 0x5D, 0x2C, 0x31, 0x78, 0x20, 0xFF, 0x00] {
                var changed = good
                changed[index] = replacement
                variants.append(changed)
            }
        }
        let lines = good.filter { $0 == UInt8(ascii: "\n") }.count + 1
        var unplaced: [String] = []
        for bytes in variants {
            do {
                _ = try MonthFile.decode(bytes, month: "2026-11", path: "p")
            } catch let .unreadable(_, line, column, reason) {
                #expect((1...lines).contains(line) && column >= 1)
                if reason == "the data is not JSON that Calorina reads" {
                    unplaced.append(String(decoding: bytes, as: UTF8.self))
                }
            } catch .newerVersion {
                continue
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(unplaced == [], "every problem is found by the locator")
    }

    @Test(arguments: [
        #"{"a": [1, 2.5e-3, -0, true, false, null], "b": {},}"#,
        #"["x\"\\\/\b\f\n\r\t\u00e9\ud83c\udf4c", 1E+2]"#,
        #"[1, 2, ]"#, #"  "just text"  "#, "{\"caf\u{e9}\": \"\u{1F34C}\"}",
    ])
    func theLocatorFindsNoProblemInGoodJSON(_ text: String) {
        #expect(JSONLocator.firstProblem(in: Array(text.utf8)) == nil)
    }

    @Test func theLocatorRefusesLoneSurrogatesAndDeepNesting() {
        #expect(JSONLocator.firstProblem(in: Array(#"["\ud800"]"#.utf8))?.offset == 2)
        #expect(JSONLocator.firstProblem(in: Array(#"["\udc00"]"#.utf8))?.offset == 2)
        let deep =
            Array(repeating: UInt8(ascii: "["), count: 600)
            + Array(repeating: UInt8(ascii: "]"), count: 600)
        #expect(JSONLocator.firstProblem(in: deep)?.offset == 512)
    }

    @Test func theLocatorFindsAPathThroughEscapedKeysAndNesting() {
        let text = Array("{\"x\": [1, {\"y\": 2}], \"k\\u00e9y\": [[0], [1, {\"z\": null}]]}".utf8)
        let path: [any CodingKey] = [Key("kéy"), Key(1), Key(1), Key("z")]
        #expect(JSONLocator.offset(of: path, in: text) == 49)
        #expect(
            JSONLocator.offset(of: [Key("kéy"), Key(5)], in: text) == 33,
            "the list, when the element is missing")
    }

    // MARK: Helpers

    private var journal: URL { root.appendingPathComponent("devices/local/journal") }

    private func monthURL(_ month: String) -> URL {
        journal.appendingPathComponent("\(month).json")
    }

    private func backupURL(_ month: String) -> URL {
        journal.appendingPathComponent("\(month).json.bak")
    }

    private func bytes(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }

    private func mode(_ url: URL) throws -> mode_t {
        var info = stat()
        try #require(stat(url.path, &info) == 0)
        return info.st_mode & 0o777
    }

    /// The first four lines of a month file for 2026-11; its first entry starts on line 5.
    static let monthHead = "{\n  \"version\": 1,\n  \"month\": \"2026-11\",\n  \"entries\": [\n"

    /// A month file for 2026-11 with one entry, on line 5 at column 5, whose fields are replaced by
    /// the raw JSON in `overrides` (a nil value drops the field).
    static func monthText(_ overrides: [String: String?]) -> [UInt8] {
        monthText(entries: [overrides])
    }

    /// A month file for 2026-11 with one entry a line from line 5 on, each made as `monthText(_:)`
    /// makes its one.
    static func monthText(entries: [[String: String?]]) -> [UInt8] {
        let lines = entries.map { overrides in "    {" + entryMembers(overrides).joined(separator: ", ") + "}" }
        return Array((monthHead + lines.joined(separator: ",\n") + "\n  ]\n}\n").utf8)
    }

    private static func entryMembers(_ overrides: [String: String?]) -> [String] {
        let fields = [
            ("id", #""a1""#), ("date", #""2026-11-22""#), ("time", #""08:00""#),
            ("meal", #""breakfast""#),
            ("food", #""Banana""#), ("quantity", "1"), ("unit", #""banana""#), ("portion", #""""#),
            ("kcal", "105"), ("text", #""banana""#),
        ]
        return fields.compactMap { key, value -> String? in
            guard let override = overrides[key] else { return "\"\(key)\": \(value)" }
            return override.map { "\"\(key)\": \($0)" }
        }
    }
}

/// An entry with the usual snapshot fields filled in.
private func entry(
    _ id: String, _ date: String, _ time: String = "08:00", meal: Meal = .breakfast,
    kcal: Double = 105,
    code: Int? = 63_107_010, grams: Double? = 118
) -> Entry {
    Entry(
        id: id, date: date, time: time, meal: meal, food: "Banana, raw", code: code, quantity: 1,
        unit: "banana", portion: grams == nil ? "" : "1 medium (118 g)", grams: grams, kcal: kcal,
        protein: grams == nil ? nil : 1.3, carbs: grams == nil ? nil : 27,
        fat: grams == nil ? nil : 0.4,
        text: "a banana")
}

/// A coding key for the locator's tests.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ name: String) { stringValue = name }
    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}
