import CalorinaFiles
import CalorinaModel
import CalorinaSupport

/// What an exercise entry counted in repetitions, seconds held or steps records.
///
/// Why in `unit`: month files of earlier releases refuse a field they do not know and an entry
/// kind they do not know, so these entries are exercise entries like any other (kcal burned in
/// `kcal`, minutes in `quantity`, the movement's name in `food`, what to show in `portion`) and
/// their counts are written in `unit`, a field every release carries and none reads for
/// exercise: `3x10` (sets × reps), `3x12@60kg` (with the load), `3x45s` (held), `10000 steps`.
public enum WorkoutAmount: Equatable, Sendable {
    /// Sets of repetitions, with the load lifted when one was given.
    case reps(sets: Int, reps: Int, loadKg: Double?)
    /// Sets of a hold, in seconds each.
    case hold(sets: Int, seconds: Int)
    /// A count of steps walked.
    case steps(Int)

    /// The form kept in an entry's `unit`.
    public var unitText: String {
        switch self {
        case .reps(let sets, let reps, nil): "\(sets)x\(reps)"
        case .reps(let sets, let reps, let load?): "\(sets)x\(reps)@\(WorkoutAmount.kilogramsText(load))kg"
        case .hold(let sets, let seconds): "\(sets)x\(seconds)s"
        case .steps(let steps): "\(steps) steps"
        }
    }

    /// A load's kilograms to the gram, without a trailing `.0` (135 lb is 61.235 kg).
    package static func kilogramsText(_ kg: Double) -> String {
        let rounded = Format.rounded(kg, places: 3)
        if rounded == rounded.rounded(), abs(rounded) < 1e9 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// Reads the form `unitText` writes; nil for any other unit (`min` of a timed activity).
    public init?(unitText text: String) {
        if text.hasSuffix(" steps") {
            guard let steps = Int(text.dropLast(6)), steps > 0 else { return nil }
            self = .steps(steps)
            return
        }
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let counted = parts.first else { return nil }
        let counts = counted.split(separator: "x", omittingEmptySubsequences: false)
        guard counts.count == 2, let sets = Int(counts[0]), sets > 0 else { return nil }
        if counts[1].hasSuffix("s") {
            guard parts.count == 1, let seconds = Int(counts[1].dropLast()), seconds > 0 else { return nil }
            self = .hold(sets: sets, seconds: seconds)
            return
        }
        guard let reps = Int(counts[1]), reps > 0 else { return nil }
        var load: Double?
        if parts.count == 2 {
            guard parts[1].hasSuffix("kg"), let kg = Double(parts[1].dropLast(2)), kg > 0, kg.isFinite else {
                return nil
            }
            load = kg
        }
        self = .reps(sets: sets, reps: reps, loadKg: load)
    }

    /// The repetitions (or seconds held) of all the sets together.
    public var total: Int {
        switch self {
        case .reps(let sets, let reps, _): sets * reps
        case .hold(let sets, let seconds): sets * seconds
        case .steps(let steps): steps
        }
    }

    /// The number of sets; 0 for steps.
    public var sets: Int {
        switch self {
        case .reps(let sets, _, _), .hold(let sets, _): sets
        case .steps: 0
        }
    }

    /// How a person reads it: `3 × 10`, `3 × 12 at 60 kg`, `3 × 45 s`, `10,000 steps`; a load in
    /// pounds for US units.
    public func display(units: UnitSystem) -> String {
        switch self {
        case .reps(let sets, let reps, nil):
            return sets == 1 ? "\(reps) reps" : "\(sets) × \(reps)"
        case .reps(let sets, let reps, let load?):
            let counts = sets == 1 ? "\(reps) reps" : "\(sets) × \(reps)"
            return counts + " at " + Format.load(kilograms: load, units: units)
        case .hold(let sets, let seconds):
            let held = seconds % 60 == 0 && seconds >= 60 ? "\(seconds / 60) min" : "\(seconds) s"
            return sets == 1 ? held : "\(sets) × \(held)"
        case .steps(let steps):
            return "\(Format.integer(Double(steps))) steps"
        }
    }
}

extension Entry {
    /// What the entry counts, when it is exercise logged in repetitions, seconds held or steps.
    public var workout: WorkoutAmount? {
        kind == .exercise ? WorkoutAmount(unitText: unit) : nil
    }
}
