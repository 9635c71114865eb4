// The issue "The store under attack": a data folder someone (or something) tampered with. Links
// out of the folder, a folder opened to others by hand, temporary files of killed processes. Each
// case builds the folder with the real binary, does the damage by hand and runs the binary as a
// person would, checking the words, the exit status and the files, inside the folder and out.

import Foundation
import Glibc
import Testing

extension CorruptFilesTests {
    /// A data file that is a symbolic link, and a command that writes that file.
    struct LinkedFile: Sendable, CustomTestStringConvertible {
        /// The data file, from the data folder.
        var name: String
        /// A command that makes a good file of its kind, in a folder of its own: what the file
        /// outside holds.
        var make: [String]
        /// A command that changes the file.
        var write: [String]

        var testDescription: String { name }

        static let all: [LinkedFile] = [
            LinkedFile(name: "devices/local/journal/2026-11.json", make: ["a", "banana"], write: ["an", "apple"]),
            LinkedFile(name: "devices/local/profile.json", make: ["set", "age", "39"], write: ["set", "age", "40"]),
            LinkedFile(
                name: "devices/local/foods.json", make: ["define", "bar", "=", "200", "kcal"],
                write: ["define", "cake", "=", "300", "kcal"]),
        ]
    }

    /// A data file that is a link to a file outside the data folder: before, the backup became a
    /// second link and making it private changed the outside file's mode from 0644 to 0600.
    @Test(arguments: LinkedFile.all)
    func aDataFileThatIsALinkOutOfTheFolderIsRefusedAndWhatItPointsAtIsLeftAlone(_ linked: LinkedFile) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try FileManager.default.createDirectory(at: journal(folder), withIntermediateDirectories: true)
            // A file Calorina reads, so that only the link stops it.
            let scratch = folder.appendingPathComponent("scratch")
            #expect(try run(linked.make, in: scratch).status == 0)
            let contents = try Data(contentsOf: scratch.appendingPathComponent("data/" + linked.name))
            let outside = folder.appendingPathComponent("outside.json")
            try contents.write(to: outside)
            #expect(chmod(outside.path, 0o644) == 0)
            let file = folder.appendingPathComponent("data/" + linked.name)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: outside.path)

            for (arguments, stdin) in [(linked.write, ""), ([], linked.write.joined(separator: " ") + "\n")] {
                let output = try run(arguments, stdin: stdin, in: folder)
                #expect(output.status == 3, "\(output)")
                #expect(
                    output.stderr.contains(file.path + ":1:1: it is a symbolic link to '\(outside.path)'"), "\(output)")
                #expect(JournalFiles.mode(outside.path) == 0o644, "the file outside changed its mode")
                #expect(bytes(outside) == contents, "the file outside changed")
                let link = try FileManager.default.destinationOfSymbolicLink(atPath: file.path)
                #expect(link == outside.path, "the link was replaced without a word")
                let made = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                #expect(!made.contains { $0.contains(".bak") || $0.contains(".tmp-") }, "\(made)")
            }
            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3, "\(doctor)")
            #expect(doctor.stderr.contains("✗ \(linked.name)"), "\(doctor)")
            #expect(doctor.stderr.contains("it is a symbolic link to '\(outside.path)'"), "\(doctor)")
            #expect(JournalFiles.mode(outside.path) == 0o644)
        }
    }
}

extension CorruptFilesTests {
    /// The good November file with its one entry in it twice, as a merge by a sync tool leaves it.
    static var fileWithAnEntryTwice: String {
        let entry = goodFile.components(separatedBy: "\n").dropFirst(2).prefix(13).joined(separator: "\n")
        return goodFile.replacingOccurrences(of: entry, with: entry + ",\n" + entry)
    }

    /// An entry in a month file twice used to be read, and counted twice (the 122 kcal banana showed
    /// as 244), and `doctor` said the file read cleanly. It is refused like any other corruption,
    /// at its second place, and `doctor restore` keeps the first of each.
    @Test func anEntryInAMonthFileTwiceIsRefusedAtItsSecondPlaceAndDoctorRemovesTheRepeat() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = Self.fileWithAnEntryTwice
            try writeMonthFile(Array(text.utf8), in: folder)
            let month = monthFile(folder)
            let id = "\"00000000000000a1\""
            let ids = text.ranges(of: id)
            try #require(ids.count == 2)
            let second = Self.position(
                of: text.utf8.distance(from: text.startIndex, to: ids[1].lowerBound), in: Array(text.utf8))
            let firstEntry = Self.position(of: "    {\n", in: text)

