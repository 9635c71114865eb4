import CalorinaModel
import CalorinaSupport

// Meal descriptions in prose ("For supper I savoured a hearty bowl of beef stew, paired with a
// warm buttered roll, and washed it all down with a tall glass of iced tea"): the sentence is
// read for its food mentions before the other phrasing rules run. A prose line is cut into
// clauses at commas, semicolons, sentence ends, connectives ("paired with", "washed down
// with") and an "and" that starts another mention; each clause loses its framing ("I savoured",
// "my snack consisted of", "to start my day") and its comments ("which hit the spot", "for a
// burst of flavour"), and each mention loses its words of appeal, taste and temperature. What is
// left is a list of foods: "dinner: a bowl of beef stew, a buttered roll, a glass of iced tea".
//
// Every word the rule drops comes from the closed lists of `ProseWords` (grammar/calorina.ebnf,
// "prose", lists them); none is about a food.

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

extension PhrasingPass {
    /// True when a sentence ends between the token at `index` and the one before it: the
    /// lexer drops "." as white space, so the typed text between them is read.
    func sentenceEnds(before index: Int) -> Bool {
        guard index > 0, index < tokens.count else { return false }
        let from = min(tokens[index - 1].range.end, scalars.count)
        let to = min(tokens[index].range.start, scalars.count)
        guard from < to else { return false }
        return scalars[from..<to].contains { $0 == "." || $0 == "!" }
    }

    /// How many tokens a connective at `index` spans ("paired with" 2, "washed it all down
    /// with" 5, "alongside" 1), or nil.
    func connectiveLength(at index: Int) -> Int? {
        guard let first = word(index) else { return nil }
        if ProseWords.soloConnectives.contains(first) {
            // "XS Gold Plus" is a name; "plus a coffee" joins.
            return first == "alongside" || opensMention(index + 1) ? 1 : nil
        }
        if first == "as", word(index + 1) == "well", word(index + 2) == "as" { return 3 }
        if first == "with", word(index + 1) == "a", word(index + 2) == "side", word(index + 3) == "of" { return 4 }
        // "while sipping on a coffee": another mention, said as what went with the first.
        if first == "while" || first == "also", let verb = word(index + 1), ProseWords.frameVerbs.contains(verb) {
            return 1
        }
        guard ProseWords.connectiveVerbs.contains(first) else { return nil }
        var at = index + 1
        // "washed it all down with", "paired perfectly with".
        while let object = word(at), ProseWords.connectiveObjects.contains(object) || object.hasSuffix("ly"),
            at - index < 4
        {
            at += 1
        }
        while let particle = word(at), ProseWords.connectiveParticles.contains(particle) { at += 1 }
        guard let joiner = word(at), joiner == "with" || joiner == "by" else { return nil }
        // "topped with", "served with": the food comes with it unless something was said between.
        if (first == "topped" || first == "served" || first == "enjoyed") && at == index + 1 { return nil }
        return at - index + 1
    }

    /// True when the token at `index` starts a mention: an amount or an article.
    func opensMention(_ index: Int) -> Bool {
        guard let token = tokens[safe: index] else { return false }
        if token.number != nil { return true }
        guard let word = token.word else { return false }
        return ProseWords.openers.contains(word) || PhrasingGlance.startsWithNumber(word)
    }

