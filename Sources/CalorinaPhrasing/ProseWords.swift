import CalorinaLanguage
import CalorinaSupport

/// The closed word lists of the prose reader, by what they do.
enum ProseWords {
    /// Verbs, pronouns and particles that frame a meal: "I savoured", "my breakfast consisted
    /// of", "to kick off my day I had", "for my snack I opted for". At the start of a clause they
    /// are dropped; after a mention has begun, the verbs end it ("…, savouring every bite").
    static let frameVerbs: Set<String> = [
        "had", "have", "has", "having", "ate", "eat", "eating", "eaten", "drank", "drink", "drinking", "enjoyed",
        "enjoy", "enjoying", "enjoys", "savored", "savoured", "savor", "savour", "savoring", "savouring", "indulged",
        "indulge", "indulging", "treated", "treat", "treating", "sipped", "sip", "sipping", "opted", "opting",
        "chose", "choose", "chosen", "grabbed", "grab", "grabbing", "feasted", "feasting", "relished", "relishing",
        "devoured", "devouring", "munched", "munching", "nibbled", "nibbling", "snacked", "snacking", "started",
        "start", "starting", "began", "begin", "beginning", "kicked", "kick", "kicking", "kicks", "finished",
        "finishing", "ended", "ending", "end", "fueled", "fuelled", "fuel", "fueling", "fuelling", "prepared",
        "prepare", "preparing", "opened", "tried", "try", "trying", "picked", "decided", "consisted", "consists",
        "consist", "consisting", "included", "includes", "include", "including", "featured", "features", "feature",
        "featuring", "was", "is", "are", "were", "am", "be", "been", "will", "would", "going", "i'm", "i’m",
        "quenched", "quenching", "quench", "satisfied", "satisfying", "satisfy", "refueled", "refuelled",
        "refueling", "refuelling", "craving", "craved", "delighted", "delighting", "relaxed", "relaxing",
        "unwinding", "unwound", "celebrated", "celebrating", "settled", "settling", "went", "reached", "reaching",
        "ordered", "ordering", "got", "getting", "made", "making", "served",
        "helped", "brought", "bought", "keeping", "kept", "giving", "gave", "adding", "added",
        "providing", "provided", "leaving", "left", "offering", "offered", "paired", "pairing", "accompanied",
        "complemented", "complementing", "washed", "washing", "rounded", "rounding",
        "chased", "balanced", "balancing", "sampled", "sampling", "tasted", "tasting", "loved", "love", "loving",
        "like", "liked", "felt", "feel", "feeling", "hit", "hits", "tucked", "dug", "digging",
        "partook", "partaking", "consumed", "consuming", "polished", "munch", "fancied", "fancy", "wanted", "want",
        "sated", "kickstart", "kickstarted", "unwind", "unwound", "refreshed", "refresh", "poured", "pouring",
        "chewed", "chewing", "blending", "combining", "ensuring", "focusing", "bringing", "using", "used",
        "resist", "couldn't", "could", "decide", "opt", "warmed", "boosted", "powered", "recharged", "fed",
        "need", "needed", "reach", "reached", "toasting", "drizzling", "serving", "spreading", "topping",
        "freshened", "freshen", "calls", "call", "i'll", "i’ll", "we'll", "i'd", "i've", "i’ve", "prefer",
        "energized", "energised", "hydrated", "nourished", "stayed", "stay",
        "crunching", "crunched", "incorporate", "incorporating", "incorporated", "staying", "give", "stirred",
        "always", "usually", "often", "sometimes",
    ]

