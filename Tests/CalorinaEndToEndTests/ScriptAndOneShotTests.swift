// The built binary, driven the way scripts and shells drive it: stdin scripts, one-shot words,
// flags, exit statuses and the files it leaves.

import Foundation
import Testing

@Suite("Scripts and one-shot")
struct ScriptAndOneShotTests {
    static let now = "2026-11-22T08:30:00"

    /// The new user's day from the issue, as a script.
    static let newUserDay = """
        2 servings oatmeal breakfast
        1 cup orange juice
        a banana
        big mac lunch
        burger 650 kcal dinner
        today

        """

    func calorina() throws -> URL { try BinaryRunner.productURL("calorina") }

    func run(
        _ arguments: [String], stdin: Data? = nil, in folder: URL, extra: [String: String] = [:]
    ) throws -> BinaryRunner.Output {
        var environment = BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now])
        environment.merge(extra) { _, new in new }
        return try BinaryRunner.run(
            try calorina(), arguments: ["--data-dir", folder.appendingPathComponent("data").path] + arguments,
            stdin: stdin ?? Data(), environment: environment, timeout: .seconds(30))
    }

    /// A script large enough that its month grows a log (2,000 entries and more, each line with
    /// its checksum) is taken back whole by one `undo`: the streaming undo of a large script read
    /// the log's lines without their checksums and refused the first (found by the benchmarks).
    @Test func undoTakesBackAScriptWhoseMonthGrewALog() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["an", "apple", "2026-11-20"], in: folder).status == 0)
            // The first script makes the month large; the second's lines go to its log.
            let first = String(repeating: "a banana\n", count: 2_100)
            #expect(try run([], stdin: Data(first.utf8), in: folder).status == 0)
            let lines = (0..<700).map { $0 % 3 == 0 ? "water 250 ml" : "an orange" }.joined(separator: "\n") + "\n"
            let script = try run([], stdin: Data(lines.utf8), in: folder)
            #expect(script.status == 0, "\(script.stderr.prefix(300))")
            let journal = folder.appendingPathComponent("data/devices/local/journal")
            let names = try FileManager.default.contentsOfDirectory(atPath: journal.path)
            #expect(names.contains { $0.hasSuffix(".log") }, "the month grew a log: \(names)")
            let undo = try run(["undo"], in: folder)
            #expect(undo.status == 0, "\(undo)")
            let csv = try run(["export", "csv"], in: folder)
            // CSV lines end in CRLF, one Character to Swift.
            let rows = csv.stdout.split(whereSeparator: \.isNewline).dropFirst()
            #expect(rows.count == 2_101, "the apple and the first script's bananas are left")
            #expect(!rows.contains { $0.contains("Orange") || $0.contains("Water") }, "the second script is gone")
        }
    }

    func json(_ line: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func newUserDayPipedLogsEachLineAndSumsByMeal() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run([], stdin: Data(Self.newUserDay.utf8), in: folder)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stderr == "")
            for expected in [
                "Oatmeal, NFS · 2 servings (2 × 240 g) · 365 kcal → breakfast",
                "Orange juice, 100%, NFS · 1 cup (248 g) · 117 kcal → breakfast",
                "Banana, raw · 1 banana (126 g) · 122 kcal → breakfast",
                "Big Mac (McDonalds) · 1 McDonald's Big Mac (205 g) · 535 kcal → lunch",
                "Burger · 650 kcal → dinner",
                "Sun 22 Nov · 1,789 of 2,000 kcal · 211 kcal left",
                "breakfast · 604 kcal", "lunch · 535 kcal", "dinner · 650 kcal",
            ] {
                #expect(output.stdout.contains(expected), "missing \(expected) in:\n\(output.stdout)")
            }
        }
    }

    /// With stdout on /dev/null a script's confirmations are not rendered, but its lines are all
    /// logged and a bad line is still reported on stderr, with its number.
    @Test func aScriptWithStdoutOnDevNullLogsEverythingAndStillReportsErrors() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data").path
            let script = "1 banana\nfrobnicate the thing\n2 eggs lunch\n"
            let output = try BinaryRunner.run(
                URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "exec \"$0\" --data-dir \"$1\" > /dev/null", try calorina().path, data],
                stdin: Data(script.utf8),
                environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now]),
                timeout: .seconds(30))
            #expect(output.status == 1, "stderr: \(output.stderr)")
            #expect(output.stdout == "")
            #expect(output.stderr.hasPrefix("line 2: "), "\(output.stderr)")
            let today = try run(["today"], in: folder)
            #expect(today.stdout.contains("Banana, raw"), "\(today.stdout)")
            #expect(today.stdout.contains("lunch"), "\(today.stdout)")
        }
    }

    @Test func jsonGivesOneObjectPerCommandWithTheDocumentedFields() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run(
                ["--json"], stdin: Data("2 eggs and a banana breakfast\nxyzzy\ntoday\n".utf8), in: folder)
            #expect(output.status == 1)
            let lines = output.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(output.stdout)")
            let logged = try json(lines[0])
            #expect(logged["ok"] as? Bool == true)
            let entries = try #require(logged["entries"] as? [[String: Any]])
            #expect(entries.count == 2)
            #expect(
                entries[0]["food"] as? String == "Egg, whole, fried, NS as to fat"
                    || (entries[0]["food"] as? String)?.hasPrefix("Egg") == true)
            #expect(entries[1]["food"] as? String == "Banana, raw")
            #expect(entries[1]["kcal"] as? Double == 122.2)
            #expect(entries[1]["grams"] as? Double == 126)
            #expect(entries[1]["meal"] as? String == "breakfast")
            #expect(entries[1]["date"] as? String == "2026-11-22")
            let failed = try json(lines[1])
            #expect(failed["ok"] as? Bool == false)
            let error = try #require(failed["error"] as? [String: Any])
            #expect(error["message"] as? String == "unknown food 'xyzzy'")
            #expect(error["column"] as? Int == 1)
            let day = try json(lines[2])
            #expect((day["entries"] as? [Any])?.count == 2)
        }
    }

    @Test func badInputGivesColumnsLogsNothingAndExitsOne() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            var script = Data()
            script.append(Data("xyzzy 2 servings\n2 servings\n-3 eggs\n5000 eggs\n".utf8))
            script.append(Data(String(repeating: "a", count: 1 << 20).utf8))
            script.append(Data("\n2 eggs \u{1}\n".utf8))
            script.append(Data([0x32, 0x20, 0xFF, 0xFE, 0x65, 0x67, 0x67, 0x73, 0x0A]))  // "2 \xFF\xFEeggs"
            let output = try run([], stdin: script, in: folder)
            #expect(output.status == 1)
            #expect(output.stdout == "")
            for expected in [
                "line 1: error: unknown food 'xyzzy'",
                "line 2: error: missing food after '2 servings'",
                "line 3: error: an amount cannot be negative",
                "line 4: error: that is 250,000 g and 440,000 kcal, too much for one entry",
                "line 5: error: the line is too long (1048576 characters; the limit is 1000)",
                "line 6: error: unexpected character U+0001",
                "line 7: error: the line is not valid UTF-8 text",
            ] {
                #expect(output.stderr.contains(expected), "missing \(expected) in:\n\(output.stderr.prefix(3000))")
            }
            // Every error points at its column with a caret.
            #expect(output.stderr.components(separatedBy: "^").count - 1 >= 7)
            let today = try run(["--json", "today"], in: folder)
            #expect(try json(today.stdout)["entries"] as? [Any] != nil)
            #expect((try json(today.stdout)["entries"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func otherLinesStillApplyWhenOneFails() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run([], stdin: Data("a banana\nxyzzy\nan apple\n".utf8), in: folder)
            #expect(output.status == 1)
            #expect(output.stderr.hasPrefix("line 2: error: unknown food 'xyzzy'"))
            let today = try json(try run(["--json", "today"], in: folder).stdout)
            let foods = (today["entries"] as? [[String: Any]])?.compactMap { $0["food"] as? String }
            #expect(foods == ["Banana, raw", "Apple, raw"])
        }
    }

    @Test func oneShotRunsTheWordsAsOneLine() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let logged = try run(["2", "eggs", "and", "toast", "breakfast"], in: folder)
            #expect(logged.status == 0, "\(logged.stderr)")
            #expect(logged.stdout.contains("→ breakfast"))
            let failed = try run(["xyzzy"], in: folder)
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("error: unknown food 'xyzzy'"))
            #expect(failed.stderr.contains("^~~~~"))
            // "-2" is a day, not a flag.
            let backfilled = try run(["--json", "a", "banana", "-2"], in: folder)
            #expect(backfilled.status == 0, "\(backfilled.stderr)")
            let entry = try #require((try json(backfilled.stdout)["entries"] as? [[String: Any]])?.first)
            #expect(entry["date"] as? String == "2026-11-20")
        }
    }

    @Test func aScriptLogsFromItsOwnListsAndAOneShotLineHasNone() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let script = "search banana\n1\n# then, later\nlog 1 200 g lunch\nlog 99\ntoday\n"
            let output = try run([], stdin: Data(script.utf8), in: folder)
            #expect(output.status == 1, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("type a number to log that food"))
            #expect(output.stdout.contains("+ #1 Banana, raw · 1 banana (126 g) · 122 kcal → breakfast"))
            #expect(output.stdout.contains("+ #2 Banana, raw · 200 g · 194 kcal → lunch"))
            #expect(output.stderr.contains("line 5: error: there is no item 99; the last list had "))
            // A one-shot line is a run of its own: no list to pick from, and '2' alone is an
            // amount missing its food, as it always was.
            let picked = try run(["log", "2"], in: folder)
            #expect(picked.status == 1)
            #expect(picked.stderr.contains("error: there is no list to pick from"))
            let bare = try run(["2"], in: folder)
            #expect(bare.status == 1)
            #expect(bare.stderr.contains("error: missing food after '2'"))
        }
    }

    @Test func dryRunSavesNothing() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run(["--dry-run"], stdin: Data("a banana\n".utf8), in: folder)
            #expect(output.status == 0)
            #expect(output.stdout.contains("(dry run: nothing saved)"))
            let today = try json(try run(["--json", "today"], in: folder).stdout)
            #expect((today["entries"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func undoInAScriptTakesBackItsLastLine() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run([], stdin: Data("a banana\nan apple\nundo\ntoday\n".utf8), in: folder)
            #expect(output.status == 0)
            #expect(output.stdout.contains("↶ undone: logged an apple\n  − Apple, raw · 122 kcal"))
            let today = try json(try run(["--json", "today"], in: folder).stdout)
            #expect((today["entries"] as? [[String: Any]])?.compactMap { $0["food"] as? String } == ["Banana, raw"])
        }
    }

    @Test func usageErrorsExitTwo() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try BinaryRunner.run(
                try calorina(), arguments: ["--data-dir"], environment: BinaryRunner.environment(home: folder))
            #expect(output.status == 2, "\(output.stderr)")
            let badClock = try run(["today"], in: folder, extra: ["CALORINA_NOW": "soon"])
            #expect(badClock.status == 2)
            #expect(badClock.stderr.contains("CALORINA_NOW"))
        }
    }

    @Test func unreadableDataExitsThreeAndLeavesTheFileAlone() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let journal = folder.appendingPathComponent("data/devices/local/journal")
            try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
            let month = journal.appendingPathComponent("2026-11.json")
            let corrupt = Data("{\"version\": 1, \"month\": \"2026-11\", \"entries\": [".utf8)
            try corrupt.write(to: month)
            let output = try run([], stdin: Data("a banana\n".utf8), in: folder)
            #expect(output.status == 3)
            #expect(output.stderr.contains("2026-11.json"))
            #expect(try Data(contentsOf: month) == corrupt)
        }
    }

    @Test func filesArePrivateAndColourNeverReachesAPipe() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run([], stdin: Data("a banana\n".utf8), in: folder)
            #expect(!output.stdout.contains("\u{1B}["))
            let data = folder.appendingPathComponent("data")
            let folderMode = try FileManager.default.attributesOfItem(atPath: data.path)[.posixPermissions] as? Int
            let fileMode =
                try FileManager.default.attributesOfItem(
                    atPath: data.appendingPathComponent("devices/local/journal/2026-11.json").path)[.posixPermissions]
                as? Int
            #expect(folderMode == 0o700)
            #expect(fileMode == 0o600)
        }
    }

    @Test func helpAndVersionExitZero() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let help = try run(["--help"], in: folder)
            #expect(help.status == 0)
            #expect(help.stdout.contains("--dry-run"))
            let version = try run(["--version"], in: folder)
            #expect(version.status == 0)
            #expect(!version.stdout.isEmpty)
        }
    }
}