    /// "For supper I savoured a hearty bowl of beef stew, paired with a warm buttered roll":
    /// the food mentions of a sentence or a paragraph, joined by commas, after the meal it names.
    mutating func readProse() {
        // 1. Clauses: cut at punctuation, sentence ends, connectives and an "and" before an
        //    amount or a frame.
        // Each clause keeps what joined it to the one before: "and" and "+" stay as typed
        // ("a sandwich and an apple"), anything else becomes a comma.
        var clauses: [(range: Range<Int>, joiner: Token?)] = []
        var start = 0
        var index = 0
        var joiner: Token?
        var labels: [Range<Int>] = []
        // Where a sentence starts, or a clause follows ";": a meal said there is the next
        // mentions' ("For lunch I had soup. For dinner I had a steak.").
        var sentences: Set<Int> = []
        func cut(_ end: Int, next: Int, by token: Token? = nil) {
            if start < end { clauses.append((start..<end, joiner)) }
            if start < end || joiner == nil { joiner = token }
            start = next
            index = next
        }
        while index < tokens.count {
            let token = tokens[index]
            if sentenceEnds(before: index) {
                cut(index, next: index)
                sentences.insert(index)
            }
            if token.kind == .comma, listsAdjectives(at: index) {
                tokens.remove(at: index)
                continue
            }
            switch token.kind {
            case .colon:
                // "dinner at my mum's: roast chicken …": what stands before a colon is a label.
                labels.append(start..<index)
                cut(index, next: index + 1)
                continue
            case .comma, .semicolon, .plus:
                if token.kind == .semicolon { sentences.insert(index + 1) }
                cut(index, next: index + 1, by: token.kind == .plus ? token : nil)
                continue
            default: break
            }
            if let length = connectiveLength(at: index), index > start {
                cut(index, next: index + length)
                continue
            }
            // "… and mixed it with a cup of water": a verb and its object start a clause too.
            if word(index) == "and", index > start,
                opensMention(index + 1)
                    || word(index + 1).map({ ProseWords.frameVerbs.contains($0) || $0 == "i" })
                        == true
                    || (word(index + 1)?.hasSuffix("ed") == true
                        && ["it", "them"].contains(word(index + 2) ?? ""))
            {
                cut(index, next: index + 1, by: tokens[index])
                continue
            }
            index += 1
        }
        cut(tokens.count, next: tokens.count)

        // 2. Each clause's mention.
        var meal: Token?
        var mentions: [[Token]] = []
        var joiners: [Token?] = []
        // The meal of each mention when it is not the one before it; the meal a new sentence
        // names waits for its first mention.
        var meals: [Token?] = []
        var current: Token?
        var pending: Token?
        for (number, (clause, clauseJoiner)) in clauses.enumerated() {
            var at = clause.lowerBound
            var skipped = 0
            var named: Token?
            func found(_ meal: Meal, at index: Int) {
                if named == nil { named = Token(.word(meal.rawValue), tokens[index].range) }
            }
            // "and paired it with a bag of popcorn": a clause a connective opens is a mention,
            // never a comment on the one before.
            var joined = false
            while at < clause.upperBound {
                guard let typed = word(at) else { break }
                let word = typed.contains("’") ? String(typed.map { $0 == "’" ? "'" : $0 }) : typed
                if let said = MealWords.meal(for: word) {
                    found(said, at: at)
                    if meal == nil { meal = Token(.word(said.rawValue), tokens[at].range) }
                    at += 1
                    skipped += 1
                    continue
                }
                // "a light meal of", "a sweet snack consisting of", "my afternoon treat was".
                if let end = occasionEnd(from: at, before: clause.upperBound) {
                    for inside in at..<end {
                        if let said = self.word(inside).flatMap(MealWords.meal(for:)) {
                            found(said, at: inside)
                            if meal == nil { meal = Token(.word(said.rawValue), tokens[inside].range) }
                        }
                    }
                    skipped += end - at
                    at = end
                    continue
                }
                if let length = connectiveLength(at: at) {
                    if at == clause.lowerBound { joined = true }
                    at += length
                    skipped += length
                    continue
                }
                // "mixed it with", "topped them with": a verb, its object and a preposition.
                if let object = self.word(at + 1), object == "it" || object == "them",
                    let preposition = self.word(at + 2), ["with", "into", "in", "on", "down"].contains(preposition)
                {
                    at += 2
                    skipped += 2
                    continue
                }
                // "to wrap up my day", "to round off the meal": a verb and its particle.
                if let particle = self.word(at + 1), particle == "up" || particle == "off",
                    let next = self.word(at + 2), ["my", "the", "our", "this", "it", "with"].contains(next)
                {
                    at += 2
                    skipped += 2
                    continue
                }
                if ProseWords.frameVerbs.contains(word) || (ProseWords.frameWords.contains(word) && !opensMention(at))
                    || (word.hasSuffix("ly") && word.count > 4 && !opensMention(at))
                {
                    at += 1
                    skipped += 1
                    continue
                }
                // "I scooped a cup of …", "we whipped up a …": a verb in the past after "I" or
                // "we", before a mention or a word of the frame, is one of eating or making.
                if word.hasSuffix("ed"), at > clause.lowerBound, ["i", "we"].contains(self.word(at - 1) ?? ""),
                    opensMention(at + 1)
                        || self.word(at + 1).map({
                            ProseWords.frameWords.contains($0) || ProseWords.connectiveParticles.contains($0)
                        }) == true
                {
                    at += 1
                    skipped += 1
                    continue
                }
                break
            }
            // "To quiet my hunger, …", "to wash it down": what it was for, no food.
            if word(clause.lowerBound) == "to", let object = word(clause.lowerBound + 2),
                ["my", "our", "it", "the", "me", "myself"].contains(object), !opensMention(clause.lowerBound + 1),
                !(clause.lowerBound..<clause.upperBound).contains(where: opensMention)
            {
                continue
            }
            // "For dinner I had …" after a sentence of lunch: the mentions from here are dinner's.
            if let named, current != nil, sentences.contains(clause.lowerBound) || number == 0 {
                pending = named
            }
            guard at < clause.upperBound else { continue }
            if labels.contains(clause) {
                for inside in clause {
                    if let said = self.word(inside).flatMap(MealWords.meal(for:)) {
                        found(said, at: inside)
                        if meal == nil { meal = Token(.word(said.rawValue), tokens[inside].range) }
                    }
                }
                if let named, current != nil { pending = named }
                continue
            }
            // "we went out for Italian": a clause about going somewhere names no food.
            if (clause.lowerBound..<at).contains(where: { ProseWords.goingVerbs.contains(self.word($0) ?? "") }),
                !opensMention(at)
            {
                continue
            }
            // ", 3 oz", ", about 250 g": an amount alone says how much the food before it was.
            if number > 0, !mentions.isEmpty, let amount = amountAlone(in: clause) {
                mentions[mentions.count - 1] = weighed(mentions[mentions.count - 1], by: amount)
                continue
            }
            // A comment: "which hit the spot", ", savouring every bite".
            let first = word(clause.lowerBound) ?? ""
            // ", enhanced with a tablespoon of honey": what was added, a mention of its own.
            if number > 0, ProseWords.holding.contains(first), let preposition = word(clause.lowerBound + 1),
                preposition == "with" || preposition == "by" || preposition == "in",
                opensMention(clause.lowerBound + 2),
                clause.lowerBound + 2 < clause.upperBound
            {
                at = clause.lowerBound + 2
            } else if number > 0, !joined,
                ProseWords.relatives.contains(first) || ProseWords.holding.contains(first)
                    || (ProseWords.commentOpeners.contains(first) && at == clause.lowerBound)
                    || (skipped > 0 && !opensMention(at) && first.hasSuffix("ing"))
            {
                if let amount = statedAmount(in: clause), !mentions.isEmpty {
                    mentions[mentions.count - 1] = weighed(mentions[mentions.count - 1], by: amount)
                }
                continue
            }
            var mention = mentionTokens(from: at, to: clause.upperBound)
            if mention.isEmpty { continue }
            // "a flapjack for dessert", "a pasty at lunch": the meal said after the food ("after
            // dinner" is no dinner).
            if meal == nil,
                let inside = (at + 1..<clause.upperBound).first(where: { place in
                    ["for", "at", "during", "with"].contains(self.word(place - 1) ?? "")
                        && self.word(place).flatMap(MealWords.meal(for:)) != nil
                }), let found = self.word(inside).flatMap(MealWords.meal(for:))
            {
                meal = Token(.word(found.rawValue), tokens[inside].range)
            }
            // ", a quick and easy option for dinner": a word about the food before, not a food.
            if number > 0, mention.last?.word.map(ProseWords.appositions.contains) == true {
                continue
            }
            // "we ordered pizza and I ate three slices", "some popcorn, a medium bag", ", about
            // two cups": an amount with no food is how much of the food before it.
            if number > 0, let previous = mentions.last, let amount = PhrasingPass.amountWithoutFood(mention) {
                mentions[mentions.count - 1] = amount + PhrasingPass.withoutAmount(previous)
                continue
            }
            if let amount = statedAmount(in: clause) {
                mention = weighed(mention, by: amount)
            }
            mentions.append(mention)
            joiners.append(clauseJoiner)
            if let next = pending, next.word != current?.word {
                meals.append(next)
                current = next
            } else {
                meals.append(nil)
            }
            pending = nil
            if current == nil { current = meal }
        }
        guard !mentions.isEmpty else { return }
        var result: [Token] = []
        if let meal { result += [meal, Token(.colon, meal.range)] }
        for (number, mention) in mentions.enumerated() {
            if number > 0, let next = meals[number] {
                // "…; dinner: a steak" (meal-label).
                result += [Token(.semicolon, mention[0].range), next, Token(.colon, next.range)]
            } else if number > 0 {
                result.append(joiners[number] ?? Token(.comma, mention[0].range))
            }
            result += mention
        }
        tokens = result
    }

