import Foundation
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaSession

/// Issue 27, item 3, the part that stands without the new store: a conflict copy that a sync
/// tool made, or git's conflict markers in a data file, are never left aside without a word:
/// `doctor` names each, says what made it and what to do, and is not "clean" while one waits.
@Suite struct SyncConflictCopiesTests {
    @Test func doctorNamesEveryConflictCopyAndWhatMadeIt() throws {
        try TestSession.with { session, folder in
            #expect(session.handle("a banana").succeeded)
            #expect(session.handle("an apple 2026-10-01").succeeded)
            #expect(session.handle("set age 40").succeeded)
            let journal = folder.appendingPathComponent("devices/local/journal")
            let month = try Data(contentsOf: journal.appendingPathComponent("2026-11.json"))
            let copies = [
                journal.appendingPathComponent("2026-11.sync-conflict-20261127-101010-ABCDEFG.json"),
                folder.appendingPathComponent("profile (Ann's conflicted copy 2026-11-27).json"),
                folder.appendingPathComponent("undo (conflicted copy 2026-11-27 101010).json"),
            ]
            for copy in copies { try month.write(to: copy) }
            let october = journal.appendingPathComponent("2026-10.json")
            var text = try String(contentsOf: october, encoding: .utf8)
            text = "<<<<<<< HEAD\n" + text + "=======\n" + text + ">>>>>>> theirs\n"
            try Data(text.utf8).write(to: october)

            let report = try Doctor.run(root: folder.path, restore: nil)
            #expect(!report.healthy, "doctor is not clean while conflict copies wait")
            let found = Dictionary(uniqueKeysWithValues: report.conflictCopies.map { ($0.path, $0) })
            #expect(found[copies[0].path]?.tool == "Syncthing")
            #expect(found[copies[0].path]?.copyOf == journal.appendingPathComponent("2026-11.json").path)
            #expect(found[copies[1].path]?.tool == "Dropbox")
            #expect(found[copies[1].path]?.copyOf == folder.appendingPathComponent("profile.json").path)
            #expect(found[copies[2].path]?.tool == "Nextcloud")
            #expect(found[copies[2].path]?.copyOf == folder.appendingPathComponent("undo.json").path)
            #expect(found[october.path]?.tool == "git" && found[october.path]?.copyOf == nil)
            #expect(report.conflictCopies.count == 4, "\(report.conflictCopies)")

            let shown = Renderer(color: false).doctorText(report)
            #expect(shown.stdout.isEmpty, "a report with problems goes to stderr")
            #expect(
                shown.stderr.contains(
                    "devices/local/journal/2026-11.sync-conflict-20261127-101010-ABCDEFG.json: a conflict copy Syncthing made of devices/local/journal/2026-11.json"
                ))
            #expect(shown.stderr.contains("devices/local/journal/2026-10.json holds git's conflict markers"))

            for copy in copies { try FileManager.default.removeItem(at: copy) }
            try month.write(to: journal.appendingPathComponent("2026-11.sync-conflict-x"))
            #expect(
                try Doctor.run(root: folder.path, restore: nil).conflictCopies.count == 2,
                "a name without its extension is still a copy")
        }
    }

    @Test func aFolderWithoutCopiesHasNone() throws {
        try TestSession.with { session, folder in
            #expect(session.handle("a banana").succeeded)
            let report = try Doctor.run(root: folder.path, restore: nil)
            #expect(report.conflictCopies.isEmpty && report.healthy)
        }
    }
}
