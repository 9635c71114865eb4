// Two devices sharing one data folder through the carriers people already run (issue 27, "Done
// when"): real git (two clones of one bare repository, each clone a data folder) and real
// Syncthing (two instances on the loopback address, each with its own config folder). Each device
// logs, edits and deletes; once the carrier has done its work, both devices must show the same
// days, every acknowledged entry with its last value, and no deleted entry back; git must merge
// without a conflict and Syncthing must leave no conflict copy.
//
// The one-sided scenarios (only device a writes) prove the rig itself: they pass on a store whose
// files two devices rewrite. The two-sided ones need a store in which no file is written by two
// devices.
//
// Design notes:
// - What each device acknowledged is kept in a `Ledger` (entry ids from `--json` answers), and what
//   each device shows is read back with `export json` (every entry) and `--json history 30` (the
//   days); a failure lists every difference, not the first.
// - git and syncthing must be installed (`.ci/run` installs them); a missing one fails the test
//   with what to install, never skips it.
// - Syncthing is driven through its REST API: its generated config.xml edited before it starts
//   (GUI/REST and the sync protocol on 127.0.0.1 ports picked free, no discovery, relays, NAT,
//   usage reporting or upgrades), the peer and the shared folder added through the REST API so
//   they get Syncthing's defaults (a folder written into config.xml by hand keeps no conflict
//   copies), then waited on until both sides report the folder complete and idle with the same
//   global state, never by sleeping alone. Both instances are killed when a test ends.
// - The rig's self-checks (two clones rewriting one file, two Syncthing sides rewriting one file)
//   show that a conflict is seen when there is one: a store test cannot pass by blindness.

import Foundation
import Glibc
import Testing

@Suite("Two devices over real git and real Syncthing", .serialized)
struct TwoDeviceCarrierTests {
    /// Every device runs on this day; entries go to today or to `earlier`.
    static let now = "2026-11-27T12:30:00"
    static let earlier = "2026-11-25"

    // MARK: - git

    /// Only device a writes (logs, edits, deletes, in two rounds); device b pulls after each. b
    /// shows its days only at the end, or also between the rounds: a store whose reads write
    /// into the data folder (a cache) leaves b's working tree changed, and the second pull stops.
    /// Read at the end only, this passes on any store git can carry at all: the proof that the
    /// git rig works.
    @Test(arguments: [false, true])
    func gitCarriesOneDevicesChangesToTheOther(bReadsBetweenRounds: Bool) throws {
        try BinaryRunner.withTemporaryDirectory { root in
            let rig = try GitRig(root: root)
            let ledger = Ledger()
            let a = rig.a
            let b = rig.b

            a.log("amber bar 101 kcal lunch", into: ledger)
            a.log("azure bar 102 kcal dinner", into: ledger)
            a.log("acorn bar 103 kcal snack \(Self.earlier)", into: ledger)
            a.log("atlas bar 104 kcal breakfast", into: ledger)
            a.edit("amber bar", to: 151, in: ledger)
            a.delete("azure bar", in: ledger)
            rig.commitAll(a, "a: round 1")
            rig.exchange(a)
            rig.exchange(b)
            if bReadsBetweenRounds { expectSameDays(a, b, ledger, after: "b pulled a's first round") }

            a.log("aurora bar 105 kcal lunch", into: ledger)
            a.edit("atlas bar", to: 154, in: ledger)
            a.delete("acorn bar", on: Self.earlier, in: ledger)
            rig.commitAll(a, "a: round 2")
            rig.exchange(a)
            rig.exchange(b)
            expectSameDays(a, b, ledger, after: "b pulled a's second round")
            expectDoctorClean(a, b)
        }
    }

    /// Both devices log, edit and delete offline, commit everything and exchange through the bare
    /// repository (a pulls and pushes, b pulls and pushes, a pulls); then a second round in which
    /// each also changes an entry the other made, and b takes back a line with `undo`. No
    /// conflict, the same days on both, nothing undone or deleted back.
    @Test func gitMergesBothDevicesOfflineChangesWithoutConflict() throws {
        try BinaryRunner.withTemporaryDirectory { root in
            let rig = try GitRig(root: root)
            let ledger = Ledger()
            let a = rig.a
            let b = rig.b

            a.log("amber bar 101 kcal lunch", into: ledger)
            a.log("azure bar 102 kcal dinner", into: ledger)
            a.log("acorn bar 103 kcal snack \(Self.earlier)", into: ledger)
            a.log("atlas bar 104 kcal breakfast", into: ledger)
            a.edit("amber bar", to: 151, in: ledger)
            a.delete("azure bar", in: ledger)

            b.log("birch bar 201 kcal lunch", into: ledger)
            b.log("bronze bar 202 kcal dinner", into: ledger)
            b.log("breeze bar 203 kcal snack \(Self.earlier)", into: ledger)
            b.log("bramble bar 204 kcal breakfast", into: ledger)
            b.edit("birch bar", to: 251, in: ledger)
            b.delete("bronze bar", in: ledger)

            rig.commitAll(a, "a: round 1")
            rig.commitAll(b, "b: round 1")
            rig.exchange(a)
            rig.exchange(b)
            rig.exchange(a)
            expectSameDays(a, b, ledger, after: "the first exchange")

            // Round 2: each also edits or deletes an entry the other device made.
            a.log("aurora bar 105 kcal lunch", into: ledger)
            a.edit("bramble bar", to: 254, in: ledger)
            a.delete("atlas bar", in: ledger)
            b.log("beacon bar 205 kcal dinner", into: ledger)
            b.delete("amber bar", in: ledger)
            b.edit("breeze bar", on: Self.earlier, to: 253, in: ledger)
            b.log("bluebell bar 206 kcal snack", into: ledger)
            b.undo("bluebell bar", in: ledger)

            rig.commitAll(a, "a: round 2")
            rig.commitAll(b, "b: round 2")
            rig.exchange(b)
            rig.exchange(a)
            rig.exchange(b)
            expectSameDays(a, b, ledger, after: "the second exchange")
            expectDoctorClean(a, b)
        }
    }

