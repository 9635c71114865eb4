import Foundation
import SeededRandom
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths

/// Issue 27: three devices change their own copies of one data folder while a carrier copies
/// their files to one another a file at a time, in random orders and at random moments, some
/// copies cut short before they arrive whole. Once every file has arrived everywhere, every
/// device shows the same days, nothing acknowledged is missing and nothing deleted is back.
@Suite struct DeviceMergeTests {
    static let devices = ["ash", "birch", "cedar"]
    static let dates = ["2026-10-30", "2026-11-01", "2026-11-02"]

    /// What the devices did, in the order they did it (one clock for all: a step a millisecond).
    struct Model {
        /// The entry's content as last written, by id.
        var latest: [String: Entry] = [:]
        /// Which devices' last word on an id is a delete.
        var removedBy: [String: Set<String>] = [:]

        func expected(inMonth month: String) -> [String: Entry] {
            latest.filter { $0.value.date.hasPrefix(month) && removedBy[$0.key, default: []].isEmpty }
        }
    }

    @Test(arguments: 0..<8)
    func everyDeviceShowsTheSameDaysOnceEveryFileHasArrived(_ batch: Int) throws {
        for schedule in 0..<125 {
            try run(seed: UInt64(batch * 125 + schedule))
        }
    }

    func run(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-devices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let clock = SteppingClock()
        var stores: [String: JournalStore] = [:]
        for device in Self.devices {
            let folder = base.appendingPathComponent(device).path
            stores[device] = try JournalStore(root: folder, device: device, now: clock.next)
        }
        func folder(_ device: String) -> String { base.appendingPathComponent(device).path }
        var model = Model()
        /// Entries a device took out, which it may put back (an undo).
        var takenOut: [String: [Entry]] = [:]
        var nextID = 0

        for _ in 0..<Int.random(in: 12...30, using: &random) {
            let device = Self.devices.randomElement(using: &random) ?? "ash"
            guard let store = stores[device] else { continue }
            let date = Self.dates.randomElement(using: &random) ?? "2026-11-01"
            let seen = try store.entries(on: date)
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                nextID += 1
                let entry = Self.entry(String(format: "%016x", seed &* 1000 &+ UInt64(nextID)), date, kcal: 100)
                try store.apply([.add(entry)])
                model.latest[entry.id] = entry
            case 4...5:
                guard var edited = seen.randomElement(using: &random) else { continue }
                edited.kcal += Double(Int.random(in: 1...50, using: &random))
                try store.apply([.remove(id: edited.id, date: edited.date), .add(edited)])
                model.latest[edited.id] = edited
            case 6...7:
                guard let gone = seen.randomElement(using: &random) else { continue }
                try store.apply([.remove(id: gone.id, date: gone.date)])
                model.removedBy[gone.id, default: []].insert(device)
                takenOut[device, default: []].append(gone)
            default:
                guard let back = takenOut[device]?.popLast() else { continue }
                try store.apply([.insert(back, after: nil)])
                model.removedBy[back.id]?.remove(device)
                model.latest[back.id] = back
            }
            // The carrier copies a few files from one folder to another, now and then cut short.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let from = Self.devices.randomElement(using: &random) ?? "ash"
                let to = Self.devices.randomElement(using: &random) ?? "ash"
                guard from != to else { continue }
                let files = try Self.files(ofDevice: from, in: folder(from))
                guard let file = files.randomElement(using: &random) else { continue }
                try Self.copy(
                    file, from: folder(from), to: folder(to), cutShort: Int.random(in: 0..<5, using: &random) == 0)
            }
        }
        // Every file arrives everywhere, whole.
        for from in Self.devices {
            for file in try Self.files(ofDevice: from, in: folder(from)) {
                for to in Self.devices where to != from {
                    try Self.copy(file, from: folder(from), to: folder(to), cutShort: false)
                }
            }
        }
        for month in ["2026-10", "2026-11"] {
            let expected = model.expected(inMonth: month)
            var views: [[Entry]] = []
            for device in Self.devices {
                let view = try #require(stores[device]).entries(inMonth: month)
                let byID = Dictionary(view.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                #expect(byID.count == view.count, "seed \(seed): an entry shown twice on \(device)")
                #expect(Set(byID.keys) == Set(expected.keys), "seed \(seed), \(month) on \(device)")
                for (id, entry) in expected {
                    #expect(byID[id]?.kcal == entry.kcal, "seed \(seed): \(id) on \(device) is not its last edit")
                }
                views.append(view)
            }
            #expect(views.allSatisfy { $0 == views[0] }, "seed \(seed), \(month): the devices differ")
            // A day read alone, and the month's day sums (made, then read from this device's
            // summary of the merge), agree with the month.
            for device in Self.devices {
                let store = try #require(stores[device])
                for date in Self.dates where date.hasPrefix(month) {
                    #expect(
                        try store.entries(on: date) == views[0].filter { $0.date == date },
                        "seed \(seed), \(date) on \(device): the day alone differs from its month")
                }
                let sums = DaySums.days(of: views[0])
                #expect(try store.daySums(inMonth: month) == sums, "seed \(seed), \(month) on \(device): sums")
                let again = try JournalStore(root: folder(device), device: device) { clock.last }
                #expect(try again.daySums(inMonth: month) == sums, "seed \(seed), \(month) on \(device): kept sums")
                // A day as this device last merged it, read again by a new process.
                for date in Self.dates where date.hasPrefix(month) {
                    for _ in 0..<2 {
                        let fresh = try JournalStore(root: folder(device), device: device) { clock.last }
                        #expect(
                            try fresh.entries(on: date) == views[0].filter { $0.date == date },
                            "seed \(seed), \(date) on \(device): the kept day differs from its month")
                    }
                }
            }
            // A device opened afresh reads the same.
            let fresh = try JournalStore(root: folder("ash"), device: "ash") { clock.last }
            #expect(try fresh.entries(inMonth: month) == views[0], "seed \(seed), \(month): read afresh")
        }
    }

    /// The files `device` wrote in its folder, as paths inside it.
    static func files(ofDevice device: String, in folder: String) throws -> [String] {
        let own = "devices/\(device)"
        guard let walker = FileManager.default.enumerator(atPath: folder + "/" + own) else { return [] }
        var files: [String] = []
        while let name = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder + "/" + own + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            let last = (name as NSString).lastPathComponent
            if last == ".lock" || last.contains(".tmp") { continue }
            files.append(own + "/" + name)
        }
        return files.sorted()
    }

    /// Copies one file as a carrier does: whole (to a temporary name, then renamed), or cut short
    /// (some of its bytes written in place, as a carrier that shows a file before it has arrived).
    static func copy(_ file: String, from: String, to: String, cutShort: Bool) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: from + "/" + file))
        let target = URL(fileURLWithPath: to + "/" + file)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if cutShort {
            try bytes.prefix(bytes.count / 2).write(to: target)
        } else {
            try bytes.write(to: target, options: .atomic)
        }
    }

    /// A new data folder that the devices ash and birch write, on one stepping clock; removed
    /// afterwards.
    static func withAshAndBirch(
        _ body: (_ base: URL, _ clock: @escaping () -> Int64, _ ash: JournalStore, _ birch: JournalStore) throws -> Void
    ) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-devices-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let clock = SteppingClock().next
        try body(
            base, clock, try JournalStore(root: base.path, device: "ash", now: clock),
            try JournalStore(root: base.path, device: "birch", now: clock))
    }

    static func entry(_ id: String, _ date: String, kcal: Double) -> Entry {
        Entry(
            id: id, date: date, time: "08:00", meal: .breakfast, food: "Banana, raw", code: 63_107_010, quantity: 1,
            unit: "banana", portion: "1 medium (118 g)", grams: 118, kcal: kcal, text: "a banana")
    }
}

