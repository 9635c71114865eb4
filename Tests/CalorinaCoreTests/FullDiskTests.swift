import Foundation
import Glibc
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaUndo

/// Issue 25, F11: on a full disk a one-shot said "cannot write .undo.json.tmp: no space left",
/// yet the entry was saved and could not be undone; a retry made duplicates. A command must
/// either save all it acknowledges (the change and its undo record) or nothing.
///
/// A session runs on a simulated disk (`SimulatedDisk`, through the `FileCalls` seam that the
/// journal and, through `DataDisk`, `undo.json`, `profile.json` and `foods.json` use); the disk
/// is full from the k-th write of one command on, for every k up to the last write the command
/// makes on a disk with room. Then, the disk with room again:
/// - a command reported as failed left the journal, the profile and the foods as they were, and
///   the next `undo` either says its record stood for nothing (and drops it) or takes back the
///   change before it, never anything else;
/// - a command reported as done is there, and `undo` takes exactly it back.
@Suite struct FullDiskTests {
    static let root = "/home/someone/calorina"
    static let owner = "pid:2147480011"
    static let later = "pid:2147480012"

    /// What a command can change: the day's entries, the profile's fields, the foods.
    struct State: Equatable, CustomStringConvertible {
        var entries: [String]
        var profile: [String: String]
        var foods: [String]
        var description: String { "entries \(entries), profile \(profile), foods \(foods)" }
    }

    static func state(_ disk: SimulatedDisk) throws -> State {
        let store = try JournalStore(root: root, calls: disk)
        let profile = try DocumentStore<Profile>(root: store.root, device: store.device, disk: store.disk).load()
        let foods = try DocumentStore<UserFoods>(root: store.root, device: store.device, disk: store.disk).load()
        return State(
            entries: try store.entries(on: "2026-11-22").map { "\($0.food) \($0.kcal)" },
            profile: ProfileFields.fields(of: profile), foods: foods.foods.map(\.name) + foods.aliases.map(\.name))
    }

    static func session(_ disk: SimulatedDisk, owner: String) throws -> Session {
        Session(
            store: try JournalStore(root: root, calls: disk),
            options: Session.Options(persistentUndo: true, undoOwner: owner, undoTerminal: "/dev/pts/43"),
            clock: { TestSession.morning })
    }

