// Issue 25, F20 and F21: links in and around the data folder, and the cache's temporary files.
// A hard-linked month made the file outside 0600; a symbolic link in the place of `journal/` or
// `cache/` was followed and the folder it named made 0700; a history file that is a link had the
// file it named overwritten; a killed view left its summary's temporary file in `cache/` for good.
// Every link, and the files they name, are made in the test's own temporary folder.

import Foundation
import Glibc
import Testing

@Suite("Links in and around the data folder", .serialized)
struct DataFolderLinksTests {
    func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            try BinaryRunner.productURL("calorina"),
            arguments: ["--data-dir", folder.appendingPathComponent("data").path] + arguments, stdin: Data(),
            environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": "2026-11-22T08:30:00"]),
            timeout: .seconds(30))
    }

    /// A folder outside the data folder, open to others (0755), with one file in it.
    func outsideFolder(_ folder: URL, _ name: String) throws -> URL {
        let outside = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(chmod(outside.path, 0o755) == 0)
        try Data("not Calorina's".utf8).write(to: outside.appendingPathComponent("note.txt"))
        return outside
    }

    @Test func aMonthWithANameOutsideTheFolderIsRefusedAndTheFileOutsideKeepsItsMode() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let month = folder.appendingPathComponent("data/devices/local/journal/2026-11.json").path
            let outside = folder.appendingPathComponent("outside.json").path
            try #require(link(month, outside) == 0)
            #expect(chmod(outside, 0o644) == 0)
            let before = FileManager.default.contents(atPath: outside)
            // Reading it changes nothing outside; every write is refused.
            let today = try run(["today"], in: folder)
            #expect(today.status == 0 && today.stdout.contains("Banana, raw"), "\(today)")
            for arguments in [["an", "apple"], ["delete", "1"]] {
                let output = try run(arguments, in: folder)
                #expect(output.status == 3, "\(arguments): \(output)")
                #expect(
                    output.stderr.contains("\(month): it has 1 more name outside the data folder (a hard link)"),
                    "\(arguments): \(output)")
                #expect(JournalFiles.mode(outside) == 0o644, "\(arguments): the file outside changed its mode")
                #expect(FileManager.default.contents(atPath: outside) == before, "\(arguments)")
            }
            // The copy the message suggests puts things right.
            try FileManager.default.removeItem(atPath: month)
            try FileManager.default.copyItem(atPath: outside, toPath: month)
            #expect(try run(["an", "apple"], in: folder).status == 0)
            #expect(JournalFiles.mode(outside) == 0o644)
            #expect(FileManager.default.contents(atPath: outside) == before)
        }
    }

    /// `journal/` and `cache/`, each a link to a folder outside: refused, the folder outside not
    /// made private and nothing written into it.
    @Test(arguments: [("devices/local/journal", ["a", "banana"]), ("devices/local/cache", ["history", "30"])])
    func aLinkInThePlaceOfAFolderOfTheDataFolderIsRefusedNeverFollowed(_ name: String, _ command: [String]) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let inside = folder.appendingPathComponent("data/" + name)
            try? FileManager.default.removeItem(at: inside)
            if name == "devices/local/journal" {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("data/devices/local/cache"))
            }
            let outside = try outsideFolder(folder, "outside")
            try FileManager.default.createSymbolicLink(atPath: inside.path, withDestinationPath: outside.path)
            let output = try run(command, in: folder)
            #expect(output.status == 3, "\(output)")
            #expect(
                output.stderr.contains(
                    "\(inside.path): it is a symbolic link to '\(outside.path)', and Calorina follows no link inside"
                        + " its data folder"), "\(output)")
            #expect(JournalFiles.mode(outside.path) == 0o755, "the folder outside was made private")
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["note.txt"])
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: inside.path) == outside.path)
        }
    }

    /// A view killed while writing a month's summary left `cache/.YYYY-MM.days.tmp-PID` for good:
    /// the next summary written sweeps those of ended processes, and the next change does too.
    @Test func temporaryFilesInTheCacheAreSwept() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let cache = folder.appendingPathComponent("data/devices/local/cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let ended = try CorruptFilesTests.endedProcess()
            let stale = cache.appendingPathComponent(".2026-11.days.tmp-\(ended)")
            let running = cache.appendingPathComponent(".2026-10.days.tmp-\(getpid())")
            for file in [stale, running] { try Data("half".utf8).write(to: file) }
            #expect(try run(["history", "30"], in: folder).status == 0)
            #expect(!FileManager.default.fileExists(atPath: stale.path), "a view left the stale file")
            #expect(FileManager.default.fileExists(atPath: running.path), "a running writer's file was removed")

            try Data("half".utf8).write(to: stale)
            #expect(try run(["an", "apple"], in: folder).status == 0)
            #expect(!FileManager.default.fileExists(atPath: stale.path), "a change left the stale file")
            #expect(FileManager.default.fileExists(atPath: running.path))
        }
    }

    /// The history file a link to a file elsewhere: not read, not written, said at start.
    @Test func aHistoryFileThatIsALinkIsNeitherReadNorWritten() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let state = folder.appendingPathComponent("state/calorina")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            let elsewhere = folder.appendingPathComponent("elsewhere.txt")
            try Data("keep me\n".utf8).write(to: elsewhere)
            #expect(chmod(elsewhere.path, 0o644) == 0)
            let history = state.appendingPathComponent("history")
            try FileManager.default.createSymbolicLink(atPath: history.path, withDestinationPath: elsewhere.path)
            let environment = BinaryRunner.environment(
                home: folder,
                [
                    "CALORINA_NOW": "2026-11-22T08:30:00",
                    "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                    "CALORINA_HOME": folder.appendingPathComponent("data").path, "TERM": "xterm-256color",
                ])
            let terminal = try PseudoTerminal(try BinaryRunner.productURL("calorina"), environment: environment)
            _ = try terminal.expect(" left › ", timeout: .seconds(15))
            #expect(terminal.output.contains("it is a symbolic link to '\(elsewhere.path)'"), "\(terminal.output)")
            try terminal.sendLine("a banana")
            _ = try terminal.expect("Banana, raw")
            _ = try terminal.expect(" left › ")
            try terminal.send("quit\r")
            #expect(try terminal.waitForExit() == 0)
            #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "keep me\n")
            #expect(JournalFiles.mode(elsewhere.path) == 0o644)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: history.path) == elsewhere.path)
        }
    }
}
