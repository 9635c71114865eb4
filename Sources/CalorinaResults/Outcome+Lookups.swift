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
    }

    /// The words searched.
    public var query: String
    /// Best first.
    public var rows: [Row]
}

extension SearchReport {
    /// The foods of `resolver`'s table that `words` find, best first, each with the kcal of the
    /// portion a bare count means; first the person's own food of that name (`own`, resolved as
    /// a bare name), when there is one.
    package init(searching words: String, in resolver: Resolver, own: (name: String, item: ResolvedItem)?) {
        var rows: [Row] = []
        if let (name, item) = own {
            rows.append(Row(name: name, code: nil, kcal: item.kcal, portion: item.amount.isEmpty ? "1" : item.amount))
        }
        let index = resolver.index
        for match in index.search(words, limit: 12) {
            let food = index.table.foods[match.index]
            let portion = resolver.countPortion(food, words: FoodWords.keyWords(words), match: match)
            let grams = portion?.grams ?? 100
            let label = portion.map { "1 \(Resolver.label($0)) (\(Format.grams($0.grams)))" } ?? "100 g"
            rows.append(
                Row(
                    name: food.name, code: food.code, kcal: Format.rounded(grams * food.kcalPer100g / 100, places: 1),
                    portion: label))
        }
        self.init(query: words, rows: rows)
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
}

extension InfoReport {
    /// A food of the tables: its values per 100 g, and each of its portions weighed.
    package init(food: Food, category: String?) {
        self.init(
            name: food.name, code: food.code, category: category, kcalPer100g: food.kcalPer100g,
            proteinPer100g: food.proteinPer100g, carbsPer100g: food.carbsPer100g, fatPer100g: food.fatPer100g,
            portions: food.portions.map {
                PortionRow(
                    description: $0.description, grams: $0.grams,
                    kcal: Format.rounded($0.grams * food.kcalPer100g / 100, places: 1),
                    nutrients: Resolver.nutrients(food.nutrientsPer100g, grams: $0.grams))
            },
            synonyms: food.synonyms, source: food.source.citation(code: food.code), definition: nil,
            nutrientsPer100g: food.nutrientsPer100g)
    }

    /// A food, alias or recipe of one's own, by its definition in words, with the portion its
    /// name alone logs (`portion`), when it logs one.
    package init(own name: String, definition: String, portion: ResolvedItem?) {
        self.init(
            name: name, code: nil, category: nil, kcalPer100g: nil, proteinPer100g: nil, carbsPer100g: nil,
            fatPer100g: nil,
            portions: portion.map { [PortionRow(description: $0.amount, grams: $0.grams ?? 0, kcal: $0.kcal)] } ?? [],
            synonyms: [], source: "your own", definition: definition)
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
    }

    /// The words as typed.
    public var phrase: String
    /// Best first; Enter picks the first.
    public var choices: [Choice]
    /// A word of the phrase the food was found without ("walked" of "walked the dog"): the
    /// question is whether that food is what was meant.
    public var leftOver: String? = nil
}

extension ChoiceReport {
    /// Numbered choices for the first ambiguous item of `failure`, when ambiguity is all that
    /// went wrong; nil otherwise.
    package init?(_ failure: ResolveFailure, resolver: Resolver) {
        for error in failure.errors {
            guard error.kind.choices != nil else { return nil }
        }
        guard let first = failure.errors.first?.kind, let (phrase, candidates) = first.choices else { return nil }
        var leftOver: String?
        if case .leftOver(_, let word, _) = first { leftOver = word }
        let table = resolver.index.table
        let choices = candidates.map { candidate in
            var detail = ""
            if let index = table.index(code: candidate.code) {
                let food = table.foods[index]
                let match = FoodIndex.Match.chosen(index)
                if let portion = resolver.countPortion(food, words: FoodWords.keyWords(phrase), match: match) {
                    let kcal = portion.grams * food.kcalPer100g / 100
                    detail =
                        "\(Format.integer(kcal)) kcal per \(Resolver.label(portion)) (\(Format.grams(portion.grams)))"
                }
            }
            return Choice(name: candidate.name, code: candidate.code, detail: detail)
        }
        self.init(phrase: phrase, choices: choices, leftOver: leftOver)
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

    /// The profile, the goal in force for it, and the weight the goal is worked out from: the
    /// profile's.
    package init(changed: String?, profile: Profile, goal: Goal, showStrategies: Bool) {
        self.changed = changed
        self.profile = profile
        self.goal = goal
        weightKg = profile.weightKg
        self.showStrategies = showStrategies
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
    }

    /// By words.
    public var rows: [Row]

    /// The picks remembered (normalized words → USDA code), by their words, each with the name
    /// of the food it means in `table`.
    package init(_ choices: [String: Int], table: FoodTable) {
        rows = choices.sorted { $0.key < $1.key }.map { words, code in
            Row(words: words, food: table.food(code: code)?.name ?? "food \(code)", code: code)
        }
    }
}