    /// A disk with the home folder on it, and the change before the one under test saved.
    static func prepared(_ setup: [String]) throws -> SimulatedDisk {
        let disk = SimulatedDisk()
        for folder in ["/home", "/home/someone"] {
            #expect(disk.makeFolder(folder, 0o755) == 0)
        }
        let session = try session(disk, owner: owner)
        for line in setup { #expect(session.handle(line).succeeded, "\(line)") }
        return disk
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var setup: [String]
        var line: String
        var testDescription: String { line }
    }

    static let cases = [
        Case(setup: ["item first 100 kcal"], line: "item second 300 kcal"),
        Case(setup: ["item first 100 kcal", "item second 300 kcal"], line: "delete 1"),
        Case(setup: ["item first 100 kcal"], line: "edit 1 250 kcal"),
        Case(setup: ["item first 100 kcal"], line: "set age 30"),
        Case(setup: ["item first 100 kcal"], line: "goal 1500"),
        Case(setup: ["item first 100 kcal"], line: "weight 80"),
        Case(setup: ["item first 100 kcal"], line: "define protein bar = 210 kcal per bar"),
        Case(setup: ["item first 100 kcal", "item second 300 kcal"], line: "undo"),
    ]

    @Test(arguments: cases)
    func aCommandSavesItsChangeWithItsRecordOrNothing(_ test: Case) throws {
        // How many writes the command makes on a disk with room.
        let roomy = try Self.prepared(test.setup)
        let before = roomy.writes
        #expect(try Self.session(roomy, owner: Self.owner).handle(test.line).succeeded)
        let writes = roomy.writes - before
        #expect(writes > 1)
        var failures = 0
        for full in 1...(writes + 1) {
            let disk = try Self.prepared(test.setup)
            let was = try Self.state(disk)
            disk.fullFromWrite = disk.writes + full
            let outcome = try Self.session(disk, owner: Self.owner).handle(test.line)
            disk.fullFromWrite = nil
            let now = try Self.state(disk)
            // `undo` takes a change back; for the command `undo`, `redo` takes it back.
            let reverse = test.line == "undo" ? "redo" : "undo"
            let undo = try Self.session(disk, owner: Self.later).handle(reverse)
            // A weight saved, whose profile could not follow, is done and says so.
            if case .logged(let report) = outcome, let caution = report.caution {
                #expect(caution.contains("no space left"), "\(caution)")
            }
            if outcome.succeeded {
                if test.line != "weight 80" {
                    #expect(full > writes, "write \(full) of \(writes) failed, and \(test.line) said it was done")
                }
                #expect(now != was)
                guard case .undone = undo else {
                    Issue.record("write \(full): \(test.line) was saved and cannot be taken back: \(undo)")
                    continue
                }
                #expect(try Self.state(disk) == was, "write \(full): \(reverse) did not take back \(test.line)")
            } else {
                failures += 1
                guard case .storeFailed(let error) = outcome else {
                    Issue.record("write \(full): \(test.line) failed, but not for the disk: \(outcome)")
                    continue
                }
                #expect(error.message.contains("no space left"), "\(error.message)")
                #expect(now == was, "write \(full): \(test.line) failed, yet saved: \(was) → \(now)")
                // The next undo: the failed command's record said so and dropped, or the change
                // before it; nothing else.
                switch undo {
                case .failed(let failure):
                    #expect(
                        failure.problems.first?.message.contains("left nothing to \(reverse)") == true
                            || failure.problems.first?.message == "nothing to \(reverse)", "\(failure)")
                    #expect(try Self.state(disk) == was)
                case .undone(let report):
                    // Only an undo can find a change of before to take back.
                    #expect(
                        reverse == "undo" && report.change == "logged \(test.setup.last ?? "")",
                        "write \(full): \(reverse) took back \(report.change)")
                default:
                    Issue.record("write \(full): undo said \(undo)")
                }
            }
        }
        if test.line != "weight 80" {
            #expect(failures == writes, "\(test.line): \(failures) of \(writes) full disks failed it")
        }
    }

    /// An import the disk stops after some of its batches is one change for `undo`, which takes
    /// back exactly what it saved (issue 25, F12): its record is written before each batch.
    @Test func anImportStoppedByAFullDiskIsUndoneWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "calorina-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("servings.csv")
        let rows = (0..<(2 * Session.importBatch + 500)).map {
            "2026-11-0\(1 + $0 % 9),Lunch,Soup \($0),1.00 bowl,\(100 + $0 % 50)"
        }
        try (["Day,Group,Food Name,Amount,Energy (kcal)"] + rows).joined(separator: "\n").write(
            to: file, atomically: true, encoding: .utf8)
        let roomy = try Self.prepared(["item first 100 kcal"])
        let before = roomy.writes
        #expect(try Self.session(roomy, owner: Self.owner).handle("import \(file.path)").succeeded)
        let writes = roomy.writes - before
        var stoppedMidway = 0
        for full in stride(from: 1, through: writes, by: max(1, writes / 12)) {
            let disk = try Self.prepared(["item first 100 kcal"])
            disk.fullFromWrite = disk.writes + full
            let outcome = try Self.session(disk, owner: Self.owner).handle("import \(file.path)")
            disk.fullFromWrite = nil
            #expect(!outcome.succeeded, "write \(full) of \(writes)")
            let store = try JournalStore(root: Self.root, calls: disk)
            let saved = try store.entries(inMonth: "2026-11").count - 1
            let undo = try Self.session(disk, owner: Self.later).handle("undo")
            if saved > 0 {
                stoppedMidway += 1
                guard case .undone(let report) = undo else {
                    Issue.record("write \(full): the import saved \(saved) entries and is not undone: \(undo)")
                    continue
                }
                #expect(
                    report.change.hasPrefix("an import from servings.csv, stopped before its end"), "\(report.change)")
            }
            let left = try JournalStore(root: Self.root, calls: disk).entries(inMonth: "2026-11").map(\.food)
            #expect(left == ["Item first"] || (saved == 0 && left.isEmpty), "write \(full): \(left.count) entries left")
        }
        #expect(stoppedMidway > 0, "no full disk stopped the import after a batch")
    }
}
