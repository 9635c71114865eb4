import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// The words questions are read by.
enum InquiryWords {
    /// Words that start a question by themselves.
    static let questionWords: Set<String> = [
        "how", "what", "when", "which", "why", "where", "who", "whats", "hows", "whens",
    ]
    /// Words that may start a question as typed, typos and contractions included.
    static let questionStarts: Set<String> = questionWords.union([
        "is", "are", "am", "was", "were", "tell", "show", "give", "any", "whenever", "hw", "hwo", "ho", "hiw", "wat",
        "wot", "wht", "whta", "waht",
    ]).union(contractions.keys)
    /// First words that make a topic of the line ("calories in a bagel", "average protein").
    static let topicStarts: Set<String> = kcalWords.union(TargetNutrient.wordTable.keys).union([
        "nutrition", "macros", "average", "avg", "calroies", "calories", "cals", "kcals",
    ])
    /// Words that start a question when a person follows ("did I", "have we", "should I").
    static let auxiliaries: Set<String> = [
        "did", "do", "does", "have", "has", "had", "should", "shall", "can", "could", "will", "would", "may", "might",
        "must", "didn't", "didnt", "havent", "haven't", "dont", "don't",
    ]
    static let pronouns: Set<String> = ["i", "we", "my", "me", "you", "u", "it", "i'm", "im", "i've", "ive"]
    static let kcalWords: Set<String> = [
        "calories", "calorie", "kcal", "kcals", "cals", "cal", "energy", "kilocalories",
    ]
    static let leftWords: Set<String> = [
        "left", "remaining", "remain", "spare", "still", "budget", "allowance", "more",
    ]
    static let eatWords: Set<String> = [
        "eat", "ate", "eaten", "eating", "had", "have", "consumed", "consume", "logged", "intake", "food",
    ]
    static let burnWords: Set<String> = ["burn", "burned", "burnt", "burning", "burns"]
    static let weightWords: Set<String> = [
        "weight", "weigh", "weighed", "weighing", "lost", "lose", "losing", "gained", "gaining", "heavier", "lighter",
        "kilos", "pounds", "lbs", "bmi", "scale", "stone", "stones",
    ]
    static let exerciseWords: Set<String> = [
        "exercise", "exercised", "workout", "workouts", "worked", "work", "train", "trained", "training", "gym", "far",
        "distance", "active", "run", "ran", "running", "runs", "jog", "jogged", "jogging", "walk", "walked",
        "walking", "walks", "cycle", "cycled", "cycling", "bike", "biked", "biking", "swim", "swam", "swimming",
        "pushups", "pushup", "push-ups", "press-ups", "pressups", "situps", "sit-ups", "squats", "squat",
        "pullups", "pull-ups", "chinups", "plank", "planks", "lunges", "burpees", "crunches", "steps", "reps",
        "rowed", "rowing", "hike", "hiked", "hiking", "yoga",
    ]
    /// Exercise words that name no movement.
    static let anyExercise: Set<String> = [
        "exercise", "exercised", "workout", "workouts", "worked", "work", "train", "trained", "training", "gym", "far",
        "distance", "active", "reps",
    ]
    /// Words before "in" that make it a lookup ("calories in", "what's in").
    static let lookupWords: Set<String> = kcalWords.union(["what", "much", "many", "nutrition", "macros", "sugar"])
    /// Words after "is X" that ask about a food.
    static let judgements: Set<String> = [
        "healthy", "unhealthy", "healthier", "good", "bad", "ok", "okay", "fattening", "nutritious", "high", "low",
        "better", "worse", "allowed", "fine", "keto",
    ]
    static let articles: Set<String> = [
        "a", "an", "the", "one", "some", "my", "this", "that", "there", "of", "is", "are",
    ]
    static let trailing: Set<String> = [
        "have", "has", "contain", "contains", "please", "pls", "then", "for", "me", "now",
    ]
    static let notFood: Set<String> = [
        "total", "all", "general", "average", "it", "morning", "afternoon", "evening", "night", "day", "so", "far",
        "today", "me", "there", "left", "more", "anything", "something", "now", "else",
    ]
    /// Words a question without a question word may hold beside its topic ("calories left?").
    static let bareWords: Set<String> = [
        "left", "remaining", "so", "far", "total", "my", "i", "have", "eaten", "intake", "how", "much", "many",
        "streak", "weight", "still", "do", "today's", "daily", "of", "burn", "burned", "burnt", "macros", "average",
        "avg", "total",
    ]

