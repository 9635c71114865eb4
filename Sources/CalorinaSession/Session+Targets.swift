import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaReports
import CalorinaResults
import CalorinaSupport

/// Daily targets for the macros, fibre, sugars, sodium and water: setting them, listing them,
/// and judging days by them (see `Targets.swift` for the defaults and their sources).
extension Session {
    /// The targets in force on a day: those of one's own then, else the defaults, percentages
    /// of the kcal goal in force that day.
    func targetsInForce(on date: CivilDate, _ profile: Profile) -> [DailyTarget] {
        Targets.inForce(own: profile.ownTargets(on: date), profile: profile, kcalGoal: goalKcal(on: date, profile))
    }

    /// The water target in force on a day, ml; nil when there is none. Worked out apart from
    /// the other targets: a script asks for it on every line.
    func waterGoal(on date: CivilDate, _ profile: Profile) -> Double? {
        let own = profile.pastTargets == nil ? profile.ownTargets : profile.ownTargets(on: date)
        if let water = own[.water] { return water.amount }
        guard let sex = profile.sex else { return nil }
        return sex == .male ? Targets.waterMenMl : Targets.waterWomenMl
    }

    /// Each target in force on a day with the day's amount, for `today`.
    func targetProgress(on date: CivilDate, entries: [Entry], _ profile: Profile) -> [TargetProgress] {
        targetsInForce(on: date, profile).map { TargetProgress(target: $0, entries: entries) }
    }

    /// `goal protein 150 g`, `goal protein off`: one undoable change of the profile, the
    /// targets before it kept for the days before today.
    func setTarget(_ nutrient: TargetNutrient, _ amount: TargetAmount?) throws(SessionError) -> Outcome {
        let today = now.date
        let said: String
        if let amount {
            let units = profileOrDefaults().units
            said = "goal: \(nutrient.displayName) " + Session.describe(amount, nutrient, units: units) + " a day"
        } else {
            said = "goal: \(nutrient.displayName) off"
        }
        let after = try commitProfile(said) { $0.setTarget(nutrient, amount, today: today) }
        return .targets(targetsReport(after, changed: said, only: nutrient))
    }

    /// `goals`: every nutrient's target in force today and its source.
    func listTargets() throws(SessionError) -> Outcome {
        .targets(targetsReport(try loadProfile(), changed: nil, only: nil))
    }

    func targetsReport(_ profile: Profile, changed: String?, only: TargetNutrient?) -> TargetsReport {
        let today = now.date
        return TargetsReport(
            changed: changed, kcalGoal: goalKcal(on: today, profile), targets: targetsInForce(on: today, profile),
            of: only.map { [$0] } ?? TargetNutrient.allCases, profile: profile)
    }

    /// An amount as said back: `at least 150 g`, `under 2,300 mg`, `30 % of kcal`, `2 l`.
    static func describe(_ amount: TargetAmount, _ nutrient: TargetNutrient, units: UnitSystem = .metric) -> String {
        let word = amount.isLimit ? "under " : "at least "
        switch amount.unit {
        case .percent: return word + "\(Format.number(amount.amount)) % of kcal"
        case .milliliters:
            if units == .us { return word + Format.water(milliliters: amount.amount, units: units) + " fl oz" }
            return word + Session.litres(amount.amount)
        case .grams, .milligrams:
            return word + Format.integer(amount.amount) + " " + amount.unit.rawValue
        }
    }

    /// Millilitres as litres, to a tenth: `2 l`, `3.7 l`.
    static func litres(_ ml: Double) -> String {
        Format.number(Format.rounded(ml / 1000, places: 1)) + " l"
    }

    /// `history 30 protein`: each of the last N days against the target in force on it.
    func targetHistory(_ nutrient: TargetNutrient, days: Int) throws(SessionError) -> Outcome {
        guard days <= History.maxDays else { throw SessionError(.historyTooLong(limit: History.maxDays)) }
        let range = History.range(days: days, today: now.date)
        let profile = profileOrDefaults()
        return .targetHistory(
            TargetHistoryReport(nutrient, range: range, entries: try historyEntries(range), units: profile.units) {
                date in targetsInForce(on: date, profile).first { $0.nutrient == nutrient }
            })
    }

    /// How many days of `range` met each target, for `week` and `month`.
    func targetTallies(_ range: ClosedRange<CivilDate>, entries: [Entry], _ profile: Profile) -> [TargetTally] {
        let byDate = Dictionary(grouping: entries, by: \.date)
        var marks: [TargetNutrient: [TargetMark]] = [:]
        var date = range.lowerBound
        while date <= range.upperBound {
            let day = byDate[date.description] ?? []
            for target in targetsInForce(on: date, profile) {
                marks[target.nutrient, default: []].append(target.judge(NutrientSum(target.nutrient, entries: day)))
            }
            date = date.adding(days: 1)
        }
        return TargetNutrient.allCases.compactMap { nutrient in
            marks[nutrient].map { TargetTally(nutrient: nutrient, marks: $0) }
        }
    }
}
