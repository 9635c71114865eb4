// Issue 6: "`doctor` explains what is wrong and can restore the newest readable backup the store
// keeps of each file it replaces." Each case builds a data folder with the real binary (so the
// backups are the store's own), spoils a file, and runs `doctor` and `doctor restore` as a person
// would, checking the words, the exit status and every byte left on disk.

import Foundation
import Testing

extension CorruptFilesTests {
    /// A folder with two bananas logged on 2026-11-20 (so the month has a backup holding the
    /// first) and an age set (so the profile has one too).
    func folderWithBackups(_ folder: URL) throws {
        for line in ["a banana 2026-11-20", "an apple 2026-11-20", "set age 40", "set age 41"] {
            let output = try run(line.split(separator: " ").map(String.init), in: folder)
            #expect(output.status == 0, "\(line): \(output)")
        }
    }

    func bytes(_ url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }

    @Test func doctorSaysAllIsWellInAGoodFolder() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            let output = try run(["doctor"], in: folder)
            #expect(output.status == 0, "\(output)")
            #expect(
                output.stdout.contains("all 3 data files read cleanly (profile, undo history, 1 month)"), "\(output)")
            #expect(output.stderr.isEmpty)
        }
    }

    @Test func doctorRestoresABrokenMonthFromItsBackupAndKeepsTheBrokenFile() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            let month = monthFile(folder)
            let backup = try #require(bytes(month.appendingPathExtension("bak")))
            // Cut short, as a disk error might leave it.
            let broken = try #require(bytes(month)).prefix(100)
            try broken.write(to: month)

            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3, "\(doctor)")
            #expect(
                doctor.stderr.contains("✗ devices/local/journal/2026-11.json (the journal for 2026-11)"), "\(doctor)")
            #expect(doctor.stderr.contains("unexpected end of file"), "\(doctor)")
            #expect(doctor.stderr.contains("backup: devices/local/journal/2026-11.json.bak, made "), "\(doctor)")
            #expect(doctor.stderr.contains(": 1 entry"), "\(doctor)")
            #expect(doctor.stderr.contains("to put the backup back: calorina doctor restore 2026-11"), "\(doctor)")
            #expect(bytes(month) == broken, "doctor alone changed the file")

            let restore = try run(["doctor", "restore", "2026-11"], in: folder)
            #expect(restore.status == 0, "\(restore)")
            #expect(restore.stdout.contains("✓ restored devices/local/journal/2026-11.json"), "\(restore)")
            #expect(bytes(month) == backup)
            #expect(bytes(month.appendingPathExtension("bak")) == backup, "the backup is kept as it was")
            let kept = try FileManager.default.contentsOfDirectory(atPath: journal(folder).path)
                .filter { $0.hasPrefix("2026-11.json.before-restore-") }
            #expect(kept.count == 1, "\(kept)")
            if let name = kept.first {
                #expect(bytes(journal(folder).appendingPathComponent(name)) == broken, "the broken file is kept")
                #expect(restore.stdout.contains("kept as devices/local/journal/\(name)"), "\(restore)")
            }
            #expect(JournalFiles.mode(month.path) == 0o600)

            // The program works again, on the entries the backup held, and doctor is content.
            let day = try run(["--json", "2026-11-20"], in: folder)
            #expect(day.status == 0, "\(day)")
            #expect(day.stdout.contains("Banana, raw") && !day.stdout.contains("Apple"), "\(day)")
            let again = try run(["doctor"], in: folder)
            #expect(again.status == 0, "\(again)")
        }
    }

    /// A large month keeps its later entries in a log (MonthLog). Its file spoilt in the middle,
    /// `doctor restore` salvages what the file still holds and keeps every entry of the log the
    /// file names.
    @Test func aSpoiltLargeMonthKeepsTheEntriesOfItsLog() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            // 2,000 entries make the month name a log; the next import's ten are appended to it.
            func rows(_ range: Range<Int>) -> String {
                "date,time,kind,meal,food,quantity,unit,grams,kcal,protein,carbs,fat,id\n"
                    + range.map { "2026-11-\(10 + $0 % 10),08:00,food,breakfast,Oats,1,cup,,150,5,27,3,row\($0)\n" }
                    .joined()
            }
            for (name, range) in [("first.csv", 0..<2000), ("second.csv", 2000..<2010)] {
                try Data(rows(range).utf8).write(to: folder.appendingPathComponent(name))
                let imported = try run(["import", folder.appendingPathComponent(name).path], in: folder)
                #expect(imported.status == 0, "\(imported)")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: journal(folder).path)
            #expect(names.contains("2026-11.1.log"), "\(names)")
            // A stretch in the middle of the month file overwritten.
            var spoilt = try #require(bytes(monthFile(folder)))
            let middle = spoilt.count / 2
            spoilt.replaceSubrange(middle..<(middle + 300), with: Data(repeating: 0x78, count: 300))
            try spoilt.write(to: monthFile(folder))

            let restore = try run(["doctor", "restore", "2026-11"], in: folder)
            #expect(restore.status == 0, "\(restore)")
            let exported = folder.appendingPathComponent("out.csv")
            let export = try run(["export", "csv", "to", exported.path], in: folder)
            #expect(export.status == 0, "\(export)")
            let text = try String(contentsOf: exported, encoding: .utf8)
            for number in 2000..<2010 { #expect(text.contains(",row\(number),"), "row\(number) of the log is lost") }
            // Rows end in CRLF, one grapheme: counted as bytes, less the header.
            let count = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count - 1
            #expect(count >= 2000 && count < 2010, "\(count) entries: what the spoilt stretch held is lost, no more")
            #expect(
                restore.stdout.contains(
                    "repaired devices/local/journal/2026-11.json (the journal for 2026-11): \(count) entries"))
        }
    }

    @Test func doctorRestoreAloneRestoresEveryBrokenFileThatHasAReadableBackup() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            let data = folder.appendingPathComponent("data")
            let profile = data.appendingPathComponent("devices/local/profile.json")
            try Data("{\"version\": 1, \"age\": \"forty\"}\n".utf8).write(to: profile)
            try Data("{\"version\": 1,".utf8).write(to: monthFile(folder))
            // With its backups gone, a spoilt undo.json has nothing to restore.
            let undo = data.appendingPathComponent("devices/local/undo.json")
            for name in ["undo.json.bak", "undo.json.bak.1"] {
                try FileManager.default.removeItem(at: data.appendingPathComponent("devices/local/" + name))
            }
            try Data("[]".utf8).write(to: undo)

            let restore = try run(["doctor", "restore"], in: folder)
            #expect(restore.status == 3, "the undo history is still broken: \(restore)")
            #expect(restore.stderr.contains("✓ restored devices/local/profile.json (the profile)"), "\(restore)")
            #expect(restore.stderr.contains("✓ restored devices/local/journal/2026-11.json"), "\(restore)")
            #expect(restore.stderr.contains("✗ devices/local/undo.json (the undo history)"), "\(restore)")
            #expect(restore.stderr.contains("not restored: there is no backup of it"), "\(restore)")
            #expect(bytes(undo) == Data("[]".utf8))
            let profileNow = try run(["profile"], in: folder)
            #expect(profileNow.status == 0, "\(profileNow)")
            #expect(profileNow.stdout.contains("profile: 40 y"), "the backup held age 40: \(profileNow)")
        }
    }

    @Test func aBackupThatCannotBeReadIsNotRestored() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            let month = monthFile(folder)
            let broken = Data("{".utf8)
            try broken.write(to: month)
            try Data("not json".utf8).write(to: month.appendingPathExtension("bak"))
            let restore = try run(["doctor", "restore", "devices/local/journal/2026-11.json"], in: folder)
            #expect(restore.status == 3, "\(restore)")
            #expect(restore.stderr.contains("cannot be read either: line 1, column 1"), "\(restore)")
            #expect(restore.stderr.contains("not restored: its backup cannot be read either"), "\(restore)")
            #expect(bytes(month) == broken)
            #expect(snapshot(folder).keys.sorted() == ["2026-11.json", "2026-11.json.bak"])
        }
    }

    @Test func theNewestReadableBackupIsTheOneRestored() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            let third = try run(["an", "orange", "2026-11-20"], in: folder)
            #expect(third.status == 0, "\(third)")
            let month = monthFile(folder)
            let older = try #require(bytes(URL(fileURLWithPath: month.path + ".bak.1")))
            #expect(String(decoding: older, as: UTF8.self).contains("Banana, raw"))
            try Data("{".utf8).write(to: month)
            try Data("{\"version\": 1, \"month\": \"2026-11\"}".utf8).write(to: month.appendingPathExtension("bak"))

            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3, "\(doctor)")
            #expect(
                doctor.stderr.contains(
                    "devices/local/journal/2026-11.json.bak cannot be read either: line 1, column 1: there is no 'entries'"
                ),
                "\(doctor)")
            #expect(doctor.stderr.contains("backup: devices/local/journal/2026-11.json.bak.1, made "), "\(doctor)")
            let restore = try run(["doctor", "restore"], in: folder)
            #expect(restore.status == 0, "\(restore)")
            #expect(bytes(month) == older)
            let day = try run(["--json", "2026-11-20"], in: folder)
            #expect(day.stdout.contains("Banana, raw") && !day.stdout.contains("Apple"), "\(day)")
        }
    }

    @Test func aGoodFileNamedIsPutBackToItsBackupAndADryRunChangesNothing() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            let before = snapshot(folder)
            let dry = try run(["--dry-run", "doctor", "restore", "2026-11"], in: folder)
            #expect(dry.status == 0, "\(dry)")
            #expect(dry.stdout.contains("--dry-run: its backup (1 entry) would be put back"), "\(dry)")
            #expect(snapshot(folder) == before)

            // Undoing a bad hand edit: the readable file named goes back to its backup.
            let restore = try run(["doctor", "restore", "2026-11"], in: folder)
            #expect(restore.status == 0, "\(restore)")
            let day = try run(["--json", "2026-11-20"], in: folder)
            #expect(!day.stdout.contains("Apple"), "\(day)")
            let nothing = try run(["doctor", "restore", "2025-01"], in: folder)
            #expect(nothing.status == 1, "\(nothing)")
            #expect(nothing.stderr.contains("'2025-01' is not a data file here"), "\(nothing)")
        }
    }

    @Test func doctorSpeaksJSON() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try folderWithBackups(folder)
            try Data("{\"version\": 8}".utf8).write(to: monthFile(folder))
            let output = try run(["--json", "doctor"], in: folder)
            #expect(output.status == 3, "\(output)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            #expect(object["ok"] as? Bool == false)
            let files = try #require(object["files"] as? [[String: Any]])
            let month = try #require(files.first)
            #expect((month["path"] as? String)?.hasSuffix("devices/local/journal/2026-11.json") == true)
            #expect(month["readable"] as? Bool == false)
            let problem = try #require(month["problem"] as? [String: Any])
            #expect((problem["message"] as? String)?.contains("newer Calorina (version 8)") == true, "\(problem)")
            let backups = try #require(month["backups"] as? [[String: Any]])
            #expect(backups.count == 1)
            #expect(backups.first?["readable"] as? Bool == true)
        }
    }
}
