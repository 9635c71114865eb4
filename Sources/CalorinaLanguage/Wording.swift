import CalorinaSupport

/// What several message catalogues say (`ParseProblem`, `ResolveProblem`, `SessionError`),
/// written once so that they say it alike.
public enum Wording {
    /// `'a', 'b'`: user words, each in quotes.
    public static func quoted(_ words: [String]) -> String {
        words.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// `did you mean 'cup'?`, `did you mean 'oats', 'oatmeal'?`.
    public static func didYouMean(_ words: [String]) -> String {
        "did you mean \(quoted(words))?"
    }

    /// What any food can be logged as, with its calories: `log it with its calories: 'NAME 250 kcal'`.
    public static func logWithCalories(_ name: String) -> String {
        "log it with its calories: '\(name) 250 kcal'"
    }

    /// The hint for an amount too large for one entry, with the limits `Parser` holds it to.
    public static let checkTheNumber =
        "check the number; one entry holds at most \(Format.number(Parser.maxCount / 1000)) kg"
        + " or \(Format.integer(Parser.maxKcal)) kcal"
}
