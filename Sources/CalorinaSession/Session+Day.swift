import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

/// The rest of a day: the profile and goal, weight, water, exercise, and editing entries.
extension Session {
    // MARK: - Profile and goal

    func set(_ setting: Setting, line: String) throws(SessionError) -> Outcome {
        let said: String
        let change: (inout Profile) -> Void
        // Said back in the person's units, whatever units it was typed in.
        let units = profileOrDefaults().units
        switch setting {
        case .age(let age):
            said = "age \(age)"
            change = { $0.age = age }
        case .sex(let sex):
            said = "sex \(sex.rawValue)"
            change = { $0.sex = sex }
        case .height(let cm):
            said =
                units.isImperial
                ? "height " + Format.height(centimeters: cm, units: units)
                : "height \(Format.number(Format.rounded(cm, places: 1))) cm"
            change = { $0.heightCm = cm }
        case .weight(let value, let unit):
            let kg = Format.rounded(kilograms(value, unit: unit), places: 3)
            said = "weight " + Format.weight(kilograms: kg, units: units)
            change = { $0.weightKg = kg }
        case .units(let units):
            said = "units \(units.name)"
            change = { $0.setUnits(units) }
        case .activity(let level):
            said = "activity \(level.rawValue) (× \(Format.number(level.factor)))"
            change = { $0.activity = level }
        case .confirmOverGoal(let on):
            said = "confirm-over-goal \(on ? "on" : "off")"
            change = { $0.confirmOverGoal = on }
        case .waterGoal(let ml):
            said = "water goal \(Format.water(milliliters: ml, units: units)) \(Format.waterUnit(units))"
            // The one water target `goal water 2 l` sets too.
            let today = now.date
            change = { $0.setTarget(.water, TargetAmount(amount: ml, unit: .milliliters, limit: false), today: today) }
        case .goalWeight(let value, let unit):
            let kg = Format.rounded(kilograms(value, unit: unit), places: 3)
            said = "goal weight " + Format.weight(kilograms: kg, units: units)
            change = { $0.goalWeightKg = kg }
        }
        return try changeProfile("set " + said, change)
    }

    /// A weight in kg: the unit as typed, else the profile's units.
    func kilograms(_ value: Double, unit: Unit?) -> Double {
        if let factor = unit?.kilograms { return value * factor }
        let units = profileOrDefaults().units
        return units.isImperial ? value * Unit.kilogramsPerPound : value
    }

    func goal(_ request: GoalRequest?, line: String) throws(SessionError) -> Outcome {
        guard let request else {
            let profile = try loadProfile()
            return .settings(
                SettingsReport(changed: nil, profile: profile, goal: dailyGoal(profile), showStrategies: true))
        }
        let units = profileOrDefaults().units
        let unit = units.isImperial ? "lb" : "kg"
        let strategy: Profile.Strategy
        let said: String
        switch request {
        case .target(let nutrient, let amount):
            return try setTarget(nutrient, amount)
        case .targets:
            return try listTargets()
        case .maintain:
            strategy = .maintain
            said = "goal: maintain"
        case .lose(let rate, let saidUnit):
            strategy = .lose(
                kgPerWeek: saidUnit?.kilograms.map { rate * $0 } ?? Energy.kilogramsPerWeek(rate, units: units))
            said = "goal: lose \(Format.number(rate)) \(saidUnit?.name ?? unit) a week"
        case .gain(let rate, let saidUnit):
            strategy = .gain(
                kgPerWeek: saidUnit?.kilograms.map { rate * $0 } ?? Energy.kilogramsPerWeek(rate, units: units))
            said = "goal: gain \(Format.number(rate)) \(saidUnit?.name ?? unit) a week"
        case .fixed(let kcal):
            strategy = .fixed(kcal: kcal)
            said = "goal: \(Format.integer(kcal)) kcal a day"
        }
        return try changeProfile(said) { $0.strategy = strategy }
    }

