/// What went wrong reading a line, and where. Messages live in `ParseError+Message.swift`.
public typealias ParseError = LocatedError<ParseProblem>

/// What went wrong reading a line (`ParseError.Kind`).
public enum ParseProblem: LineProblem {
    /// `1/0`.
    case badFraction
    /// Calories with no amount: `kcal`, `burger kcal`.
    case expectedCalorieAmount
    /// Something the line's shape calls for and lacks, and the words it should follow, if
    /// any: `.missing(.food, after: "2 servings")`, `.missing(.day)` for `copy`.
    case missing(Missing, after: String? = nil)
    /// A setting given a value it cannot take, with an example of one it can.
    case badSetting(name: String, example: String)
    /// `set colour blue`.
    case unknownSetting(String)
    /// `2026-02-30`.
    case invalidDate(String)
    /// The line's bytes are not UTF-8 text.
    case invalidUTF8
    /// The line is longer than the language allows.
    case lineTooLong(length: Int, limit: Int)
    /// `-3 eggs`.
    case negativeQuantity
    /// More than one amount for one food: `2 eggs 3`.
    case repeatedAmount
    /// More items than one line may hold.
    case tooManyItems(limit: Int)
    /// An amount past all sense: `5000 eggs`, `999999 kcal`.
    case tooLarge(String)
    /// A character with no place in the language.
    case unexpectedCharacter(Character)
    /// A word or sign where it cannot stand.
    case unexpectedToken(String)
    /// A unit the language does not know, with the nearest it does.
    case unknownUnit(String, suggestion: String?)
    /// `0 eggs`.
    case zeroQuantity
    /// A command word with words it does not take ("week 2", "redo x2"): what it takes.
    case commandArguments(command: String, usage: String)
    /// A word one edit from a command word, at the start of a line, that names no food.
    case unknownCommand(String, suggestion: String)
    /// A day before 1900 or more than a year after today: `9999-12-31`.
    case dateOutOfRange(String, earliest: String, latest: String)
    /// `define bar = 210 bananas`: a word where calories or a nutrient should be, with the
    /// nutrient it is one edit or two from.
    case unknownNutrient(String, suggestion: String?)
    /// `define bar = 20 g protein, 22 g protein`.
    case repeatedFact(String)
    /// `define bar = 20 ml protein`: a nutrient is weighed in g or mg.
    case nutrientUnit(unit: String)
    /// `define bar = protein per bar`: a nutrient without its amount.
    case expectedNutrientAmount(String)
    /// `import FILE --map "…"` with a map that cannot be read.
    case badColumnMap(ColumnMapProblem)
    /// A line that asks ("how many … ", "did I …", "…?") but fits no answer: nothing is logged.
    case unansweredQuestion

    /// What a line lacks (`ParseProblem.missing`).
    public enum Missing: Equatable, Sendable {
        /// `define NAME 200 kcal`: the `=`.
        case equals
        /// `define = …`: the name.
        case name
        /// `define bar = 200 kcal per`: the unit.
        case unit
        /// A food, after an amount (`2 servings`) or a joiner (`2 eggs and`).
        case food
        /// `delete`, `edit`, `move` without the entry's number.
        case entryNumber
        /// `move 3` without the meal.
        case meal
        /// `copy` without the day.
        case day
        /// `set` without a setting.
        case setting
        /// `edit 3` with nothing to change: no amount, food, calories or meal.
        case editChange
        /// `define bar = 20 g protein per bar`: neither kcal nor all of protein, carbs and fat.
        case calories
        /// `edit food bar`, `define bar = 210 kcal,`: calories or a nutrient should follow.
        case foodFact
    }
}

/// What is wrong with the map of `import FILE --map "…"`.
public enum ColumnMapProblem: Equatable, Sendable {
    /// `--map` with nothing after it.
    case empty
    /// A piece without `=`: `date Day`.
    case expectedEquals(String)
    /// `date=`: no header after the key.
    case expectedHeader(String)
    /// A key that is no field, and the one it is likely to be.
    case unknownKey(String, suggestion: String?)
    /// A key given twice.
    case repeatedKey(String)
    /// Keys a map must have and this one lacks.
    case missingKeys([String])
}
