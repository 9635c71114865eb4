import CalorinaSupport

/// An exercise line counted rather than timed: sets and repetitions (`3 sets of 10 pushups`,
/// `3x10 pushups`, `50 pushups`), seconds held (`plank 60 s`), or steps (`10000 steps`).
public struct WorkoutCommand: Equatable, Sendable {
    /// What was counted.
    public enum Amount: Equatable, Sendable {
        /// Sets of repetitions; the load as typed, in its unit (`kg` or `lb`).
        case reps(sets: Int, reps: Int, load: Double?, loadUnit: Unit?)
        /// Sets of a hold, in seconds each.
        case hold(sets: Int, seconds: Int)
        /// Steps walked.
        case steps(Int)
    }

    /// The movement's words as typed (`pushups`, `bench press`); empty for steps.
    public var movement: String
    /// What was counted.
    public var amount: Amount
    /// The day named on the line, if any; otherwise the day being edited.
    public var day: DaySpec?
    /// Where the movement's words (or the count of steps) stand.
    public var range: SourceRange

    /// Creates a workout command.
    public init(movement: String, amount: Amount, day: DaySpec?, range: SourceRange) {
        self.movement = movement
        self.amount = amount
        self.day = day
        self.range = range
    }
}

extension WorkoutCommand {
    /// The one-line form parser tables compare: `workout "pushups" sets=3 reps=10`,
    /// `workout "bench press" sets=3 reps=12 load=60kg`, `workout "plank" sets=1 s=60`,
    /// `workout steps=10000`.
    public var summary: String {
        var parts = ["workout"]
        if !movement.isEmpty { parts.append("\"\(movement)\"") }
        switch amount {
        case .reps(let sets, let reps, let load, let unit):
            parts += ["sets=\(sets)", "reps=\(reps)"]
            if let load { parts.append("load=\(Format.number(load))\(unit?.name ?? "")") }
        case .hold(let sets, let seconds): parts += ["sets=\(sets)", "s=\(seconds)"]
        case .steps(let steps): parts.append("steps=\(steps)")
        }
        if let day { parts.append("day=\(day.summary)") }
        return parts.joined(separator: " ")
    }
}
