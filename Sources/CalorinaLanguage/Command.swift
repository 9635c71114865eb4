import CalorinaModel
import CalorinaSupport

/// What one line asks for: the parser's result, before any food is looked up.
public enum Command: Equatable, Sendable {
    /// Log what was eaten.
    case log(LogCommand)
    /// Show a day (`today`, `yesterday`, `2026-11-20`, `day mon`).
    case show(DaySpec)
    /// Take back the last change of the one who asks; `undo any`: the last change, whoever made it.
    case undo(anyone: Bool)
    /// Show help, on a topic when one is given.
    case help(topic: String?)
    /// Leave the program.
    case quit
    /// An empty line or a `#` comment.
    case nothing
    /// `search WORDS`: foods ranked for the words.
    case search(String)
    /// `info FOOD`: a food's energy, portions and macros.
    case info(FoodPhrase)
    /// `define NAME = 210 kcal per bar`: a food of the user's own.
    case define(FoodDefinition)
    /// `edit food NAME = 12 g fat`: new values for some of a user food's facts; the rest stay.
    case editFood(FoodDefinition)
    /// `alias NAME = FOOD`: another name for a food.
    case alias(name: String, target: FoodPhrase)
    /// `recipe NAME = ITEMS`: a named list of items, logged as their sum.
    case recipe(name: String, items: [LogItem], text: String)
    /// `recipe NAME serves 6`: the ingredient lines follow, one a line, until an empty line;
    /// one serving is their sum divided by the servings.
    case pastedRecipe(name: String, serves: Double)
    /// `foods`: the user's foods, aliases and recipes.
    case foods
    /// `rename OLD = NEW`.
    case rename(from: String, to: String)
    /// `forget NAME`: delete a user food, alias or recipe.
    case forget(String)
    /// `choices`: the picks remembered for words that fit several foods.
    case choices
    /// `devices`: the devices that write in the data folder, and what each wrote.
    case devices
    /// `forget choice WORDS`: let go of the pick remembered for those words.
    case forgetChoice(String)
    /// `set age 34`, `set height 5'10"`, `set units imperial`…
    case set(Setting)
    /// `goal`, `goal lose 0.5`, `goal gain 0.25`, `goal maintain`, `goal 1800`.
    case goal(GoalRequest?)
    /// `profile`: show it, or on a terminal walk through it.
    case profile
    /// `weight 81.2`, `weighed 180 lb yesterday`: a weight and its unit, kg or lb (nil: the
    /// profile's units).
    case weight(value: Double, unit: Unit?, day: DaySpec?)
    /// `water 500 ml`, `water +250`, `2 glasses of water`: millilitres.
    case water(milliliters: Double, day: DaySpec?)
    /// `ran 30 min`, `5 km run`, `burned 300 kcal rowing`.
    case exercise(ExerciseCommand)
    /// `3 sets of 10 pushups`, `plank 60 s`, `10000 steps`: exercise counted rather than timed.
    case workout(WorkoutCommand)
    /// `exercise week`, `workouts last month`: each movement's reps, sets, best set and trend, and
    /// the minutes and kcal of cardio.
    case workouts(HistoryPeriod, PeriodChoice? = nil)
    /// `delete 3`: the entry numbered 3 in the day shown.
    case delete([Int], day: DaySpec?)
    /// `edit 3 1.5 cups`: a new amount for entry 3.
    case edit(Int, LogItem, day: DaySpec?)
    /// `move 3 to lunch`.
    case move(Int, Meal, day: DaySpec?)
    /// `again`: the last entry once more, now; `again breakfast`: yesterday's breakfast again;
    /// with a day (`again yesterday`, `again breakfast 2026-11-20`), onto that day, a meal from
    /// the day before it.
    case again(Meal?, day: DaySpec? = nil)
    /// `copy yesterday breakfast`, `copy 2026-11-20`: a day's (or a meal's) food into the day
    /// being edited, or into the day after `to` (`copy yesterday to 2026-11-24`); `force` lets
    /// more than `Session.maxEntriesPerLine` entries through; `toMeal` puts the copies in that
    /// meal (`copy yesterday breakfast to lunch`).
    case copy(DaySpec, Meal?, force: Bool, to: DaySpec? = nil, toMeal: Meal? = nil)
    /// `redo`: what `undo` took back; `redo any`: whoever's it was.
    case redo(anyone: Bool)
    /// `day yesterday`: edit and show that day until `today`.
    case switchDay(DaySpec)
    /// `week`, `month`, `year`, `history 90`: days against the goal.
    case history(HistoryRequest)
    /// `history 30 protein`: the last N days, each against the target for that nutrient in
    /// force on it.
    case targetHistory(TargetNutrient, days: Int)
    /// `weights month`: the logged weights, their trend, and when the goal weight comes;
    /// `weights 2026-10`, `weights last month`: those of one calendar week, month or year.
    case weights(HistoryPeriod, PeriodChoice? = nil)
    /// `export csv 2026-11-01 to food.csv`.
    case export(ExportRequest)
    /// `import food.csv`: our own CSV or JSON, or a MyFitnessPal food diary.
    case importFile(String)
    /// `import log.csv --map "date=Day,food=Food Name,kcal=Energy (kcal)"`: another program's
    /// CSV, its columns named by the map.
    case importMapped(ImportRequest)
    /// `export all --out backup.json`: the whole data folder in one file, which `import`
    /// restores into an empty folder; nil file: to standard output.
    case exportAll(file: String?)
    /// `suggest`, `suggest lunch`: the foods most often logged at this meal lately.
    case suggest(Meal?)
    /// `doctor`: check the data files; `doctor restore [FILE]`: put back their backups.
    case doctor(restore: DoctorTarget?)
    /// `log 2 200 g lunch`, or `2` right after a list: item 2 of the last numbered list.
    case pick(PickCommand)
    /// `how many calories do I have left`, `what did I eat yesterday`: a question, answered
    /// by the view of `Inquiry.command`; never logged.
    indirect case inquiry(Inquiry)
}