    /// True when the comma at `index` stands between words that say how a food is ("a small,
    /// lean steak", "a cup of rich, buttery popcorn"), not between two mentions.
    func listsAdjectives(at index: Int) -> Bool {
        guard let before = word(index - 1), let after = word(index + 1),
            PhrasingWords.listedAdjectives.contains(before) || ProseWords.appeal.contains(before)
                || ProseWords.describing.contains(before)
        else { return false }
        return !opensMention(index + 1) && !ProseWords.frameVerbs.contains(after)
            && !ProseWords.frameWords.contains(after)
            && !ProseWords.relatives.contains(after) && connectiveLength(at: index + 1) == nil
            && MealWords.meal(for: after) == nil
    }

    /// The end of an occasion phrase at `index` ("a light meal of", "a sweet snack consisting
    /// of", "my afternoon treat was"): an article or "my", at most three words, an occasion
    /// noun, then "of", "consisting of", "was" … or the clause's end.
    func occasionEnd(from index: Int, before end: Int) -> Int? {
        guard let first = word(index), ["a", "an", "my", "the", "our"].contains(first) else { return nil }
        var at = index + 1
        while at < end, at - index <= 4 {
            guard let word = word(at) else { return nil }
            // "for a refreshing drink, …": a drink said alone at the clause's end is the occasion;
            // "a large drink of iced tea" is a serving (`plainPortion`), "a soft drink" a food.
            if ProseWords.occasions.contains(word)
                || (ProseWords.drinks.contains(word) && at + 1 >= end
                    && ((index + 1)..<at).allSatisfy({ saysOnlyHowItIs(self.word($0) ?? "") }))
            {
                at += 1
                // "my go-to meal on busy days is": what follows the occasion up to its verb.
                if let verb = (at..<min(end, at + 5)).first(where: {
                    ProseWords.linkVerbs.contains(self.word($0) ?? "")
                }),
                    (at..<verb).allSatisfy({
                        tokens[$0].number == nil && !ProseWords.openers.contains(self.word($0) ?? "")
                    })
                {
                    at = verb
                }
                while at < end, let link = self.word(at),
                    [
                        "of", "consisting", "consisted", "featuring", "that", "which", "was", "is", "included",
                        "includes", "including", "consists", "with",
                    ].contains(link)
                {
                    at += 1
                }
                return at
            }
            // "a flapjack for dessert", "a sandwich at lunch": a food said before its occasion.
            if tokens[at].number != nil || ProseWords.openers.contains(word) || ProseWords.linking.contains(word) {
                return nil
            }
            at += 1
        }
        return nil
    }

