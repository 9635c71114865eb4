import CalorinaModel
import CalorinaSupport

extension ParseProblem {
    /// The nutrients besides the macros, by their labels, each unit after the labels in it
    /// ("… (g) and … (mg)").
    static let otherNutrients = Format.listed(Nutrient.labelled(byUnit: Nutrient.others))

    /// An amount of the first nutrient kept in milligrams, as an example ("'400 mg …'").
    static let milligramExample = Nutrient.all.first { $0.unit == "mg" }.map { "'400 mg \($0.label)'" } ?? ""

    /// What went wrong, said plainly: lowercase, user text in quotes, no trailing period.
    public var message: String {
        switch self {
        case .badFraction:
            return "a fraction cannot have 0 below the line"
        case .expectedCalorieAmount:
            return "calories need a number, e.g. '650 kcal'"
        case .missing(let what, let after):
            return "missing \(what.words)" + (after.map { " after '\($0)'" } ?? "")
        case .badSetting(let name, _):
            return "'\(name)' cannot be set to that"
        case .unknownSetting(let name):
            return "unknown setting '\(name)'"
        case .invalidDate(let text):
            return "'\(text)' is not a date on the calendar"
        case .invalidUTF8:
            return "the line is not valid UTF-8 text"
        case .lineTooLong(let length, let limit):
            return "the line is too long (\(length) characters; the limit is \(limit))"
        case .negativeQuantity:
            return "an amount cannot be negative"
        case .repeatedAmount:
            return "this food already has an amount"
        case .tooManyItems(let limit):
            return "too many foods on one line (the limit is \(limit))"
        case .tooLarge(let text):
            return "'\(text)' is too much for one entry"
        case .unexpectedCharacter(let character):
            return "unexpected character \(Self.describe(character))"
        case .unexpectedToken(let text):
            return "unexpected '\(text)'"
        case .unknownUnit(let unit, _):
            return "unknown unit '\(unit)'"
        case .commandArguments(let command, let usage):
            return "'\(command)' is a command; it takes \(usage)"
        case .unknownCommand(let word, let suggestion):
            return "unknown command '\(word)': " + Wording.didYouMean([suggestion])
        case .zeroQuantity:
            return "an amount must be more than zero"
        case .dateOutOfRange(let text, _, _):
            return "'\(text)' is too far from today"
        case .unknownNutrient(let word, _):
            return "'\(word)' is no nutrient"
        case .repeatedFact(let name):
            return "\(name) is given twice"
        case .nutrientUnit(let unit):
            return "a nutrient is weighed in g or mg, not '\(unit)'"
        case .expectedNutrientAmount(let name):
            return "\(name) needs an amount"
        case .badColumnMap(let problem):
            return problem.message
        case .unansweredQuestion:
            return "that reads as a question, and none of the answers fits it: nothing was logged"
        }
    }

