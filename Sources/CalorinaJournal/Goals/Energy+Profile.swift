import CalorinaDocuments
import CalorinaModel

// The energy arithmetic that reads a `Profile`: the rest of `Energy` is the shared vocabulary's
// (CalorinaModel), where the food table's workouts reach it too.
extension Energy {
    /// The profile's BMR; nil while the profile lacks something it needs.
    public static func bmr(_ profile: Profile, weightKg: Double?) -> Double? {
        guard let sex = profile.sex, let age = profile.age, let height = profile.heightCm,
            let weight = weightKg ?? profile.weightKg
        else { return nil }
        return bmr(sex: sex, age: age, heightCm: height, weightKg: weight)
    }

    /// Maintenance: BMR × activity factor; nil while the profile lacks something it needs.
    public static func maintenance(_ profile: Profile, weightKg: Double?) -> Double? {
        bmr(profile, weightKg: weightKg).map { $0 * (profile.activity ?? .sedentary).factor }
    }

    /// The daily change a strategy asks for, in kcal (negative to lose): 1,000 kcal a day per kg
    /// a week. Strategies are kept in kg; imperial rates are the same strategies in lb, paired
    /// as the product states them (0.5 / 1 / 1.5 lb ↔ 0.25 / 0.5 / 0.75 kg a week).
    public static func dailyChange(_ strategy: Profile.Strategy) -> Double {
        switch strategy {
        case .maintain, .fixed: return 0
        case .lose(let rate): return -rate * kcalPerDayPerKgWeek
        case .gain(let rate): return rate * kcalPerDayPerKgWeek
        }
    }

    /// The day's goal and why: a fixed number, or maintenance plus the strategy's change, never
    /// below the safe floor without a note.
    public static func goal(_ profile: Profile, weightKg: Double?) -> Goal {
        let bmr = bmr(profile, weightKg: weightKg)
        if case .fixed(let kcal) = profile.strategy {
            let floor = safeFloor(profile.sex)
            return Goal(
                kcal: kcal, maintenance: maintenance(profile, weightKg: weightKg),
                note: kcal < floor ? .belowFloor(floor) : nil, bmr: bmr)
        }
        guard let maintenance = maintenance(profile, weightKg: weightKg) else {
            return Goal(kcal: Profile.defaultGoal, maintenance: nil, note: .incompleteProfile)
        }
        let wanted = maintenance + dailyChange(profile.strategy)
        let floor = safeFloor(profile.sex)
        if wanted < floor {
            return Goal(kcal: floor, maintenance: maintenance, note: .raisedToFloor(wanted: wanted), bmr: bmr)
        }
        return Goal(kcal: wanted, maintenance: maintenance, note: nil, bmr: bmr)
    }
}
