// PRODUCT.md, "Safe with bad input": a corrupt or newer-version data file is reported with its
// path and position and is never overwritten; exit status 3 when the data files cannot be read or
// written safely.
//
// Each case puts one bad thing in a data folder, then runs the built binary three ways (a one-shot
// log line, a script, and `today`, which only reads) and checks: exit status 3, stderr names the
// file (with `line:column` for a file that does not parse), and every byte of the file is as it
// was. Accepted oddities (a UTF-8 byte order mark) are checked to work and to keep the entries.

import Foundation
import Glibc
import Testing

@Suite("Corrupt and foreign files", .serialized)
struct CorruptFilesTests {
    static let now = "2026-11-22T08:30:00"

    /// A good November file with one entry, laid out as Calorina writes it.
    static let goodFile = """
        {
          "entries" : [
            {
              "date" : "2026-11-20",
              "food" : "Banana, raw",
              "grams" : 126,
              "id" : "00000000000000a1",
              "kcal" : 122.2,
              "meal" : "breakfast",
              "portion" : "1 banana (126 g)",
              "quantity" : 1,
              "text" : "a banana",
              "time" : "08:30",
              "unit" : "banana"
            }
          ],
          "month" : "2026-11",
          "version" : 1
        }

        """

    func calorina() throws -> URL { try BinaryRunner.productURL("calorina") }