    func showProfile() throws(SessionError) -> Outcome {
        let profile = try loadProfile()
        return .settings(
            SettingsReport(changed: nil, profile: profile, goal: dailyGoal(profile), showStrategies: false))
    }

    /// Changes the profile as one undoable change, and reports the goal it gives.
    func changeProfile(_ said: String, _ change: (inout Profile) -> Void) throws(SessionError) -> Outcome {
        let after = try commitProfile(said, change)
        return .settings(SettingsReport(changed: said, profile: after, goal: dailyGoal(after), showStrategies: false))
    }

    /// Changes the profile as one undoable change (nothing saved in a dry run), and returns it.
    func commitProfile(_ said: String, _ change: (inout Profile) -> Void) throws(SessionError) -> Profile {
        let today = now.date
        func changed(_ before: Profile) -> Profile {
            var after = before
            change(&after)
            // A change that moves the goal keeps the goal before it for the days before today.
            after.keepGoalHistory(before: before, today: today)
            return after
        }
        let before = try loadProfile()
        let after = changed(before)
        guard !options.dryRun else { return after }
        // The fields it sets, not whole profiles: undo puts back those alone (issue 25, F9). The
        // record first, as for every change; the change is made to the profile as it is then,
        // so that another writer's fields are kept.
        var record = UndoRecord(change: said, undo: ChangeSet(), redo: ChangeSet())
        record.fields = ProfileFields.changes(from: before, to: after)
        // A setting said again as it is changes nothing, and leaves nothing to undo.
        guard record.fields?.isEmpty == false else { return after }
        let kept = try remember(record)
        if options.batch {
            // A script writes the profile with its next batch, after the record that takes it
            // back (`keepScriptIntent`).
            let set = record.fields ?? []
            try stored { () throws(StoreError) in
                try profileStore.deferUpdate { profile in ProfileFields.putBack(set, isRedo: true, into: &profile) }
            }
            return after
        }
        var written = after
        var fields = record.fields
        do {
            try stored { () throws(StoreError) in
                try profileStore.update { profile in
                    let now = profile
                    profile = changed(now)
                    written = profile
                    fields = ProfileFields.changes(from: now, to: profile)
                    return true
                }
            }
        } catch {
            withdraw(kept, changes: nil)
            throw error
        }
        // Another writer changed the profile between the two reads: the record says what this
        // change did to it as it was.
        if fields != record.fields {
            var corrected = kept.record
            corrected.fields = fields
            try? replaceRecord(kept.record, with: corrected)
        }
        return written
    }

    // MARK: - Weight, water, exercise