    /// Words that frame without being verbs: who eats, when, and the meal it is.
    static let frameWords: Set<String> = [
        "i", "me", "my", "myself", "we", "our", "us", "it", "its", "it's", "this", "that", "these", "those", "there",
        "today", "tonight", "morning", "evening", "afternoon", "night", "day", "midday", "mid-day", "noon",
        "lunchtime", "dinnertime", "time", "break", "meal", "meals", "mealtime", "menu", "on", "in", "to", "for",
        "with", "at", "during", "while", "as", "of", "off", "up", "down", "and", "then", "also", "so", "just",
        "finally", "later", "after", "before", "out", "into", "by", "part", "course", "main", "first", "next",
        "today's", "tonight's", "morning's", "evening's", "afternoon's", "day's", "supper's", "dinner's",
        "lunch's", "breakfast's", "snack's", "post-workout", "pre-workout", "workout", "good", "bad", "hungry",
        "starving", "full", "busy", "tired", "stuffed",
        "late-night", "mid-morning", "mid-afternoon", "the", "leisurely", "pick-me-up",
        "thirst", "hunger", "cravings", "appetite", "tooth", "again", "now", "here", "decided", "go", "round",
        "off", "dessert", "treat", "bite", "bites", "refreshment", "refreshments", "something", "what", "when",
        "where", "sunday", "brunch", "every", "flavors", "flavours", "between", "them", "him", "her", "you",
        "your", "their", "his", "oops", "whoops", "yum", "lol", "haha", "ugh", "honestly", "sadly",
    ]

    /// Nouns that name the occasion, not a food: "a light meal of", "a sweet treat consisting of".
    static let occasions: Set<String> = [
        "meal", "snack", "snacks", "treat", "breakfast", "lunch", "dinner", "supper", "dessert", "brunch",
        "pick-me-up", "bite", "refreshment", "feast", "spread", "break", "start", "delight", "indulgence",
        "appetizer", "starter", "go-to", "flavor", "flavour", "taste", "recipe", "dish",
    ]

    /// Words that open a comment about the food rather than another food: "which hit the spot",
    /// "that was perfectly ripe".
    static let commentOpeners: Set<String> = relatives.union([
        "perfect", "ideal", "each", "every", "both", "all", "even", "really", "truly",
    ])
    /// Words that end a mention and start a comment on it: "a muffin which was still warm".
    static let relatives: Set<String> = [
        "which", "that", "who", "whose", "where", "while", "when", "because", "since", "until", "making",
        "keeping", "giving", "leaving", "adding", "providing", "offering", "so", "but", "although", "though",
        "feeling", "weighing", "weighed", "totaling", "totalling", "measuring", "using", "ensuring", "bringing",
        "combining", "such", "between",
    ]

    /// Phrases that join two mentions: "paired with", "washed it all down with", "alongside".
    /// A verb of this list, then any of `connectiveObjects` and `connectiveParticles`, then "with"
    /// or "by".
    static let connectiveVerbs: Set<String> = [
        "paired", "pairing", "accompanied", "accompanying", "complemented", "complementing", "followed",
        "following", "washed", "washing", "rounded", "rounding", "finished", "finishing", "chased", "chasing",
        "balanced", "balancing", "served", "combined", "teamed", "matched", "coupled", "enjoyed", "along",
        "together", "topped", "ended", "ending",
    ]
    static let connectiveObjects: Set<String> = ["it", "all", "them", "everything", "this", "that", "my", "meal"]
    static let connectiveParticles: Set<String> = ["down", "off", "up", "out"]
    /// Connectives of one word: "alongside", "plus".
    static let soloConnectives: Set<String> = ["alongside", "plus", "besides"]

    /// Words of appeal, taste, temperature and texture that no FNDDS food name uses: "a hearty
    /// bowl", "a refreshing glass", "velvety ice cream". Dropped anywhere in a mention.
    static let appeal: Set<String> = [
        "amazing", "appetizing", "appetising", "aromatic", "bubbly", "buttery", "comforting", "convenient", "cosy",
        "cozy", "decadent", "deliciously", "delightful", "delightfully", "divine", "energizing", "energising",
        "fantastic", "fizzy", "flavorful", "flavourful", "fluffy", "fragrant", "generously", "gooey", "guilt-free",
        "healthful", "heavenly", "hefty", "icy", "indulgent", "invigorating", "lovely", "luscious", "mild", "moist",
        "mouth-watering", "mouthwatering", "nice", "nicely", "nutritious", "perfectly", "piping", "refreshing",
        "revitalizing", "robust", "satisfying", "savory", "savoury", "scrumptious", "smooth", "soothing",
        "steaming", "steamy", "succulent", "sumptuous", "tempting", "traditional", "velvety", "vibrant",
        "warm", "warming", "wholesome", "wonderful", "yummy", "zingy", "zippy", "delicious", "tasty", "hearty",
        "straight", "tangy", "crispy-edged", "chocolatey", "chocolaty", "refreshingly", "equally", "simply",
        "satisfyingly", "homey", "ice-cold", "delectable", "straightforward", "colorful", "colourful", "sugary",
        "yet", "quite", "unique", "classic", "single", "rich", "lovingly", "either",
        "favorite", "favourite", "trusty", "beloved", "handy", "tasty-looking",
    ]