    func run(_ arguments: [String], stdin: String = "", in folder: URL) throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            try calorina(), arguments: ["--data-dir", folder.appendingPathComponent("data").path] + arguments,
            stdin: Data(stdin.utf8), environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now]),
            timeout: .seconds(30))
    }

    func journal(_ folder: URL) -> URL { folder.appendingPathComponent("data/devices/local/journal") }

    func monthFile(_ folder: URL) -> URL { journal(folder).appendingPathComponent("2026-11.json") }

    /// Creates `data/journal/2026-11.json` holding `bytes`.
    func writeMonthFile(_ bytes: [UInt8], in folder: URL) throws {
        try FileManager.default.createDirectory(at: journal(folder), withIntermediateDirectories: true)
        try Data(bytes).write(to: monthFile(folder))
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset, the way people count.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 10 {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The position of the first `needle` in `text`.
    static func position(of needle: String, in text: String) -> (line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let wanted = Array(needle.utf8)
        let offset = (0...(bytes.count - wanted.count)).first { bytes[$0..<$0 + wanted.count].elementsEqual(wanted) }
        return position(of: offset ?? 0, in: bytes)
    }

    /// A snapshot of every file under the journal folder, path → bytes (folders as empty data with a
    /// trailing slash in the name).
    func snapshot(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let root = journal(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        while let name = walker.nextObject() as? String {
            let path = root.appendingPathComponent(name).path
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            result[isFolder.boolValue ? name + "/" : name] =
                isFolder.boolValue ? Data() : FileManager.default.contents(atPath: path)
        }
        return result
    }

    /// Runs a log line one-shot, the same line as a script, and `today`; each must exit 3 with
    /// `expected` in stderr and leave the journal folder exactly as it was.
    func expectRefused(in folder: URL, saying expected: [String], _ comment: Comment? = nil) throws {
        let before = snapshot(folder)
        #expect(!before.isEmpty)
        for (arguments, stdin) in [(["a", "banana"], ""), ([], "a banana\n2 eggs\n"), (["today"], "")] {
            let output = try run(arguments, stdin: stdin, in: folder)
            let how = arguments.isEmpty ? "a script" : "'\(arguments.joined(separator: " "))'"
            #expect(output.status == 3, "\(how): \(output)")
            for text in expected {
                #expect(
                    output.stderr.contains(text), "\(how): stderr lacks \(Escaping.quoted(text)):\n\(output.stderr)")
            }
            #expect(!output.stdout.contains("Banana, raw · 1 banana"), "\(how) reported a banana as logged")
            let after = snapshot(folder)
            #expect(
                after == before,
                "\(how) changed the journal folder: \(Set(after.keys).symmetricDifference(before.keys)), or a file's bytes"
            )
        }
        // `doctor` explains the same problem at the same place, and changes nothing either.
        let doctor = try run(["doctor"], in: folder)
        #expect(doctor.status == 3, "doctor: \(doctor)")
        #expect(doctor.stderr.contains("devices/local/journal/2026-11.json"), "doctor: \(doctor)")
        for text in expected {
            guard let match = text.firstMatch(of: /:(\d+):(\d+):$/) else { continue }
            #expect(
                doctor.stderr.contains("line \(match.1), column \(match.2): "),
                "doctor does not point where the refusal did (\(text)):\n\(doctor.stderr)")
        }
        #expect(snapshot(folder) == before, "doctor changed the journal folder")
    }

    // MARK: - Files that do not parse

    @Test func theGoodFileIsReadAndKept() throws {
        // The fixture the other cases spoil is itself good: its entry stays when one is added.
        try BinaryRunner.withTemporaryDirectory { folder in
            try writeMonthFile(Array(Self.goodFile.utf8), in: folder)
            let output = try run(["a", "banana"], in: folder)
            #expect(output.status == 0, "\(output)")
            let files = JournalFiles(data: folder.appendingPathComponent("data"))
            #expect(files.problems.isEmpty)
            #expect(files.entries.map(\.id).contains("00000000000000a1"))
            #expect(files.entries.count == 2)
        }
    }

    @Test(arguments: [
        // Cut inside a text value, and cut before the last brace.
        "\"meal\" : \"break", "  \"version\" : 1\n",
    ])
    func aTruncatedFileIsReportedAtItsEndAndKept(cutAfter marker: String) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = Self.goodFile
            let cut = try #require(text.range(of: marker)).upperBound
            let bytes = Array(text[..<cut].utf8)
            try writeMonthFile(bytes, in: folder)
            let (line, column) = Self.position(of: bytes.count, in: bytes)
            try expectRefused(in: folder, saying: ["\(monthFile(folder).path):\(line):\(column):"])
        }
    }

    /// A good file with one value changed, and where the error must point.
    struct WrongKind: Sendable, CustomTestStringConvertible {
        var replacements: [(String, String)]
        /// The text the error points at: the first place it occurs in the changed file.
        var at: String

        var testDescription: String { replacements.map { "\($0.0) → \($0.1)" }.joined(separator: "; ") }

        var text: String {
            replacements.reduce(CorruptFilesTests.goodFile) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }

        static let all: [WrongKind] = [
            WrongKind(replacements: [("\"kcal\" : 122.2", "\"kcal\" : \"lots\"")], at: "\"lots\""),
            WrongKind(
                replacements: [
                    ("\"entries\" : [", "\"entries\" : {\"list\" : ["), ("  ],\n  \"month\"", "  ]},\n  \"month\""),
                ], at: "{\"list\""),
            WrongKind(replacements: [("\"version\" : 1", "\"version\" : \"1\"")], at: "\"1\""),
            WrongKind(replacements: [("\"version\" : 1", "\"version\" : 1.5")], at: "1.5"),
            WrongKind(replacements: [("\"meal\" : \"breakfast\"", "\"meal\" : \"elevenses\"")], at: "\"elevenses\""),
            WrongKind(replacements: [("\"id\" : \"00000000000000a1\"", "\"id\" : null")], at: "null"),
            WrongKind(replacements: [("\"date\" : \"2026-11-20\"", "\"date\" : \"2026-12-20\"")], at: "\"2026-12-20\""),
            WrongKind(replacements: [("\"month\" : \"2026-11\"", "\"month\" : \"2026-12\"")], at: "\"2026-12\""),
        ]
    }

    @Test(arguments: WrongKind.all)
    func aValueOfTheWrongKindIsReportedWhereItIsAndKept(_ wrong: WrongKind) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = wrong.text
            try #require(text != Self.goodFile)
            try writeMonthFile(Array(text.utf8), in: folder)
            let (line, column) = Self.position(of: wrong.at, in: text)
            try expectRefused(in: folder, saying: ["\(monthFile(folder).path):\(line):\(column):"])
        }
    }

    @Test(arguments: ["", "\n  \n", "\u{FEFF}"])
    func anEmptyFileIsReportedAndKept(_ text: String) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try writeMonthFile(Array(text.utf8), in: folder)
            try expectRefused(in: folder, saying: ["\(monthFile(folder).path):1:1:", "empty"])
        }
    }

    @Test func notJSONAtAllIsReportedAndKept() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            // Binary junk, as a disk error or another program might leave.
            try writeMonthFile([0x00, 0xFF, 0x7B, 0x0A, 0x80, 0x81], in: folder)
            try expectRefused(in: folder, saying: ["\(monthFile(folder).path):1:1:"])
        }
    }

    // MARK: - Files from elsewhere

    @Test func aNewerVersionIsReportedAndKept() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            // A newer Calorina may have changed the shape of everything else too.
            let text = """
                {"version": 99, "month": "2026-11", "entries": {"by-day": {}}, "sync": [1, 2]}

                """
            try writeMonthFile(Array(text.utf8), in: folder)
            try expectRefused(in: folder, saying: [monthFile(folder).path, "version 99"])
        }
    }

    @Test func aByteOrderMarkIsAccepted() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try writeMonthFile([0xEF, 0xBB, 0xBF] + Array(Self.goodFile.utf8), in: folder)
            let today = try run(["--json", "2026-11-20"], in: folder)
            #expect(today.status == 0, "\(today)")
            #expect(today.stdout.contains("00000000000000a1"))
            let output = try run(["a", "banana", "2026-11-20"], in: folder)
            #expect(output.status == 0, "\(output)")
            let files = JournalFiles(data: folder.appendingPathComponent("data"))
            #expect(files.problems.isEmpty)
            #expect(files.entries.map(\.id).contains("00000000000000a1"))
            #expect(files.entries.count == 2)
        }
    }

    /// An unknown field, e.g. one a person added by hand or a newer Calorina of the same version
    /// wrote, might matter (a newer program's "deleted": true, say): the file is refused with the
    /// field's place and name, and left as it is, rather than read with the field ignored and
    /// written back without it.
    @Test(arguments: [
        ("\"month\" : \"2026-11\",", "\"month\" : \"2026-11\",\n  \"note\" : \"keep me\",", ":18:3:", "'note'"),
        (
            "\"meal\" : \"breakfast\",", "\"meal\" : \"breakfast\",\n      \"mood\" : \"happy\",", ":10:7:",
            "'entries[0].mood'"
        ),
    ])
    func anUnknownFieldIsRefusedWhereItIs(_ replacing: String, _ with: String, _ position: String, _ field: String)
        throws
    {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = Self.goodFile.replacingOccurrences(of: replacing, with: with)
            #expect(text != Self.goodFile)
            try writeMonthFile(Array(text.utf8), in: folder)
            try expectRefused(
                in: folder, saying: [monthFile(folder).path + position, field + " is a field Calorina does not know"])
        }
    }

    @Test func aFolderWhereTheMonthFileGoesIsReportedAndKept() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let month = monthFile(folder)
            try FileManager.default.createDirectory(at: month, withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: month.appendingPathComponent("notes.txt"))
            try expectRefused(in: folder, saying: [month.path, "folder"])
        }
    }

    // MARK: - Writes that fail

    @Test func aDataFolderThatCannotBeWrittenIsReportedAndKept() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try writeMonthFile(Array(Self.goodFile.utf8), in: folder)
            let data = folder.appendingPathComponent("data")
            // The lock file a reader never makes, made now while the folder can still be written.
            _ = FileManager.default.createFile(
                atPath: data.appendingPathComponent("devices/local/.lock").path, contents: nil)
            if getuid() == 0 {
                // Root writes through permission bits: make the folder read-only by a bind mount.
                let mounted = try Self.mount(["--bind", data.path, data.path])
                guard mounted.status == 0 else {
                    print("skipped the unwritable data folder: cannot bind-mount as root: \(mounted.stderr)")
                    return
                }
                defer { Self.unmount(data) }
                let readOnly = try Self.mount(["-o", "remount,ro,bind", data.path])
                guard readOnly.status == 0 else {
                    print("skipped the unwritable data folder: cannot remount read-only: \(readOnly.stderr)")
                    return
                }
                try expectNotWritten(in: folder, data: data)
            } else {
                chmod(journal(folder).path, 0o500)
                chmod(data.path, 0o500)
                defer {
                    chmod(data.path, 0o700)
                    chmod(journal(folder).path, 0o700)
                }
                try expectNotWritten(in: folder, data: data)
            }
        }
    }

    /// A log line, one-shot and as a script, exits 3 naming a file in the data folder, and the
    /// month file keeps its bytes.
    func expectNotWritten(in folder: URL, data: URL, reason: String? = nil) throws {
        let before = try Data(contentsOf: monthFile(folder))
        for (arguments, stdin) in [(["a", "banana"], ""), ([], "a banana\n")] {
            let output = try run(arguments, stdin: stdin, in: folder)
            #expect(output.status == 3, "\(output)")
            #expect(
                output.stderr.contains(data.path + "/"), "stderr names no file of the data folder: \(output.stderr)")
            if let reason {
                #expect(output.stderr.lowercased().contains(reason), "\(output.stderr)")
            }
            #expect(try Data(contentsOf: monthFile(folder)) == before)
            let left = (try? FileManager.default.contentsOfDirectory(atPath: journal(folder).path)) ?? []
            #expect(!left.contains { $0.contains(".tmp-") }, "a temporary file was left: \(left)")
        }
    }

    @Test func aFullDiskIsReportedAndTheFileKept() throws {
        guard getuid() == 0 else {
            print("skipped the full disk: mounting a small tmpfs needs root")
            return
        }
        try BinaryRunner.withTemporaryDirectory { folder in
            let disk = folder.appendingPathComponent("disk")
            try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
            let mounted = try Self.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.path])
            guard mounted.status == 0 else {
                print("skipped the full disk: cannot mount a tmpfs: \(mounted.stderr)")
                return
            }
            defer { Self.unmount(disk) }
            // A month of about 40 kB on a 64 kB disk: its new version cannot be written beside it.
            let data = disk.appendingPathComponent("data")
            let journal = data.appendingPathComponent("devices/local/journal")
            try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
            let month = journal.appendingPathComponent("2026-11.json")
            try Data(Self.bigMonth(bytes: 40_000).utf8).write(to: month)
            let before = try Data(contentsOf: month)
            for (arguments, stdin) in [(["a", "banana"], ""), ([], "a banana\n")] {
                let output = try BinaryRunner.run(
                    try calorina(), arguments: ["--data-dir", data.path] + arguments, stdin: Data(stdin.utf8),
                    environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now]),
                    timeout: .seconds(30))
                #expect(output.status == 3, "\(output)")
                #expect(output.stderr.contains(journal.path + "/"), "\(output.stderr)")
                #expect(output.stderr.contains("2026-11.json"), "\(output.stderr)")
                #expect(output.stderr.lowercased().contains("no space left"), "\(output.stderr)")
                #expect(try Data(contentsOf: month) == before)
                let left = try FileManager.default.contentsOfDirectory(atPath: journal.path)
                #expect(!left.contains { $0.contains(".tmp-") }, "a temporary file was left: \(left)")
            }
        }
    }

    @Test func aFolderWhereTheBackupGoesFailsTheWriteAndKeepsTheFile() throws {
        // A write failure anyone can cause, root or not: the backup cannot be put in place.
        try BinaryRunner.withTemporaryDirectory { folder in
            try writeMonthFile(Array(Self.goodFile.utf8), in: folder)
            let backup = journal(folder).appendingPathComponent("2026-11.json.bak")
            try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: backup.appendingPathComponent("notes.txt"))
            try expectNotWritten(in: folder, data: folder.appendingPathComponent("data"))
            let left = try FileManager.default.contentsOfDirectory(atPath: backup.path)
            #expect(left == ["notes.txt"])
        }
    }

    // MARK: - Helpers

    /// A valid November file of about `bytes` bytes.
    static func bigMonth(bytes: Int) -> String {
        var entries: [String] = []
        var size = 0
        var index = 0
        while size < bytes {
            let entry = """
                    {
                      "date" : "2026-11-\(String(format: "%02d", index % 20 + 1))",
                      "food" : "Banana, raw",
                      "grams" : 126,
                      "id" : "\(String(format: "%016x", index + 1))",
                      "kcal" : 122.2,
                      "meal" : "breakfast",
                      "portion" : "1 banana (126 g)",
                      "quantity" : 1,
                      "text" : "a banana",
                      "time" : "08:30",
                      "unit" : "banana"
                    }
                """
            entries.append(entry)
            size += entry.utf8.count + 2
            index += 1
        }
        return "{\n  \"entries\" : [\n" + entries.joined(separator: ",\n")
            + "\n  ],\n  \"month\" : \"2026-11\",\n  \"version\" : 1\n}\n"
    }

    /// Unmounts what a test mounted at `folder`, so that the folder can be removed; an issue if
    /// that fails (the mount would outlive the test).
    static func unmount(_ folder: URL) {
        do {
            let output = try mount([folder.path], program: "/bin/umount")
            #expect(output.status == 0, "cannot unmount \(folder.path): \(output.stderr)")
        } catch {
            Issue.record("cannot unmount \(folder.path): \(error)")
        }
    }

    static func mount(_ arguments: [String], program: String = "/bin/mount") throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            URL(fileURLWithPath: program), arguments: arguments, stdin: nil,
            environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"], timeout: .seconds(10))
    }
}