    /// True for a word that says how a drink or a snack felt and names none: "refreshing",
    /// "quick", "cold" ("soft" names a soft drink).
    func saysOnlyHowItIs(_ word: String) -> Bool {
        (ProseWords.saysHowItIs(word) || word == "quick" || word == "little") && word != "soft" && word != "light"
    }

    /// A mention's tokens from `start`: up to a comment ("which", "for a burst of flavour", "to
    /// start my day", a frame verb), without words of appeal.
    func mentionTokens(from start: Int, to end: Int) -> [Token] {
        var result: [Token] = []
        var index = start
        while index < end {
            let token = tokens[index]
            // "2 small/regular fillets", "a child/senior drink", "skin/coating": the first word
            // of two a slash offers.
            if token.kind == .slash, result.last?.word != nil, self.word(index + 1) != nil {
                index += 2
                continue
            }
            guard let word = token.word else {
                result.append(token)
                index += 1
                continue
            }
            if !result.isEmpty {
                if ProseWords.relatives.contains(word) { break }
                // "filled with meat and topped with sour cream": one dish, said with two participles.
                if word == "and", let next = self.word(index + 1),
                    ProseWords.holding.contains(next) || next == "topped",
                    let preposition = self.word(index + 2), ["with", "in", "by"].contains(preposition)
                {
                    index += 1
                    continue
                }
                // "a bottle filled with water": of.
                if ProseWords.holding.contains(word), let before = result.last?.word, Unit.named(before) != nil,
                    self.word(index + 1) == "with"
                {
                    result.append(Token(.word("of"), token.range))
                    index += 2
                    continue
                }
                // "a sandwich featuring a chicken fillet", "an enchilada covered in sauce": with.
                // "a crisp apple", "two juicy peaches": how it tasted, before the food ("apple
                // crisp" is the dessert).
                if ProseWords.tasteBefore.contains(word), result.count == 1,
                    result[0].number != nil || ProseWords.openers.contains(result[0].word ?? ""),
                    self.word(index + 1).map({ $0 != "and" && $0 != "of" && $0 != "," }) == true
                {
                    index += 1
                    continue
                }
                // "stuffed with both chicken and rice": "both" says nothing of the food.
                if word == "both", self.word(index + 1).map({ $0 != "of" && $0 != "and" }) == true {
                    index += 1
                    continue
                }
                // "a package containing two tarts": what the container holds.
                if word == "containing", let before = result.last?.word, Unit.named(before) != nil {
                    result.append(Token(.word("of"), token.range))
                    index += 1
                    continue
                }
                // "stuffed crust pizza", "a glazed doughnut": a participle with no preposition
                // (or object) after it is part of the name.
                if ProseWords.holding.contains(word), !word.hasSuffix("ing"),
                    self.word(index + 1).map({ !["with", "in", "on", "by", "full", "of"].contains($0) }) ?? true
                {
                    result.append(token)
                    index += 1
                    continue
                }
                if ProseWords.holding.contains(word) {
                    var end = index + 1
                    if let next = self.word(end), ["with", "in", "on", "by", "full"].contains(next) { end += 1 }
                    if self.word(end) == "of" { end += 1 }
                    // "packed with meat", "featuring a chicken fillet": what fills it, said with
                    // no amount ("a" before a food, not before a measure), is the dish's own.
                    // ("stuffed crust" is no filling: the participle needs its "with").
                    if ProseWords.inside.contains(word), end > index + 1 || word.hasSuffix("ing") {
                        result.append(Token(.word("filled"), token.range))
                    }
                    // "coated in a tomato-based sauce": what covers it, said with an article and
                    // no amount, as the dish's name would say it ("Pasta with tomato-based sauce").
                    if let article = self.word(end), article == "a" || article == "an",
                        let next = self.word(end + 1), Unit.named(next) == nil,
                        !PhrasingWords.measureSizes.contains(next), !ProseWords.openers.contains(next)
                    {
                        end += 1
                    }
                    result.append(Token(.word("with"), token.range))
                    index = end
                    continue
                }
                // "pizza is my go-to", "salmon was on the menu": what follows is about it.
                if ["is", "was", "are", "were", "makes"].contains(word), tokens[safe: index + 1]?.number == nil {
                    break
                }
                if word == "any", result.last?.word == "without" {
                    index += 1
                    continue
                }
                if word == "for" || (word == "to" && self.word(index + 1) != nil && tokens[index - 1].number == nil) {
                    break
                }
                if word == "as", let next = self.word(index + 1),
                    ["a", "an", "my", "part", "the", "it", "i", "is", "was", "we", "our", "they"].contains(next)
                {
                    break
                }
                if word == "on", let next = self.word(index + 1), next == "the" || next == "a",
                    let what = self.word(index + 2), ["side", "go", "whim", "run", "menu"].contains(what)
                {
                    break
                }
                // "a piece of chewing gum": after "of" the word names the food ("a relaxing
                // evening" is none).
                if ProseWords.frameVerbs.contains(word), !ProseWords.appeal.contains(word),
                    word.hasSuffix("ing") || word.hasSuffix("ed"), result.last?.word != "of",
                    ![
                        "filled", "topped", "served", "cooked", "made", "packed", "whipped", "added", "left",
                        "prepared", "making", "filling", "topping", "serving",
                    ].contains(word)
                {
                    break
                }
                if word == "weighing" { break }
                // "a turkey burger served on a bun": the burger is served so; "served with" adds.
                if word == "served", self.word(index + 1) != "with" { break }
                // "on a soft white bun": the bread, as the sandwich rules know it.
                if word == "soft", result.last?.word == "a", result.dropLast().last?.word == "on" {
                    index += 1
                    continue
                }
                // "pizza with a thin crust", "pizza on a thin crust": the crust names the pizza
                // ("thin crust pizza").
                if word == "with" || word == "on", let crust = crustLength(at: index + 1) {
                    let named = tokens[(index + 1 + crust.skip)..<(index + 1 + crust.skip + crust.words)]
                    if let head = result.lastIndex(where: {
                        !["a", "an", "of"].contains($0.word ?? "") && $0.word != nil
                    }),
                        let start = result[...head].lastIndex(where: { $0.word == "of" || $0.number != nil }).map({
                            $0 + 1
                        })
                            ?? (result.first.map { ProseWords.openers.contains($0.word ?? "") } == true ? 1 : 0) as Int?
                    {
                        result.insert(contentsOf: named, at: min(start, result.count))
                    }
                    index += 1 + crust.skip + crust.words
                    continue
                }
                // "with a unique flavor profile", "with its crispy coating": about the food.
                if word == "with", saysHow(from: index + 1) { break }
                // "half a cup in size".
                if word == "in", self.word(index + 1) == "size" { break }
                // "with my dinner", "after lunch", "before bed", "on a sunny afternoon": when.
                if ["with", "after", "before", "on", "at", "in", "during"].contains(word), saysWhen(from: index + 1) {
                    break
                }
                // "from my garden", "into my salad", "over my eggs", "to my oatmeal": where it went.
                if ["from", "into", "in", "over", "onto", "to"].contains(word), self.word(index + 1) == "my" { break }
            }
            // "a sweet and juicy ear of corn": an "and" between two words that say how the food
            // is joins no foods ("sweet and sour" names one: "sour" is no such word).
            if word == "and", let before = tokens[safe: index - 1]?.word, let after = self.word(index + 1),
                ProseWords.saysHowItIs(before), ProseWords.saysHowItIs(after)
            {
                index += 1
                continue
            }
            if ProseWords.appeal.contains(word), !result.isEmpty || !ProseWords.openers.contains(word) {
                // "a big bowl" keeps its size for the portion rules; only the words of appeal go.
                if !PhrasingWords.measureSizes.contains(word) || !isMeasureAfter(index) {
                    index += 1
                    continue
                }
            }
            // "medium-sized cookie" is a medium one.
            if word.hasSuffix("-sized") || word.hasSuffix("-size"), let dash = word.firstIndex(of: "-") {
                let size = String(word[..<dash])
                if ["small", "medium", "large", "regular", "big", "extra-large"].contains(size) {
                    result.append(Token(.word(size), token.range, isGlued: token.isGlued))
                    index += 1
                    continue
                }
            }
            result.append(token)
            index += 1
        }
        // "a delicious half a goose egg", "a half an oat bran muffin": the share is the amount.
        if result.count > 2, let first = result[0].word, first == "a" || first == "an", result[1].word == "half",
            let next = result[2].word, next == "a" || next == "an"
        {
            result.removeFirst()
        }
        // "a rich and chocolatey bar" without its words of appeal: no "and" is left after the article.
        var at = 0
        while at < result.count {
            if result[at].word == "and", at == 0 || ["a", "an", "the"].contains(result[at - 1].word ?? "") {
                result.remove(at: at)
            } else {
                at += 1
            }
        }
        // "a 0.5 large latte": the number is the amount ("a 240 g bowl" is the measure's).
        if result.count > 2, let first = result[0].word, first == "a" || first == "an", result[1].number != nil,
            measureLength(in: result, at: 1) == nil
        {
            result.removeFirst()
        }
        // "a one ounce steak": the number word is the amount.
        if let first = result.first?.word, first == "a" || first == "an", let count = result[safe: 1]?.word,
            NumberWords.value(of: count) != nil, let unit = result[safe: 2]?.word, Unit.named(unit) != nil
        {
            result.removeFirst()
        }
        // A mention ends with its food, never with a joiner or an article.
        while let last = result.last, let word = last.word,
            ["and", "with", "of", "a", "an", "the", "or", "in", "on", "some", "my", "it"].contains(word)
        {
            result.removeLast()
        }
        // "a crisp small apple", "a juicy medium patty": words of opinion come before the
        // size in English, so what stands between the article and a size says how it tasted.
        if let size = result.prefix(5).firstIndex(where: { $0.word.map(Unit.sizeWords.contains) == true }), size > 1,
            let first = result.first, first.word == "a" || first.word == "an" || first.number != nil,
            result[1..<size].allSatisfy({ $0.word != nil && $0.word != "of" })
        {
            result.removeSubrange(1..<size)
        }
        // "a stack of two pancakes", "a plate of 3 tacos": the count says how many.
        if result.count > 3, let first = result[0].word, first == "a" || first == "an", result[1].word != nil,
            result[2].word == "of", result[3].number != nil || result[3].word.flatMap(NumberWords.value(of:)) != nil,
            result[3].word != "a", result[3].word != "an"
        {
            result.removeSubrange(0..<3)
        }
        result = PhrasingPass.plainPortion(result)
        result = PhrasingPass.plainSource(result)
        // "a 240 g bowl of chili", "185g portion of rice", "with a 12 fl oz can of soda": the
        // weight is the amount.
        var measure = 0
        while measure < result.count {
            guard let length = measureLength(in: result, at: measure) else {
                measure += 1
                continue
            }
            let after = measure + length
            if let noun = result[safe: after]?.word, result[safe: after + 1]?.word == "of", noun != "of" {
                result.removeSubrange(after...(after + 1))
            }
            // "a sweet 28g cookie", "a generous 507g serving of water": the words between the
            // article and the weight say how the food was, not how much.
            let start = result[..<measure].lastIndex(where: { $0.word == "a" || $0.word == "an" })
            if let start, start < measure, measure - start <= 4,
                result[(start + 1)..<measure].allSatisfy({
                    $0.word != nil && !["of", "with", "or"].contains($0.word ?? "")
                        && !ProseWords.openers.contains($0.word ?? "")
                })
            {
                result.removeSubrange(start..<measure)
                measure = start
            } else if measure > 1, measure <= 5, result[measure - 1].word == "of",
                result[..<measure].allSatisfy({ $0.word != nil })
            {
                // "a small serving of 21g pickles": the weight says how much the serving was.
                result.removeSubrange(0..<measure)
                measure = 0
            }
            measure += length
        }
        return result
    }