    /// The rig's own check: two clones that rewrite one file conflict, and the rig sees it (the
    /// pull stops, the file holds markers), so a store test that passes did not pass by blindness.
    @Test func gitRigSeesAConflictWhenBothClonesRewriteOneFile() throws {
        try BinaryRunner.withTemporaryDirectory { root in
            let rig = try GitRig(root: root)
            for device in [rig.a, rig.b] {
                try Data("written by \(device.name)\n".utf8).write(to: device.data.appendingPathComponent("probe.txt"))
                rig.commitAll(device, "\(device.name): probe")
            }
            rig.exchange(rig.a)
            let pull = try rig.run(["-C", rig.b.data.path, "pull", "--no-rebase", "--no-edit", "origin", "main"])
            #expect(pull.status != 0, "the pull merged two rewrites of one file: \(pull)")
            #expect(rig.markedFiles(rig.b) == ["probe.txt"])
        }
    }

    /// A carrier that is not installed fails the tests with what to install; it never skips them.
    @Test func aMissingCarrierIsAFailureThatSaysWhatToInstall() {
        #expect {
            try Tool.find("calorina-no-such-carrier", package: "calorina-carrier")
        } throws: { error in
            "\(error)".contains("apt-get install -y calorina-carrier")
        }
    }

    // MARK: - Syncthing

    /// The rig's own check: one file changed on both sides while they are disconnected leaves a
    /// conflict copy, which the rig finds on both sides once they agree again.
    @Test func syncthingRigSeesAConflictCopyWhenBothSidesRewriteOneFile() throws {
        try BinaryRunner.withTemporaryDirectory { root in
            let a = try Device(name: "a", root: root)
            let b = try Device(name: "b", root: root)
            let pair = try SyncthingPair(root: root, folders: (a.data, b.data))
            defer { pair.stop() }
            try Data("first\n".utf8).write(to: a.data.appendingPathComponent("probe.txt"))
            pair.waitInSync(after: "a wrote the probe")
            #expect(FileManager.default.fileExists(atPath: b.data.appendingPathComponent("probe.txt").path))
            pair.disconnect()
            for device in [a, b] {
                try Data("written by \(device.name)\n".utf8).write(to: device.data.appendingPathComponent("probe.txt"))
            }
            pair.reconnect()
            pair.waitInSync(after: "both rewrote the probe")
            for device in [a, b] {
                let copies = Self.conflictCopies(device)
                #expect(copies.count == 1 && copies.allSatisfy { $0.hasPrefix("probe.sync-conflict-") }, "\(copies)")
            }
        }
    }

    /// Only device a writes, while connected and while its peer is paused; b must show the same
    /// days once Syncthing reports both sides in sync. b shows its days only at the end, or also
    /// in between: a store whose reads write into the data folder (a cache) then makes a conflict
    /// copy. Read at the end only, this passes on any store: the proof that the Syncthing rig works.
    @Test(arguments: [false, true])
    func syncthingCarriesOneDevicesChangesToTheOther(bReadsInBetween: Bool) throws {
        try BinaryRunner.withTemporaryDirectory { root in
            let a = try Device(name: "a", root: root)
            let b = try Device(name: "b", root: root)
            let pair = try SyncthingPair(root: root, folders: (a.data, b.data))
            defer { pair.stop() }
            let ledger = Ledger()

            a.log("amber bar 101 kcal lunch", into: ledger)
            a.log("azure bar 102 kcal dinner", into: ledger)
            a.log("acorn bar 103 kcal snack \(Self.earlier)", into: ledger)
            a.edit("amber bar", to: 151, in: ledger)
            a.delete("azure bar", in: ledger)
            pair.waitInSync(after: "a's connected changes")
            if bReadsInBetween {
                expectSameDays(a, b, ledger, after: "a's connected changes")
                pair.waitInSync(after: "b read its days")
            }

            pair.disconnect()
            a.log("atlas bar 104 kcal breakfast", into: ledger)
            a.edit("acorn bar", on: Self.earlier, to: 153, in: ledger)
            a.delete("amber bar", in: ledger)
            pair.reconnect()
            pair.waitInSync(after: "a's offline changes")
            expectSameDays(a, b, ledger, after: "a's offline changes")
            expectNoConflictCopies(a, b)
            expectDoctorClean(a, b)
        }
    }

    /// Both devices log at the same time while connected; then, disconnected, both log, edit and
    /// delete (each also an entry the other made), and a takes back a line with `undo`; then they
    /// reconnect. No conflict copy anywhere,
    /// the same days on both, nothing lost, nothing deleted back.
    @Test func syncthingMergesBothDevicesChangesWithoutConflictCopies() throws {
        try BinaryRunner.withTemporaryDirectory { root in
            let a = try Device(name: "a", root: root)
            let b = try Device(name: "b", root: root)
            let pair = try SyncthingPair(root: root, folders: (a.data, b.data))
            defer { pair.stop() }
            let ledger = Ledger()

            // Connected: three lines each, the two devices at the same moment, each line's change
            // scanned at once so that it travels while the other device writes.
            let aLines = ["amber bar 101 kcal lunch", "azure bar 102 kcal dinner", "acorn bar 103 kcal breakfast"]
            let bLines = ["birch bar 201 kcal lunch", "bronze bar 202 kcal dinner", "breeze bar 203 kcal breakfast"]
            let logged = Device.concurrently(
                { a.logLines(aLines) { pair.scan(.a) } }, { b.logLines(bLines) { pair.scan(.b) } })
            for (line, outcome) in zip(aLines + bLines, logged.0 + logged.1) {
                ledger.record(line, outcome)
            }
            pair.waitInSync(after: "both devices logged while connected")
            expectSameDays(a, b, ledger, after: "both devices logged while connected")
            expectNoConflictCopies(a, b)

            // Disconnected: each logs, edits and deletes, also entries the other device made.
            pair.disconnect()
            a.log("atlas bar 104 kcal snack", into: ledger)
            a.log("aurora bar 105 kcal snack \(Self.earlier)", into: ledger)
            a.edit("amber bar", to: 151, in: ledger)
            a.delete("bronze bar", in: ledger)
            b.log("bramble bar 204 kcal snack", into: ledger)
            b.log("beacon bar 205 kcal snack \(Self.earlier)", into: ledger)
            b.edit("birch bar", to: 251, in: ledger)
            b.delete("acorn bar", in: ledger)
            a.log("alpine bar 106 kcal snack", into: ledger)
            a.undo("alpine bar", in: ledger)
            pair.reconnect()
            pair.waitInSync(after: "both devices changed their days while disconnected")
            expectSameDays(a, b, ledger, after: "both devices changed their days while disconnected")
            expectNoConflictCopies(a, b)
            expectDoctorClean(a, b)
        }
    }

    // MARK: - Expectations

    /// Both devices show the same entries and days, every acknowledged entry with its last value
    /// and no deleted entry; each difference is listed.
    func expectSameDays(
        _ a: Device, _ b: Device, _ ledger: Ledger, after step: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var problems: [String] = []
        let shown = [a, b].map { device in (device, device.shownEntries(), device.shownDays()) }
        for (device, entries, _) in shown {
            guard case .success(let entries) = entries else {
                if case .failure(let reason) = entries {
                    problems.append("\(device.name) cannot show its entries: \(reason)")
                }
                continue
            }
            for (id, kcal) in ledger.kcal.sorted(by: { $0.key < $1.key }) {
                let label = ledger.label(id)
                guard let entry = entries[id] else {
                    problems.append("\(device.name) lost \(label)")
                    continue
                }
                if entry.kcal != kcal {
                    problems.append("\(device.name) shows \(label) with \(entry.kcal) kcal, not \(kcal)")
                }
            }
            for id in ledger.deleted.sorted() where entries[id] != nil {
                problems.append("\(device.name) shows \(ledger.label(id)) again, which was deleted")
            }
            for (id, entry) in entries.sorted(by: { $0.key < $1.key })
            where ledger.kcal[id] == nil && !ledger.deleted.contains(id) {
                problems.append("\(device.name) shows an entry nobody logged: \(entry)")
            }
        }
        if case .success(let entriesA) = shown[0].1, case .success(let entriesB) = shown[1].1, entriesA != entriesB {
            for id in Set(entriesA.keys).union(entriesB.keys).sorted() where entriesA[id] != entriesB[id] {
                problems.append(
                    "entry \(id): a shows \(entriesA[id].map(String.init(describing:)) ?? "nothing"), "
                        + "b shows \(entriesB[id].map(String.init(describing:)) ?? "nothing")")
            }
        }
        switch (shown[0].2, shown[1].2) {
        case (.success(let daysA), .success(let daysB)) where daysA != daysB:
            for day in Set(daysA.keys).union(daysB.keys).sorted() where daysA[day] != daysB[day] {
                problems.append("\(day): a shows \(daysA[day] ?? 0) kcal eaten, b \(daysB[day] ?? 0)")
            }
        case (.failure(let reason), _): problems.append("a cannot show its history: \(reason)")
        case (_, .failure(let reason)): problems.append("b cannot show its history: \(reason)")
        default: break
        }
        if !problems.isEmpty {
            for device in [a, b] {
                let files = Device.files(under: device.data).filter { !$0.hasPrefix(".git/") }
                problems.append("files in \(device.name)'s folder: \(files.joined(separator: ", "))")
            }
        }
        #expect(
            problems.isEmpty,
            "after \(step), the two devices disagree with what was acknowledged or with each other:\n  \(problems.joined(separator: "\n  "))",
            sourceLocation: sourceLocation)
    }

    /// `calorina doctor` finds nothing to report on either device (a conflict copy, a file cut
    /// short, a log it cannot read would each make it exit non-zero).
    func expectDoctorClean(_ a: Device, _ b: Device, sourceLocation: SourceLocation = #_sourceLocation) {
        for device in [a, b] {
            do {
                let doctor = try device.run(["doctor"])
                #expect(doctor.status == 0, "\(device.name): doctor: \(doctor)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(device.name): doctor: \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The Syncthing conflict copies under a device's data folder.
    static func conflictCopies(_ device: Device) -> [String] {
        Device.files(under: device.data).filter { $0.contains(".sync-conflict-") }
    }

    /// No Syncthing conflict copy anywhere under either data folder.
    func expectNoConflictCopies(_ a: Device, _ b: Device, sourceLocation: SourceLocation = #_sourceLocation) {
        let copies = [a, b].flatMap { device in Self.conflictCopies(device).map { "\(device.name): \($0)" } }
        #expect(
            copies.isEmpty, "Syncthing made conflict copies:\n  \(copies.joined(separator: "\n  "))",
            sourceLocation: sourceLocation)
    }
}

// MARK: - What was acknowledged

/// Every entry a device acknowledged, with its last value, and every one deleted since.
final class Ledger {
    private(set) var kcal: [String: Double] = [:]
    private(set) var deleted: Set<String> = []
    private var labels: [String: String] = [:]
    private var ids: [String: String] = [:]

    func logged(_ id: String, _ label: String, kcal value: Double) {
        kcal[id] = value
        labels[id] = label
        ids[label] = id
    }

    func edited(_ id: String, to value: Double) { kcal[id] = value }

    func removed(_ id: String) {
        kcal[id] = nil
        deleted.insert(id)
    }

    /// The entry a name was logged as, e.g. "amber bar".
    func id(of name: String) -> String? { ids[name] }

    func label(_ id: String) -> String { "\(labels[id] ?? "an entry") (\(id))" }

    /// Records a logged line's answer (see `Device.logLines`).
    func record(_ line: String, _ outcome: Device.Logged) {
        switch outcome {
        case .success(let entry): logged(entry.id, Device.name(of: line), kcal: entry.kcal)
        case .failure(let failure): Issue.record("logging '\(line)' failed: \(failure)")
        }
    }
}

// MARK: - A device

/// One device: its own home and state folders, its name, and its data folder.
struct Device: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An entry as `export json` shows it.
    struct Entry: Equatable, CustomStringConvertible {
        var date: String
        var meal: String
        var food: String
        var kcal: Double
        var description: String { "\(food) · \(kcal) kcal · \(meal) on \(date)" }
    }

    let name: String
    let home: URL
    let data: URL

    /// A device called `name` with its folders under `root/device-NAME` (its data folder there,
    /// `data`, unless `data` says otherwise).
    init(name: String, root: URL, data: URL? = nil) throws {
        self.name = name
        home = root.appendingPathComponent("device-\(name)", isDirectory: true)
        self.data = data ?? home.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: self.data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var environment: [String: String] {
        BinaryRunner.environment(
            home: home,
            [
                "CALORINA_NOW": TwoDeviceCarrierTests.now, "CALORINA_DEVICE": name,
                "XDG_STATE_HOME": home.appendingPathComponent("state").path,
                "XDG_DATA_HOME": home.appendingPathComponent("share").path,
                "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            ])
    }

    func run(_ arguments: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            try BinaryRunner.productURL("calorina"), arguments: ["--data-dir", data.path] + arguments,
            environment: environment, timeout: .seconds(30))
    }

    /// Runs `arguments` with `--json` (or, when `asked` is false, a command that writes JSON of
    /// its own, such as `export json`) and hands back the answer, or why there is none.
    func json(_ arguments: [String], asked: Bool = true) -> Result<[String: Any], Failure> {
        do {
            let output = try run((asked ? ["--json"] : []) + arguments)
            guard output.status == 0 else {
                return .failure(Failure(description: "\(arguments.joined(separator: " ")) → \(output)"))
            }
            let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
            guard let answer = object as? [String: Any] else {
                return .failure(Failure(description: "\(arguments.joined(separator: " ")) → not an object: \(output)"))
            }
            return .success(answer)
        } catch {
            return .failure(Failure(description: "\(arguments.joined(separator: " ")) → \(error)"))
        }
    }

    /// The food's name a test line starts with: "amber bar 101 kcal lunch" → "amber bar".
    static func name(of line: String) -> String {
        line.split(separator: " ").prefix(2).joined(separator: " ")
    }

    /// Logs one line and hands back the entry's id and kcal.
    func logLine(_ line: String) -> Logged {
        json([line]).flatMap { answer in
            guard let entries = answer["entries"] as? [[String: Any]], entries.count == 1,
                let id = entries[0]["id"] as? String, let kcal = (entries[0]["kcal"] as? NSNumber)?.doubleValue
            else { return .failure(Failure(description: "'\(line)' logged no single entry: \(answer)")) }
            return .success((id, kcal))
        }
    }

    /// Logs each line in turn, calling `after` after each.
    func logLines(_ lines: [String], after: () -> Void) -> [Logged] {
        lines.map { line in
            defer { after() }
            return logLine(line)
        }
    }

    func log(_ line: String, into ledger: Ledger, sourceLocation: SourceLocation = #_sourceLocation) {
        switch logLine(line) {
        case .success(let entry): ledger.logged(entry.id, Self.name(of: line), kcal: entry.kcal)
        case .failure(let failure):
            Issue.record("\(name): logging '\(line)' failed: \(failure)", sourceLocation: sourceLocation)
        }
    }

    /// The number this device shows the entry `id` under on `day` (today when nil).
    func number(of id: String, on day: String?) -> Result<Int, Failure> {
        json(day.map { ["day", $0] } ?? ["today"]).flatMap { answer in
            let entries = answer["entries"] as? [[String: Any]] ?? []
            guard let entry = entries.first(where: { $0["id"] as? String == id }),
                let number = (entry["number"] as? NSNumber)?.intValue
            else {
                let shown = entries.compactMap { $0["food"] as? String }
                return .failure(
                    Failure(description: "\(name) does not show entry \(id) on that day; it shows \(shown)"))
            }
            return .success(number)
        }
    }

    /// Edits the entry logged as `food` to `kcal` by the number this device shows it under.
    func edit(
        _ food: String, on day: String? = nil, to kcal: Double, in ledger: Ledger,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let id = ledger.id(of: food) else {
            Issue.record("\(name): '\(food)' was never logged", sourceLocation: sourceLocation)
            return
        }
        let edited = number(of: id, on: day).flatMap { number in
            json(["edit \(number) \(Int(kcal)) kcal" + (day.map { " \($0)" } ?? "")])
        }
        switch edited {
        case .success: ledger.edited(id, to: kcal)
        case .failure(let failure):
            Issue.record("\(name): editing \(food) failed: \(failure)", sourceLocation: sourceLocation)
        }
    }

    /// Deletes the entry logged as `food` by the number this device shows it under.
    func delete(
        _ food: String, on day: String? = nil, in ledger: Ledger, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let id = ledger.id(of: food) else {
            Issue.record("\(name): '\(food)' was never logged", sourceLocation: sourceLocation)
            return
        }
        let deleted = number(of: id, on: day).flatMap { number in
            json(["delete \(number)" + (day.map { " \($0)" } ?? "")]).flatMap { answer in
                let ids = (answer["deleted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                return ids == [id]
                    ? .success(()) : .failure(Failure(description: "deleted \(ids), not \(id): \(answer)"))
            }
        }
        switch deleted {
        case .success: ledger.removed(id)
        case .failure(let failure):
            Issue.record("\(name): deleting \(food) failed: \(failure)", sourceLocation: sourceLocation)
        }
    }

    /// Takes back this device's last change, which must be the logging of `food`.
    func undo(_ food: String, in ledger: Ledger, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let id = ledger.id(of: food) else {
            Issue.record("\(name): '\(food)' was never logged", sourceLocation: sourceLocation)
            return
        }
        let undone = json(["undo"]).flatMap { answer in
            let ids = (answer["removed"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            return ids == [id]
                ? .success(()) : .failure(Failure(description: "undo removed \(ids), not \(id): \(answer)"))
        }
        switch undone {
        case .success: ledger.removed(id)
        case .failure(let failure):
            Issue.record("\(name): undoing \(food) failed: \(failure)", sourceLocation: sourceLocation)
        }
    }

    /// Every entry this device shows (`export json`), by id.
    func shownEntries() -> Result<[String: Entry], Failure> {
        json(["export", "json"], asked: false).flatMap { answer in
            var shown: [String: Entry] = [:]
            for entry in answer["entries"] as? [[String: Any]] ?? [] {
                guard let id = entry["id"] as? String else { continue }
                shown[id] = Entry(
                    date: entry["date"] as? String ?? "?", meal: entry["meal"] as? String ?? "?",
                    food: entry["food"] as? String ?? "?", kcal: (entry["kcal"] as? NSNumber)?.doubleValue ?? -1)
            }
            return .success(shown)
        }
    }

    /// The kcal eaten on each of the last 30 days (`--json history 30`), by date.
    func shownDays() -> Result<[String: Double], Failure> {
        json(["history", "30"]).map { answer in
            var days: [String: Double] = [:]
            for day in answer["days"] as? [[String: Any]] ?? [] {
                if let date = day["date"] as? String, let eaten = (day["eaten"] as? NSNumber)?.doubleValue {
                    days[date] = eaten
                }
            }
            return days
        }
    }

    /// The paths of the regular files under `folder`, relative to it.
    static func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { found.append(path) }
        }
        return found.sorted()
    }

    /// What logging a line answered: the entry's id and kcal, or why it failed.
    typealias Logged = Result<(id: String, kcal: Double), Failure>

    /// Runs both closures at the same time and hands back both results.
    static func concurrently(
        _ first: @escaping @Sendable () -> [Logged], _ second: @escaping @Sendable () -> [Logged]
    ) -> ([Logged], [Logged]) {
        let box = Box<[Logged]>([])
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            let results = second()
            box.update { $0 = results }
        }
        let results = first()
        group.wait()
        return (results, box.value)
    }
}

/// A value shared between threads behind a lock.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&stored)
    }
}

// MARK: - git

/// A bare repository and two clones of it, each clone the data folder of one device.
struct GitRig {
    let git: URL
    let root: URL
    let a: Device
    let b: Device

    init(root: URL) throws {
        git = try Tool.find("git", package: "git")
        self.root = root
        let bare = root.appendingPathComponent("origin.git")
        a = try Device(name: "a", root: root, data: root.appendingPathComponent("clone-a"))
        b = try Device(name: "b", root: root, data: root.appendingPathComponent("clone-b"))
        try must(["-c", "init.defaultBranch=main", "init", "-q", "--bare", bare.path])
        // a starts the history; b clones it (both before anything is logged).
        try must(["clone", "-q", bare.path, a.data.path])
        try configure(a)
        try must(["-C", a.data.path, "checkout", "-q", "-b", "main"])
        try must(["-C", a.data.path, "commit", "-q", "--allow-empty", "-m", "start"])
        try must(["-C", a.data.path, "push", "-q", "-u", "origin", "main"])
        try must(["clone", "-q", bare.path, b.data.path])
        try configure(b)
    }

    private func configure(_ device: Device) throws {
        try must(["-C", device.data.path, "config", "user.name", "Device \(device.name)"])
        try must(["-C", device.data.path, "config", "user.email", "\(device.name)@calorina.test"])
    }

    func run(_ arguments: [String]) throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            git, arguments: arguments,
            environment: BinaryRunner.environment(
                home: root, ["GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"]),
            timeout: .seconds(30))
    }

    @discardableResult
    private func must(_ arguments: [String]) throws -> BinaryRunner.Output {
        let output = try run(arguments)
        guard output.status == 0 else {
            throw Device.Failure(description: "git \(arguments.joined(separator: " ")) → \(output)")
        }
        return output
    }

    /// `git add -A` and a commit of everything the device changed.
    func commitAll(_ device: Device, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try must(["-C", device.data.path, "add", "-A"])
            let commit = try run(["-C", device.data.path, "commit", "-q", "-m", message])
            #expect(commit.status == 0, "\(device.name): git commit: \(commit)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(device.name): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// `git pull --no-rebase`, then `git push`: both must succeed, leave no conflict marker in any
    /// file and a clean working tree.
    func exchange(_ device: Device, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let folder = device.data.path
            let pull = try run(["-C", folder, "pull", "--no-rebase", "--no-edit", "origin", "main"])
            #expect(pull.status == 0, "\(device.name): git pull stopped: \(pull)", sourceLocation: sourceLocation)
            let marked = markedFiles(device)
            #expect(marked.isEmpty, "\(device.name): conflict markers in \(marked)", sourceLocation: sourceLocation)
            let status = try run(["-C", folder, "status", "--porcelain"])
            // The device's own new files (a read keeps summaries of the other device's months in
            // its own cache) are its to commit next: nobody else writes them.
            let others = status.stdout.split(separator: "\n").filter { !$0.hasPrefix("?? devices/\(device.name)/") }
            #expect(
                status.status == 0 && others.isEmpty,
                "\(device.name): the working tree is not clean after the pull:\n\(status.stdout)",
                sourceLocation: sourceLocation)
            if pull.status != 0 {
                // Leave the clone as a person who gave up on the merge would, so the test goes on
                // to show what each device then sees.
                _ = try run(["-C", folder, "merge", "--abort"])
                return
            }
            let push = try run(["-C", folder, "push", "-q", "origin", "main"])
            #expect(push.status == 0, "\(device.name): git push: \(push)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(device.name): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The files of a clone (outside `.git`) holding a line git writes around a conflict.
    func markedFiles(_ device: Device) -> [String] {
        Device.files(under: device.data).filter { path in
            guard !path.hasPrefix(".git/"),
                let text = try? String(contentsOf: device.data.appendingPathComponent(path), encoding: .utf8)
            else { return false }
            return text.split(separator: "\n").contains { $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") }
        }
    }
}

/// A program the tests need from the system.
enum Tool {
    /// The executable `name` on the usual paths; a missing one is a failure that says to install
    /// `package` (as `.ci/run` does), never a skip.
    static func find(_ name: String, package: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in (path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/usr/bin", "/bin"]) {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Device.Failure(
            description: "'\(name)' is not installed: these tests need it. Install it with "
                + "`apt-get install -y \(package)` (as .ci/run does).")
    }
}

// MARK: - Syncthing

/// Two Syncthing instances on 127.0.0.1 that share one folder (the data folder of each device).
final class SyncthingPair: @unchecked Sendable {
    enum Side: CaseIterable { case a, b }

    struct Instance {
        let home: URL
        let id: String
        let guiPort: Int
        let listenPort: Int
        let apiKey: String
        let process: Process
    }

    static let folderID = "calorina"
    private let instances: [Instance]
    private var stopped = false

    private func instance(_ side: Side) -> Instance { side == .a ? instances[0] : instances[1] }
    private func other(_ side: Side) -> Side { side == .a ? .b : .a }

    /// Makes both config folders, starts both instances and waits until they are connected.
    init(root: URL, folders: (URL, URL)) throws {
        let syncthing = try Tool.find("syncthing", package: "syncthing")
        let home = root.appendingPathComponent("syncthing", isDirectory: true)
        let environment = BinaryRunner.environment(
            home: home,
            ["STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1", "STMONITORED": "yes", "STHASHING": "minio"])
        var homes: [URL] = []
        var ids: [String] = []
        for name in ["a", "b"] {
            let folder = home.appendingPathComponent(name, isDirectory: true)
            let made = try BinaryRunner.run(
                syncthing, arguments: ["generate", "--home=\(folder.path)", "--no-default-folder"],
                environment: environment, timeout: .seconds(30))
            guard made.status == 0 else { throw Device.Failure(description: "syncthing generate: \(made)") }
            let id = try BinaryRunner.run(
                syncthing, arguments: ["serve", "--home=\(folder.path)", "--device-id"], environment: environment)
            let trimmed = id.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard id.status == 0, trimmed.count > 50 else { throw Device.Failure(description: "device id: \(id)") }
            homes.append(folder)
            ids.append(trimmed)
        }
        let ports = try Self.freePorts(4)
        let dataFolders = [folders.0, folders.1]
        var started: [Instance] = []
        do {
            for index in 0..<2 {
                let key = "calorina-test-\(index)-\(UUID().uuidString)"
                // The folder marker Syncthing looks for in a folder it did not make.
                try FileManager.default.createDirectory(
                    at: dataFolders[index].appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
                let file = homes[index].appendingPathComponent("config.xml")
                let generated = try String(contentsOf: file, encoding: .utf8)
                let config = try Self.config(
                    generated, guiPort: ports[index], listenPort: ports[2 + index], apiKey: key)
                try Data(config.utf8).write(to: file)
                let process = try Self.start(syncthing, home: homes[index], environment: environment)
                started.append(
                    Instance(
                        home: homes[index], id: ids[index], guiPort: ports[index], listenPort: ports[2 + index],
                        apiKey: key, process: process))
            }
        } catch {
            for instance in started { Self.kill(instance.process) }
            throw error
        }
        instances = started
        do {
            try waitUntil("both REST APIs answer", timeout: .seconds(30)) {
                Side.allCases.allSatisfy { (try? self.get($0, "/rest/system/ping")) != nil }
            }
            // The peer and the folder are added as the GUI adds them, so they get Syncthing's
            // defaults (a folder written into config.xml by hand gets none: no conflict copies).
            for (index, side) in Side.allCases.enumerated() {
                let peer = 1 - index
                try call(
                    side, "POST", "/rest/config/devices",
                    body: [
                        "deviceID": ids[peer], "name": peer == 0 ? "a" : "b",
                        "addresses": ["tcp://127.0.0.1:\(ports[2 + peer])"],
                    ])
                try call(
                    side, "POST", "/rest/config/folders",
                    body: [
                        "id": Self.folderID, "label": "calorina", "path": dataFolders[index].path,
                        "type": "sendreceive", "rescanIntervalS": 5, "fsWatcherEnabled": true, "fsWatcherDelayS": 1,
                        "devices": [["deviceID": ids[index]], ["deviceID": ids[peer]]],
                    ])
            }
            try waitUntil("both devices are connected", timeout: .seconds(30)) { self.connected() }
            try checkSettings()
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// Stops both instances (SIGTERM, then SIGKILL after 5 s).
    func stop() {
        guard !stopped else { return }
        stopped = true
        for instance in instances { Self.kill(instance.process) }
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Starts `syncthing serve` with its output in `home/log.txt` and no signal blocked.
    private static func start(_ syncthing: URL, home: URL, environment: [String: String]) throws -> Process {
        let log = home.appendingPathComponent("log.txt")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Device.Failure(description: "cannot make \(log.path)")
        }
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        let serve = [syncthing.path, "serve", "--home=\(home.path)", "--no-browser", "--no-restart", "--no-upgrade"]
        // Under coreutils' timeout, so that an instance outlives a test runner killed in the middle
        // by 5 minutes at most; timeout hands the SIGTERM of `stop()` on to it.
        if let timeout = try? Tool.find("timeout", package: "coreutils") {
            process.executableURL = timeout
            process.arguments = ["--kill-after=5", "300"] + serve
        } else {
            process.executableURL = syncthing
            process.arguments = Array(serve.dropFirst())
        }
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        // Swift Testing's workers block nearly every signal, and a child inherits the mask.
        var none = sigset_t()
        sigemptyset(&none)
        var saved = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
        try output.close()
        return process
    }

    private static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The generated `config.xml` with the GUI/REST API and the sync protocol on the given
    /// 127.0.0.1 ports, the API key set, and discovery, relays, NAT, usage and crash reporting and
    /// upgrades off; everything else as generated.
    private static func config(_ generated: String, guiPort: Int, listenPort: Int, apiKey: String) throws -> String {
        var config = generated
        let gui =
            "<gui enabled=\"true\" tls=\"false\" debugging=\"false\">\n"
            + "        <address>127.0.0.1:\(guiPort)</address>\n        <apikey>\(apiKey)</apikey>\n"
        guard let guiStart = config.range(of: "<gui "), let apiKeyEnd = config.range(of: "</apikey>\n") else {
            throw Device.Failure(description: "no <gui> with an <apikey> in the generated config.xml:\n\(generated)")
        }
        config.replaceSubrange(guiStart.lowerBound..<apiKeyEnd.upperBound, with: gui)
        for (element, value) in [
            ("listenAddress", "tcp://127.0.0.1:\(listenPort)"), ("globalAnnounceEnabled", "false"),
            ("localAnnounceEnabled", "false"), ("relaysEnabled", "false"), ("natEnabled", "false"),
            ("urAccepted", "-1"), ("autoUpgradeIntervalH", "0"), ("crashReportingEnabled", "false"),
            ("startBrowser", "false"), ("reconnectionIntervalS", "1"),
        ] {
            guard let open = config.range(of: "<\(element)>"),
                let close = config.range(of: "</\(element)>", range: open.upperBound..<config.endIndex)
            else { throw Device.Failure(description: "no <\(element)> in the generated config.xml:\n\(generated)") }
            config.replaceSubrange(open.upperBound..<close.lowerBound, with: value)
        }
        return config
    }

    /// `count` different TCP ports on 127.0.0.1 that were free a moment ago.
    private static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        var ports: [Int] = []
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Device.Failure(description: "socket: \(String(cString: strerror(errno)))") }
            sockets.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
                }
            }
            guard bound else { throw Device.Failure(description: "bind: \(String(cString: strerror(errno)))") }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }

    // MARK: REST

    /// A REST call to one instance; the parsed JSON answer (or `[:]` for an empty body).
    @discardableResult
    private func call(_ side: Side, _ method: String, _ path: String, body: [String: Any]? = nil) throws -> Any {
        let instance = instance(side)
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let (status, answer) = try Self.http(
            method, path, port: instance.guiPort, headers: ["X-API-Key": instance.apiKey], body: payload)
        guard status == 200 else {
            throw Device.Failure(
                description: "\(method) \(path) on \(side): HTTP \(status) \(String(decoding: answer, as: UTF8.self))")
        }
        guard !answer.isEmpty else { return [String: Any]() }
        return try JSONSerialization.jsonObject(with: answer, options: [.fragmentsAllowed])
    }

    /// One HTTP/1.0 exchange with 127.0.0.1:`port` (the server closes the connection after its
    /// answer, so the body is everything after the headers). A plain socket rather than
    /// URLSession, whose libcurl would follow an `http_proxy` of the environment.
    private static func http(
        _ method: String, _ path: String, port: Int, headers: [String: String], body: Data
    ) throws -> (status: Int, body: Data) {
        func failure(_ step: String) -> Device.Failure {
            Device.Failure(
                description: "\(method) \(path) on port \(port): \(step): \(String(cString: strerror(errno)))")
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw failure("socket") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw failure("connect") }
        var head = "\(method) \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.count)\r\n"
        if !body.isEmpty { head += "Content-Type: application/json\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let request = Array((head + "\r\n").utf8) + Array(body)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw failure("send") }
            sent += count
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { throw failure("recv") }
            if count == 0 { break }
            response += buffer[..<count]
        }
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, response.count - 3)).first(where: { Array(response[$0..<$0 + 4]) == separator }),
            let statusLine = String(decoding: response[..<end], as: UTF8.self).split(separator: "\r\n").first,
            let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else {
            throw Device.Failure(
                description: "\(method) \(path) on port \(port): no HTTP answer: \(response.count) bytes")
        }
        return (status, Data(response[(end + 4)...]))
    }

    private func get(_ side: Side, _ path: String) throws -> [String: Any] {
        guard let object = try call(side, "GET", path) as? [String: Any] else {
            throw Device.Failure(description: "GET \(path) on \(side): not an object")
        }
        return object
    }

    private func waitUntil(_ what: String, timeout: Duration, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? condition()) == true { return }
            usleep(100_000)
        }
        throw Device.Failure(description: "timed out after \(timeout) waiting until \(what)\n\(logs())")
    }

    private func logs() -> String {
        instances.map { instance in
            let text = (try? String(contentsOf: instance.home.appendingPathComponent("log.txt"), encoding: .utf8)) ?? ""
            return "syncthing log of \(instance.home.lastPathComponent):\n" + text.suffix(3000)
        }.joined(separator: "\n")
    }

    /// Whether each instance sees the other connected.
    private func connected() -> Bool {
        Side.allCases.allSatisfy { side in
            guard let answer = try? get(side, "/rest/system/connections"),
                let connections = answer["connections"] as? [String: Any],
                let peer = connections[instance(other(side)).id] as? [String: Any]
            else { return false }
            return peer["connected"] as? Bool == true
        }
    }

    /// The settings the rig depends on, as each instance reports them: loopback only, nothing
    /// sent out, and conflict copies kept (Syncthing's default of 10).
    private func checkSettings() throws {
        for side in Side.allCases {
            let options = try get(side, "/rest/config/options")
            for key in ["globalAnnounceEnabled", "localAnnounceEnabled", "relaysEnabled", "natEnabled"] {
                #expect(options[key] as? Bool == false, "\(side): \(key) is on")
            }
            #expect(options["crashReportingEnabled"] as? Bool == false, "\(side): crash reporting is on")
            #expect((options["autoUpgradeIntervalH"] as? NSNumber)?.intValue == 0, "\(side): auto-upgrade is on")
            #expect(
                ((options["urAccepted"] as? NSNumber)?.intValue ?? 0) < 0, "\(side): usage reporting is not refused")
            #expect(
                options["listenAddresses"] as? [String] == ["tcp://127.0.0.1:\(instance(side).listenPort)"],
                "\(side) listens on \(options["listenAddresses"] ?? "?")")
            let folder = try get(side, "/rest/config/folders/\(Self.folderID)")
            #expect(
                (folder["maxConflicts"] as? NSNumber)?.intValue == 10,
                "\(side): conflict copies are not kept: \(folder)")
        }
    }

    /// Asks one instance to scan the folder now (the call returns when the scan is done).
    func scan(_ side: Side) {
        do {
            try call(side, "POST", "/rest/db/scan?folder=\(Self.folderID)")
        } catch {
            Issue.record("scan on \(side): \(error)")
        }
    }

    /// Waits (at most 60 s) until both instances have scanned, report the folder idle with nothing
    /// needed, see the other side 100 % complete, and agree on the folder's global state, twice in
    /// a row.
    func waitInSync(after step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var lastState = ""
        var agreed = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            do {
                for side in Side.allCases { try call(side, "POST", "/rest/db/scan?folder=\(Self.folderID)") }
                var globals: [[Int]] = []
                var ready = connected()
                var states: [String] = []
                for side in Side.allCases {
                    let status = try get(side, "/rest/db/status?folder=\(Self.folderID)")
                    let completion = try get(
                        side, "/rest/db/completion?folder=\(Self.folderID)&device=\(instance(other(side)).id)")
                    let number = { (key: String) in (status[key] as? NSNumber)?.intValue ?? -1 }
                    let percent = (completion["completion"] as? NSNumber)?.doubleValue ?? -1
                    let peerNeeds = (completion["needItems"] as? NSNumber)?.intValue ?? -1
                    globals.append(["globalFiles", "globalDirectories", "globalDeleted", "globalBytes"].map(number))
                    ready =
                        ready && status["state"] as? String == "idle" && number("needTotalItems") == 0
                        && number("pullErrors") == 0 && percent == 100 && peerNeeds == 0
                    states.append(
                        "\(side): \(status["state"] ?? "?"), needs \(number("needTotalItems")), "
                            + "pull errors \(number("pullErrors")), peer \(percent) % with \(peerNeeds) needed, "
                            + "global \(globals.last ?? [])")
                }
                lastState = states.joined(separator: "; ")
                if ready && globals[0] == globals[1] {
                    agreed += 1
                    if agreed == 2 { return }
                } else {
                    agreed = 0
                }
            } catch {
                lastState = "\(error)"
                agreed = 0
            }
            usleep(200_000)
        }
        Issue.record(
            "after \(step), Syncthing did not report both sides in sync within 60 s: \(lastState)\n\(logs())",
            sourceLocation: sourceLocation)
    }

    /// Pauses b on a (one side only) and waits until neither sees the other.
    func disconnect(sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try call(.a, "POST", "/rest/system/pause?device=\(instance(.b).id)")
            try waitUntil("the devices are disconnected", timeout: .seconds(30)) {
                Side.allCases.allSatisfy { side in
                    guard let answer = try? self.get(side, "/rest/system/connections"),
                        let connections = answer["connections"] as? [String: Any],
                        let peer = connections[self.instance(self.other(side)).id] as? [String: Any]
                    else { return false }
                    return peer["connected"] as? Bool == false
                }
            }
        } catch {
            Issue.record("pausing: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Resumes b on a and waits until they are connected again.
    func reconnect(sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try call(.a, "POST", "/rest/system/resume?device=\(instance(.b).id)")
            try waitUntil("the devices are connected again", timeout: .seconds(30)) { self.connected() }
        } catch {
            Issue.record("resuming: \(error)", sourceLocation: sourceLocation)
        }
    }
}
