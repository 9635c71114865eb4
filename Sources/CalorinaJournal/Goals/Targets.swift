import CalorinaDocuments
import CalorinaFiles
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

// Daily targets beside the kcal goal: protein, carbs, fat, saturated fat, fibre, sugars, sodium
// and water. One set with `goal protein 150 g` is the person's own; a nutrient without one has a
// default from the profile and a published guideline, each said with its source:
//
// - protein: at least 0.8 g per kg of body weight, the RDA of the US Dietary Reference Intakes
//   (IOM, Dietary Reference Intakes for Energy, Carbohydrate, Fiber, Fat, Fatty Acids,
//   Cholesterol, Protein, and Amino Acids, 2002/2005); none while the profile has no weight;
// - carbs 45-65 % and fat 20-35 % of the day's kcal goal, the Acceptable Macronutrient
//   Distribution Ranges of the same report (IOM AMDR), shown as ranges of grams;
// - saturated fat under 10 % of the kcal goal, fibre 14 g per 1,000 kcal of it, and sodium
//   under 2,300 mg: the Dietary Guidelines for Americans 2020-2025;
// - water 3.7 l a day for men and 2.7 l for women: the Adequate Intake of total water of the
//   IOM's Dietary Reference Intakes for Water, Potassium, Sodium, Chloride, and Sulfate (2004),
//   which counts the water in food too (about a fifth of it); none while the profile has no sex;
// - sugars: none unless the person sets one.
//
// Like the kcal goal, targets are kept with their history: a change dated today keeps the
// targets before it, with yesterday as the last day they held (`pastTargets`), so earlier days
// are judged by the targets they had. Defaults are worked out from the profile as it is now.

/// The targets of one's own in force before the present ones.
public struct PastTargets: Codable, Equatable, Sendable {
    /// By `TargetNutrient` raw value; empty when none was set (the defaults held).
    public var targets: [String: TargetAmount]
    /// `YYYY-MM-DD`: the last day judged by them.
    public var lastDay: String

    /// Creates a past set of targets.
    public init(targets: [String: TargetAmount], lastDay: String) {
        self.targets = targets
        self.lastDay = lastDay
    }
}

extension Profile {
    /// The targets of one's own now: those set with `goal …`, and the water goal an earlier
    /// release kept.
    public var ownTargets: [TargetNutrient: TargetAmount] {
        var own = Profile.targets(targets ?? [:])
        if own[.water] == nil, let ml = waterGoalMl {
            own[.water] = TargetAmount(amount: ml, unit: .milliliters, limit: false)
        }
        return own
    }

    /// The targets of one's own in force on `date`: those of the first past set whose last day
    /// is not before it, else the present ones. A past set whose last day is no date (a file
    /// edited by hand) is left out.
    public func ownTargets(on date: CivilDate) -> [TargetNutrient: TargetAmount] {
        guard let pastTargets, !pastTargets.isEmpty else { return ownTargets }
        let held = pastTargets.compactMap { past in
            CivilDate(past.lastDay).map { (day: $0, targets: past.targets) }
        }.sorted { $0.day < $1.day }.first { $0.day >= date }
        return held.map { Profile.targets($0.targets) } ?? ownTargets
    }

    /// Sets one target of one's own, or drops it (nil): the targets before it stay in force up
    /// to yesterday. Changed again the same day, the targets of the morning held no whole day
    /// and are not kept.
    public mutating func setTarget(_ nutrient: TargetNutrient, _ amount: TargetAmount?, today: CivilDate) {
        let before = ownTargets
        var after = before
        after[nutrient] = amount
        // The water goal of an earlier release moves into `targets` with the first change.
        waterGoalMl = nil
        targets = after.isEmpty ? nil : Profile.stored(after)
        version = max(version, Profile.baseVersion)
        guard after != before else { return }
        let yesterday = today.adding(days: -1)
        var kept = pastTargets ?? []
        if let last = kept.last, let day = CivilDate(last.lastDay), day >= yesterday { return }
        kept.append(PastTargets(targets: Profile.stored(before), lastDay: yesterday.description))
        pastTargets = kept
    }

    static func targets(_ stored: [String: TargetAmount]) -> [TargetNutrient: TargetAmount] {
        var targets: [TargetNutrient: TargetAmount] = [:]
        for (key, amount) in stored {
            if let nutrient = TargetNutrient(rawValue: key) { targets[nutrient] = amount }
        }
        return targets
    }

    static func stored(_ targets: [TargetNutrient: TargetAmount]) -> [String: TargetAmount] {
        Dictionary(uniqueKeysWithValues: targets.map { ($0.key.rawValue, $0.value) })
    }
}