/// A profile setting and its value.
public enum Setting: Equatable, Sendable {
    case age(Int)
    case sex(Sex)
    case height(centimeters: Double)
    case weight(value: Double, unit: Unit?)
    case units(UnitSystem)
    case activity(ActivityLevel)
    case confirmOverGoal(Bool)
    case waterGoal(milliliters: Double)
    case goalWeight(value: Double, unit: Unit?)
}

/// What `goal …` asks for.
public enum GoalRequest: Equatable, Sendable {
    case maintain
    /// A rate a week in the unit said (`goal lose 1 lb a week`), else in the profile's units.
    case lose(Double, unit: Unit? = nil)
    case gain(Double, unit: Unit? = nil)
    case fixed(Double)
    /// `goal protein 150 g`, `goal protein 30 %`, `goal fat under 70 g`, `goal water 2 l`;
    /// a nil amount clears it (`goal protein off`).
    case target(TargetNutrient, TargetAmount?)
    /// `goals`: every target in force, and where each comes from.
    case targets
}

/// An exercise line: what was done, and for how long, how far, or how much it burned.
public struct ExerciseCommand: Equatable, Sendable {
    /// The activity's words as typed (`ran`, `cycling`, `weight lifting`); empty when only kcal
    /// were given.
    public var activity: String
    public var minutes: Double?
    public var kilometers: Double?
    /// kcal typed directly: `burned 300 kcal`.
    public var kcal: Double?
    public var day: DaySpec?
    /// Where the activity's words stand.
    public var range: SourceRange

    /// Creates an exercise command.
    public init(
        activity: String, minutes: Double?, kilometers: Double?, kcal: Double?, day: DaySpec?, range: SourceRange
    ) {
        self.activity = activity
        self.minutes = minutes
        self.kilometers = kilometers
        self.kcal = kcal
        self.day = day
        self.range = range
    }
}

/// A user food as `define` gives it (energy and any macros and nutrients per one unit, `bar`,
/// `serving`, or per 100 g or ml), or what `edit food` changes of one.
public struct FoodDefinition: Equatable, Sendable {
    /// The name as typed.
    public var name: String
    /// What the line says of the food; for `define`, energy or all three macros at least.
    public var facts: FoodFacts
    /// What the facts are per: 1 bar, 100 g; nil in `edit food` when the line keeps it.
    public var per: Basis?

    /// What a food's facts are per.
    public struct Basis: Equatable, Sendable {
        /// How many of `unit`: 1 bar, 100 g.
        public var amount: Double
        /// The unit or portion word: `bar`, `serving`, `g`, `ml`, `cup`.
        public var unit: String
        /// What that amount weighs, when said of a portion: `per bar (60 g)`.
        public var grams: Double?

        /// Creates a basis.
        public init(amount: Double, unit: String, grams: Double? = nil) {
            self.amount = amount
            self.unit = unit
            self.grams = grams
        }
    }

    /// Creates a definition.
    public init(name: String, facts: FoodFacts, per: Basis?) {
        self.name = name
        self.facts = facts
        self.per = per
    }

    /// Creates a definition of energy only, per `amount` of `unit`.
    public init(name: String, kcal: Double, amount: Double, unit: String) {
        self.init(name: name, facts: FoodFacts(kcal: kcal), per: Basis(amount: amount, unit: unit))
    }
}

