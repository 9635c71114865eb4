import Foundation
import Glibc
import Testing

@testable import CalorinaDoctor
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaSession
@testable import CalorinaSupport

/// The real disk's calls, each one said in a list as it is made, and a rename onto a name that
/// ends as `failingRename` says refused: the seam the power-loss tests drive, seen from the
/// doctor's restore (issue 28: every write through the one file layer).
final class RecordingCalls: ForwardingCalls {
    let system = SystemCalls()
    /// Each call that changes the disk or syncs it: `open+w NAME`, `fsync NAME`, `link A B`,
    /// `rename A B`, `unlink NAME`, by the last component of each path.
    private(set) var said: [String] = []
    private var opened: [Int32: String] = [:]
    var failingRename: String?

    private func name(_ path: String) -> String { PathText.lastComponent(of: path) }

    func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        let fd = system.openFile(path, flags, mode)
        if fd >= 0 { opened[fd] = name(path) }
        if flags & (O_WRONLY | O_RDWR) != 0 { said.append("open+w \(name(path))") }
        return fd
    }
    func syncFile(_ fd: Int32) -> Int32 {
        said.append("fsync \(opened[fd] ?? "?")")
        return system.syncFile(fd)
    }
    func renameEntry(_ source: String, _ target: String) -> Int32 {
        said.append("rename \(name(source)) \(name(target))")
        if let failingRename, target.hasSuffix(failingRename) {
            errno = EIO
            return -1
        }
        return system.renameEntry(source, target)
    }
    func linkEntry(_ source: String, _ target: String) -> Int32 {
        said.append("link \(name(source)) \(name(target))")
        return system.linkEntry(source, target)
    }
    func unlinkEntry(_ path: String) -> Int32 {
        said.append("unlink \(name(path))")
        return system.unlinkEntry(path)
    }
}

@Suite(.tags(.fast)) struct DoctorThroughTheSeamTests {
    /// A folder whose profile was written twice (so that it has a backup, age 30) and is now
    /// garbage; `body` gets the folder's root, its device and the profile's path.
    func withBrokenProfile(_ body: (String, String, String) throws -> Void) throws {
        try TestSession.with { session, _ throws in
            #expect(session.handle("set age 30").succeeded)
            #expect(session.handle("set age 40").succeeded)
            let profile = session.store.devicePath + "/profile.json"
            try Data([0x00, 0x7B]).write(to: URL(fileURLWithPath: profile))
            try body(session.store.rootPath, session.store.device, profile)
        }
    }

    @Test func theDoctorsRestoreIsWrittenThroughTheFileSeamSyncedKeepingTheOldFileAside() throws {
        try withBrokenProfile { root, device, profile in
            let calls = RecordingCalls()
            let report = try Doctor.run(
                root: root, restore: .everyBrokenFile, now: 1_764_000_000, device: device,
                disk: DataDisk(FileOperations(calls: calls)))
            let file = try #require(report.files.first { $0.path == profile })
            let keptAt = try #require(file.restored?.keptAt)
            let kept = PathText.lastComponent(of: keptAt)
            #expect(kept.hasPrefix("profile.json.before-restore-"))
            let temporary = ".profile.json.tmp-\(getpid())"
            // Written and synced beside it, the old file linked aside (never deleted), renamed
            // over it, the folder synced: durable on return.
            let folder = PathText.lastComponent(of: AtomicFile.parent(of: profile))
            #expect(
                calls.said == [
                    "open+w \(temporary)", "fsync \(temporary)", "link profile.json \(kept)",
                    "rename \(temporary) profile.json", "fsync \(folder)",
                ], "\(calls.said)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: keptAt)) == Data([0x00, 0x7B]))
            #expect(try String(contentsOfFile: profile, encoding: .utf8).contains("\"value\":30}"))
        }
    }

    @Test func aRestoreWhoseRenameFailsLeavesTheFileAsItWasAndNoTemporaryFile() throws {
        try withBrokenProfile { root, device, profile in
            let calls = RecordingCalls()
            calls.failingRename = "/profile.json"
            let report = try Doctor.run(
                root: root, restore: .everyBrokenFile, now: 1_764_000_000, device: device,
                disk: DataDisk(FileOperations(calls: calls)))
            let file = try #require(report.files.first { $0.path == profile })
            #expect(file.restored == nil)
            #expect(file.notRestored?.contains("cannot write") == true, "\(file)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: profile)) == Data([0x00, 0x7B]))
            let folder = AtomicFile.parent(of: profile)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
            #expect(left.isEmpty, "\(left)")
        }
    }
}

/// A script's standard input, read through the file seam (`LineReader`): on a simulated disk,
/// every line as it was, a last line without its newline too.
@Suite(.tags(.fast)) struct ScriptLineReaderTests {
    @Test func linesAreReadAsBytesThroughTheSeam() throws {
        let disk = SimulatedDisk()
        let files = FileOperations(calls: disk)
        let text: [UInt8] =
            Array("2 eggs\r\n\nbanana\n".utf8) + [0xFF] + Array(String(repeating: "x", count: 70_000).utf8)
        try files.writeFile(text, to: "/script")
        let fd = disk.openFile("/script", O_RDONLY, 0)
        #expect(fd >= 0)
        var reader = LineReader(fd: fd, path: "/script", files: files)
        var lines: [[UInt8]] = []
        while let line = reader.next() { lines.append(line) }
        #expect(
            lines == [
                Array("2 eggs\r".utf8), [], Array("banana".utf8),
                [0xFF] + Array(String(repeating: "x", count: 70_000).utf8),
            ])
        #expect(reader.next() == nil)
    }

    @Test func inputThatCannotBeReadEndsTheScript() {
        let disk = SimulatedDisk()
        // A descriptor the disk never opened: read fails (EBADF), and the input ends.
        var reader = LineReader(fd: 99, path: "standard input", files: FileOperations(calls: disk))
        #expect(reader.next() == nil)
    }
}