            for arguments in [["2026-11-20"], ["a", "banana"]] {
                let output = try run(arguments, in: folder)
                #expect(output.status == 3, "\(output)")
                #expect(
                    output.stderr.contains(
                        "\(month.path):\(second.line):\(second.column): the id '00000000000000a1' is already the id of"
                            + " the entry on line \(firstEntry.line): the same entry is in the file twice"),
                    "\(output)")
                #expect(!output.stdout.contains("244"), "\(output)")
            }
            #expect(bytes(month) == Data(text.utf8))

            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3, "\(doctor)")
            #expect(!doctor.stdout.contains("read cleanly"), "\(doctor)")
            #expect(
                doctor.stderr.contains("✗ devices/local/journal/2026-11.json (the journal for 2026-11)"), "\(doctor)")
            #expect(doctor.stderr.contains("line \(second.line), column \(second.column): the id"), "\(doctor)")
            #expect(doctor.stderr.contains("every entry reads, but 1 of them repeats an earlier entry"), "\(doctor)")
            #expect(
                doctor.stderr.contains(
                    "to remove the repeats (the first of each is kept): calorina doctor restore 2026-11"), "\(doctor)")

            let dry = try run(["--dry-run", "doctor", "restore", "2026-11"], in: folder)
            #expect(dry.stderr.contains("--dry-run: 1 repeated entry would be removed"), "\(dry)")
            #expect(bytes(month) == Data(text.utf8))

            let repair = try run(["doctor", "restore", "2026-11"], in: folder)
            #expect(repair.status == 0, "\(repair)")
            #expect(
                repair.stdout.contains(
                    "✓ repaired devices/local/journal/2026-11.json (the journal for 2026-11): 1 entry"),
                "\(repair)")
            #expect(repair.stdout.contains("removed 1 repeated entry (kept the first of each)"), "\(repair)")
            #expect(
                repair.stdout.contains(
                    "the file it replaced is kept as devices/local/journal/2026-11.json.before-restore-"),
                "\(repair)")
            #expect(
                bytes(month) == Data(JournalFiles.asWritten(Self.goodFile).utf8),
                "the first of the two is kept, as it was")
            #expect(JournalFiles.mode(month.path) == 0o600)

            let day = try run(["2026-11-20"], in: folder)
            #expect(day.status == 0, "\(day)")
            #expect(day.stdout.contains("122 of 2,000 kcal"), "\(day)")
            #expect(try run(["doctor"], in: folder).status == 0)
        }
    }
}

extension CorruptFilesTests {
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

    /// Temporary files of writers killed while writing used to stay in the data folder's root for
    /// good (only `journal/` was swept). `doctor` names them; the next change removes them, in the
    /// root and in `journal/`, and leaves a running process's alone.
    @Test func temporaryFilesOfKilledWritersAreNamedByDoctorAndSweptByTheNextChange() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let data = folder.appendingPathComponent("data")
            let ended = try Self.endedProcess()
            let stale = [
                ".profile.json.tmp-\(ended)", ".foods.json.tmp-\(ended)", ".undo.json.tmp-\(ended)",
                ".undo.json.bak.tmp-\(ended)", "devices/local/journal/.2026-11.json.tmp-\(ended)",
                "devices/local/journal/.2026-11.json.bak.tmp-\(ended)",
            ]
            // This test's own process runs: as far as calorina knows, a writer at work.
            let running = [".foods.json.tmp-\(getpid())", "devices/local/journal/.2026-10.json.tmp-\(getpid())"]
            for name in stale + running { try Data("{\"half".utf8).write(to: data.appendingPathComponent(name)) }

            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 0, "\(doctor)")
            #expect(
                doctor.stdout.contains(
                    "6 temporary files of Calorina processes that were stopped while writing: "
                        + stale.sorted().joined(separator: ", ")), "\(doctor)")
            #expect(doctor.stdout.contains("they are not data; the next change removes them"), "\(doctor)")
            #expect(!doctor.stdout.contains(".tmp-\(getpid())"), "\(doctor)")

            #expect(try run(["an", "apple"], in: folder).status == 0)
            for name in stale {
                #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(name).path), "\(name)")
            }
            for name in running {
                #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent(name).path), "\(name)")
            }
            #expect(!(try run(["doctor"], in: folder)).stdout.contains("temporary file"))
        }
    }
}