extension ScriptAndOneShotTests {
    /// Issue 12: a piped script is one change that `undo` takes back once it has ended, as an
    /// import is: `echo 'a banana' | calorina`, then `calorina undo`.
    @Test func aFinishedScriptIsOneChangeThatUndoTakesBack() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["burger", "650", "kcal", "lunch"], in: folder).status == 0)
            let script = try run([], stdin: Data("a banana\n".utf8), in: folder)
            #expect(script.status == 0, "\(script)")
            let undo = try run(["undo"], in: folder)
            #expect(undo.status == 0, "\(undo)")
            #expect(undo.stdout.contains("↶ undone: a script: logged a banana"), "\(undo)")
            let today = try run(["today"], in: folder)
            #expect(!today.stdout.contains("Banana"), "\(today)")
            #expect(today.stdout.contains("Burger"), "the change before the script stays: \(today)")
            #expect(try run(["redo"], in: folder).stdout.contains("+ #2 Banana, raw · 122 kcal"))
        }
    }

    @Test func aLongScriptOverSeveralDaysComesBackAsOneUndo() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["item", "kept", "100", "kcal", "2026-11-20"], in: folder).status == 0)
            let days = ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]
            var lines: [String] = []
            for (index, day) in days.enumerated() {
                lines += ["item s\(index) \(10 * (index + 1)) kcal \(day)", "water 250 ml \(day)", "ran 20 min \(day)"]
            }
            lines += [
                "set age 40", "define snack bar = 200 kcal per bar", "1 snack bar", "delete 1 2026-11-20", "edit 1 3",
                "weight 80", "# a comment",
            ]
            #expect(lines.count == 22)
            let script = try run([], stdin: Data((lines.joined(separator: "\n") + "\n").utf8), in: folder)
            #expect(script.status == 0, "\(script)")
            let undo = try run(["undo"], in: folder)
            #expect(undo.status == 0, "\(undo)")
            #expect(undo.stdout.contains("↶ undone: a script of 22 lines: 21 changes"), "\(undo)")
            for day in days {
                let shown = try run([day], in: folder)
                if day == "2026-11-20" {
                    #expect(shown.stdout.contains("Item kept  100 kcal"), "the entry the script deleted: \(shown)")
                    #expect(!shown.stdout.contains("Item s"), "\(shown)")
                } else {
                    #expect(shown.stdout.contains("nothing logged"), "\(day): \(shown)")
                }
            }
            #expect(try run(["profile"], in: folder).stdout.contains("profile: empty"))
            #expect(try run(["foods"], in: folder).stdout.contains("no foods of your own yet"))
            // The change before the script, made at the same terminal, is the next to go.
            #expect(try run(["undo"], in: folder).stdout.contains("logged item kept 100 kcal 2026-11-20"))
        }
    }
}
