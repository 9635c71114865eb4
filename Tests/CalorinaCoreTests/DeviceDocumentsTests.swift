import CalorinaLanguage
import Foundation
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 27, item 2: the profile and own foods of a folder several devices share, each device
/// writing only its own file, merged on read by rules a person can predict.
@Suite struct DeviceDocumentsTests {
    /// Two devices' copies of one data folder, and a carrier between them.
    final class Pair {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-pair-\(UUID())")
        var times: [String: Int64] = ["laptop": 1_764_000_000_000, "desk": 1_764_000_000_000]

        func root(_ device: String) -> URL { base.appendingPathComponent(device) }

        func profile(_ device: String) -> DocumentStore<Profile> {
            DocumentStore<Profile>(root: root(device), device: device) { [unowned self] in
                self.times[device, default: 0] += 1
                return self.times[device, default: 0]
            }
        }

        func foods(_ device: String) -> UserFoodsStore {
            UserFoodsStore(root: root(device), device: device) { [unowned self] in
                self.times[device, default: 0] += 1
                return self.times[device, default: 0]
            }
        }

        /// Copies `device`'s own files into the other's folder, as a carrier does.
        func carry(from device: String, to other: String) throws {
            for file in try DeviceMergeTests.files(ofDevice: device, in: root(device).path) {
                try DeviceMergeTests.copy(file, from: root(device).path, to: root(other).path, cutShort: false)
            }
        }

        deinit { try? FileManager.default.removeItem(at: base) }
    }