    /// `weight 81.2`: a weight in the unit typed, else the person's units, kept in kg (to the
    /// gram, so that 180 lb reads back as 180 lb). A number without a unit that fits the other
    /// units far better (81.2 right after 180 lb) is asked about at a terminal, warned of in a
    /// script.
    func weight(
        _ value: Double, unit: Unit?, day: DaySpec?, line: String, confirmed: Bool = false
    ) throws(SessionError) -> Outcome {
        let profile = profileOrDefaults()
        let kg = Format.rounded(kilograms(value, unit: unit), places: 3)
        var caution: String?
        if unit == nil,
            let question = Session.implausibleWeight(value, units: profile.units, lastKg: profile.weightKg)
        {
            if options.interactive, !confirmed {
                return .question(
                    Question(kind: .weight(question), then: .weighing(value: value, unit: unit, day: day, line: line)))
            }
            caution = question.warning
        }
        let moment = now
        let date = day?.resolve(today: moment.date) ?? currentDay
        let shown = Format.weight(kilograms: kg, units: profile.units)
        let entry = Entry(
            id: newID(), date: date.description, time: moment.clockText, meal: moment.suggestedMeal,
            food: "Weight",
            quantity: kg, unit: "kg", portion: shown, grams: nil, kcal: 0, text: line.trimmed,
            kind: .weight)
        // The newest weight feeds the goal and exercise: keep it in the profile too, as part of
        // the same undoable change (its fields put back only where nobody changed them since,
        // never refusing the undo of the entry).
        let today = moment.date
        let change: (inout Profile) -> Bool = { profile in
            let before = profile
            profile.weightKg = kg
            // The weight moves maintenance, and so the goal: the days before keep theirs.
            profile.keepGoalHistory(before: before, today: today)
            return true
        }
        let setsProfile = !options.dryRun && date >= moment.date.adding(days: -1)
        var fields: [FieldChange]?
        if setsProfile {
            let before = try loadProfile()
            var after = before
            _ = change(&after)
            fields = ProfileFields.changes(from: before, to: after).map { field in
                var field = field
                field.soft = true
                return field
            }
        }
        let outcome = try record([entry], line: line, describing: "weight \(shown)", caution: caution, fields: fields)
        if case .logged(var report) = outcome, setsProfile {
            // A script writes the profile with its batch, not once a weight line.
            let batch = options.batch
            do {
                try stored { () throws(StoreError) in
                    if batch { try profileStore.deferUpdate(change) } else { try profileStore.update(change) }
                }
            } catch {
                // The weight is saved, with its record: the line is done, and says that the
                // profile still has the weight before (issue 25: a failure is reported exactly
                // when nothing was saved; taking the entry out again would need the disk too).
                let said = "the weight is logged, but the profile keeps the one before: \(error.message)"
                report.caution = [report.caution, said].compactMap { $0 }.joined(separator: "; ")
                return .logged(report)
            }
        }
        return outcome
    }

    /// The profile's weight is the latest weighing: after a change that took a weighing away,
    /// put one back or edited one, the weighings are looked at again, newest month first, and
    /// the profile (and so BMR and the goal, the days before keeping theirs) follows. With no
    /// weighing left, a weight the profile holds from one that was taken away goes too; one set
    /// with `set weight` stays.
    func followWeightLog(after outcome: Outcome) throws(SessionError) {
        let touched: [Entry]
        switch outcome {
        case .undone(let report): touched = report.removed + report.restored
        case .logged(let report): touched = report.entries
        default: return
        }
        let weighings = touched.filter { $0.kind == .weight }
        guard !weighings.isEmpty, !options.dryRun else { return }
        let latest = try latestWeighing()
        let today = now.date
        let gone = Set(weighings.map(\.quantity))
        try stored { () throws(StoreError) in
            try profileStore.update { profile in
                let kg = latest ?? (profile.weightKg.map { gone.contains($0) } == true ? nil : profile.weightKg)
                guard profile.weightKg != kg else { return false }
                let before = profile
                profile.weightKg = kg
                profile.keepGoalHistory(before: before, today: today)
                return true
            }
        }
    }

    /// The kilograms of the newest weighing in the journal, if any.
    func latestWeighing() throws(SessionError) -> Double? {
        try stored { () throws(StoreError) in
            if hasPendingChanges { try flush() }
            for month in try store.storedMonths().sorted(by: >) {
                let weighings = try store.entries(inMonth: month).filter { $0.kind == .weight }
                if let newest = weighings.max(by: { ($0.date, $0.time) < ($1.date, $1.time) }) {
                    return newest.quantity
                }
            }
            return nil
        }
    }

    /// A weight typed without a unit that reads far better in the other units: more than 15 %
    /// from the last weight where the other reading is nearer it, or, with no weight yet, under
    /// 70 lb or over 250 kg.
    static func implausibleWeight(_ value: Double, units: UnitSystem, lastKg: Double?) -> WeightQuestion? {
        let imperial = units.isImperial
        let asTyped = imperial ? value * Unit.kilogramsPerPound : value
        let other = imperial ? value : value * Unit.kilogramsPerPound
        if let last = lastKg, last > 0 {
            guard abs(asTyped - last) / last > 0.15, abs(other - last) < abs(asTyped - last) else { return nil }
        } else {
            guard imperial ? value < 70 : value > 250 else { return nil }
        }
        return WeightQuestion(value: value, units: units, lastKg: lastKg)
    }