    /// "a small single serving bag of chips", "an individual school container of juice": the
    /// words between the count and a portion word say what kind of portion it is; only its size
    /// is kept ("a small bag of chips"), and the food's own portions say what that weighs.
    /// "a large fast food order of fries", "a large drink of iced tea": a serving word the
    /// portions do not use is the food's serving of that size ("a large fries").
    static func plainPortion(_ mention: [Token]) -> [Token] {
        // "half a fast food package of croutons": half of the portion the rest says.
        if mention.count > 3, mention[0].word == "half", let article = mention[1].word,
            article == "a" || article == "an"
        {
            return [mention[0]] + plainPortion(Array(mention[1...]))
        }
        guard let of = mention.prefix(7).firstIndex(where: { $0.word == "of" }), of >= 2,
            let opener = mention.first, opener.number != nil || opener.word.map(ProseWords.openers.contains) == true,
            let noun = mention[of - 1].word, mention[1..<of].allSatisfy({ $0.word != nil })
        else { return mention }
        let described = mention[1..<(of - 1)]
        // "two pancakes with a tablespoon of syrup" holds two mentions, not one portion; "a half
        // cup of rice" says how much.
        guard described.count <= 4,
            described.allSatisfy({
                !["with", "and", "or", "a", "an", "the", "in", "on", "of"].contains($0.word ?? "")
                    && $0.word.flatMap(NumberWords.value(of:)) == nil && PhrasingWords.shares[$0.word ?? ""] == nil
                    && PhrasingWords.counts[$0.word ?? ""] == nil
            })
        else { return mention }
        // "a medium slice", "a regular bag": the usual size is the one the portion word means.
        var sizes = described.filter {
            $0.word.map { ProseWords.portionSizes.contains($0) && $0 != "medium" && $0 != "regular" } == true
        }.map { $0.word == "extra-large" ? Token(.word("large"), $0.range, isGlued: $0.isGlued) : $0 }
        let dropsWords = sizes.count < described.count
        // "an individual school carton", "a single serving bag": the small one.
        if sizes.isEmpty, let single = described.first(where: { ProseWords.singleServing.contains($0.word ?? "") }) {
            sizes = [Token(.word("small"), single.range, isGlued: single.isGlued)]
        }
        if Unit.named(noun) != nil {
            guard dropsWords else { return mention }
            return [opener] + sizes + mention[(of - 1)...]
        }
        guard ProseWords.servingNouns.contains(noun) else { return mention }
        return [opener] + sizes + mention[(of + 1)...]
    }

