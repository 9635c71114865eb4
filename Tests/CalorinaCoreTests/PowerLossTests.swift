import Foundation
import Glibc
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSession

/// Issue 16.10: a killed process leaves what it handed the kernel; a power cut only what reached
/// the disk. The store runs on a simulated disk (`SimulatedDisk`, through the `FileCalls` seam)
/// that records every change, with writes cut short at random as write(2) may cut them; the power
/// is then cut after a seeded random change, the disk keeps only what was durable (a file's bytes
/// at its last fsync, a folder's names at its last fsync, and, on every other cut, some of the
/// later changes to names in the order they were made, as ext4 may), and a new store opens what
/// is left. Every change the store acknowledged must be there, every file must read, and the
/// store must go on writing.
///
/// Taking out the fsync of the new file, the sync of the journal folder after the renames, or the
/// sync of the data folder after making the journal folder each makes hundreds of cuts fail.
@Suite struct PowerLossTests {
    static let seed: UInt64 = 16_10
    /// How many changes the workload makes, and after how many of the disk's changes the power is
    /// cut (at least 1,000 cut points).
    static let steps = 120
    static let cuts = 1_200
    static let months = ["2026-09", "2026-10", "2026-11"]
    static let root = "/home/someone/calorina"

    /// One `apply` of the workload: what it changed, and the span of the disk's log it took.
    struct Step {
        var changes: [JournalChange]
        var begin: Int
        var end: Int
    }

    static func entry(_ number: Int, on date: String) -> Entry {
        Entry(
            id: String(format: "%016x", number), date: date, time: "08:\(10 + number % 50)", meal: .breakfast,
            food: "Food \(number)", quantity: 1, unit: "serving", portion: "", grams: nil,
            kcal: Double(number % 700), text: "food \(number)")
    }

