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

/// `export all` and its restore: a folder with a journal, foods, aliases, recipes, remembered
/// picks, a profile and a goal with its history goes into one file; `import` of that file into an
/// empty folder makes a folder whose `export all` is the same bytes; a folder with data refuses it.
@Suite struct BackupTests {
    /// The history fixture (400 days of entries, a profile) with foods of the user's own, a pick,
    /// and a goal changed twice so that it has a history.
    static func fullFolder() throws -> HistoryFixture {
        let fixture = try HistoryFixture()
        let session = try fixture.session()
        for line in [
            "define protein bar = 210 kcal per bar", "alias oj = orange juice",
            "recipe my breakfast = 2 eggs, 1 slice toast, coffee", "goal 1900", "goal lose 0.5", "set units imperial",
        ] {
            let outcome = session.handle(line)
            if case .failed(let failure) = outcome { Issue.record("\(line): \(failure.problems)") }
        }
        try session.userFoods.update { foods in
            foods.choices["chips"] = 19_100_010
            return true
        }
        return fixture
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func exportAllThenRestoreIntoAnEmptyFolderGivesTheSameBytes() throws {
        let fixture = try Self.fullFolder()
        defer { fixture.remove() }
        let source = try fixture.session()
        let first = fixture.base.appendingPathComponent("first.json").path
        guard case .exported(let report) = source.handle("export all --out \(first)") else {
            Issue.record("export all failed")
            return
        }
        #expect(report.count > 1000)
        let backup = try Backup.decode(try Self.bytes(first))
        #expect(backup.foods?.foods.map(\.name) == ["protein bar"])
        #expect(backup.foods?.aliases.map(\.name) == ["oj"])
        #expect(backup.foods?.recipes.map(\.name) == ["my breakfast"])
        #expect(backup.foods?.choices["chips"] == 19_100_010)
        #expect(backup.profile?.units == .us)
        #expect((backup.profile?.pastGoals?.count ?? 0) >= 1, "the goal's history is kept")

        let target = try TestSession.session(
            on: fixture.base.appendingPathComponent("restored"), at: HistoryFixture.moment)
        guard case .imported(let restored) = target.handle("import \(first)") else {
            Issue.record("the restore failed")
            return
        }
        #expect(restored.format == "Calorina backup")
        #expect(restored.restored == ["profile", "foods"])
        #expect(restored.added == report.count)
        let second = fixture.base.appendingPathComponent("second.json").path
        guard case .exported = target.handle("export all to \(second)") else {
            Issue.record("the second export all failed")
            return
        }
        #expect(try Self.bytes(second) == Self.bytes(first), "a restored folder exports the same bytes")
        #expect(Renderer().text(target.handle("today")).stdout == Renderer().text(source.handle("today")).stdout)

        // Into a folder that has data: refused, nothing changed.
        let before = try ExchangeTests.journal(source.store)
        guard case .failed(let failure) = source.handle("import \(first)") else {
            Issue.record("a restore into a folder with data should fail")
            return
        }
        let message = failure.problems.first?.message ?? ""
        #expect(message.contains("is a backup, and a backup is restored only into an empty data folder"))
        #expect(message.contains("profile.json, foods.json"))
        #expect(failure.problems.first?.hint?.contains("--data-dir NEW_FOLDER import") == true)
        #expect(try ExchangeTests.journal(source.store) == before)
    }

    @Test func anEmptyFolderBacksUpAndRestoresAsEmpty() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-backup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let session = try TestSession.session(on: base.appendingPathComponent("a"))
        guard case .exported(let report) = session.handle("export all") else {
            Issue.record("export all to the screen failed")
            return
        }
        #expect(
            report.text == "{\n  \"format\" : \"calorina-backup\",\n  \"journal\" : [\n\n  ],\n  \"version\" : 1\n}\n")
        let file = base.appendingPathComponent("empty.json")
        try report.text.write(to: file, atomically: true, encoding: .utf8)
        let other = try TestSession.session(on: base.appendingPathComponent("b"))
        guard case .imported(let restored) = other.handle("import \(file.path)") else {
            Issue.record("restoring an empty backup failed")
            return
        }
        #expect(restored.added == 0 && restored.restored == [])
        #expect(!FileManager.default.fileExists(atPath: other.profileStore.path))
    }

    @Test(arguments: [
        (#"{"format":"calorina-backup","version":2,"journal":[]}"#, "the backup is from a newer Calorina (version 2"),
        (
            #"{"format":"calorina-backup","version":1,"journal":[],"profile":{"version":9}}"#,
            "not a backup Calorina can read: .profile"
        ),
        (#"{"format":"calorina-backup","version":1}"#, "not a backup Calorina can read: .journal is missing"),
    ])
    func aBackupThisCalorinaCannotReadIsRefused(_ text: String, _ message: String) throws {
        #expect(Backup.isBackup(Array(text.utf8)))
        #expect(throws: Exchange.ReadError.self) { try Backup.decode(Array(text.utf8)) }
        do {
            _ = try Backup.decode(Array(text.utf8))
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
