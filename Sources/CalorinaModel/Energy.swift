import CalorinaSupport

/// Energy arithmetic: Mifflin-St Jeor, safe floors, rates, exercise burn (a profile's goal is
/// `Energy+Profile.swift`'s, in CalorinaJournal).
public enum Energy {
    /// kcal a day per kg a week of change, as the product states it (0.5 kg a week ≈ 500 kcal a
    /// day; a pound a week ≈ 500 kcal a day, so imperial rates are the same table in lb).
    public static let kcalPerDayPerKgWeek = 1000.0
    /// The lowest daily goal suggested without saying so.
    public static func safeFloor(_ sex: Sex?) -> Double { sex == .female ? 1200 : 1500 }
    /// The rates offered: kg a week in metric, lb a week in imperial and UK units.
    public static let metricRates = [0.25, 0.5, 0.75]
    public static let imperialRates = [0.5, 1.0, 1.5]

    /// Basal metabolic rate by Mifflin-St Jeor: 10 × kg + 6.25 × cm − 5 × age + 5 (men) or
    /// − 161 (women).
    public static func bmr(sex: Sex, age: Int, heightCm: Double, weightKg: Double) -> Double {
        10 * weightKg + 6.25 * heightCm - 5 * Double(age) + (sex == .male ? 5 : -161)
    }

    /// A weekly rate as typed in the profile's units, as the kg a strategy keeps.
    public static func kilogramsPerWeek(_ rate: Double, units: UnitSystem) -> Double {
        units.isImperial ? rate / 2 : rate
    }

    /// A strategy's kg a week in the profile's units, for showing.
    public static func displayRate(_ kgPerWeek: Double, units: UnitSystem) -> Double {
        units.isImperial ? kgPerWeek * 2 : kgPerWeek
    }

    /// kcal burned: MET × kg × hours.
    public static func burned(met: Double, weightKg: Double, minutes: Double) -> Double {
        met * weightKg * minutes / 60
    }
}

/// A daily goal, and what to say about it.
public struct Goal: Equatable, Sendable {
    public var kcal: Double
    /// Maintenance, when the profile gives it.
    public var maintenance: Double?
    public var note: Note?
    /// The basal metabolic rate (Mifflin-St Jeor) maintenance is worked out from, when the
    /// profile gives it.
    public var bmr: Double? = nil

    public init(kcal: Double, maintenance: Double?, note: Note?, bmr: Double? = nil) {
        self.kcal = kcal
        self.maintenance = maintenance
        self.note = note
        self.bmr = bmr
    }

    public enum Note: Equatable, Sendable {
        /// The strategy asked for less than the safe floor; the goal is the floor.
        case raisedToFloor(wanted: Double)
        /// A goal typed directly is under the safe floor.
        case belowFloor(Double)
        /// Age, sex, height or weight is missing: the default goal applies.
        case incompleteProfile
    }
}