    /// With months too small for logs, and with a log started at a few entries
    /// (`MonthLog`: additions appended, any removal rewriting the month with a new log).
    @Test(arguments: [MonthLog.threshold, 6])
    func everyAcknowledgedChangeSurvivesAPowerCutAtAnyPoint(_ logThreshold: Int) throws {
        var random = SeededGenerator(seed: Self.seed)
        // The home folder is there, and has been for long.
        let disk = SimulatedDisk()
        for folder in ["/home", "/home/someone"] {
            #expect(disk.makeFolder(folder, 0o755) == 0)
            let fd = disk.openFile(AtomicFile.parent(of: folder), O_RDONLY | O_DIRECTORY, 0)
            _ = disk.syncFile(fd)
            _ = disk.closeFile(fd)
        }
        let start = disk.state
        let before = disk.log.count
        disk.shortWrites = SeededGenerator(seed: Self.seed + 1)

        // The workload: batches of adds and removes over three months, by one store and then
        // another (another run of calorina) every 30 steps.
        var steps: [Step] = []
        var present: [Entry] = []
        var next = 1
        var engine = try JournalEngine(rootPath: Self.root, calls: disk, logThreshold: logThreshold)
        for number in 0..<Self.steps {
            if number % 30 == 29 {
                engine = try JournalEngine(rootPath: Self.root, calls: disk, logThreshold: logThreshold)
            }
            var changes: [JournalChange] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if !present.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
                    let gone = present.remove(at: Int.random(in: 0..<present.count, using: &random))
                    changes.append(.remove(id: gone.id, date: gone.date))
                } else {
                    let month = Self.months[Int.random(in: 0..<Self.months.count, using: &random)]
                    let added = Self.entry(next, on: month + "-1\(Int.random(in: 0...9, using: &random))")
                    next += 1
                    present.append(added)
                    changes.append(.add(added))
                }
            }
            let begin = disk.log.count
            try engine.apply(changes)
            steps.append(Step(changes: changes, begin: begin, end: disk.log.count))
        }
        let log = Array(disk.log[before...])
        let everAdded = Set(
            steps.flatMap { $0.changes }.compactMap { change -> String? in
                if case .add(let entry) = change { return entry.id }
                return nil
            })

        // The cuts, replayed in order on the disk as it was before the workload.
        let cuts = (0..<Self.cuts).map { _ in Int.random(in: 0...log.count, using: &random) }.sorted()
        var replayed = start
        var done = 0
        var checked = 0
        var gentle = 0
        var failures: [String] = []
        for (index, cut) in cuts.enumerated() {
            while done < cut {
                replayed.apply(log[done])
                done += 1
            }
            let pending = replayed.pendingNameChanges.count
            let kept = index % 2 == 0 || pending == 0 ? 0 : Int.random(in: 0...pending, using: &random)
            if kept > 0 { gentle += 1 }
            let after = replayed.durableState(keepingPending: kept)
            let place = "cut after change \(cut) of \(log.count) (keeping \(kept) of \(pending) later name changes)"
            do {
                checked += try check(
                    after, cut: cut + before, steps: steps, everAdded: everAdded, logThreshold: logThreshold)
            } catch {
                failures.append("\(place): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cuts.count) cuts failed; the first: \(failures.prefix(5))")
        let logs = disk.state.files(under: Self.root).keys.filter { $0.hasSuffix(".log") }.count
        #expect(logThreshold == MonthLog.threshold ? logs == 0 : logs > 0, "logs: \(logs)")
        print(
            "PowerLossTests (logs from \(logThreshold) entries, \(logs) now): \(cuts.count) power cuts (\(gentle) keeping some later name changes) over \(log.count)"
                + " disk changes of \(steps.count) acknowledged writes; \(checked) acknowledged entries checked;"
                + " \(failures.count) failures")
    }

    struct Lost: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens a store on the disk as the power cut left it: every acknowledged entry must be there,
    /// none acknowledged as removed, nothing never added, every month and backup must read, and a
    /// change made now must be saved. Returns how many acknowledged entries were checked.
    func check(_ state: DiskState, cut: Int, steps: [Step], everAdded: Set<String>, logThreshold: Int) throws -> Int {
        // What must be there: the changes of every step that returned before the cut; the step
        // under way may have landed or not, month by month.
        var expected: Set<String> = []
        var either: Set<String> = []
        for step in steps where step.begin < cut {
            for change in step.changes {
                switch change {
                case .add(let entry) where step.end <= cut, .insert(let entry, _) where step.end <= cut:
                    expected.insert(entry.id)
                case .remove(let id, _) where step.end <= cut: expected.remove(id)
                case .add(let entry), .insert(let entry, _): either.insert(entry.id)
                case .remove(let id, _): either.insert(id)
                }
            }
        }
        let disk = SimulatedDisk(state, processesRun: false)
        let engine = try JournalEngine(rootPath: Self.root, calls: disk, logThreshold: logThreshold)
        var found: Set<String> = []
        for month in Self.months {
            for entry in try engine.entries(inMonth: month) { found.insert(entry.id) }
        }
        let missing = expected.subtracting(found).subtracting(either)
        let extra = found.subtracting(expected).subtracting(either)
        guard missing.isEmpty else { throw Lost(description: "acknowledged entries lost: \(missing.sorted())") }
        guard extra.isEmpty else {
            let never = extra.subtracting(everAdded)
            throw Lost(
                description: "entries acknowledged as removed are back: \(extra.sorted()); never added: \(never)")
        }
        // Every backup reads too: `doctor restore` may need it.
        let files = FileOperations(calls: disk)
        for month in Self.months {
            for path in AtomicFile.backupPaths(of: engine.monthPath(month)) {
                if case .bytes(let bytes, _) = try files.readFile(path) {
                    _ = try MonthFile.decode(bytes, month: month, path: path)
                }
            }
        }
        // The store goes on: a change now is saved, and the temporary files of before are gone.
        let probe = Self.entry(999_999, on: "2026-11-30")
        try engine.apply([.add(probe)])
        let again = try JournalEngine(rootPath: Self.root, calls: disk, logThreshold: logThreshold)
        guard try again.entries(on: "2026-11-30").contains(probe) else {
            throw Lost(description: "a change after the cut was not saved")
        }
        let left = disk.state.files(under: Self.root).keys.filter { $0.contains(".tmp-") }
        guard left.isEmpty else { throw Lost(description: "temporary files left: \(left.sorted())") }
        return expected.subtracting(either).count
    }
}
