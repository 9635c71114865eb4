import CalorinaDoctor
import CalorinaFiles
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths
import CalorinaReports
import CalorinaResolver
import CalorinaSupport

/// Foods ranked for `search` words.
public struct SearchReport: Equatable, Sendable {
    /// One food found.
    public struct Row: Equatable, Sendable {
        public var name: String
        /// The USDA code, or nil for a user food.
        public var code: Int?
        /// kcal in the portion below.
        public var kcal: Double
        /// The portion a bare count means: `1 banana (126 g)`, `1 bar`.
        public var portion: String

        /// Every field, for the session, which makes it in another module.
        package init(name: String, code: Int?, kcal: Double, portion: String) {
            self.name = name
            self.code = code
            self.kcal = kcal
            self.portion = portion
        }
    }

    /// The words searched.
    public var query: String
    /// Best first.
    public var rows: [Row]

    /// Every field, for the session, which makes it in another module.
    package init(query: String, rows: [Row]) {
        self.query = query
        self.rows = rows
    }
}

/// What `info` shows about a food.
public struct InfoReport: Equatable, Sendable {
    /// One weighed portion.
    public struct PortionRow: Equatable, Sendable {
        public var description: String
        public var grams: Double
        public var kcal: Double
        /// The nutrients besides the macros (`Nutrient.others`) in the portion; nil when the food has none to
        /// show (a food of the user's own).
        public var nutrients: Nutrients? = nil

        /// Every field, for the session, which makes it in another module.
        package init(description: String, grams: Double, kcal: Double, nutrients: Nutrients? = nil) {
            self.description = description
            self.grams = grams
            self.kcal = kcal
            self.nutrients = nutrients
        }
    }

    public var name: String
    public var code: Int?
    public var category: String?
    public var kcalPer100g: Double?
    public var proteinPer100g: Double?
    public var carbsPer100g: Double?
    public var fatPer100g: Double?
    public var portions: [PortionRow]
    public var synonyms: [String]
    /// Where the numbers come from: `USDA FNDDS 2021-2023, food code 63107010` or `your food`.
    public var source: String
    /// For a user food, alias or recipe: its definition in words.
    public var definition: String?
    /// The nutrients besides the macros per 100 g (nil where the table has no value); nil
    /// when the food has none to show (a food of the user's own).
    public var nutrientsPer100g: Nutrients? = nil

    /// Every field, for the session, which makes it in another module.
    package init(
        name: String,
        code: Int?,
        category: String?,
        kcalPer100g: Double?,
        proteinPer100g: Double?,
        carbsPer100g: Double?,
        fatPer100g: Double?,
        portions: [PortionRow],
        synonyms: [String],
        source: String,
        definition: String?,
        nutrientsPer100g: Nutrients? = nil
    ) {
        self.name = name
        self.code = code
        self.category = category
        self.kcalPer100g = kcalPer100g
        self.proteinPer100g = proteinPer100g
        self.carbsPer100g = carbsPer100g
        self.fatPer100g = fatPer100g
        self.portions = portions
        self.synonyms = synonyms
        self.source = source
        self.definition = definition
        self.nutrientsPer100g = nutrientsPer100g
    }
}

/// Foods a phrase could mean, for a person to pick from by number.
public struct ChoiceReport: Equatable, Sendable {
    /// One food to pick.
    public struct Choice: Equatable, Sendable {
        public var name: String
        public var code: Int
        /// kcal in the portion a count means, and that portion: `122 kcal · 1 banana (126 g)`.
        public var detail: String

        /// Every field, for the session, which makes it in another module.
        package init(name: String, code: Int, detail: String) {
            self.name = name
            self.code = code
            self.detail = detail
        }
    }

    /// The words as typed.
    public var phrase: String
    /// Best first; Enter picks the first.
    public var choices: [Choice]
    /// A word of the phrase the food was found without ("walked" of "walked the dog"): the
    /// question is whether that food is what was meant.
    public var leftOver: String? = nil

    /// Every field, for the session, which makes it in another module.
    package init(phrase: String, choices: [Choice], leftOver: String? = nil) {
        self.phrase = phrase
        self.choices = choices
        self.leftOver = leftOver
    }
}

/// The profile and goal, for `set`, `goal` and `profile`.
public struct SettingsReport: Equatable, Sendable {
    /// What changed, in words, if anything did.
    public var changed: String?
    public var profile: Profile
    public var goal: Goal
    /// The weight the goal used, kg.
    public var weightKg: Double?
    /// True to list the strategies (for `goal` alone).
    public var showStrategies: Bool
    /// Why the `profile` dialog's last answer was not taken, when its last question ended after
    /// three wrong answers: said before the goal, as each earlier problem is said before the
    /// question after it.
    public var problem: LineFailure? = nil

    /// Every field, for the session, which makes it in another module.
    package init(
        changed: String?,
        profile: Profile,
        goal: Goal,
        weightKg: Double?,
        showStrategies: Bool,
        problem: LineFailure? = nil
    ) {
        self.changed = changed
        self.profile = profile
        self.goal = goal
        self.weightKg = weightKg
        self.showStrategies = showStrategies
        self.problem = problem
    }
}

/// The picks remembered for words that fit several foods (`choices`).
public struct ChoicesReport: Equatable, Sendable {
    /// One remembered pick.
    public struct Row: Equatable, Sendable {
        /// The words, normalized as they are compared.
        public var words: String
        /// The food they mean now.
        public var food: String
        public var code: Int

        /// Every field, for the session, which makes it in another module.
        package init(words: String, food: String, code: Int) {
            self.words = words
            self.food = food
            self.code = code
        }
    }

    /// By words.
    public var rows: [Row]

    /// Every field, for the session, which makes it in another module.
    package init(rows: [Row]) {
        self.rows = rows
    }
}