    /// The millilitres of a log line that is only water ("2 glasses of water", "water 500 ml").
    func waterAmount(_ command: LogCommand) -> Double? {
        guard command.items.count == 1, let item = command.items.first, item.kcal == nil, let food = item.food,
            food.words.contains(where: { $0.hasPrefix("water") }), FoodWords.normalized(food.text) == "water"
        else { return nil }
        let count = item.count ?? 1
        guard let unit = item.unit else { return count * 250 }
        switch unit.kind {
        case .volume(let ml): return count * ml
        case .mass(let grams): return count * grams
        case .portion: return count * (Parser.waterPortions[unit.name] ?? 250)
        }
    }

    func water(_ ml: Double, day: DaySpec?, line: String) throws(SessionError) -> Outcome {
        guard ml > 0, ml <= 10_000 else { throw SessionError(.notADrink(ml: ml)) }
        let moment = now
        let date = day?.resolve(today: moment.date) ?? currentDay
        let entry = Entry(
            id: newID(), date: date.description, time: moment.clockText, meal: moment.suggestedMeal,
            food: "Water",
            quantity: Format.rounded(ml, places: 0), unit: "ml", portion: "\(Format.integer(ml)) ml", grams: ml,
            kcal: 0,
            text: line.trimmed, kind: .water)
        return try record([entry], line: line, describing: "water \(Format.integer(ml)) ml")
    }

    func exercise(_ command: ExerciseCommand, line: String) throws(SessionError) -> Outcome {
        let table = ActivityTable.bundled
        var activity = table.find(command.activity)
        if activity == nil, !command.activity.isEmpty {
            throw SessionError(
                .unknownActivity(command.activity, suggestions: table.suggestions(command.activity)), command.range)
        }
        if activity == nil { activity = table.find("exercise") }
        let profile = profileOrDefaults()
        var minutes = command.minutes
        // "ran 5 km in 25 min": the pace said chooses the speed, and so the MET.
        if let km = command.kilometers, let said = minutes, said > 0, let base = activity {
            activity = table.atPace(of: base, kmh: km / said * 60)
        }
        if minutes == nil, let km = command.kilometers, let speed = activity?.speedKmh, speed > 0 {
            minutes = km / speed * 60
        }
        var note: String?
        let kcal: Double
        if let typed = command.kcal {
            kcal = typed
        } else if let minutes, let met = activity?.met {
            let weight = profile.weightKg ?? 70
            if profile.weightKg == nil {
                note = "worked out for 70 kg: log your weight ('weight 81.2') for your own numbers"
            }
            kcal = Energy.burned(met: met, weightKg: weight, minutes: minutes)
        } else {
            throw SessionError(.exerciseNeedsAmount(activity: command.activity), command.range)
        }
        var portion = ""
        if let km = command.kilometers { portion = "\(Format.number(km)) km" }
        if let minutes {
            let time = "\(Format.integer(minutes)) min"
            portion = portion.isEmpty ? time : "\(portion), \(time)"
        }
        let moment = now
        let date = command.day?.resolve(today: moment.date) ?? currentDay
        let entry = Entry(
            id: newID(), date: date.description, time: moment.clockText, meal: moment.suggestedMeal,
            food: activity?.name ?? "Exercise", quantity: Format.rounded(minutes ?? 0, places: 1), unit: "min",
            portion: portion,
            grams: nil, kcal: Format.rounded(kcal, places: 1), text: line.trimmed, kind: .exercise)
        return try record([entry], line: line, describing: "exercise: \(line.trimmed)", note: note)
    }
}