    /// True when the words from `index` name a meal or a time of day, after at most an article
    /// or "my" and two other words ("my dinner", "a sunny afternoon", "the evening").
    func saysWhen(from index: Int) -> Bool {
        var at = index
        if let first = word(at), ["a", "an", "the", "my", "our", "this", "that"].contains(first) { at += 1 }
        for offset in 0..<2 {
            guard let word = word(at + offset) else { return false }
            if MealWords.meal(for: word) != nil || ProseWords.times.contains(word) { return true }
            if tokens[at + offset].number != nil || ProseWords.openers.contains(word)
                || PhrasingWords.placePrepositions.contains(word) || word == "of" || word == "and" || word == "with"
            {
                return false
            }
        }
        return false
    }

    /// "from a local fast-food joint", "from a nearby restaurant": where the food came from, in
    /// USDA's words ("from fast food", "from restaurant"); "from a package" says nothing.
    static func plainSource(_ mention: [Token]) -> [Token] {
        guard let from = mention.lastIndex(where: { $0.word == "from" }), from > 0 else { return mention }
        let tail = mention[(from + 1)...].compactMap(\.word)
        let range = mention[from].range
        let kept = Array(mention[...from])
        if tail.contains(where: { ["fast", "fast-food", "drive-thru", "drive-through"].contains($0) }) {
            return kept + [Token(.word("fast"), range), Token(.word("food"), range)]
        }
        if tail.contains(where: ProseWords.eateries.contains) { return kept + [Token(.word("restaurant"), range)] }
        if let last = tail.last, PhrasingWords.containers.contains(last) { return Array(mention[..<from]) }
        // "a slice of pizza from a medium pie", "a piece of cake from a two-layer cake": the
        // whole the piece was cut from.
        if let last = tail.last, ProseWords.wholes.contains(last),
            mention[..<from].contains(where: {
                $0.word.map { Unit.named($0).map { $0.kind == .portion } ?? false } ?? false
            })
        {
            return Array(mention[..<from])
        }
        return mention
    }