    /// Words that say how a food is, which a list of them separates with commas ("a cup of
    /// rich, buttery popcorn"), beside `PhrasingWords.listedAdjectives` and `appeal`.
    static let describing: Set<String> = [
        "rich", "creamy", "crispy", "crunchy", "bottled", "salted", "unsalted", "sweetened", "unsweetened",
        "toasted", "golden", "tender", "light", "plain", "chewy", "spicy", "mild", "flaky", "grilled", "baked",
    ]

    /// Words that join a food to what follows it, which never stand between an article and
    /// the occasion it opens ("a light meal of" is one; "a flapjack for dessert" is a food).
    static let linking: Set<String> = ["for", "at", "with", "in", "on", "to", "during", "after", "before", "from"]

    /// Words of how a food tastes or feels that an "and" may join ("sweet and juicy", "crisp
    /// and refreshing"), beside `appeal`, `describing` and the listed adjectives.
    static let tastes: Set<String> = [
        "sweet", "juicy", "fresh", "crisp", "ripe", "salty", "savory", "savoury", "tart", "zesty", "fruity",
        "nutty", "smoky", "soft", "warm", "cold", "cool", "chilled", "crunchy", "fluffy", "light", "airy",
    ]

    /// True for a word of `appeal`, `describing`, `tastes` or the listed adjectives.
    static func saysHowItIs(_ word: String) -> Bool {
        appeal.contains(word) || describing.contains(word) || tastes.contains(word)
            || PhrasingWords.listedAdjectives.contains(word)
    }

    /// Participles that say what a food holds or is covered with: "a sandwich filled with
    /// ham", "an enchilada covered in sauce" read as "with".
    static let holding: Set<String> = [
        "filled", "covered", "coated", "enriched", "enhanced", "drizzled", "stuffed", "smothered", "loaded",
        "sprinkled", "garnished", "nestled", "dipped", "dusted", "glazed", "spread", "layered", "infused",
        "featuring", "containing", "accented", "packed", "brimming", "bursting", "complete", "tossed", "paired",
    ]

    /// Participles of `holding` that say what is inside a food: "a burrito packed with meat",
    /// "a sandwich featuring a chicken fillet" read as "filled with", which the resolver takes for
    /// the dish's own filling, never a second food, when no amount is said.
    static let inside: Set<String> = [
        "filled", "stuffed", "packed", "brimming", "bursting", "containing", "featuring",
    ]

    /// Words for something to drink, an occasion when nothing follows ("for a refreshing
    /// drink, I had …").
    static let drinks: Set<String> = ["drink", "beverage"]

    /// Words of taste that name a food of their own ("Crisp, apple") and so are dropped only
    /// right after the article or the count: "a crisp apple", "two juicy peaches".
    static let tasteBefore: Set<String> = ["crisp", "juicy", "crunchy", "ripe"]

    /// Wholes a piece is cut from, said after "from": "a slice from a medium pie".
    static let wholes: Set<String> = ["pie", "pizza", "cake", "loaf", "batch", "tray", "pan", "box"]

    /// Words that say a container holds one serving: "an individual carton of juice", "a
    /// snack-size bag of chips", "a single serving bag", "a school carton": USDA's small one.
    static let singleServing: Set<String> = [
        "individual", "school", "snack-size", "snack-sized", "single", "single-serve", "single-serving",
        "fun-size", "fun-sized", "kid-size", "kid-sized", "personal", "personal-size", "personal-sized",
    ]

    /// Nouns of a phrase that says what the food before it was, not another food: ", a
    /// perfect choice for lunch", ", a quick and easy option".
    static let appositions: Set<String> = [
        "option", "choice", "addition", "combination", "combo", "pairing", "accompaniment", "complement",
        "go-to", "staple", "boost", "flavor", "flavour", "flavors", "flavours", "texture", "goodness", "energy",
        "sweetness", "richness",
        "hydration", "experience", "moment", "perfection", "dish", "bite", "treat", "snack", "meal",
    ]

