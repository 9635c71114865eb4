// PRODUCT.md, "Durable": two processes writing at once (a REPL open while a script runs) lose
// nothing; writers take a lock and re-read what changed before they write. And `undo` in one
// process takes back only that process's own change.

import Foundation
import Glibc
import Testing

@Suite("Two writers", .serialized)
struct ConcurrentWritersTests {
    static let now = "2026-11-22T08:30:00"
    static let linesPerWriter = 500

    func calorina() throws -> URL { try BinaryRunner.productURL("calorina") }

    func environment(_ folder: URL) -> [String: String] {
        BinaryRunner.environment(
            home: folder,
            [
                "CALORINA_NOW": Self.now, "CALORINA_DEVICE": "local",
                "CALORINA_HOME": folder.appendingPathComponent("data").path,
                "XDG_STATE_HOME": folder.appendingPathComponent("state").path, "TERM": "xterm-256color",
            ])
    }

    /// A REPL with `--json`, at its first prompt.
    func startREPL(in folder: URL) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            try calorina(), arguments: ["--json"], environment: environment(folder), columns: 400)
        _ = try terminal.expect(" › ", timeout: .seconds(30))
        return terminal
    }

    /// The JSON objects a REPL printed, in order (escape sequences and echoed input left out).
    func jsonObjects(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let start = line.range(of: "{\"ok\"") else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line[start.lowerBound...].utf8)) as? [String: Any]
        }
    }

    /// The day of 2026 a writer's `index`-th line goes to: 300 days from 1 January, so that no day
    /// gets near the goal (no confirmation is asked) and ten month files are shared.
    static func date(_ index: Int) -> String {
        var day = index % 300
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31]
        var month = 0
        while day >= lengths[month] {
            day -= lengths[month]
            month += 1
        }
        return String(format: "2026-%02d-%02d", month + 1, day + 1)
    }

    @Test(.timeLimit(.minutes(3)))
    func aREPLAndAScriptWritingAtOnceLoseNothing() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let started = ContinuousClock.now
            let data = folder.appendingPathComponent("data")
            let repl = try startREPL(in: folder)
            // The script is fed through a pipe while the REPL types, so that it saves batch
            // after batch (at least once a second) between the REPL's saves.
            let script = try LiveProcess(try calorina(), arguments: ["--json"], environment: environment(folder))
            var scriptLines: [String] = []
            for index in 0..<Self.linesPerWriter {
                scriptLines.append("a banana \(Self.date(index)) # B\(index)\n")
            }
            var fed = 0
            // Times the script reported a saved batch while the REPL was still typing.
            var scriptSavesSeen = 0
            for index in 0..<Self.linesPerWriter {
                try repl.sendLine("an apple \(Self.date(index)) # A\(index)")
                // The next prompt: the report is whole. (Keys typed while a line is handled are
                // echoed by the terminal itself, in the middle of whatever is being printed.)
                _ = try repl.expect(" › ", timeout: .seconds(20))
                if index % 25 == 0 {
                    let next = min(scriptLines.count, fed + 25)
                    script.write(scriptLines[fed..<next].joined())
                    fed = next
                }
                let before = script.stdoutBytes.count
                script.drain()
                if script.stdoutBytes.count > before { scriptSavesSeen += 1 }
            }
            script.write(scriptLines[fed...].joined())
            script.closeStdin()
            try repl.sendLine("quit")
            #expect(try repl.waitForExit(timeout: .seconds(20)) == 0)
            #expect(script.waitForExit() == 0, "\(script.stderr)")

            let replIDs = loggedIDs(inObjects: jsonObjects(repl.output))
            let scriptIDs = loggedIDs(inJSONLines: script.completeStdoutLines)
            #expect(replIDs.count == Self.linesPerWriter)
            #expect(scriptIDs.count == Self.linesPerWriter)

            let files = JournalFiles(data: data)
            #expect(files.problems.isEmpty, "\(files.problems.prefix(5))")
            #expect(files.entries.count == 2 * Self.linesPerWriter)
            #expect(files.ids == Set(replIDs + scriptIDs))
            let apples = files.entries.filter { $0.text.contains("# A") }
            let bananas = files.entries.filter { $0.text.contains("# B") }
            #expect(apples.count == Self.linesPerWriter && apples.allSatisfy { $0.food == "Apple, raw" })
            #expect(bananas.count == Self.linesPerWriter && bananas.allSatisfy { $0.food == "Banana, raw" })
            #expect(files.months.count == 10)
            // The two really wrote in turns, not one after the other.
            #expect(scriptSavesSeen >= 2, "the script saved only \(scriptSavesSeen) times while the REPL typed")
            print(
                "two writers (REPL + script): \(files.entries.count) entries checked, the script saved "
                    + "\(scriptSavesSeen) times while the REPL typed, in \(ContinuousClock.now - started)")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func twoScriptsStartedTogetherLoseNothing() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let started = ContinuousClock.now
            let data = folder.appendingPathComponent("data")
            let writers = try (0..<2).map { _ in
                try LiveProcess(try calorina(), arguments: ["--json"], environment: environment(folder))
            }
            for (writer, marker) in zip(writers, ["A", "B"]) {
                let food = marker == "A" ? "an apple" : "a banana"
                var text = ""
                for index in 0..<Self.linesPerWriter {
                    text += "\(food) \(Self.date(index)) # \(marker)\(index)\n"
                }
                writer.write(text)
            }
            // Both reach the end of their input, and save, at the same moment.
            for writer in writers { writer.closeStdin() }
            for writer in writers {
                #expect(writer.waitForExit() == 0, "\(writer.stderr)")
            }
            let printed = writers.map { loggedIDs(inJSONLines: $0.completeStdoutLines) }
            #expect(printed.map(\.count) == [Self.linesPerWriter, Self.linesPerWriter])
            let files = JournalFiles(data: data)
            #expect(files.problems.isEmpty, "\(files.problems.prefix(5))")
            #expect(files.entries.count == 2 * Self.linesPerWriter)
            #expect(files.ids == Set(printed[0] + printed[1]))
            #expect(files.entries.filter { $0.food == "Apple, raw" && $0.text.contains("# A") }.count == 500)
            #expect(files.entries.filter { $0.food == "Banana, raw" && $0.text.contains("# B") }.count == 500)
            print(
                "two writers (two scripts): \(files.entries.count) entries checked in \(ContinuousClock.now - started)")
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func undoInOneProcessNeverRemovesTheOthersEntry() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let first = try startREPL(in: folder)
            let second = try startREPL(in: folder)

            func say(_ terminal: PseudoTerminal, _ line: String) throws -> [String: Any] {
                try terminal.sendLine(line)
                let shown = try terminal.expect("}\n", timeout: .seconds(20))
                _ = try terminal.expect(" › ", timeout: .seconds(20))
                return try #require(jsonObjects(shown).last, "no JSON for '\(line)' in \(shown)")
            }
            func ids(_ object: [String: Any], _ key: String = "entries") -> [String] {
                (object[key] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            }
            func onDisk() -> [String] { JournalFiles(data: data).entries.map(\.id).sorted() }

            // The same food in both, so that only the id can tell them apart.
            let mine = ids(try say(first, "a banana"))
            let theirs = ids(try say(second, "a banana"))
            #expect(mine.count == 1 && theirs.count == 1 && mine != theirs)
            #expect(onDisk() == (mine + theirs).sorted())

            let undone = try say(first, "undo")
            #expect(ids(undone, "undone") == mine)
            #expect(onDisk() == theirs, "the first process's undo took the second's entry")

            let more = ids(try say(second, "a banana and an apple"))
            #expect(more.count == 2)
            // Nothing of the first process's is left to undo: the second's entries stay.
            let nothing = try say(first, "undo")
            #expect(nothing["ok"] as? Bool == false)
            #expect(onDisk() == (theirs + more).sorted())

            // The second process's undo takes back its last line only.
            let secondUndo = try say(second, "undo")
            #expect(ids(secondUndo, "undone").sorted() == more.sorted())
            #expect(onDisk() == theirs)

            try first.sendLine("quit")
            try second.sendLine("quit")
            #expect(try first.waitForExit() == 0)
            #expect(try second.waitForExit() == 0)
        }
    }
    /// Issue 16.1: with a REPL open, a one-shot command from another shell logs an entry; the
    /// REPL's `undo` takes back its own entry, never the other's, and says whose the rest is. A
    /// one-shot `undo` from that other shell takes back that shell's change; `undo any` takes back
    /// another's change only when asked, and says whose it was.
    @Test(.timeLimit(.minutes(2)))
    func undoInAREPLNeverTakesAnotherShellsChange() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let repl = try startREPL(in: folder)
            func say(_ line: String) throws -> [String: Any] {
                try repl.sendLine(line)
                let shown = try repl.expect("}\n", timeout: .seconds(20))
                _ = try repl.expect(" › ", timeout: .seconds(20))
                return try #require(jsonObjects(shown).last, "no JSON for '\(line)' in \(shown)")
            }
            func oneShot(_ words: [String]) throws -> BinaryRunner.Output {
                try BinaryRunner.run(try calorina(), arguments: ["--json"] + words, environment: environment(folder))
            }
            func ids(_ object: [String: Any], _ key: String = "entries") -> [String] {
                (object[key] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            }
            func foods() -> [String] { JournalFiles(data: data).entries.map(\.food).sorted() }

            let mine = ids(try say("item mine 100 kcal"))
            #expect(try oneShot(["item", "theirs", "50", "kcal"]).status == 0)
            #expect(foods() == ["Item mine", "Item theirs"])

            let undone = try say("undo")
            #expect(ids(undone, "undone") == mine, "\(undone)")
            #expect(foods() == ["Item theirs"], "the REPL's undo took the other shell's entry")

            // Nothing of the REPL's is left: it says so, names the other change, and takes nothing.
            let nothing = try say("undo")
            #expect(nothing["ok"] as? Bool == false)
            let said = String(describing: nothing)
            #expect(said.contains("nothing of yours to undo") && said.contains("item theirs 50 kcal"), "\(said)")
            #expect(said.contains("undo any"), "\(said)")
            #expect(foods() == ["Item theirs"])

            // The other shell's own one-shot undo takes back its change.
            #expect(try oneShot(["item", "second", "20", "kcal"]).status == 0)
            let shellUndo = try oneShot(["undo"])
            #expect(shellUndo.status == 0 && shellUndo.stdout.contains("item second 20 kcal"), "\(shellUndo)")
            #expect(foods() == ["Item theirs"])

            // Asked for explicitly, the REPL takes back the other's change and says whose it was.
            let taken = try say("undo any")
            #expect(taken["ok"] as? Bool == true, "\(taken)")
            #expect((taken["madeBy"] as? String)?.contains("another Calorina") == true, "\(taken)")
            #expect(foods().isEmpty)

            try repl.sendLine("quit")
            #expect(try repl.waitForExit() == 0)
        }
    }
}
