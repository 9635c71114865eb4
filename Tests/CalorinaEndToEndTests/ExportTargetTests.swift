// Issue 25, item 1: `export … to PATH` replaced whatever PATH was with a regular 0600 file: a
// symbolic link, a FIFO, a device node (as root, `export csv to /dev/null` replaced the machine's
// /dev/null), and Calorina's own month, profile or lock file. Each case makes its own FIFO, device
// node and links in a temporary folder (never a system path), runs the built binary and checks
// what the path is afterwards and what it holds.

import Foundation
import Glibc
import Testing

@Suite("Exports write into what they are pointed at", .serialized)
struct ExportTargetTests {
    static let now = "2026-11-22T08:30:00"

    func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            try BinaryRunner.productURL("calorina"),
            arguments: ["--data-dir", folder.appendingPathComponent("data").path] + arguments,
            stdin: Data(), environment: BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now]),
            timeout: .seconds(30))
    }

    /// The three forms that write a file: each must go the same way.
    static let forms: [[String]] = [
        ["export", "csv", "to"], ["export", "json", "to"], ["--", "export", "all", "--out"],
    ]

    /// The kind of file at `path` (`S_IFIFO`, `S_IFCHR`, …), not following a link.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The names in `folder` but the data folder.
    static func names(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).subtracting(["data"])
    }

    /// An export to the screen is written by the program as it is made (issue 25: `export all`
    /// of ten years to stdout held it whole, 151 MiB): the bytes are those of the file, and with
    /// `--json` the text is still one member of the one object.
    @Test func anExportToTheScreenIsTheFilesBytes() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            for line in [
                ["a", "banana", "2026-10-30"], ["2", "eggs", "and", "toast"], ["define", "bar", "=", "200", "kcal"],
            ] {
                #expect(try run(line, in: folder).status == 0)
            }
            for format in ["csv", "json", "all"] {
                let file = folder.appendingPathComponent("out.\(format)").path
                #expect(try run(["export", format, "to", file], in: folder).status == 0)
                let written = try String(contentsOfFile: file, encoding: .utf8)
                let shown = try run(["export", format], in: folder)
                #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
                #expect(shown.stdout == written, "export \(format) to the screen differs from its file")
                let json = try run(["--json", "export", format], in: folder)
                let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
                #expect((object?["data"] as? String) == written, "--json export \(format): \(json.stdout.prefix(200))")
            }
        }
    }

    @Test func aFIFOIsWrittenThroughAndStaysAFIFO() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let fifo = folder.appendingPathComponent("pipe").path
            try #require(mkfifo(fifo, 0o644) == 0)
            for form in Self.forms {
                // The reader is there first, so that the writer's open does not wait.
                let reader = open(fifo, O_RDONLY | O_NONBLOCK)
                try #require(reader >= 0)
                defer { close(reader) }
                let output = try run(form + [fifo], in: folder)
                #expect(output.status == 0, "\(form): \(output)")
                var bytes = [UInt8](repeating: 0, count: 1 << 16)
                let count = read(reader, &bytes, bytes.count)
                let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
                #expect(text.contains("Banana, raw"), "\(form): the reader got \(Escaping.quoted(text))")
                #expect(Self.kind(fifo) == S_IFIFO, "\(form): the FIFO was replaced")
                #expect(try Self.names(folder) == ["pipe"], "\(form) left files beside it")
            }
        }
    }

    /// A character device with the numbers of /dev/null, made in the test's own folder.
    @Test(.enabled(if: getuid() == 0, "mknod of a character device needs root"))
    func aCharacterDeviceIsWrittenThroughAndStaysADevice() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let device = folder.appendingPathComponent("null").path
            // makedev(1, 3) as glibc packs it: major in bits 8-19, minor in 0-7.
            let numbers = dev_t((1 << 8) | 3)
            try #require(mknod(device, S_IFCHR | 0o666, numbers) == 0, "mknod: \(String(cString: strerror(errno)))")
            var made = stat()
            try #require(lstat(device, &made) == 0)
            for form in Self.forms {
                let output = try run(form + [device], in: folder)
                #expect(output.status == 0, "\(form): \(output)")
                #expect(output.stdout.contains("exported 1 entry"), "\(form): \(output)")
                var info = stat()
                #expect(lstat(device, &info) == 0)
                #expect(info.st_mode & S_IFMT == S_IFCHR, "\(form): the device was replaced")
                #expect(info.st_rdev == numbers, "\(form)")
                #expect(info.st_mode == made.st_mode, "\(form): the device's mode changed")
                #expect(try Self.names(folder) == ["null"], "\(form) left files beside it")
            }
        }
    }

    @Test func aLinkToAFileIsFollowedAndStaysALink() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let elsewhere = folder.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let target = elsewhere.appendingPathComponent("food.csv")
            let link = folder.appendingPathComponent("food.csv")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
            for form in Self.forms {
                try Data("old".utf8).write(to: target)
                let output = try run(form + [link.path], in: folder)
                #expect(output.status == 0, "\(form): \(output)")
                #expect(Self.kind(link.path) == S_IFLNK, "\(form): the link was replaced")
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
                let written = try String(contentsOf: target, encoding: .utf8)
                #expect(written.contains("Banana, raw"), "\(form): \(written)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["food.csv"])
            }
        }
    }

    @Test func aLinkThatLeadsNowhereIsRefused() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            let link = folder.appendingPathComponent("food.csv").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing.csv")
            for form in Self.forms {
                let output = try run(form + [link], in: folder)
                #expect(output.status == 1, "\(form): \(output)")
                #expect(
                    output.stderr.contains("\(link): it is a symbolic link to 'missing.csv', which leads to no file"),
                    "\(form): \(output)")
                #expect(Self.kind(link) == S_IFLNK)
                #expect(try Self.names(folder) == ["food.csv"])
            }
        }
    }

    /// Calorina's own files, named directly or through a link from outside: refused, and every
    /// command after it still works (before, the month became a CSV and each later command exited 3).
    @Test func aPathInTheDataFolderIsRefusedAndItsFileKept() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            #expect(try run(["a", "banana"], in: folder).status == 0)
            #expect(try run(["set", "age", "39"], in: folder).status == 0)
            let data = folder.appendingPathComponent("data")
            let link = folder.appendingPathComponent("month.json").path
            try FileManager.default.createSymbolicLink(
                atPath: link,
                withDestinationPath: data.appendingPathComponent("devices/local/journal/2026-11.json").path)
            let throughLinkedFolder = folder.appendingPathComponent("mine").path
            try FileManager.default.createSymbolicLink(atPath: throughLinkedFolder, withDestinationPath: data.path)
            let paths = [
                data.appendingPathComponent("devices/local/journal/2026-11.json").path,
                data.appendingPathComponent("profile.json").path,
                data.appendingPathComponent("devices/local/.lock").path, data.appendingPathComponent("new.csv").path,
                data.path, link,
                throughLinkedFolder + "/undo.json",
            ]
            let before = try Self.contents(data)
            for path in paths {
                for form in Self.forms {
                    for dryRun in [[], ["--dry-run"]] {
                        let output = try run(dryRun + form + [path], in: folder)
                        #expect(output.status == 1, "\(dryRun + form) \(path): \(output)")
                        #expect(output.stderr.contains("it is in Calorina's data folder"), "\(path): \(output)")
                    }
                }
            }
            #expect(try Self.contents(data) == before, "a data file changed")
            let today = try run(["today"], in: folder)
            #expect(today.status == 0, "\(today)")
            #expect(today.stdout.contains("Banana, raw"), "\(today)")
        }
    }

    /// Every file under `folder`, path → bytes.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let name = walker?.nextObject() as? String {
            let path = folder.appendingPathComponent(name).path
            if kind(path) == S_IFREG { result[name] = FileManager.default.contents(atPath: path) }
        }
        return result
    }
}
