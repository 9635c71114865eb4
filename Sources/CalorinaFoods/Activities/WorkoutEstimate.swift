import CalorinaDocuments
import CalorinaFiles
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

/// How the kcal of a line counted in repetitions, seconds held or steps are estimated. Every
/// number here is documented in data/exercises.tsv and `help exercise`.
///
/// Sets and repetitions: the work time is sets × reps × the movement's seconds a repetition
/// (a hold: sets × seconds held), and kcal = MET × body weight (kg) × work hours, the
/// Compendium's own rule (Ainsworth et al. 2011). Rest between sets is not counted.
///
/// Steps: a walking stride of 0.414 × height (the rule of thumb pedometer makers give for
/// walking, e.g. the American College of Sports Medicine's pedometer guidance; a man's 0.415 and
/// a woman's 0.413 averaged), walked at the Compendium's plain walk, 3.0 mph (4.83 km/h,
/// 3.5 MET, code 17190), the same walk `walked 30 min` logs.
public enum WorkoutEstimate {
    /// Metres of a walking stride per metre of height.
    public static let strideFactor = 0.414
    /// The walk steps are taken at: the activity table's plain walk.
    public static var walk: Activity {
        ActivityTable.bundled.find("walking")
            ?? Activity(name: "Walking, 3.0 mph, level, moderate pace", met: 3.5, code: "17190", speedKmh: 4.83)
    }
    /// The height a step count is worked out with when the profile has none.
    public static let defaultHeightCm = 170.0

    /// The minutes of work of sets of a movement: repetitions at its tempo, or seconds held.
    public static func minutes(_ exercise: Exercise, sets: Int, repsOrSeconds: Int) -> Double {
        let seconds = Double(sets * repsOrSeconds) * (exercise.isHold ? 1 : exercise.secondsPerRep)
        return seconds / 60
    }

    /// The kcal of sets of a movement for a body weight.
    public static func kcal(_ exercise: Exercise, sets: Int, repsOrSeconds: Int, weightKg: Double) -> Double {
        Energy.burned(
            met: exercise.met, weightKg: weightKg, minutes: minutes(exercise, sets: sets, repsOrSeconds: repsOrSeconds))
    }

    /// The kilometres a number of steps walks for a height.
    public static func kilometers(steps: Int, heightCm: Double) -> Double {
        Double(steps) * strideFactor * heightCm / 100 / 1000
    }

    /// The minutes those steps take at the plain walk's speed.
    public static func minutes(steps: Int, heightCm: Double) -> Double {
        kilometers(steps: steps, heightCm: heightCm) / (walk.speedKmh ?? 4.83) * 60
    }

    /// The kcal of walking a number of steps, for a height and a body weight.
    public static func kcal(steps: Int, heightCm: Double, weightKg: Double) -> Double {
        Energy.burned(met: walk.met, weightKg: weightKg, minutes: minutes(steps: steps, heightCm: heightCm))
    }
}