/// A target in force on a day, in the nutrient's unit (grams, sodium milligrams, water
/// millilitres): at least `low`, at most `high`, or between the two.
public struct DailyTarget: Equatable, Sendable {
    public var nutrient: TargetNutrient
    /// The least the day should have; nil for a limit.
    public var low: Double?
    /// The most the day should have; nil for a floor.
    public var high: Double?
    /// Where it comes from.
    public var source: Source

    /// Where a target comes from.
    public enum Source: Equatable, Sendable {
        /// Set with `goal …`, as it was said (a percentage stays one).
        case own(TargetAmount)
        /// A default: how it is worked out ("0.8 g per kg of 80 kg") and the guideline.
        case guideline(rule: String, guideline: String)
    }

    /// Creates a target.
    public init(nutrient: TargetNutrient, low: Double?, high: Double?, source: Source) {
        self.nutrient = nutrient
        self.low = low
        self.high = high
        self.source = source
    }

    /// How a day's amount stands against the target. An amount some of the day's foods do not
    /// say is judged only where what is known settles it: over a limit is over, at or past a
    /// floor is met; anything else is `.partial`.
    public func judge(_ sum: NutrientSum) -> TargetMark {
        guard sum.logged else { return .notLogged }
        guard !sum.isUnknown else { return .unknown }
        let value = Format.rounded(sum.amount, places: 1)
        if let high, value > high { return .over }
        let under = low.map { value < $0 } ?? false
        if sum.isPartial { return under || high != nil ? .partial : .met }
        return under ? .under : .met
    }
}

/// How a day went against one target.
public enum TargetMark: Equatable, Sendable {
    case met, under, over
    /// Some foods of the day do not say the nutrient, and what the others say does not settle it.
    case partial
    /// No food of the day says the nutrient (logged before nutrients were kept, or typed as kcal).
    case unknown
    /// Nothing logged that day.
    case notLogged
}

/// One nutrient summed over a day's entries: what the entries that say it add up to.
public struct NutrientSum: Equatable, Sendable {
    /// The sum over the entries that say it.
    public var amount: Double
    /// How many food entries say it, and how many there are (water: both 0; it is counted
    /// from water entries, which always say it).
    public var known: Int
    public var count: Int
    /// True when the day has anything to judge: food, or for water, food or water.
    public var logged: Bool

    /// Sums `nutrient` over a day's entries.
    public init(_ nutrient: TargetNutrient, entries: [Entry]) {
        let food = entries.filter(\.isFood)
        if nutrient == .water {
            let water = entries.filter { $0.kind == .water }
            amount = water.reduce(0) { $0 + $1.quantity }
            known = 0
            count = 0
            logged = !food.isEmpty || !water.isEmpty
            return
        }
        let values = food.compactMap { NutrientSum.value(nutrient, of: $0) }
        amount = Format.rounded(values.reduce(0, +), places: 1)
        known = values.count
        count = food.count
        logged = !food.isEmpty
    }

    /// Creates a sum (tests).
    public init(amount: Double, known: Int, count: Int, logged: Bool = true) {
        self.amount = amount
        self.known = known
        self.count = count
        self.logged = logged
    }

    /// True when some food entries say it and some do not.
    public var isPartial: Bool { known > 0 && known < count }
    /// True when there are food entries and none says it.
    public var isUnknown: Bool { known == 0 && count > 0 }

    /// An entry's amount of the nutrient, nil when it does not say.
    static func value(_ nutrient: TargetNutrient, of entry: Entry) -> Double? {
        guard let kept = nutrient.nutrient else { return entry.kind == .water ? entry.quantity : nil }
        return entry.nutrients[kept]
    }
}

/// The targets in force, own and default, and why a nutrient has no default.
public enum Targets {
    /// RDA of protein, g per kg of body weight (US DRI).
    public static let proteinPerKg = 0.8
    /// Fibre, g per 1,000 kcal (DGA 2020-2025).
    public static let fiberPer1000Kcal = 14.0
    /// Sodium, mg a day at most (DGA 2020-2025).
    public static let sodiumLimitMg = 2300.0
    /// Saturated fat, % of kcal at most (DGA 2020-2025).
    public static let saturatedFatPercent = 10.0
    /// IOM AMDR, % of kcal.
    public static let carbsPercent = 45.0...65.0
    public static let fatPercent = 20.0...35.0
    /// IOM 2004 Adequate Intake of total water, ml a day.
    public static let waterMenMl = 3700.0
    public static let waterWomenMl = 2700.0

    /// The Dietary Guidelines' defaults, as `help goals` says them.
    public static let guidelinesSummary =
        "\(Nutrient.fiber.name) \(Format.number(fiberPer1000Kcal)) g per 1,000 kcal, "
        + "\(Nutrient.sodium.name) under \(Format.integer(sodiumLimitMg)) mg, "
        + "\(Nutrient.saturatedFat.name) under \(Format.number(saturatedFatPercent)) %"