    @Test func eachDeviceWritesOnlyItsOwnFileAndBothChangesHold() throws {
        let pair = Pair()
        try pair.profile("laptop").update { profile in
            profile.age = 34
            return true
        }
        try pair.profile("desk").update { profile in
            profile.weightKg = 80
            return true
        }
        #expect(
            !FileManager.default.fileExists(atPath: pair.root("laptop").appendingPathComponent("profile.json").path))
        #expect(
            FileManager.default.fileExists(
                atPath: pair.root("laptop").appendingPathComponent("devices/laptop/profile.json").path))
        try pair.carry(from: "laptop", to: "desk")
        try pair.carry(from: "desk", to: "laptop")
        for device in ["laptop", "desk"] {
            let profile = try pair.profile(device).load()
            #expect(profile.age == 34 && profile.weightKg == 80, "\(device)")
        }
    }

    /// The later change of a field wins, even made on a machine whose clock is behind: its clock
    /// follows the latest it saw of that field.
    @Test func aLaterChangeWinsEvenOnAMachineWhoseClockIsBehind() throws {
        let pair = Pair()
        pair.times["desk"] = 1_000  // far behind
        try pair.profile("laptop").update { profile in
            profile.age = 30
            return true
        }
        try pair.carry(from: "laptop", to: "desk")
        let desk = pair.profile("desk")
        #expect(try desk.load().age == 30)
        try desk.update { profile in
            profile.age = 41
            return true
        }
        try pair.carry(from: "desk", to: "laptop")
        #expect(try pair.profile("laptop").load().age == 41)
        #expect(try pair.profile("desk").load().age == 41)
    }

    /// A delete is a tombstone: it takes out the food on every device, and a later define of the
    /// name on any device brings it back; an edit made after a delete it had not seen wins too.
    @Test func aDeleteHoldsUntilALaterChangeOfTheName() throws {
        let pair = Pair()
        try pair.foods("laptop").update { foods in
            foods.add(UserFood(name: "oat bar", kcal: 180, amount: 1, unit: "bar"))
            foods.add(UserFood(name: "flapjack", kcal: 300, amount: 1, unit: "bar"))
            return true
        }
        try pair.carry(from: "laptop", to: "desk")
        try pair.foods("desk").update { foods in foods.remove(named: "oat bar") }
        try pair.carry(from: "desk", to: "laptop")
        #expect(try pair.foods("laptop").load().foods.map(\.name) == ["flapjack"])
        // Defined again later on the laptop: back on both.
        try pair.foods("laptop").update { foods in
            foods.add(UserFood(name: "Oat Bar", kcal: 190, amount: 1, unit: "bar"))
            return true
        }
        try pair.carry(from: "laptop", to: "desk")
        #expect(try pair.foods("desk").load().foods.map(\.name) == ["flapjack", "Oat Bar"])
        #expect(try pair.foods("desk").load() == pair.foods("laptop").load())
    }

    /// Two devices each keep a past goal (each changed the goal): both are kept, known by the
    /// day they ended, so that each past day is judged by the goal it had.
    @Test func everyDevicesPastGoalIsKept() throws {
        let pair = Pair()
        pair.times["laptop"] = 1_764_100_000_000  // the laptop's change is the later one
        let monday = try #require(CivilDate("2026-11-16"))
        let friday = try #require(CivilDate("2026-11-20"))
        try pair.profile("laptop").update { profile in
            let before = profile
            profile.strategy = .fixed(kcal: 1800)
            profile.keepGoalHistory(before: before, today: monday)
            return true
        }
        try pair.profile("desk").update { profile in
            let before = profile
            profile.strategy = .fixed(kcal: 1600)
            profile.keepGoalHistory(before: before, today: friday)
            return true
        }
        try pair.carry(from: "laptop", to: "desk")
        try pair.carry(from: "desk", to: "laptop")
        let profile = try pair.profile("laptop").load()
        #expect(profile.pastGoals?.map(\.lastDay) == ["2026-11-15", "2026-11-19"], "in the order of their days")
        #expect(profile.strategy == .fixed(kcal: 1800), "the later goal is the present one")
        #expect(try pair.profile("desk").load() == profile)
    }

    /// Another device's file still arriving (cut short) is left out without an error, and read
    /// once whole; this device's own file cut short stops the command, as any unreadable file.
    @Test func anotherDevicesFileCutShortIsLeftOutAndOwnIsAnError() throws {
        let pair = Pair()
        try pair.profile("laptop").update { profile in
            profile.age = 34
            return true
        }
        try pair.profile("desk").update { profile in
            profile.heightCm = 170
            return true
        }
        let file = "devices/laptop/profile.json"
        try DeviceMergeTests.copy(file, from: pair.root("laptop").path, to: pair.root("desk").path, cutShort: true)
        let desk = pair.profile("desk")
        #expect(try desk.load().age == nil && desk.load().heightCm == 170)
        try DeviceMergeTests.copy(file, from: pair.root("laptop").path, to: pair.root("desk").path, cutShort: false)
        #expect(try desk.load().age == 34)

        let own = pair.root("desk").appendingPathComponent("devices/desk/profile.json")
        let bytes = try Data(contentsOf: own)
        try bytes.prefix(bytes.count / 2).write(to: own)
        #expect(throws: StoreError.self) { try pair.profile("desk").load() }
    }

    /// A folder from before devices is read as it is; the first change moves its fields into this
    /// device's file, keeps the old file as `profile.json.vN`, and leaves `profile.json` in a
    /// version an earlier release refuses.
    @Test func theFirstChangeMovesTheOldFileAndAnEarlierReleaseRefusesIt() throws {
        let pair = Pair()
        let root = pair.root("laptop")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let old =
            #"{"version": 2, "age": 40, "units": "metric", "strategy": {"maintain": {}}, "confirmOverGoal": true}"#
        try Data(old.utf8).write(to: root.appendingPathComponent("profile.json"))
        let oldFoods =
            #"{"version": 2, "choices": {}, "foods": [], "aliases": [], "recipes": [{"name": "soup", "items": "2 cups soup"}]}"#
        try Data(oldFoods.utf8).write(to: root.appendingPathComponent("foods.json"))
        let store = pair.profile("laptop")
        #expect(try store.load().age == 40)
        try store.update { profile in
            profile.heightCm = 180
            return true
        }
        try pair.foods("laptop").update { foods in
            foods.choices["chips"] = 19_100_010
            return true
        }
        let moved = Array(try Data(contentsOf: root.appendingPathComponent("profile.json")))
        #expect(throws: StoreError.newerVersion(path: "profile.json", found: 5, supported: Profile.supportedVersion)) {
            try DocumentStore<Profile>.decode(moved, path: "profile.json")
        }
        let movedFoods = Array(try Data(contentsOf: root.appendingPathComponent("foods.json")))
        #expect(throws: StoreError.newerVersion(path: "foods.json", found: 4, supported: UserFoods.supportedVersion)) {
            try DocumentStore<UserFoods>.decode(movedFoods, path: "foods.json")
        }
        #expect(try String(contentsOf: root.appendingPathComponent("profile.json.v2"), encoding: .utf8) == old)
        // Doctor reads the moved file as what it is, not as a file it cannot read.
        #expect(
            Doctor.check(root.appendingPathComponent("profile.json").path)
                == .good("moved into each device's file (devices/NAME/profile.json)"))
        let fresh = try pair.profile("laptop").load()
        #expect(fresh.age == 40 && fresh.heightCm == 180)
        #expect(try pair.foods("laptop").load().recipes.map(\.name) == ["soup"])
        // Another device that has the moved file and this device's file reads the same.
        try pair.carry(from: "laptop", to: "desk")
        try DeviceMergeTests.copy("profile.json", from: root.path, to: pair.root("desk").path, cutShort: false)
        #expect(try pair.profile("desk").load() == fresh)
    }

    /// Own foods are read in place (issue 25, item 6) in a folder several devices share: from the
    /// folder's file while no device has one, else from the merge this device keeps in its cache
    /// while none of the devices' files changed; a file that arrives is merged again.
    @Test func ownFoodsAreReadInPlaceFromTheMergeThisDeviceKeeps() throws {
        let pair = Pair()
        let root = pair.root("desk")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let written = OwnFoodsInPlaceTests.foods(40)
        try UserFoodsStore(root: root).update { foods in
            foods = written
            return true
        }
        _ = try pair.foods("desk").load()
        let legacy = try pair.foods("desk").load()
        #expect(legacy.storage.isInPlace && legacy == written, "the folder's file, in place")

        try pair.foods("laptop").update { foods in
            foods.add(UserFood(name: "flapjack", kcal: 300, amount: 1, unit: "bar"))
            return true
        }
        try pair.foods("desk").update { foods in
            foods.add(UserFood(name: "oat bar", kcal: 180, amount: 1, unit: "bar"))
            return true
        }
        try pair.carry(from: "laptop", to: "desk")
        let merged = try pair.foods("desk").load()
        #expect(merged.foods.count == 42 && merged.named("flapjack") != nil)
        _ = try pair.foods("desk").load()
        let inPlace = try pair.foods("desk").load()
        #expect(inPlace.storage.isInPlace, "the kept merge, in place")
        #expect(inPlace.named("bar number 7") == merged.named("bar number 7"))
        #expect(inPlace.named("flapjack") == merged.named("flapjack") && inPlace == merged)

        try pair.foods("laptop").update { foods in foods.remove(named: "flapjack") }
        try pair.carry(from: "laptop", to: "desk")
        let again = try pair.foods("desk").load()
        #expect(again.named("flapjack") == nil && again.foods.count == 41, "a file that arrived is merged again")
    }

    /// A file of another release of the devices' format is refused rather than missed.
    @Test func aDevicesFileOfANewerFormatIsRefused() throws {
        let pair = Pair()
        let folder = pair.root("laptop").appendingPathComponent("devices/desk")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"version": 2, "fields": {}}"#.utf8).write(to: folder.appendingPathComponent("profile.json"))
        #expect(throws: StoreError.self) { try pair.profile("laptop").load() }
    }

    /// The merge of the devices' fields depends only on the fields, never on the order read.
    @Test func theMergeDoesNotDependOnTheOrderOfTheDevices() {
        func field(_ ms: Int64, _ device: String, _ value: JSONValue?) -> FieldVersion {
            FieldVersion(clock: ChangeClock(milliseconds: ms, device: device), value: value)
        }
        let a = ["age": field(5, "a", .number(30)), "heightCm": field(9, "a", nil)]
        let b = ["age": field(5, "b", .number(31)), "heightCm": field(7, "b", .number(170))]
        let c = ["age": field(4, "c", .number(29)), "weightKg": field(1, "c", .number(80))]
        let orders = [[a, b, c], [c, b, a], [b, a, c], [c, a, b]]
        let merged = orders.map { DeviceDocument.merged(base: [:], devices: $0) }
        #expect(merged.allSatisfy { $0 == merged[0] })
        #expect(merged[0]["age"]?.value == .number(31), "same millisecond: the device's name decides")
        #expect(merged[0]["heightCm"]?.value == nil, "the later removal wins")
        #expect(merged[0]["weightKg"]?.value == .number(80))
    }
}