extension CorruptFilesTests {
    /// `doctor restore` used to put back the backup alone, which lacks the file's last change (here
    /// the orange). Now what can be read of the damaged file is kept, the backup gives what could
    /// not be read, and the report says which is which.
    @Test func doctorRestoreKeepsWhatCanBeReadOfADamagedMonthAndTakesOnlyTheRestFromItsBackup() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            for line in ["a banana 2026-11-20", "an apple 2026-11-20", "an orange 2026-11-21"] {
                #expect(try run(line.split(separator: " ").map(String.init), in: folder).status == 0)
            }
            let month = monthFile(folder)
            // The banana, the first entry (from line 3), gets a stray byte.
            let text = try #require(bytes(month).map { String(decoding: $0, as: UTF8.self) })
            let damaged = text.replacingOccurrences(of: "\"kcal\" : 122.2", with: "\"kcal\" : 12x2.2")
            try #require(damaged != text)
            try Data(damaged.utf8).write(to: month)

            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3, "\(doctor)")
            #expect(
                doctor.stderr.contains("2 entries can still be read from it, but not what starts at line 3"),
                "\(doctor)")
            #expect(doctor.stderr.contains("its backup has 1 entry that the file lacks"), "\(doctor)")
            #expect(
                doctor.stderr.contains("to rebuild it from what reads and its backup: calorina doctor restore 2026-11"),
                "\(doctor)")

            let restore = try run(["doctor", "restore", "2026-11"], in: folder)
            #expect(restore.status == 0, "\(restore)")
            for said in [
                "✓ repaired devices/local/journal/2026-11.json (the journal for 2026-11) from what could be read of it and its"
                    + " backup of ", ": 3 entries\n", "read 2 entries from the damaged file",
                "could not read what starts at line 3", "took 1 entry from its backup that the file lacked:",
                "2026-11-20 08:30 Banana, raw, 122 kcal",
                "the file it replaced is kept as devices/local/journal/2026-11.json.before-restore-",
            ] {
                #expect(restore.stdout.contains(said), "\(said): \(restore)")
            }
            let files = JournalFiles(data: folder.appendingPathComponent("data"))
            #expect(files.problems.allSatisfy { $0.contains(".before-restore-") }, "\(files.problems)")
            #expect(
                files.entries.map(\.food).sorted() == ["Apple, raw", "Banana, raw", "Orange, raw"], "\(files.entries)")
            let day = try run(["2026-11-21"], in: folder)
            #expect(day.stdout.contains("Orange"), "the last change, which the backup lacks: \(day)")
            #expect(try run(["doctor"], in: folder).status == 0)
        }
    }

    /// A month written once has no backup: `doctor restore` used to refuse it ("there is no backup
    /// of it") and leave the program stopped; now it keeps what reads, and says what did not.
    @Test func aDamagedMonthWithNoBackupIsRebuiltFromWhatReads() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana", "and", "an", "apple", "2026-11-20"], in: folder).status == 0)
            let month = monthFile(folder)
            #expect(!FileManager.default.fileExists(atPath: month.path + ".bak"))
            let text = try #require(bytes(month).map { String(decoding: $0, as: UTF8.self) })
            try Data(text.replacingOccurrences(of: "Apple, raw", with: "Apple, raw\u{0}").utf8).write(to: month)

            let restore = try run(["doctor", "restore"], in: folder)
            #expect(restore.status == 0, "\(restore)")
            #expect(
                restore.stdout.contains(
                    "✓ repaired devices/local/journal/2026-11.json (the journal for 2026-11): 1 entry"),
                "\(restore)")
            #expect(
                restore.stdout.contains("no backup reads: what could not be read is only in the file it replaced"),
                "\(restore)")
            let day = try run(["2026-11-20"], in: folder)
            #expect(day.status == 0 && day.stdout.contains("Banana") && !day.stdout.contains("Apple"), "\(day)")
        }
    }

    /// `foods.json` written once has no backup; a backup is kept from its first rewrite on. Doctor
    /// says plainly which it is. The foods are this device's file (issue 27).
    @Test func foodsWrittenOnceHaveNoBackupAndDoctorSaysSoPlainly() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["define", "bar", "=", "200", "kcal"], in: folder).status == 0)
            let devices = folder.appendingPathComponent("data/devices")
            let device = try #require(try FileManager.default.contentsOfDirectory(atPath: devices.path).first)
            let foods = devices.appendingPathComponent(device + "/foods.json")
            #expect(!FileManager.default.fileExists(atPath: foods.path + ".bak"))
            let once = try #require(bytes(foods))
            try Data("{".utf8).write(to: foods)
            let plain =
                "there is no backup of it: Calorina keeps one from the first change to a file on, and this one has had"
                + " none since it was made (or its backups were removed)"
            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3 && doctor.stderr.contains(plain), "\(doctor)")
            let restore = try run(["doctor", "restore", "foods"], in: folder)
            #expect(restore.status == 3 && restore.stderr.contains("not restored: " + plain), "\(restore)")

            // Rewritten once: the backup holds the file as it was.
            try once.write(to: foods)
            #expect(try run(["define", "cake", "=", "300", "kcal"], in: folder).status == 0)
            #expect(bytes(URL(fileURLWithPath: foods.path + ".bak")) == once)
            try Data("{".utf8).write(to: foods)
            let restored = try run(["doctor", "restore", "foods"], in: folder)
            #expect(
                restored.status == 0
                    && restored.stdout.contains("✓ restored devices/\(device)/foods.json (your foods)"),
                "\(restored)")
            #expect(bytes(foods) == once)
        }
    }
}

extension CorruptFilesTests {
    /// A data folder opened to others by hand used to stay open. It is made 0700 again, with a
    /// notice on stderr the first time, and the line still runs.
    @Test func aDataFolderOpenedToOthersIsMadePrivateAgainWithANotice() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let data = folder.appendingPathComponent("data")
            #expect(chmod(data.path, 0o755) == 0)
            let output = try run(["an", "apple"], in: folder)
            #expect(output.status == 0, "\(output)")
            #expect(
                output.stderr
                    == "notice: \(data.path) was open to others (mode 755): made it private (700) again, as Calorina"
                    + " keeps its data folder\n", "\(output)")
            #expect(output.stdout.contains("Apple"), "\(output)")
            #expect(JournalFiles.mode(data.path) == 0o700)
            let again = try run(["today"], in: folder)
            #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        }
    }
}
