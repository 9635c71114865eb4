import CalorinaModel

// A question the person asks of the log (issue 29): "how many calories do I have left", "what did
// I eat yesterday", "how many calories in a big mac". It is never logged: it is read as the view
// that answers it, and the command that view is, so the answer can name it ("= history 7 protein").
// (Not to be confused with `Question` in the session, which is Calorina asking back.)

/// A question in plain words, read as the view that answers it.
public struct Inquiry: Equatable, Sendable {
    /// What the question asks for.
    public enum Asks: Equatable, Sendable {
        /// kcal still to eat against the goal.
        case kcalLeft
        /// kcal eaten.
        case kcalEaten
        /// kcal burned by exercise.
        case kcalBurned
        /// A nutrient or water against its target.
        case nutrient(TargetNutrient)
        /// Protein, carbs and fat together.
        case macros
        /// What was eaten: the entries.
        case eaten
        /// Whether the goal was met, or the period is on track (with the streak).
        case goal
        /// The weight and its trend.
        case weight
        /// When the goal weight comes.
        case weightGoal
        /// Exercise, of one movement when the words name one ("pushups", "run").
        case exercise(String?)
        /// A food's kcal, or one nutrient of it: a lookup, never a log.
        case food(TargetNutrient?)
        /// What to eat next, within the kcal left.
        case suggest
    }

    /// A stretch of days the question names ("this week", "in the last 10 days").
    public enum Period: Equatable, Sendable {
        /// The last N days, today included.
        case days(Int)
        /// `week` (7 days ending today), `month` (so far), `year`.
        case current(HistoryPeriod)
        /// `last week`, `last month`: the calendar one that many before this one.
        case ago(HistoryPeriod, Int)

        /// About how many days it spans, for views that take a count of days.
        public var dayCount: Int {
            switch self {
            case .days(let days): days
            case .current(let period), .ago(let period, _):
                switch period {
                case .week: 7
                case .month: 30
                case .year: 365
                }
            }
        }
    }

    /// What is asked.
    public var asks: Asks
    /// The day asked about, when one was said.
    public var day: DaySpec?
    /// The meal asked about, when one was said.
    public var meal: Meal?
    /// The period asked about, when one was said.
    public var period: Period?
    /// The food asked about, for a lookup.
    public var food: FoodPhrase?
    /// The command whose view answers the question.
    public var command: Command
    /// That command as a person would type it: the answer names it.
    public var commandText: String

    /// Creates an inquiry.
    public init(
        asks: Asks, day: DaySpec? = nil, meal: Meal? = nil, period: Period? = nil, food: FoodPhrase? = nil,
        command: Command, commandText: String
    ) {
        self.asks = asks
        self.day = day
        self.meal = meal
        self.period = period
        self.food = food
        self.command = command
        self.commandText = commandText
    }

    /// A short name of what is asked, for `--json`.
    public var asksName: String {
        switch asks {
        case .kcalLeft: "kcal_left"
        case .kcalEaten: "kcal_eaten"
        case .kcalBurned: "kcal_burned"
        case .nutrient(let nutrient): nutrient.rawValue
        case .macros: "macros"
        case .eaten: "eaten"
        case .goal: "goal"
        case .weight: "weight"
        case .weightGoal: "goal_weight"
        case .exercise: "exercise"
        case .food: "food"
        case .suggest: "suggest"
        }
    }
}