/// Issue 27's budgets with several devices: a month that several devices hold is summed once and
/// kept in this device's cache, read again while every device's month file is as it was.
@Suite struct MergedMonthSummaryTests {
    /// A view of many months lists the folders once for all of them, and sums what the months
    /// one by one sum: a month of one device, one of two, one left in the journal from before
    /// devices, and one nobody has.
    @Test func aViewOfManyMonthsIsItsMonthsOneByOne() throws {
        try DeviceMergeTests.withAshAndBirch { base, clock, ash, birch in
            try ash.apply([.add(DeviceMergeTests.entry("a1", "2026-11-01", kcal: 100))])
            try birch.apply([
                .add(DeviceMergeTests.entry("b1", "2026-11-01", kcal: 250)),
                .add(DeviceMergeTests.entry("b2", "2026-10-03", kcal: 40)),
            ])
            // A month an earlier release wrote since, in the folder's journal from before devices.
            let legacy = MonthFile(month: "2026-09", entries: [DeviceMergeTests.entry("l1", "2026-09-09", kcal: 70)])
            let journal = base.appendingPathComponent("journal")
            try FileManager.default.createDirectory(at: journal, withIntermediateDirectories: true)
            try Data(try #require(MonthCodec.encode(legacy))).write(to: journal.appendingPathComponent("2026-09.json"))

            let months = ["2026-08", "2026-09", "2026-10", "2026-11"]
            let oneByOne = try JournalStore(root: base.path, device: "ash", now: clock)
            let sums = try months.flatMap { month throws(StoreError) in try oneByOne.daySums(inMonth: month) }
            #expect(sums.map(\.kcal) == [70, 40, 350])
            #expect(try JournalStore(root: base.path, device: "ash", now: clock).daySums(inMonths: months) == sums)
            #expect(try JournalStore(root: base.path, device: "birch", now: clock).daySums(inMonths: months) == sums)
        }
    }

    @Test func aMergedMonthIsSummedOnceUntilADeviceChangesIt() throws {
        try DeviceMergeTests.withAshAndBirch { base, clock, ash, birch in
            try ash.apply([.add(DeviceMergeTests.entry("a1", "2026-11-01", kcal: 100))])
            try birch.apply([.add(DeviceMergeTests.entry("b1", "2026-11-01", kcal: 250))])
            try birch.apply([.add(DeviceMergeTests.entry("b2", "2026-11-02", kcal: 40))])

            let first = try JournalStore(root: base.path, device: "ash", now: clock)
            let sums = try first.daySums(inMonth: "2026-11")
            #expect(sums.map(\.kcal) == [350, 40])
            #expect(first.monthReads == 2, "both devices' months were read to sum them")
            #expect(first.summariesMade == 1)

            let second = try JournalStore(root: base.path, device: "ash", now: clock)
            #expect(try second.daySums(inMonth: "2026-11") == sums)
            // A day is kept too (one, the last merged), and read from the cache while it holds.
            let day = try first.entries(on: "2026-11-01")
            #expect(day.map(\.id) == ["a1", "b1"])
            let kept = base.appendingPathComponent("devices/ash/cache/merged/day")
            #expect(FileManager.default.fileExists(atPath: kept.path))
            #expect(try JournalStore(root: base.path, device: "ash", now: clock).entries(on: "2026-11-01") == day)
            // A kept day whose bytes changed is not believed: an entry's kcal changed in place (its
            // line's checksum no longer matches) is read again from the months.
            let text = try String(contentsOf: kept, encoding: .utf8)
            #expect(text.contains("\"kcal\":250"))
            try Data(text.replacingOccurrences(of: "\"kcal\":250", with: "\"kcal\":999").utf8).write(to: kept)
            #expect(try JournalStore(root: base.path, device: "ash", now: clock).entries(on: "2026-11-01") == day)
            #expect(second.monthReads == 0, "the merged month's summary was read instead")

            // Another device's change makes the summary stale: summed again, with the change.
            try birch.apply([.remove(id: "b1", date: "2026-11-01")])
            let third = try JournalStore(root: base.path, device: "ash", now: clock)
            #expect(try third.daySums(inMonth: "2026-11").map(\.kcal) == [100, 40])
            #expect(third.monthReads == 2)
            // So does a device seen for the first time.
            let cedar = try JournalStore(root: base.path, device: "cedar", now: clock)
            try cedar.apply([.add(DeviceMergeTests.entry("c1", "2026-11-02", kcal: 5))])
            let fourth = try JournalStore(root: base.path, device: "ash", now: clock)
            #expect(try fourth.daySums(inMonth: "2026-11").map(\.kcal) == [100, 45])
        }
    }
}

/// Issue 27: undoing a large script or import (its entries found by their id prefix) takes out
/// every device's copies of them, not only this device's.
@Suite struct RemovingByPrefixTests {
    @Test func everyDevicesCopiesOfAScriptsEntriesGo() throws {
        try DeviceMergeTests.withAshAndBirch { base, clock, ash, birch in
            let script = (1...4).map { DeviceMergeTests.entry("5c0000000000000\($0)", "2026-11-01", kcal: 100) }
            try ash.apply(script.map { .add($0) })
            try birch.apply([.add(DeviceMergeTests.entry("b000000000000001", "2026-11-01", kcal: 7))])
            // birch edits one of the script's entries: its version is now the one shown.
            var edited = script[1]
            edited.kcal = 333
            try birch.apply([.remove(id: edited.id, date: edited.date), .add(edited)])

            let counted = try ash.removeEntries(inMonth: "2026-11", withIDPrefix: "5c", sample: 10, counting: true)
            #expect(counted.count == 4)
            let taken = try ash.removeEntries(inMonth: "2026-11", withIDPrefix: "5c", sample: 10)
            #expect(taken.count == 4)
            for store in [ash, birch, try JournalStore(root: base.path, device: "cedar", now: clock)] {
                #expect(try store.entries(inMonth: "2026-11").map(\.id) == ["b000000000000001"])
            }
        }
    }
}
