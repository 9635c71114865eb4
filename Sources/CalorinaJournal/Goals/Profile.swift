import CalorinaDocuments
import CalorinaFiles
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

/// Who the person is and what they aim for: `profile.json` in the data folder.
public struct Profile: StoredDocument {
    public static let fileName = "profile.json"
    /// The newest `profile.json` format this Calorina reads, and the one it writes when it keeps
    /// a goal's history. Version 2 added `pastGoals`; a version 1 file reads as it is (no past
    /// goals: its goal holds for every day until the first change). Version 3 added `targets`
    /// and `pastTargets`, and `waterGoalMl` became optional (no water goal of one's own: the
    /// default from the profile, see `Targets.swift`); a version 2 file reads as it is, its
    /// water goal kept as the person's own. Version 4 added `"units": "uk"`: a profile is
    /// written in version 4 only while its units are the UK's, so that an earlier Calorina
    /// stops at it (a newer file) rather than misreading it, and reads every other profile.
    public static let supportedVersion = 4
    /// The version a profile is written in unless it needs a newer one (see `setUnits`).
    public static let baseVersion = 3

    public var version = Profile.baseVersion
    public var age: Int?
    public var sex: Sex?
    public var heightCm: Double?
    /// The weight given in the profile; a logged weight, when newer, takes its place.
    public var weightKg: Double?
    public var activity: ActivityLevel?
    public var units: UnitSystem = .metric
    /// How the daily goal is set.
    public var strategy: Strategy = .maintain
    /// Ask before logging an entry that crosses the day's goal (terminal only).
    public var confirmOverGoal = true
    /// The water goal an earlier release kept (`set water-goal`, or its 2,000 ml default): the
    /// person's own water target until one is set or cleared with `goal water`, which moves it to
    /// `targets`. Nil in a profile this release wrote.
    public var waterGoalMl: Double?
    public var goalWeightKg: Double?
    /// The goals in force before the present one, oldest first (see `GoalHistory.swift`); nil
    /// in a profile that has never changed its goal.
    public var pastGoals: [PastGoal]?
    /// The daily targets set with `goal protein 150 g` and the like, by `TargetNutrient` raw value;
    /// nil or absent for none. A nutrient without one has its default (see `Targets.swift`).
    public var targets: [String: TargetAmount]?
    /// The targets in force before the present ones, oldest first, each with the last day it
    /// held (see `Targets.swift`); nil in a profile that has never changed its targets.
    public var pastTargets: [PastTargets]?

    /// An empty profile.
    public init() {}

    /// Said with `sex male` or `sex female` (see `ProfileWords.swift`).
    public typealias Sex = CalorinaModel.Sex
    /// Said with `activity moderate` and the like (see `ProfileWords.swift`).
    public typealias ActivityLevel = CalorinaModel.ActivityLevel
    /// Said with `units metric`, `units imperial` or `units uk` (see `UnitSystem.swift`).
    public typealias UnitSystem = CalorinaModel.UnitSystem

    /// Sets the units, and the version that holds them: 4 for the UK's, else no newer than 3.
    public mutating func setUnits(_ units: UnitSystem) {
        self.units = units
        version = Profile.version(holding: units, from: version)
    }

    /// The version a profile of `version` is written in once its units are `units`.
    public static func version(holding units: UnitSystem, from version: Int) -> Int {
        units == .uk ? max(version, 4) : min(version, baseVersion)
    }

    /// How the goal is set: to keep weight, to lose or gain some kg a week, or a number.
    public enum Strategy: Codable, Equatable, Sendable {
        case maintain
        case lose(kgPerWeek: Double)
        case gain(kgPerWeek: Double)
        case fixed(kcal: Double)
    }

    /// The default goal while the profile is too incomplete for Mifflin-St Jeor.
    public static let defaultGoal = 2000.0
}

extension Profile.ActivityLevel {
    /// The factor maintenance multiplies the BMR by.
    public var factor: Double {
        switch self {
        case .sedentary: 1.2
        case .light: 1.375
        case .moderate: 1.55
        case .active: 1.725
        case .veryActive: 1.9
        }
    }
}

extension Profile: MergedDocument {
    /// The version `profile.json` is left in once its fields have moved into a device's file
    /// (`DeviceDocumentFiles`): newer than any profile an earlier release reads.
    public static let movedVersion = 5

    /// Targets merge by nutrient; past goals and targets are each known by the last day they
    /// held, so that no device's is lost and each past day is judged as it was, and are kept in
    /// the order of their days.
    public static let mergedMembers: [String: MergedMember] = [
        "targets": .dictionary(keptEmpty: false),
        "pastGoals": .items(keptEmpty: false, byKey: true, key: Profile.lastDay),
        "pastTargets": .items(keptEmpty: false, byKey: true, key: Profile.lastDay),
    ]

    @Sendable private static func lastDay(_ item: JSONValue) -> String? {
        guard case .object(let members) = item else { return nil }
        for (name, value) in members where name == "lastDay" {
            if case .string(let day) = value { return day }
        }
        return nil
    }
}
