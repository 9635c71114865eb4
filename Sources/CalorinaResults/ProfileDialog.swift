import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// The `profile` dialog at a terminal, as a state machine: one question at a time, each with its
/// current answer as the default, each answer set as `set …` would set it; then the goal it
/// gives. A value: each answer gives the next state, and the session keeps none of it.
package struct ProfileDialog: Equatable, Sendable {
    /// One setting the dialog asks about.
    package struct Step: Equatable, Sendable {
        /// The `set` word: `age`, `height`.
        package var setting: String
        package var question: String
        /// The answer now, as the person would type it; nil when none is set.
        package var current: String?
    }

    /// How many times a question is asked before the dialog goes on without an answer.
    package static let tries = 3

    package let steps: [Step]
    /// The step asked now.
    package private(set) var index = 0
    /// How many answers the step asked now has had.
    package private(set) var tried = 0
    /// Why the last answer was not taken.
    package private(set) var problem: LineFailure?

    /// The dialog for a profile: its questions in the person's units, with its answers now.
    package init(profile: Profile) {
        let units = profile.units
        let imperial = units.isImperial
        let height = profile.heightCm.map {
            imperial
                ? "\(Int(($0 / Unit.centimetersPerInch).rounded()) / 12)'\(Int(($0 / Unit.centimetersPerInch).rounded()) % 12)\""
                : "\(Format.integer($0)) cm"
        }
        let weight = profile.weightKg.map {
            switch units {
            case .metric: "\(Format.number($0)) kg"
            case .us: "\(Format.number(Format.rounded($0 / Unit.kilogramsPerPound, places: 1))) lb"
            case .uk: Format.stones(pounds: $0 / Unit.kilogramsPerPound)
            }
        }
        let weightQuestion =
            switch units {
            case .metric: "weight (kg, or say lb)"
            case .us: "weight (lb, or say kg)"
            case .uk: "weight (12 st 10, or say lb or kg)"
            }
        steps = [
            Step(setting: "age", question: "age", current: profile.age.map(String.init)),
            Step(setting: "sex", question: "sex (male or female)", current: profile.sex?.rawValue),
            Step(
                setting: "height", question: imperial ? "height (5'10\" or 178 cm)" : "height (178 cm or 5'10\")",
                current: height),
            Step(setting: "weight", question: weightQuestion, current: weight),
            Step(
                setting: "activity", question: "activity (sedentary, light, moderate, active, very active)",
                current: (profile.activity ?? .sedentary).rawValue),
        ]
    }

    /// The same dialog at the same question, asked in the units of `profile` (changed by an
    /// answer given in other units).
    package func reframed(for profile: Profile) -> ProfileDialog {
        var next = ProfileDialog(profile: profile)
        next.index = index
        next.tried = tried
        next.problem = problem
        return next
    }

    /// The units an answer was given in, when they are not `units` and the dialog should speak
    /// them from then on (issue 30: a profile answered in feet and pounds echoed in metric): a
    /// weight in kg is metric, in lb imperial (the UK's stones and pounds stay), in stones the
    /// UK's; a height in feet and inches is imperial when the units were metric, one in cm
    /// metric when they were not. Nil for an answer without a unit, or in the units there are.
    package static func units(of answer: String, setting: String, now units: UnitSystem) -> UnitSystem? {
        var words: [String] = []
        var word = ""
        for character in answer.lowercased() {
            if character.isLetter {
                word.append(character)
            } else {
                if !word.isEmpty { words.append(word) }
                word = ""
                if character == "'" || character == "\"" || character == "′" || character == "″" { words.append("ft") }
            }
        }
        if !word.isEmpty { words.append(word) }
        let said: UnitSystem?
        switch setting {
        case "weight":
            if words.contains(where: { ["st", "stone", "stones"].contains($0) }) {
                said = .uk
            } else if words.contains(where: { Unit.bodyMass($0)?.name == "lb" }) {
                said = units == .uk ? nil : .us
            } else if words.contains(where: { Unit.bodyMass($0)?.name == "kg" }) {
                said = .metric
            } else {
                said = nil
            }
        case "height":
            if words.contains(where: { ["ft", "foot", "feet", "in", "inch", "inches"].contains($0) }) {
                said = units == .metric ? .us : nil
            } else if words.contains(where: {
                ["cm", "m", "centimetre", "centimetres", "centimeter", "centimeters"].contains($0)
            }) {
                said = .metric
            } else {
                said = nil
            }
        default:
            said = nil
        }
        return said == units ? nil : said
    }

    /// The setting asked about now: `age`, `height`.
    package var setting: String { steps[index].setting }

    /// What is asked now.
    package var question: ProfileQuestion {
        let step = steps[index]
        return ProfileQuestion(
            question: step.question, current: step.current, isFirst: index == 0 && tried == 0, problem: problem)
    }

    /// What an answer asks the session to do.
    package enum Action: Equatable, Sendable {
        /// Nothing to set: go on.
        case keep
        /// Nothing to set, and no default to keep: ask again.
        case askAgain
        /// Handle this line (`set age 34`), then say how it went with `settled(failure:)`.
        case set(String)
    }

    /// What the answer to the question asked now means.
    package func action(for answer: String) -> Action {
        let step = steps[index]
        guard answer.isEmpty else { return .set("set \(step.setting) \(answer)") }
        // Enter keeps the answer there is (activity always has one: sedentary when none is set).
        return step.current != nil ? .keep : .askAgain
    }

    /// The dialog after the answer to the question asked now: the next question, the same one
    /// again after a failure (three times at most), or nil when the dialog is over.
    package func settled(failure: LineFailure?, askAgain: Bool = false) -> ProfileDialog? {
        var next = self
        next.tried += 1
        next.problem = failure
        if (failure == nil && !askAgain) || next.tried >= ProfileDialog.tries {
            next.index += 1
            next.tried = 0
        }
        return next.index < steps.count ? next : nil
    }
}