    /// What to do about it, when there is something useful to say.
    public var hint: String? {
        switch self {
        case .missing(.food, _):
            return "name the food, e.g. '2 servings oatmeal'"
        case .negativeQuantity:
            return "to log for an earlier day, put the day at the end: '3 eggs -2' or '3 eggs yesterday'"
        case .unknownUnit(_, let suggestion?), .unknownNutrient(_, let suggestion?):
            return Wording.didYouMean([suggestion])
        case .unknownUnit(_, nil):
            return "units are g, kg, oz, lb, ml, l, tsp, tbsp, cup, fl oz, pint or a portion such as 'slice'"
        case .tooLarge:
            return Wording.checkTheNumber
        case .lineTooLong, .tooManyItems:
            return "split it into several lines"
        case .repeatedAmount:
            return "give the amount once, e.g. '3 eggs' or 'eggs x3'"
        case .invalidDate:
            return "write dates as YYYY-MM-DD, e.g. '2026-11-20'"
        case .missing(.entryNumber, _):
            return "entries are numbered in 'today': e.g. 'delete 3', 'edit 3 1.5 cups', 'move 3 to lunch'"
        case .badSetting(_, let example):
            return "e.g. '\(example)'"
        case .missing(.meal, _):
            return "e.g. 'move 3 to lunch'"
        case .commandArguments(let command, _):
            return "type 'help \(command)' for more; to log a food of that name, say it another way"
        case .unknownCommand:
            return "or, if it is a food, " + Wording.logWithCalories("NAME")
        case .missing(.day, _):
            return "e.g. 'copy yesterday breakfast' or 'copy 2026-11-20'"
        case .missing(.setting, _), .unknownSetting:
            return "settings: age, sex, height, weight, units, activity, confirm-over-goal, water-goal, goal-weight"
        case .expectedCalorieAmount, .missing(.equals, _), .missing(.name, _), .missing(.unit, _):
            return
                "e.g. 'define protein bar = 210 kcal per bar', 'alias oj = orange juice', 'recipe my breakfast = 2 eggs, toast'"
        case .unexpectedCharacter(let character)
        where character.unicodeScalars.first?.properties.generalCategory == .control:
            return "a control character (a pasted line break or escape?) cannot be part of a line: type it without"
        case .unexpectedCharacter, .unexpectedToken:
            return "type 'help' to see what a line can say"
        case .unansweredQuestion:
            return
                "ask e.g. 'how many calories do I have left', 'how much protein this week', 'what did I eat yesterday' (type 'help questions')"
        case .missing(.editChange, _):
            return
                "an amount, a food, calories or a meal: 'edit 3 1.5 cups', 'edit 3 2 bananas', 'edit 3 700 kcal', 'edit 3 lunch'"
        case .dateOutOfRange(_, let earliest, let latest):
            return "days go from \(earliest) to \(latest), a year from today"
        case .unknownNutrient(_, nil), .missing(.foodFact, _):
            return "e.g. '210 kcal, 20 g protein, 25 g carbs, 8 g fat'; also \(Self.otherNutrients)"
        case .repeatedFact:
            return "say each once; to change a food you defined: 'edit food NAME = 12 g fat'"
        case .nutrientUnit:
            return "e.g. '20 g protein', \(Self.milligramExample)"
        case .missing(.calories, _):
            return "give the kcal, or protein, carbs and fat to work them out (4 kcal a gram, fat 9): "
                + "'define bar = 20 g protein, 25 g carbs, 8 g fat per bar'"
        case .expectedNutrientAmount(let name):
            return "e.g. '20 g \(name)' or '\(name) 20 g'"
        case .badColumnMap(.unknownKey(_, let suggestion?)):
            return Wording.didYouMean([suggestion]) + " " + ColumnMapProblem.keys
        case .badColumnMap:
            return ColumnMapProblem.keys
                + #"; e.g. 'import log.csv --map "date=Day,food=Food Name,kcal=Energy (kcal)"'"#
        case .badFraction, .invalidUTF8, .zeroQuantity:
            return nil
        }
    }

    private static func describe(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        if let scalar = scalars.first, scalars.count == 1,
            scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.value == 0xFFFD
        {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(character)'"
    }
}

extension ParseProblem.Missing {
    /// What the message says is missing.
    var words: String {
        switch self {
        case .equals: "'='"
        case .name: "name"
        case .unit: "unit"
        case .food: "food"
        case .entryNumber: "the entry's number"
        case .meal: "the meal"
        case .day: "the day"
        case .setting: "the setting's name"
        case .editChange: "what to change"
        case .calories: "the calories"
        case .foodFact: "calories or a nutrient"
        }
    }
}

extension ColumnMapProblem {
    /// What is wrong, said plainly.
    public var message: String {
        switch self {
        case .empty: "missing the map of columns after '--map'"
        case .expectedEquals(let piece): "missing '=' in '\(piece)': a map pairs a key with a column's header"
        case .expectedHeader(let key): "missing the column's header after '\(key)='"
        case .unknownKey(let key, _): "unknown column key '\(key)'"
        case .repeatedKey(let key): "the key '\(key)' is given twice"
        case .missingKeys(let keys):
            "the map needs \(Wording.quoted(keys)) to make entries"
        }
    }

    /// The keys a map may use.
    static let keys =
        "keys: " + ImportField.allCases.map(\.rawValue).joined(separator: ", ") + " ("
        + ImportField.otherKeys.joined(separator: ", ") + " too)"
}