/// A log line: one or more items, with the meal and day they go to when the line says so.
public struct LogCommand: Equatable, Sendable {
    /// The items, in the order typed.
    public var items: [LogItem]
    /// The meal named on the line, if any; otherwise the time of day chooses.
    public var meal: Meal?
    /// The day named on the line, if any; otherwise today.
    public var day: DaySpec?

    /// Creates a log command.
    public init(items: [LogItem], meal: Meal? = nil, day: DaySpec? = nil) {
        self.items = items
        self.meal = meal
        self.day = day
    }
}

/// One food and its amount, or calories typed directly.
public struct LogItem: Equatable, Sendable {
    /// How the item was joined to the one before it.
    public enum Joiner: Equatable, Sendable {
        /// The first item of the line.
        case none
        /// `and` or `&`: words that may also belong inside a food name ("mac and cheese").
        case and
        /// `with`: also found inside food names ("coffee with milk").
        case with
        /// `,`, `+` or `;`: never part of a name.
        case punctuation
    }

    /// The count, when one was given (`2`, `1.5`, `a`, `half`, `x2`); nil means one.
    public var count: Double?
    /// The unit after the count, if any.
    public var unit: Unit?
    /// The unit as typed (`pounds`, `fl oz`), when it was a word.
    public var unitWord: String?
    /// The food's words, if any (direct calories may have none).
    public var food: FoodPhrase?
    /// Where the count stands, when there is one (`2`, `x2`, `200g`).
    public var countRange: SourceRange?
    /// Calories typed directly for this item (`650 kcal`): they replace the table's value.
    public var kcal: Double?
    /// How the item was joined to the one before it.
    public var joiner: Joiner
    /// Where the item stands in the line.
    public var range: SourceRange
    /// Set when the food is a portion word that stood where a unit would ("1 bar", "2 cookies"
    /// after `define bar = …`): it is the food only when it is one of the user's names; otherwise
    /// the line is missing its food, and this holds the words before it, for the error.
    public var unitAsFood: String?
    /// A count typed as a range ("2-3"), as typed: the count is its middle.
    public var countText: String?
    /// True when the count was a word ("a jacket potato", "two eggs"), not digits: a word after
    /// it is never taken for a misspelt unit.
    public var countInWords = false
    /// True when a note after the item said how the cook cut or readied it (", peeled and
    /// diced"): an ingredient, which a recipe buys raw.
    public var isIngredient = false
    /// The meal said for this item in a paragraph of several meals ("breakfast: porridge;
    /// lunch: a sandwich"), nil for the line's meal.
    public var meal: Meal?
    /// The other foods a recipe offered in its place ("jasmine or long-grain rice", "gouda,
    /// edam or cheddar cheese"), in the order said: tried, in turn, only when the first names none.
    public var choices: [FoodPhrase] = []

    /// Creates an item.
    public init(
        count: Double? = nil, unit: Unit? = nil, food: FoodPhrase? = nil, kcal: Double? = nil,
        joiner: Joiner = .none, range: SourceRange
    ) {
        self.count = count
        self.unit = unit
        self.food = food
        self.kcal = kcal
        self.joiner = joiner
        self.range = range
    }

    /// True when the item has only a food: no count, unit or calories.
    public var isBareFood: Bool { count == nil && unit == nil && kcal == nil }
}

/// The words that name a food, as typed.
public struct FoodPhrase: Equatable, Sendable {
    /// The words, lowercased.
    public var words: [String]
    /// The text as typed, for messages.
    public var text: String
    /// Where the words stand in the line.
    public var range: SourceRange

    /// Creates a phrase.
    public init(words: [String], text: String, range: SourceRange) {
        self.words = words
        self.text = text
        self.range = range
    }
}

/// A day as a line names it, resolved against today's date later.
public enum DaySpec: Equatable, Sendable {
    case today
    case yesterday
    /// `N` days before today (`-2`, `2 days ago`).
    case daysAgo(Int)
    /// The most recent such weekday, today included (1 = Monday … 7 = Sunday).
    case weekday(Int)
    /// The most recent such weekday before today (`last friday`).
    case lastWeekday(Int)
    /// A calendar date.
    case date(CivilDate)

    /// The date this names, given today's date.
    public func resolve(today: CivilDate) -> CivilDate {
        switch self {
        case .today: return today
        case .yesterday: return today.adding(days: -1)
        case .daysAgo(let days): return today.adding(days: -days)
        case .weekday(let weekday): return today.adding(days: -((today.weekday - weekday + 7) % 7))
        case .lastWeekday(let weekday): return today.adding(days: -((today.weekday - weekday + 6) % 7 + 1))
        case .date(let date): return date
        }
    }
}