    /// "a thin crust", "a medium crust": how many words to skip (the article) and how many name
    /// the crust, or nil.
    func crustLength(at index: Int) -> (skip: Int, words: Int)? {
        var skip = 0
        if let article = word(index), article == "a" || article == "an" || article == "the" { skip = 1 }
        for length in 1...3 {
            guard let word = word(index + skip + length - 1), tokens[index + skip + length - 1].number == nil else {
                return nil
            }
            if word == "crust" { return length > 1 ? (skip, length) : nil }
            if ["of", "and", "with", "on", "from"].contains(word) { return nil }
        }
        return nil
    }

    /// True when the words from `index` (at most four, with no "of") end with a word of how a
    /// food tastes or feels ("a unique flavor profile", "its crispy coating").
    func saysHow(from index: Int) -> Bool {
        for offset in 0..<4 {
            guard let word = word(index + offset), word != "of", tokens[index + offset].number == nil else {
                return false
            }
            if ProseWords.sensations.contains(word) { return self.word(index + offset + 1) != "of" }
        }
        return false
    }

    /// True when a measure ("bowl", "glass") follows the size word at `index`.
    func isMeasureAfter(_ index: Int) -> Bool {
        guard let next = word(index + 1) else { return false }
        return PhrasingWords.sizedMeasures.contains(next) || Unit.named(next) != nil
    }