    static let dri = "US DRI RDA"
    static let amdr = "IOM AMDR"
    static let dga = "Dietary Guidelines for Americans 2020-2025"
    static let waterAI = "IOM 2004 AI, total water from drinks and food"

    /// The targets in force with `own` set and the profile as it is, for a day whose kcal goal
    /// is `kcalGoal`, in the order `TargetNutrient.allCases` lists them.
    public static func inForce(
        own: [TargetNutrient: TargetAmount], profile: Profile, kcalGoal: Double
    ) -> [DailyTarget] {
        TargetNutrient.allCases.compactMap { nutrient in
            if let amount = own[nutrient] { return target(nutrient, amount, kcalGoal: kcalGoal) }
            return defaultTarget(nutrient, profile: profile, kcalGoal: kcalGoal)
        }
    }

    /// An amount as a target: a percentage of the kcal goal in grams.
    public static func target(_ nutrient: TargetNutrient, _ amount: TargetAmount, kcalGoal: Double) -> DailyTarget {
        var value = amount.amount
        if amount.unit == .percent, let perGram = nutrient.kcalPerGram {
            value = Format.rounded(kcalGoal * amount.amount / 100 / perGram, places: 1)
        }
        return DailyTarget(
            nutrient: nutrient, low: amount.isLimit ? nil : value, high: amount.isLimit ? value : nil,
            source: .own(amount))
    }

    /// The default for a nutrient, nil when it has no guideline (sugars) or the profile lacks what it
    /// needs (protein: a weight; water: a sex).
    public static func defaultTarget(_ nutrient: TargetNutrient, profile: Profile, kcalGoal: Double) -> DailyTarget? {
        func grams(_ percent: Double, _ perGram: Double) -> Double {
            Format.rounded(kcalGoal * percent / 100 / perGram, places: 1)
        }
        let kcal = Format.integer(kcalGoal)
        switch nutrient {
        case .nutrient(.protein):
            guard let kg = profile.weightKg else { return nil }
            return DailyTarget(
                nutrient: nutrient, low: Format.rounded(proteinPerKg * kg, places: 1), high: nil,
                source: .guideline(
                    rule:
                        "\(Format.number(proteinPerKg)) g per kg of \(Format.number(Format.rounded(kg, places: 1))) kg",
                    guideline: dri))
        case .nutrient(.carbs), .nutrient(.fat):
            let range = nutrient == .nutrient(.carbs) ? carbsPercent : fatPercent
            let perGram = nutrient.kcalPerGram ?? 4
            return DailyTarget(
                nutrient: nutrient, low: grams(range.lowerBound, perGram), high: grams(range.upperBound, perGram),
                source: .guideline(
                    rule: "\(Format.number(range.lowerBound))-\(Format.number(range.upperBound)) % of \(kcal) kcal",
                    guideline: amdr))
        case .nutrient(.saturatedFat):
            return DailyTarget(
                nutrient: nutrient, low: nil, high: grams(saturatedFatPercent, 9),
                source: .guideline(
                    rule: "under \(Format.number(saturatedFatPercent)) % of \(kcal) kcal", guideline: dga))
        case .nutrient(.fiber):
            return DailyTarget(
                nutrient: nutrient, low: Format.rounded(kcalGoal / 1000 * fiberPer1000Kcal, places: 1), high: nil,
                source: .guideline(
                    rule: "\(Format.number(fiberPer1000Kcal)) g per 1,000 of \(kcal) kcal", guideline: dga))
        case .nutrient(.sodium):
            return DailyTarget(
                nutrient: nutrient, low: nil, high: sodiumLimitMg,
                source: .guideline(rule: "under \(Format.integer(sodiumLimitMg)) mg", guideline: dga))
        case .water:
            guard let sex = profile.sex else { return nil }
            let ml = sex == .male ? waterMenMl : waterWomenMl
            return DailyTarget(
                nutrient: nutrient, low: ml, high: nil,
                source: .guideline(
                    rule: "\(Format.number(ml / 1000)) l for \(sex == .male ? "men" : "women")", guideline: waterAI))
        case .nutrient:
            return nil
        }
    }

    /// Why a nutrient without a target of one's own has none: what to set, or that it has no
    /// default. Nil when it has one.
    public static func missingDefault(_ nutrient: TargetNutrient, profile: Profile) -> String? {
        switch nutrient {
        case .nutrient(.protein):
            return profile.weightKg == nil ? "no default until the profile has a weight ('set weight 70 kg')" : nil
        case .water:
            return profile.sex == nil
                ? "no default until the profile has a sex ('set sex female'): the IOM's differs by sex" : nil
        case .nutrient(let kept):
            // One with no guideline (sugars) has no default whatever the profile says.
            guard defaultTarget(nutrient, profile: profile, kcalGoal: 2000) == nil else { return nil }
            return "no default: set one with '\(kept.targetExample)'"
        }
    }
}