    /// A typed word made plain: typos of the words questions are read by, and contractions.
    static func plain(_ word: String) -> [String] {
        let word = String(word.map { $0 == "’" ? "'" : $0 })
        if let split = contractions[word] { return split }
        if let fixed = typos[word] { return [fixed] }
        if word.count >= 6, !known.contains(word) {
            for key in fuzzyKeys where abs(key.count - word.count) <= 1 && editDistance(word, key, limit: 1) <= 1 {
                return [key]
            }
        }
        return [word]
    }

    static let contractions: [String: [String]] = [
        "what's": ["what", "is"], "whats": ["what", "is"], "how's": ["how", "is"], "hows": ["how", "is"],
        "i'm": ["i", "am"], "im": ["i", "am"], "i've": ["i", "have"], "ive": ["i", "have"],
        "didn't": ["did", "not"], "didnt": ["did", "not"], "haven't": ["have", "not"], "havent": ["have", "not"],
        "what've": ["what", "have"], "whatd": ["what", "did"], "what'd": ["what", "did"], "howmuch": ["how", "much"],
        "howmany": ["how", "many"], "wheres": ["where", "is"], "when's": ["when", "is"], "whens": ["when", "is"],
        "how'm": ["how", "am"], "ami": ["am", "i"], "today's": ["today"], "yesterday's": ["yesterday"],
    ]

    static let typos: [String: String] = [
        "hw": "how", "hwo": "how", "ho": "how", "hiw": "how", "mch": "much", "mutch": "much", "muc": "much",
        "mcuh": "much",
        "mny": "many", "manny": "many", "mnay": "many", "wat": "what", "wot": "what", "wht": "what", "whta": "what",
        "waht": "what", "cal": "calories", "cals": "calories", "kcals": "kcal", "calorie": "calories",
        "calries": "calories",
        "calroies": "calories", "calores": "calories", "caloires": "calories", "calorise": "calories",
        "clories": "calories",
        "protien": "protein", "protine": "protein", "proteins": "protein", "todya": "today", "tday": "today",
        "2day": "today", "tdy": "today", "toady": "today", "yday": "yesterday", "yest": "yesterday",
        "ystrday": "yesterday",
        "yesterdy": "yesterday", "wk": "week", "mnth": "month", "remaning": "remaining", "remainig": "remaining",
        "lft": "left", "watter": "water", "wter": "water", "h2o": "water", "excercise": "exercise",
        "exercize": "exercise",
        "excersize": "exercise", "excercised": "exercised", "wieght": "weight", "weigth": "weight", "wight": "weight",
        "wieghed": "weighed", "dinr": "dinner", "brekfast": "breakfast", "breakfst": "breakfast", "lnch": "lunch",
        "u": "you", "r": "are", "eatin": "eating", "consumd": "consumed", "sugr": "sugar", "fibr": "fibre",
        "carbz": "carbs", "whn": "when", "shoud": "should", "shld": "should", "shud": "should", "dd": "did",
        "trak": "track", "trck": "track", "gaol": "goal", "goel": "goal", "streek": "streak",
        "pushup": "pushups", "push-up": "pushups", "press-ups": "pushups", "pressups": "pushups", "push-ups": "pushups",
        "sit-ups": "situps", "pull-ups": "pullups", "helthy": "healthy", "healty": "healthy", "heathy": "healthy",
    ]

    static let fuzzyKeys = [
        "calories", "protein", "yesterday", "exercise", "remaining", "breakfast", "weight", "dinner", "sodium",
        "healthy", "workout", "pushups", "carbohydrates", "saturated",
    ]

    static let known: Set<String> = kcalWords.union(leftWords).union(eatWords).union(burnWords).union(weightWords)
        .union(exerciseWords).union(judgements).union([
            "should", "dinner", "lunch", "snacks", "weights", "weighs", "proteins", "sugars", "healthy", "breakfast",
            "yesterday", "exercise",
        ])
}