    /// How many tokens of `list` from `index` make an amount by weight or volume.
    func measureLength(in list: [Token], at index: Int) -> Int? {
        guard let value = list[safe: index]?.number, value > 0 else { return nil }
        if let first = list[safe: index + 1]?.word, let second = list[safe: index + 2]?.word,
            let unit = Unit.twoWord(first, second), unit.kind != .portion
        {
            return 3
        }
        if let unitWord = list[safe: index + 1]?.word, let unit = Unit.named(unitWord), unit.kind != .portion {
            return 2
        }
        return nil
    }

    /// "weighing 102g", "weighing a pound", "which is 12 fluid ounces": an amount a clause
    /// states of its food.
    func statedAmount(in clause: Range<Int>) -> [Token]? {
        for index in clause {
            guard let word = word(index),
                ["weighing", "weighed", "totaling", "totalling", "measuring", "is", "was"].contains(word)
            else { continue }
            var at = index + 1
            if word == "is" || word == "was", self.word(at) == "about" || self.word(at) == "around" { at += 1 }
            if word == "is" || word == "was" {
                guard at + 1 < clause.upperBound || clause.upperBound == tokens.count else { continue }
            }
            if tokens[safe: at]?.number != nil, let length = measureLength(at: at), at + length <= clause.upperBound {
                return Array(tokens[at..<(at + length)])
            }
            if let article = self.word(at), article == "a" || article == "an", let unitWord = self.word(at + 1),
                let unit = Unit.named(unitWord), unit.kind != .portion, at + 1 < clause.upperBound
            {
                return [Token(.number(1), tokens[at].range), tokens[at + 1]]
            }
        }
        return nil
    }

    /// The words of a mention that is only an amount, a count and a unit with no food ("three
    /// slices", "a medium bag", "about two cups"), without "about"; nil for any other.
    static func amountWithoutFood(_ mention: [Token]) -> [Token]? {
        var words = mention
        if let first = words.first?.word, ["about", "around", "roughly", "approximately", "nearly"].contains(first) {
            words.removeFirst()
        }
        guard words.count >= 2, words.count <= 3, let count = words.first,
            count.number != nil || count.word.map({ NumberWords.value(of: $0) != nil || $0 == "half" }) == true,
            let unit = words.last?.word, Unit.named(unit) != nil
        else { return nil }
        if words.count == 3, !(words[1].word.map(Unit.sizeWords.contains) ?? false) { return nil }
        return words
    }

    /// A mention without the amount it opens with ("some popcorn" → "popcorn", "a bowl of
    /// chili" → "chili").
    static func withoutAmount(_ mention: [Token]) -> [Token] {
        var rest = mention[...]
        while let first = rest.first,
            first.number != nil
                || first.word.map({
                    ProseWords.openers.contains($0) || $0 == "some" || $0 == "leftover"
                }) == true, rest.count > 1
        {
            rest = rest.dropFirst()
        }
        if rest.count > 2, let unit = rest.first?.word, Unit.named(unit) != nil, rest.dropFirst().first?.word == "of" {
            rest = rest.dropFirst(2)
        }
        return Array(rest)
    }

    /// The amount by weight or volume a clause is made of, after "about" or the like: ", 3 oz",
    /// ", about 250 g"; nil for any other clause.
    func amountAlone(in clause: Range<Int>) -> [Token]? {
        var at = clause.lowerBound
        if let first = word(at), ["about", "around", "roughly", "approximately", "nearly"].contains(first) { at += 1 }
        guard tokens[safe: at]?.number != nil, let length = measureLength(at: at), at + length == clause.upperBound
        else { return nil }
        return Array(tokens[at..<(at + length)])
    }

    /// A mention with `amount` as its amount: "a frankfurter sandwich" weighing 102 g is "102 g
    /// frankfurter sandwich".
    func weighed(_ mention: [Token], by amount: [Token]) -> [Token] {
        var rest = mention
        if let first = rest.first?.word, ["a", "an", "one"].contains(first) {
            rest.removeFirst()
        } else if rest.first?.number != nil || rest.first?.word.map(ProseWords.openers.contains) == true {
            return mention
        }
        if let cut = rest.firstIndex(where: { $0.word == "weighing" || $0.word == "weighed" }) {
            rest.removeSubrange(cut...)
        }
        // "a can of cola, which is 12 fluid ounces": 12 fl oz of cola.
        if rest.count > 2, rest[0].word != nil, rest[1].word == "of" { rest.removeFirst(2) }
        return amount + rest
    }
}
