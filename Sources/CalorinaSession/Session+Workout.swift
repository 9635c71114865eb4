import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaReports
import CalorinaResults
import CalorinaSupport

/// Exercise counted rather than timed (`3 sets of 10 pushups`, `plank 60 s`, `10000 steps`) and
/// the progress over a period (`exercise week`). How the kcal are estimated: `WorkoutEstimate`.
extension Session {
    /// The name the entries of a step count have.
    static let stepsName = "Walking (steps)"

    /// Logs a workout as an exercise entry (see `WorkoutAmount` for how it is kept).
    func workout(_ command: WorkoutCommand, line: String) throws(SessionError) -> Outcome {
        let profile = profileOrDefaults()
        let units = profile.units
        let weight = profile.weightKg ?? 70
        var notes: [String] = []
        if profile.weightKg == nil {
            notes.append("worked out for 70 kg: log your weight ('weight 81.2') for your own numbers")
        }
        let amount: WorkoutAmount
        let name: String
        let minutes: Double
        let kcal: Double
        let portion: String
        switch command.amount {
        case .steps(let steps):
            let height = profile.heightCm ?? WorkoutEstimate.defaultHeightCm
            if profile.heightCm == nil {
                notes.append("a stride for 170 cm tall: 'set height 175 cm' for your own")
            }
            // An activity level above sedentary already counts a day's walking in the goal: say
            // that these kcal come on top of it.
            if let level = profile.activity, level != .sedentary {
                notes.append(
                    "added on top of your activity level (\(level.rawValue)), which already counts everyday walking; "
                        + "'set activity sedentary' if you log all your steps")
            }
            amount = .steps(steps)
            name = Session.stepsName
            minutes = WorkoutEstimate.minutes(steps: steps, heightCm: height)
            kcal = WorkoutEstimate.kcal(steps: steps, heightCm: height, weightKg: weight)
            let km = WorkoutEstimate.kilometers(steps: steps, heightCm: height)
            let distance = Format.distance(kilometers: km, units: units)
            portion = amount.display(units: units) + " · " + distance + ", \(Format.integer(minutes)) min"
        case .reps, .hold:
            let table = ExerciseTable.bundled
            guard let exercise = table.find(command.movement) else {
                throw SessionError(
                    .unknownActivity(command.movement, suggestions: table.suggestions(command.movement)),
                    command.range)
            }
            switch command.amount {
            case .reps(let sets, let reps, let load, let unit):
                amount = .reps(sets: sets, reps: reps, loadKg: load.map { $0 * (unit?.kilograms ?? 1) })
            case .hold(let sets, let seconds):
                amount = .hold(sets: sets, seconds: seconds)
            case .steps:
                return .nothing  // handled above
            }
            name = exercise.name
            minutes = WorkoutEstimate.minutes(exercise, sets: amount.sets, repsOrSeconds: amount.total / amount.sets)
            kcal = WorkoutEstimate.kcal(
                exercise, sets: amount.sets, repsOrSeconds: amount.total / amount.sets, weightKg: weight)
            portion = amount.display(units: units)
        }
        let moment = now
        let date = command.day?.resolve(today: moment.date) ?? currentDay
        let entry = Entry(
            id: newID(), date: date.description, time: moment.clockText, meal: moment.suggestedMeal,
            food: name, quantity: Format.rounded(minutes, places: 1), unit: amount.unitText, portion: portion,
            grams: nil, kcal: Format.rounded(kcal, places: 1), text: line.trimmed, kind: .exercise)
        return try record(
            [entry], line: line, describing: "exercise: \(line.trimmed)",
            note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// `exercise week`: the movements, timed exercise and steps of a period.
    func workouts(_ period: HistoryPeriod, _ choice: PeriodChoice?) throws(SessionError) -> Outcome {
        var range = History.range(period, today: now.date)
        if let choice { range = try calendarRange(period, choice) }
        let profile = profileOrDefaults()
        return .workouts(
            WorkoutReport(
                period: period, range: range, isCalendar: choice != nil, entries: try historyEntries(range),
                units: profile.units))
    }
}
