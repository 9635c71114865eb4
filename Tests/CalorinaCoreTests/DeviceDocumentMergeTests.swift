import CalorinaLanguage
import CalorinaModel
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
@testable import CalorinaSupport

/// Issue 27, item 2: three devices change the profile (its fields, targets and goals with their
/// history) and their own foods in their own copies of one data folder, which starts as a folder
/// from before devices, while a carrier copies their files to one another a file at a time, in
/// random orders and at random moments, some copies cut short. Once every file has arrived
/// everywhere, every device reads the same profile and foods, the latest change of each field
/// wins, no past goal is lost and nothing deleted is back.
@Suite struct DeviceDocumentMergeTests {
    static let devices = ["ash", "birch", "cedar"]
    static let days = ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]
    static let names = ["oat bar", "Protein Bar", "flapjack", "my oj"]

    /// The folder from before devices every copy starts from.
    static let legacyProfile = """
        {"version": 3, "age": 40, "units": "metric", "strategy": {"fixed": {"kcal": 2100}},
         "confirmOverGoal": true, "pastGoals": [{"kcal": 2300, "lastDay": "2026-11-01"}],
         "targets": {"protein": {"amount": 120, "unit": "g", "limit": false}}}
        """
    static let legacyFoods = """
        {"version": 2, "choices": {"chips": 19100010},
         "foods": [{"name": "oat bar", "kcal": 180, "amount": 1, "unit": "bar"}],
         "aliases": [], "recipes": [{"name": "my breakfast", "items": "2 eggs, toast"}]}
        """

    /// The real disk without `fsync`: what is tested is the merge of the files, and a thousand
    /// schedules of syncs would take minutes (the power-loss suites test the syncs).
    static var disk: DataDisk { DataDisk(FileOperations(calls: UnsyncedCalls())) }

    /// The last value each device wrote of each field, by the step it was written at.
    struct Model {
        var latest: [String: (step: Int64, value: JSONValue?)] = [:]
        /// Every past goal's last day some device wrote.
        var pastGoalDays: Set<String> = []

        mutating func record(_ before: JSONValue, _ after: JSONValue, members: [String: MergedMember], step: Int64) {
            let old = DeviceDocument.fields(of: before, members: members)
            let new = DeviceDocument.fields(of: after, members: members)
            for name in Set(old.keys).union(new.keys) {
                let was = old[name].map { DeviceDocument.canonical($0.value) }
                let now = new[name].map { DeviceDocument.canonical($0.value) }
                guard was != now else { continue }
                latest[name] = (step, now)
                if name.hasPrefix("pastGoals."), now != nil { pastGoalDays.insert(String(name.dropFirst(10))) }
            }
        }
    }

    @Test(arguments: 0..<8)
    func everyDeviceReadsTheSameProfileAndFoodsOnceEveryFileHasArrived(_ batch: Int) throws {
        for schedule in 0..<125 {
            try run(seed: UInt64(batch * 125 + schedule))
        }
    }

    func run(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-docs-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let clock = SteppingClock()
        let now = clock.next
        func folder(_ device: String) -> String { base.appendingPathComponent(device).path }
        var profiles: [String: DocumentStore<Profile>] = [:]
        var foods: [String: UserFoodsStore] = [:]
        for device in Self.devices {
            let root = base.appendingPathComponent(device)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try Self.put(Array(Self.legacyProfile.utf8), at: root.appendingPathComponent("profile.json").path)
            try Self.put(Array(Self.legacyFoods.utf8), at: root.appendingPathComponent("foods.json").path)
            profiles[device] = DocumentStore<Profile>(root: root, device: device, disk: Self.disk, now: now)
            foods[device] = UserFoodsStore(root: root, device: device, disk: Self.disk, now: now)
        }
        var profileModel = Model()
        var foodsModel = Model()

        for _ in 0..<Int.random(in: 2...5, using: &random) {
            let device = Self.devices.randomElement(using: &random) ?? "ash"
            let profileStore = try #require(profiles[device])
            let foodsStore = try #require(foods[device])
            let today = try #require(CivilDate(Self.days.randomElement(using: &random) ?? "2026-11-22"))
            let choice = Int.random(in: 0..<10, using: &random)
            let number = Double(Int.random(in: 1...9, using: &random))
            if choice < 5 {
                var before: Profile?
                var after: Profile?
                try profileStore.update { profile in
                    before = profile
                    let old = profile
                    switch choice {
                    case 0: profile.age = 20 + Int(number)
                    case 1: profile.goalWeightKg = number < 4 ? nil : 60 + number
                    case 2: profile.setUnits([.metric, .us, .uk][Int(number) % 3])
                    case 3:
                        profile.setTarget(
                            .nutrient(.protein),
                            number < 3 ? nil : TargetAmount(amount: 100 + number, unit: .grams, limit: false),
                            today: today)
                    default:
                        profile.strategy = .fixed(kcal: 1500 + 50 * number)
                        profile.keepGoalHistory(before: old, today: today)
                    }
                    after = profile
                    return true
                }
                let stepNow = clock.last
                profileModel.record(
                    try DocumentStore<Profile>.json(of: try #require(before)),
                    try DocumentStore<Profile>.json(of: try #require(after)), members: Profile.mergedMembers,
                    step: stepNow)
            } else {
                var before: UserFoods?
                var after: UserFoods?
                try foodsStore.update { document in
                    before = document
                    let name = Self.names[Int(number) % Self.names.count]
                    switch choice {
                    case 5, 6:
                        _ = document.remove(named: name)
                        if name == "my oj" {
                            document.aliases.append(UserAlias(name: name, target: "orange juice"))
                        } else {
                            document.foods.append(UserFood(name: name, kcal: 100 * number, amount: 1, unit: "bar"))
                        }
                    case 7:
                        _ = document.remove(named: name)
                    case 8:
                        document.choices["chips"] = 19_100_000 + Int(number)
                    default:
                        document.choices[name] = nil
                        document.choices["chips"] = nil
                    }
                    after = document
                    return true
                }
                let stepNow = clock.last
                foodsModel.record(
                    try UserFoodsStore.json(of: try #require(before)), try UserFoodsStore.json(of: try #require(after)),
                    members: UserFoods.mergedMembers, step: stepNow)
            }
            // The carrier copies a few files from one folder to another, now and then cut short.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let from = Self.devices.randomElement(using: &random) ?? "ash"
                let to = Self.devices.randomElement(using: &random) ?? "ash"
                guard from != to else { continue }
                let files = try DeviceMergeTests.files(ofDevice: from, in: folder(from))
                guard let file = files.randomElement(using: &random) else { continue }
                try Self.copy(
                    file, from: folder(from), to: folder(to), cutShort: Int.random(in: 0..<4, using: &random) == 0)
            }
            // A device reads what has arrived, without an error.
            let reader = Self.devices.randomElement(using: &random) ?? "ash"
            _ = try #require(profiles[reader]).load()
            _ = try #require(foods[reader]).load()
        }
        // Every file arrives everywhere, whole; so does the file of a device that moved the
        // folder's files from before devices into its own.
        for from in Self.devices {
            for file in try DeviceMergeTests.files(ofDevice: from, in: folder(from)) {
                for to in Self.devices where to != from {
                    try Self.copy(file, from: folder(from), to: folder(to), cutShort: false)
                }
            }
            for name in ["profile.json", "foods.json"] {
                let text = try String(contentsOfFile: folder(from) + "/" + name, encoding: .utf8)
                guard text.contains("movedTo") else { continue }
                for to in Self.devices where to != from {
                    try Self.copy(name, from: folder(from), to: folder(to), cutShort: false)
                }
            }
        }
        try check(
            profiles.mapValues { store in { () throws -> Profile in try store.load() } }, model: profileModel,
            fresh: { device in
                DocumentStore<Profile>(root: URL(fileURLWithPath: folder(device)), device: device, disk: Self.disk)
            },
            seed: seed, what: "profile")
        try check(
            foods.mapValues { store in { () throws -> UserFoods in try store.load() } }, model: foodsModel,
            fresh: { device in
                UserFoodsStore(root: URL(fileURLWithPath: folder(device)), device: device, disk: Self.disk)
            },
            seed: seed, what: "foods")
        let profile = try #require(profiles["ash"]).load()
        let days = Set((profile.pastGoals ?? []).map(\.lastDay))
        #expect(profileModel.pastGoalDays.union(["2026-11-01"]).isSubset(of: days), "seed \(seed): a past goal is lost")
    }

    /// Copies one file as `DeviceMergeTests.copy` does (whole, to a temporary name then renamed,
    /// or cut short in place), without the `fsync` that Foundation's atomic write makes.
    static func copy(_ file: String, from: String, to: String, cutShort: Bool) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: from + "/" + file)))
        let target = to + "/" + file
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if cutShort {
            try put(Array(bytes.prefix(bytes.count / 2)), at: target)
        } else {
            try put(bytes, at: target + ".carrying")
            try #require(rename(target + ".carrying", target) == 0)
        }
    }

    /// Writes `bytes` at `path`, without `fsync`.
    static func put(_ bytes: [UInt8], at path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try #require(count == bytes.count)
    }

    /// Every device reads the same document, a store opened afresh too, and each field holds the
    /// latest value written of it (or, where no device wrote it, the folder's from before devices).
    func check<Document: MergedDocument>(
        _ loads: [String: () throws -> Document], model: Model, fresh: (String) -> DocumentStore<Document>,
        seed: UInt64, what: String
    ) throws {
        var read: [Document] = []
        for device in Self.devices {
            let load = try #require(loads[device])
            read.append(try load())
        }
        // A store opened afresh reads what the one that read all along reads.
        #expect(try fresh("cedar").load() == read[2], "seed \(seed): \(what) read afresh")
        #expect(read.allSatisfy { $0 == read[0] }, "seed \(seed): the devices' \(what) differ")
        let fields = DeviceDocument.fields(
            of: try DocumentStore<Document>.json(of: read[0]), members: Document.mergedMembers)
        for (name, written) in model.latest {
            let now = fields[name].map { DeviceDocument.canonical($0.value) }
            #expect(now == written.value, "seed \(seed): \(what) \(name) is not the latest written")
        }
    }
}

/// The system's file calls, but `fsync`, which does nothing.
struct UnsyncedCalls: ForwardingCalls {
    let system = SystemCalls()
    func syncFile(_ fd: Int32) -> Int32 { 0 }
}