    /// Times of day and occasions that a phrase of when ends with: "on a sunny afternoon",
    /// "before bed", "after my workout".
    static let times: Set<String> = [
        "morning", "afternoon", "evening", "night", "day", "weekend", "bed", "bedtime", "work", "workout", "run",
        "gym", "school", "class", "practice", "game", "movie", "meal", "meals", "mealtime", "midday", "noon",
        "lunchtime", "dinnertime", "break", "dessert",
    ]

    /// Places a food is bought ready to eat from, said after "from": USDA's "from restaurant".
    static let eateries: Set<String> = [
        "restaurant", "restaurants", "pizzeria", "diner", "cafe", "café", "bistro", "eatery", "chain", "joint",
        "spot", "takeout", "takeaway", "pub", "steakhouse", "deli", "trattoria", "grill",
    ]

    /// Words of how a food tastes or feels, which a phrase about it ends with ("with a unique
    /// flavor profile").
    static let sensations: Set<String> = [
        "flavor", "flavour", "flavors", "flavours", "profile", "texture", "taste", "crunch", "kick", "aroma",
        "goodness", "sweetness", "richness", "coating", "finish", "twist", "touch",
    ]

    /// Verbs of going somewhere: a clause of one and no amount is about the place ("we went out
    /// for Italian").
    static let goingVerbs: Set<String> = [
        "went", "go", "going", "came", "stopped", "headed", "popped", "woke", "worked", "missed", "forgot",
    ]

    /// Verbs that say what an occasion was: "my lunch was", "tonight's meal includes".
    static let linkVerbs: Set<String> = [
        "is", "was", "are", "were", "includes", "included", "consists", "consisted", "features", "featured",
    ]

    /// Sizes a portion is said in, kept when the other words before a portion word go.
    static let portionSizes: Set<String> = Unit.sizeWords.union([
        "regular", "mini", "extra-large", "big", "kids", "kid's", "child", "double", "king-size", "king",
    ])

    /// Words for a serving that no USDA portion is called by: "a large order of fries", "a small
    /// drink of lemonade", "a generous helping of stew".
    static let servingNouns: Set<String> = ["order", "orders", "drink", "drinks", "helping", "helpings"]

    /// What starts a mention: an amount or an article.
    static let openers: Set<String> = [
        "a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "half", "some", "couple", "few", "several", "quarter", "third", "another", "pair",
    ]

    /// Words of `appeal` a recipe line says too ("2 cups warm water", "½ cup smooth peanut
    /// butter", "150ml single cream"): they make no line prose by themselves.
    static let recipeWords: Set<String> = [
        "warm", "smooth", "single", "rich", "classic", "mild", "moist", "straight", "either", "yet", "quite",
        "equally", "simply", "traditional", "generously", "piping", "icy", "handy", "fragrant", "aromatic",
        "buttery", "fluffy", "gooey", "steaming", "unique", "bubbly", "fizzy", "cozy", "cosy", "homey", "robust",
    ]

    /// Every word that says a line is prose: the rule runs only when the line holds one. The
    /// verbs people use for a meal they describe rather than log ("had", "ate", "is" are the
    /// phrasing pass's own: "I had 2 eggs"), connectives, words of appeal, and "I" ("my" is
    /// not one: "my granola" may be the name of one's own food; nor are "plus", "washed" and
    /// the like, which recipes print: "plus more for dusting", "rice, washed").
    static let markers: Set<String> = appeal.subtracting(recipeWords).union([
        "i", "today's", "tonight's", "savored", "savoured", "savor", "savour", "savoring", "savouring",
        "enjoyed", "enjoying", "enjoy", "indulged", "indulging", "indulge", "treated", "treating", "sipped",
        "sipping", "opted", "feasted", "relished", "relishing", "devoured", "kicked", "consisted", "consisting",
        "consists", "featured", "featuring", "quenching", "quenched", "refueled", "refuelled", "paired", "pairing",
        "accompanied", "complemented", "alongside", "i'm", "i’m", "having",
        "snacking", "starting", "sipping", "munching", "grabbing", "adding", "perfect", "go-to", "includes",
        "included", "consisted",
    ])
}
