import CalorinaModel
import CalorinaSupport

// How people phrase what they ate, rewritten into the log grammar before it is parsed: the
// sentence around the foods ("for lunch I had …", "… this morning"), the way recipes print
// amounts ("1 (14 oz) can", "200g/7oz", "2-3 tbsp", "½ cup (125 ml)") and their notes
// (", finely chopped", "to taste"), and the words people write for joiners ("w/", "plus").
//
// The pass works on tokens and keeps each token's place in the line, so errors still point at
// what was typed. It only removes, replaces or moves tokens; what is left is an ordinary log line
// (grammar/calorina.ebnf, "phrasing"). Each rule is about a kind of phrase, never about a food.

extension Parser {
    /// What the phrasing pass found besides the tokens: the ranges people gave as "2-3".
    struct Phrased {
        var tokens: [Token]
        /// A count written as a range, by the range of the number that stands for it: the text
        /// as typed ("2-3"). The middle is used.
        var countRanges: [SourceRange: String] = [:]
        /// Where a note that says how the cook cut or readied a food began (", peeled and
        /// diced"): the item before it is an ingredient, bought raw.
        var preparedAt: [Int] = []
        /// The foods offered after "or" (`PhrasingPass.choices`), by where the "or" stood.
        var choices: [(at: Int, phrase: FoodPhrase)] = []
    }

    /// The tokens a command sees: brackets separate words as white space does, and a lone "/"
    /// is a character with no place in a command.
    static func commandTokens(_ tokens: [Token]) -> [Token] {
        // Most lines hold neither: they are their own command tokens, not a copy.
        let changes = tokens.contains { token in
            switch token.kind {
            case .open, .close, .slash: true
            default: false
            }
        }
        guard changes else { return tokens }
        return tokens.compactMap { token in
            switch token.kind {
            case .open, .close: return nil
            case .slash: return Token(.unknown("/"), token.range, isGlued: token.isGlued)
            default: return token
            }
        }
    }

    /// Rewrites a log line's phrasing into the log grammar.
    static func phrased(_ tokens: [Token], scalars: [Unicode.Scalar]) -> Phrased {
        var pass = PhrasingPass(tokens: tokens, scalars: scalars)
        pass.run()
        return Phrased(
            tokens: pass.tokens, countRanges: pass.countRanges, preparedAt: pass.preparedAt, choices: pass.choices)
    }
}

/// The words the phrasing pass knows, by what they do.
enum PhrasingWords {
    /// Containers whose size a recipe states in brackets: "1 (14 oz) can", "1 can (400g)".
    static let containers: Set<String> = [
        "can", "cans", "tin", "tins", "jar", "jars", "package", "packages", "pkg", "pack", "packs", "packet",
        "packets", "box", "boxes", "bag", "bags", "tub", "tubs", "bottle", "bottles", "carton", "cartons", "pouch",
        "pouches", "container", "containers", "block", "blocks", "envelope", "envelopes",
    ]

    /// Words for a count ("a couple of", "a few") and for a share of one ("a quarter of").
    static let counts: [String: Double] = ["couple": 2, "few": 3, "several": 3, "pair": 2]
    static let shares: [String: Double] = ["quarter": 0.25, "third": 1.0 / 3, "half": 0.5]
    /// Sizes said before a measure ("big bowl", "heaped tbsp"), and the measures they may go with.
    static let measureSizes: Set<String> = [
        "big", "large", "huge", "small", "little", "massive", "giant", "generous", "heaped", "heaping", "level",
        "rounded", "scant", "good", "whole", "entire", "tall", "thin", "thick",
    ]
    static let sizedMeasures: Set<String> = [
        "bowl", "plate", "handful", "glass", "mug", "bag", "box", "slice", "piece", "scoop", "packet",
    ]

    /// How a size word scales a measure it stands before ("a big bowl", "a small glass"): as a
    /// large or a small one against the usual one (`Unit.sizeScale`).
    static let sizeScale: [String: Double] = [
        "big": Unit.sizeScale["large"] ?? 1, "large": Unit.sizeScale["large"] ?? 1,
        "huge": Unit.sizeScale["large"] ?? 1,
        "massive": Unit.sizeScale["large"] ?? 1, "giant": Unit.sizeScale["large"] ?? 1,
        "generous": Unit.sizeScale["large"] ?? 1, "small": Unit.sizeScale["small"] ?? 1,
        "little": Unit.sizeScale["small"] ?? 1,
    ]

    /// The measures a size scales: those USDA's portions rarely give in sizes (a bag, a box or a
    /// slice often is: "1 small bag", so its size is left to the portion), and a recipe does not
    /// measure by ("1 large handful", "4 small scoops" stay as printed).
    static let scaledMeasures: Set<String> = ["bowl", "plate", "glass", "mug"]
    /// Packages of `sizedMeasures` USDA weighs in sizes: "1 small single serving bag".
    static let sizedPackages: Set<String> = ["bag", "box", "packet"]

    /// Words after "whole" that make it part of a name ("whole wheat", "whole milk"), not a
    /// whole one of something.
    static let wholeCompounds: Set<String> = [
        "wheat", "grain", "grains", "milk", "bean", "beans", "kernel", "kernels", "lot", "food", "foods", "day",
        "week", "meal", "new", "other", "fat", "wheat-bread", "dozen", "half", "and",
    ]

    /// Containers "a whole" may stand before ("a whole tub of", "a whole bag of", "a whole
    /// loaf"): one of them is the whole container, so "whole" adds nothing.
    static let wholeContainers: Set<String> = containers.union(["loaf", "loaves", "pot", "pots", "tube", "tubes"])

    /// Words for a bag or a packet sold to share ("a sharing bag of crisps", "a family bag of
    /// doritos"), and the grams one holds: UK sharing bags of crisps and tortilla chips are
    /// 150-200 g (150 g, the commonest, is taken).
    static let sharingSizes: Set<String> = ["sharing", "share", "family"]
    static let sharingContainers: Set<String> = ["bag", "bags", "packet", "packets", "pack", "packs", "pouch"]
    static let sharingBagGrams: Double = 150

    /// Containers whose food is the canned kind.
    static let cans: Set<String> = ["can", "cans", "tin", "tins"]

    /// Verbs of eating and drinking that open a sentence: "I had", "we ate", "grabbed".
    static let eatingVerbs: Set<String> = [
        "had", "have", "having", "ate", "eat", "eaten", "eating", "drank", "drink", "drinking", "drunk", "got",
        "grabbed", "grab", "ordered", "made", "cooked", "snacked", "munched", "finished", "tried", "shared", "enjoyed",
        "picked", "polished", "scoffed", "devoured", "nibbled", "consumed", "treated", "fixed",
    ]

    /// Who speaks, before an eating verb.
    static let speakers: Set<String> = ["i", "we", "i've", "ive", "we've", "i'd", "we'd", "i’ve", "we’ve", "me"]

    /// Words that add nothing to what was eaten: "just a banana", "some granola".
    static let fillers: Set<String> = [
        "just", "only", "also", "then", "some", "leftover", "leftovers", "really", "quick", "quickly", "finally",
        "literally", "basically", "probably", "maybe", "myself", "yummy", "delicious", "tasty", "lovely", "nice",
        "ok", "okay", "again", "too", "as", "um", "uh", "oh", "so", "lol", "haha", "lmao",
        "cheeky", "homemade", "ish", "like",
    ]
    // "takeaway" and "takeout" are no fillers: the resolver reads them as where a food came
    // from, which says its portion ("takeaway pizza" is a whole one; Resolver.shopWords).

    /// Who ate a food alone: "to myself", "all by myself" say who, not what.
    static let selves: Set<String> = ["myself", "ourselves", "himself", "herself", "themselves", "yourself"]

    /// People a food is shared with: "with my partner" says who, not what.
    static let people: Set<String> = [
        "partner", "wife", "husband", "kids", "kid", "friends", "friend", "family", "mum", "mom", "dad", "son",
        "daughter", "boyfriend", "girlfriend", "colleagues", "coworkers", "team", "parents", "sister", "brother",
    ]

    /// Verbs that open a sentence about something else before the eating ("woke up late so just
    /// had …", "went to mcdonalds and got …"): everything up to the eating verb is dropped.
    static let contextVerbs: Set<String> = [
        "woke", "went", "ended", "skipped", "came", "got", "was", "were", "think", "guess", "stopped", "popped",
        "headed", "worked", "missed", "forgot",
    ]

    /// Eating verbs that may stand inside a sentence, after what it is about.
    static let innerEatingVerbs: Set<String> = [
        "had", "have", "ate", "eat", "eaten", "eating", "drank", "drink", "drinking", "got", "grabbed", "ordered",
        "snacked", "snacking", "munched", "finished",
    ]

    /// Words before a number that say it is rough: "about 8 pieces".
    /// And a recipe's words for a measure a little under or over ("scant 1 cup", "heaped 2 tbsp").
    static let roughly: Set<String> = [
        "about", "around", "roughly", "approximately", "approx", "nearly", "almost", "~", "scant", "heaped", "heaping",
        "generous", "level", "rounded", "good",
    ]

    /// Prepositions that open a phrase about where or when, not what: "at the cafe",
    /// "on the way to work", "before my run".
    static let placePrepositions: Set<String> = [
        "at", "from", "on", "in", "before", "after", "near", "during", "while", "outside", "inside", "by", "for",
    ]

    /// What follows such a preposition when the phrase is about a place or a time.
    static let placeOpeners: Set<String> = Set([
        "the", "my", "our", "his", "her", "their", "work", "home", "school", "campus", "office", "uni", "college",
        "gym", "way", "go", "road", "train", "bus", "car", "plane", "desk", "couch", "bed", "tv", "lunchtime",
        "break", "practice", "class", "church", "party", "wedding", "chippy", "chipper", "cinema", "pictures",
        "movies", "takeaway", "takeout", "chippie",
    ]).union(FoodWords.chains)

    /// Places that say what kind of portion a food comes in, by the word the food table's
    /// names use: a chip shop ("chippy chips"), a cinema ("cinema popcorn"). Said as a place
    /// ("from the chippy", "at the cinema"), the word is kept after the food; the resolver
    /// leaves it out again when the food has no such kind (`Resolver.occasionWords`).
    static let sources: [String: String] = [
        "chippy": "chippy", "chipper": "chippy", "cinema": "cinema", "movies": "cinema", "pictures": "cinema",
        // A takeaway serves a tub or a box, not a cup ("a lamb bhuna from the indian").
        "takeaway": "takeaway", "takeout": "takeaway", "indian": "takeaway", "chinese": "takeaway",
        "thai": "takeaway", "chippie": "chippy",
    ]

    /// Words that join two foods the way "with" does, or the way "+" does.
    static let withWords: Set<String> = ["w", "topped", "on", "over", "in"]
    static let plusWords: Set<String> = ["plus", "alongside", "then"]

    /// Past participles and adjectives that, at the end of a note, say how a food was prepared:
    /// "2 cloves garlic, minced", "seeds removed", "squeezed dry".
    static let preparations: Set<String> = [
        "chopped", "minced", "diced", "sliced", "grated", "shredded", "peeled", "cubed", "crushed", "beaten",
        "softened", "melted", "divided", "drained", "rinsed", "thawed", "trimmed", "halved", "quartered", "seeded",
        "cored", "pitted", "julienned", "torn", "packed", "sifted", "optional", "cooled", "warmed", "zested",
        "juiced", "stemmed", "deveined", "shelled", "skinned", "deboned", "removed", "reserved", "patted",
        "washed", "scrubbed", "separated", "whisked", "dry", "undrained", "leveled", "levelled", "spooned",
        "pressed", "cut", "broken", "frozen", "room", "temperature", "lukewarm", "warm", "cold", "hot", "needed",
        "desired", "preferred", "taste", "serving", "garnish", "dusting", "greasing", "brushing", "frying",
        "drizzling", "topping", "decoration", "sprinkling", "shaken", "firmly", "lightly", "loosely", "discarded",
        "squeezed", "rolled", "flattened", "pounded", "boned", "crumbled", "mashed", "smashed", "picked", "wedges",
        "boneless", "skinless", "skin-on", "bone-in",
        "pieces", "chunks", "rings", "strips", "florets", "slices", "cubes", "dice", "matchsticks", "ribbons",
        "bits", "lengthwise", "crosswise", "thin", "thick", "fine", "finely", "roughly", "coarsely", "thinly",
        "thickly", "freshly", "well", "more", "extra", "any", "kind", "brand", "style", "tough", "ends", "stems",
        "skin", "on", "off", "left", "whole", "large", "small", "medium",
    ]

    /// True for a word that says what the cook did to a food: a participle of the closed list of
    /// preparations (`preparations`, `cookCuts`) or a word of five letters or more ending in
    /// "ed" ("deveined", "blanched"), but not "seed" or "need".
    static func isCooksParticiple(_ word: String) -> Bool {
        if cookCuts.contains(word) || preparationVerbs.contains(word) { return true }
        return word.count > 4 && word.hasSuffix("ed") && !word.hasSuffix("eed")
    }

    /// True for a word that says what a food is for after "for": a gerund ("greasing", "deep"
    /// of "deep frying" aside) or one of the cook's uses ("garnish", "serving", "decoration").
    static func isPurpose(_ word: String) -> Bool {
        (word.count > 5 && word.hasSuffix("ing") && MealWords.meal(for: word) == nil)
            || ["garnish", "decoration", "dipping", "serving", "deep", "the", "brushing", "egg"].contains(word)
    }

    /// Preparations said as a verb's form that ends in no "ed": "cut", "torn", "left", "broken".
    static let preparationVerbs: Set<String> = [
        "cut", "torn", "left", "broken", "shaken", "split", "snipped", "kept", "thrown", "done", "held",
    ]

    /// Words after a participle that say how, where or how far the cook did it: ", halved
    /// again", ", washed under cold water", ", cut up".
    static let howWords: Set<String> = [
        "under", "from", "by", "over", "again", "away", "out", "up", "down", "apart", "back", "together",
        "separately", "just", "very", "roughly", "lightly", "then", "if", "as", "about", "across", "against",
        "lengthways", "lengthwise", "widthways", "crossways", "diagonally", "evenly", "finely", "thinly", "open",
        "but", "aside", "off",
    ]

    /// Words that say how a food is and may be listed with commas before its name.
    static let listedAdjectives: Set<String> = [
        "boneless", "skinless", "skin-on", "bone-in", "large", "small", "medium", "big", "fresh", "ripe", "juicy",
        "lean", "organic", "free-range", "thick", "thin", "hot", "warm", "cold", "sweet", "crisp", "firm", "soft",
        "whole", "raw", "unpeeled", "peeled", "good", "nice", "plain", "good-quality", "high-quality",
        "best-quality", "meaty", "creamy", "crunchy", "tart", "mild", "spicy", "dry",
    ]

    /// What may follow a participle that opens a note: ", whipped to stiff peaks".
    static let participleFollowers: Set<String> = [
        "to", "into", "until", "in", "with", "and", "or", "overnight", "well", "through", "for", "at", "on", "off",
    ]

    /// Words of a note that say the cook cut or readied the food: it was bought raw. Those a
    /// food's own words may say too are the resolver's (`FoodWords.rawSigns`).
    static let cookCuts: Set<String> = FoodWords.rawSigns.union([
        "crushed", "torn", "stemmed", "deveined", "shelled", "skinned", "deboned", "boned", "removed", "cut",
        "washed", "scrubbed", "thawed", "florets", "rings", "wedges", "strips", "cubes", "pieces", "chunks", "zested",
        "juiced", "patted", "cleaned", "rinsed", "soaked",
    ])

    /// Words that open a note: ", to taste", ", plus more for dusting", ", cut into strips".
    static let noteOpeners: Set<String> = [
        "to", "for", "plus", "cut", "at", "into", "divided", "optional", "such", "preferably", "if", "or", "as",
        "room", "from", "see", "about", "approximately", "roughly", "use", "you", "homemade", "store-bought",
        "storebought", "any", "each", "in", "according", "preferable", "ideally", "depending", "optionally",
        "enough", "reserving", "keeping", "leaving", "removing", "discarding", "including", "excluding", "without",
    ]

    /// Parts of a fruit a recipe names with "of": "juice of 1 lemon", "zest of 1 orange".
    static let parts: Set<String> = ["juice", "zest", "rind", "peel"]

    /// Every word some rule starts from: a line with none of them (and no punctuation) is left as
    /// it is.
    static let triggers: Set<String> = {
        var words = eatingVerbs.union(speakers).union(fillers).union(roughly).union(placePrepositions)
            .union(withWords).union(plusWords).union(parts).union(people).union(contextVerbs).union(innerEatingVerbs)
        words.formUnion([
            "this", "last", "tonight", "yesterday", "late", "all", "around", "noon", "lunchtime", "was", "were", "is",
            "consisted", "included", "couple", "few", "several", "pair", "another", "bit", "bits", "little", "quarter",
            "third", "half", "rest", "lots", "plenty", "loads", "o", "t", "big", "large", "huge", "small", "massive",
            "giant", "generous", "heaped", "heaping", "level", "rounded", "scant", "good", "tall", "am", "pm", "a.m",
            "p.m",
            "along", "topped", "n", "w", "or", "to", "no", "nothing", "skipped", "not", "brekkie", "brekky",
            "b'fast", "bfast", "brunch", "the", "my", "our", "over", "with", "whole", "extra", "plus", "more",
            "inch", "inches", "foot", "split", "thin", "thick", "sharing", "share", "family",
        ])
        return words
    }()

    /// The words each rule starts from, by the rules they wake (`PhrasingGlance`): one lookup a
    /// word tells the pass which rules a line gives something to do.
    static let roles: WordRoles = {
        var roles: [String: PhrasingGlance] = [:]
        func add(_ words: some Sequence<String>, _ role: PhrasingGlance) {
            for word in words { roles[word, default: []].insert(role) }
        }
        add(triggers, .triggerWord)
        add(innerEatingVerbs, .eatingVerb)
        add(["was", "were", "is", "consisted", "included"], .announcingVerb)
        add(["inch", "inches", "foot"], .sizeWord)
        add(["to", "or"], .rangeWord)
        add(counts.keys, .compoundWord)
        add(shares.keys, .compoundWord)
        add(measureSizes, .compoundWord)
        add(sharingSizes, .compoundWord)
        add(parts, .compoundWord)
        add(["another", "rest", "lots", "plenty", "loads", "t", "o"], .compoundWord)
        add(timeStarts, .timeWord)
        add(["to", "plus", "or", "for", "according", "up", "least", "including", "into", "from"], .noteWord)
        let frameWords: Set<String> = ["no", "nothing", "skipped", "not", "split", "bit", "bits"]
        add(fillers.union(eatingVerbs).union(roughly).union(frameWords), .frameWord)
        add(placePrepositions.union(["a", "with", "over"]), .framePhrase)
        add(sizedContainers, .containerWord)
        add(ProseWords.markers, .proseWord)
        add(RecipeAmountWords.triggers, .amountWord)
        add(withWords.union(plusWords).union(["along", "as", "topped", "n"]), .joinerWord)
        return WordRoles(roles)
    }()

    /// Containers whose size may be said before them: "20oz bottle of coke", "16 oz can".
    static let sizedContainers: Set<String> = [
        "bottle", "bottles", "can", "cans", "glass", "glasses", "mug", "mugs", "carton", "cartons", "jar", "jars",
        "tub", "tubs", "pack", "packs", "bag", "bags", "box", "boxes", "pouch", "pouches", "tin", "tins",
    ]

    /// The first words of the times and meals `moveTimesAndMeals` moves ("this morning", "at
    /// 10", "for lunch", "tonight"), and what may follow an hour ("7 am").
    static let timeStarts: Set<String> = [
        "this", "last", "yesterday", "for", "as", "at", "around", "late", "all", "in", "tonight", "brekkie", "brekky",
        "b'fast", "bfast", "brunch", "with", "after", "before", "am", "pm", "a.m", "p.m",
    ]

    /// The meal a time of day falls in: before 11 breakfast, before 15 lunch, before 17 a
    /// snack, later dinner.
    static func meal(atHour hour: Double) -> Meal {
        switch hour {
        case ..<11: .breakfast
        case ..<15: .lunch
        case ..<17: .snack
        default: .dinner
        }
    }
}

/// The rules each word of the phrasing pass wakes, found by a cheap hash of the word's bytes:
/// the glance looks up every word of every line, and a `Dictionary` hashes each with SipHash.
struct WordRoles: Sendable {
    /// Open addressing, a quarter full: the words (empty for a free slot) and their roles.
    private let words: [String]
    private let roles: [PhrasingGlance]
    private let mask: Int

    init(_ table: [String: PhrasingGlance]) {
        var size = 16
        while size < table.count * 4 { size *= 2 }
        var words = Array(repeating: "", count: size)
        var roles = Array(repeating: PhrasingGlance(), count: size)
        for (word, role) in table where !word.isEmpty {
            var slot = WordRoles.hash(word) & (size - 1)
            while !words[slot].isEmpty { slot = (slot + 1) & (size - 1) }
            words[slot] = word
            roles[slot] = role
        }
        self.words = words
        self.roles = roles
        mask = size - 1
    }

    /// The roles of a word, or nil for a word no rule starts from.
    subscript(word: String) -> PhrasingGlance? {
        var slot = WordRoles.hash(word) & mask
        while !words[slot].isEmpty {
            if words[slot] == word { return roles[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the word's bytes.
    @inline(__always)
    private static func hash(_ word: String) -> Int {
        var word = word
        return word.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }
    }
}

/// What a line holds that the phrasing rules react to, found in one pass over its tokens (a
/// word costs one dictionary lookup): a rule whose words and punctuation the line does not hold
/// would change nothing, and is not run.
struct PhrasingGlance: OptionSet {
    let rawValue: UInt32

    /// A word of `PhrasingWords.triggers`: without one (or punctuation) the pass does nothing.
    static let triggerWord = PhrasingGlance(rawValue: 1 << 0)
    /// An eating verb that may stand inside a sentence (`dropSentencePrefix`).
    static let eatingVerb = PhrasingGlance(rawValue: 1 << 1)
    /// "was", "is", … after a meal (`rewriteMealAnnouncements`).
    static let announcingVerb = PhrasingGlance(rawValue: 1 << 2)
    /// "inch", "inches", "foot" (`rewriteSizes`).
    static let sizeWord = PhrasingGlance(rawValue: 1 << 3)
    /// "to", "or" between numbers (`rewriteRanges`).
    static let rangeWord = PhrasingGlance(rawValue: 1 << 4)
    /// A word `rewriteCompounds` starts from.
    static let compoundWord = PhrasingGlance(rawValue: 1 << 5)
    /// A word a time or meal phrase starts with, or "am"/"pm" (`moveTimesAndMeals`).
    static let timeWord = PhrasingGlance(rawValue: 1 << 6)
    /// "to" (taste), "plus" (more), "or" (`dropNotes`).
    static let noteWord = PhrasingGlance(rawValue: 1 << 7)
    /// A word `dropSentenceFrames` starts from.
    static let frameWord = PhrasingGlance(rawValue: 1 << 8)
    /// A word `dropSentenceFrames` starts from when the next word says so: "a bit", "with my",
    /// "over easy", "at the …" (`opensFrame`). Only in `PhrasingWords.roles`: the glance
    /// reads it as `frameWord` or nothing.
    static let framePhrase = PhrasingGlance(rawValue: 1 << 21)
    /// A word `rewriteJoiners` reads as a joiner.
    static let joinerWord = PhrasingGlance(rawValue: 1 << 9)
    /// A number typed with a "/": "1/2", "80/20".
    static let numberWithSlash = PhrasingGlance(rawValue: 1 << 10)
    /// A word that starts with a number and holds a "-": "15-oz", "6-inch".
    static let numberedWord = PhrasingGlance(rawValue: 1 << 11)
    static let open = PhrasingGlance(rawValue: 1 << 12)
    static let close = PhrasingGlance(rawValue: 1 << 13)
    static let slash = PhrasingGlance(rawValue: 1 << 14)
    static let colon = PhrasingGlance(rawValue: 1 << 15)
    static let minus = PhrasingGlance(rawValue: 1 << 16)
    static let comma = PhrasingGlance(rawValue: 1 << 17)
    static let semicolon = PhrasingGlance(rawValue: 1 << 18)
    static let unknown = PhrasingGlance(rawValue: 1 << 19)
    static let plus = PhrasingGlance(rawValue: 1 << 20)
    /// A container word ("bottle", "can") or a number after "a" (`rewriteSizedContainers`).
    static let containerWord = PhrasingGlance(rawValue: 1 << 22)
    /// A word that says the line is prose: "savoured", "paired", "refreshing" (`readProse`).
    static let proseWord = PhrasingGlance(rawValue: 1 << 23)
    /// A word of a recipe's amount: a unit, a length, "plus", "each", "quarters"
    /// (`Parser+RecipeAmounts.swift`).
    static let amountWord = PhrasingGlance(rawValue: 1 << 24)

    /// What makes a line worth a pass at all: a trigger word, punctuation, or a number typed
    /// with a "/" or a word that starts with one.
    static let anyTrigger: PhrasingGlance = [
        .triggerWord, .numberWithSlash, .numberedWord, .open, .close, .slash, .colon, .minus, .comma, .semicolon,
        .unknown, .plus, .containerWord, .proseWord, .amountWord,
    ]

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The glance at a line's tokens.
    init(_ tokens: [Token], scalars: [Unicode.Scalar]) {
        var seen: PhrasingGlance = []
        let words = PhrasingWords.roles
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .word(let word):
                if var roles = words[word] {
                    if roles.contains(.framePhrase) {
                        roles.remove(.framePhrase)
                        let next = index + 1 < tokens.count ? tokens[index + 1].word : nil
                        if let next, PhrasingGlance.opensFrame(word, next: next) { roles.insert(.frameWord) }
                    }
                    seen.formUnion(roles)
                }
                if PhrasingGlance.startsWithNumber(word), word.contains("-") { seen.insert(.numberedWord) }
            case .number:
                if scalars[token.range.start..<min(token.range.end, scalars.count)].contains("/") {
                    seen.insert(.numberWithSlash)
                }
                if index > 0, let before = tokens[index - 1].word, before == "a" || before == "an" {
                    seen.insert(.containerWord)
                }
            case .open: seen.insert(.open)
            case .close: seen.insert(.close)
            case .slash: seen.insert(.slash)
            case .colon: seen.insert(.colon)
            case .minus: seen.insert(.minus)
            case .comma: seen.insert(.comma)
            case .semicolon: seen.insert(.semicolon)
            case .unknown: seen.insert(.unknown)
            case .plus: seen.insert(.plus)
            default: break
            }
        }
        // A line that ends with a full stop after a word is a sentence ("… is on the menu."):
        // prose (`readProse`).
        if let last = tokens.last, last.word != nil, let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }),
            scalars[end] == ".", end >= last.range.end
        {
            seen.insert(.proseWord)
        }
        self = seen
    }

    /// True when `word` and the word after it open a phrase `dropSentenceFrames` drops or
    /// rewrites: "a bit", "a little", "with my", "over easy", "at the", "while …".
    static func opensFrame(_ word: String, next: String) -> Bool {
        switch word {
        case "a": return next == "bit" || next == "little"
        case "with": return next == "my" || next == "the" || next == "our" || next == "a"
        case "over": return next == "easy" || next == "medium" || next == "hard" || next == "well"
        case "while", "during": return true
        default: return PhrasingWords.placeOpeners.contains(next)
        }
    }

    /// True when the word's first character is a number ("15-oz", "7-up"); an ASCII first
    /// byte decides without building the character.
    static func startsWithNumber(_ word: String) -> Bool {
        guard let byte = word.utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return word.first?.isNumber == true
    }
}

/// The phrasing pass over one line's tokens.
struct PhrasingPass {
    var tokens: [Token]
    let scalars: [Unicode.Scalar]
    var countRanges: [SourceRange: String] = [:]
    var preparedAt: [Int] = []
    /// The foods a recipe offered instead of the one it names first, by where their "or" stood.
    var choices: [(at: Int, phrase: FoodPhrase)] = []
    /// Meal and day words found inside the line, moved to its end where the parser reads them.
    var moved: [Token] = []

    init(tokens: [Token], scalars: [Unicode.Scalar]) {
        self.tokens = tokens
        self.scalars = scalars
    }

    mutating func run() {
        if scalars.contains(where: PhrasingPass.isTrademark) { dropTrademarks() }
        // Most lines ("2 eggs and toast") have nothing to rewrite: a glance decides, and then
        // wakes only the rules whose words or punctuation the line holds. A rule that ran may
        // have changed the tokens, so the line is glanced at again after it.
        var seen = PhrasingGlance(tokens, scalars: scalars)
        guard !seen.isDisjoint(with: .anyTrigger) else { return }
        func apply(_ wanted: PhrasingGlance, _ rule: (inout PhrasingPass) -> Void) {
            guard !seen.isDisjoint(with: wanted) else { return }
            let before = tokens
            rule(&self)
            if tokens != before { seen = PhrasingGlance(tokens, scalars: scalars) }
        }
        apply([.numberWithSlash, .open]) { $0.rewriteLeanRatios() }
        apply(.unknown) { $0.dropBullet() }
        apply(.proseWord) { $0.readProse() }
        apply(.eatingVerb) { $0.dropSentencePrefix() }
        apply([.colon, .minus]) { $0.rewriteLabel() }
        apply(.amountWord) { $0.rewriteLengths() }
        apply([.sizeWord, .numberedWord, .minus]) { $0.rewriteSizes() }
        apply([.numberedWord, .minus]) { $0.joinHyphenatedRanges() }
        apply([.open, .close]) { $0.rewriteBrackets() }
        apply(.slash) { $0.rewriteSlashes() }
        apply(.amountWord) { $0.joinCompoundAmounts() }
        apply([.amountWord, .rangeWord, .sizeWord]) { $0.joinUnitRanges() }
        apply([.rangeWord, .minus]) { $0.rewriteRanges() }
        apply(.containerWord) { $0.rewriteSizedContainers() }
        apply(.amountWord) { $0.weighEachCounted() }
        apply(.compoundWord) { $0.moveTrailingShares() }
        apply(.amountWord) { $0.rewriteWordShares() }
        apply(.amountWord) { $0.dropPortionAfterMeasure() }
        apply(.compoundWord) { $0.rewriteCompounds() }
        apply([.timeWord, .colon]) { $0.moveTimesAndMeals() }
        apply([.announcingVerb, .minus]) { $0.rewriteMealAnnouncements() }
        apply(.minus) { $0.rewriteDashNotes() }
        apply([.comma, .amountWord, .minus]) { $0.joinListedAdjectives() }
        apply(.comma) { $0.attachLateWeights() }
        apply([.comma, .semicolon, .noteWord]) { $0.dropNotes() }
        apply(.frameWord) { $0.dropSentenceFrames() }
        apply(.joinerWord) { $0.rewriteJoiners() }
        apply(.comma) { $0.attachLateAmounts() }
        tokens += moved
    }

    // MARK: - Helpers

    func word(_ index: Int) -> String? {
        index >= 0 && index < tokens.count ? tokens[index].word : nil
    }

    func kind(_ index: Int) -> Token.Kind? {
        index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }

    func text(_ range: SourceRange) -> String {
        let upper = min(scalars.count, max(0, range.end))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[min(max(0, range.start), upper)..<upper])
        return String(view)
    }

    static func isJoiner(_ token: Token) -> Bool {
        switch token.kind {
        case .comma, .plus, .semicolon, .ampersand: true
        case .word(let word): word == "and" || word == "with"
        default: false
        }
    }

    /// True when the tokens from `index` make an amount: a number and a mass or volume unit
    /// ("14 oz", "125 ml", "2¼ tsp"); returns how many tokens it spans.
    func measureLength(at index: Int) -> Int? {
        guard let value = tokens[safe: index]?.number, value > 0 else { return nil }
        var at = index + 1
        if let first = word(at), let second = word(at + 1), let unit = Unit.twoWord(first, second),
            unit.kind != .portion
        {
            at += 2
        } else if let unitWord = word(at), let unit = Unit.named(unitWord), unit.kind != .portion {
            at += 1
        } else {
            return nil
        }
        return at - index
    }

    func isCountStart(_ index: Int) -> Bool {
        guard let token = tokens[safe: index] else { return false }
        if token.number != nil { return true }
        if let word = token.word { return NumberWords.value(of: word) != nil || word == "half" }
        return false
    }

    /// The index of the start of the clause holding `index`: just after the previous joiner,
    /// colon, or the line's start.
    func clauseStart(before index: Int) -> Int {
        var at = index - 1
        while at >= 0 {
            if PhrasingPass.isJoiner(tokens[at]) || tokens[at].kind == .colon { return at + 1 }
            at -= 1
        }
        return 0
    }

    // MARK: - Rules

    /// True when the words at `index` name a thing a whole one of is meant ("pizza", "pepperoni
    /// pizza"): a word, not an amount, a unit, a size or a word "whole" is part of the name of.
    func namesAWholeThing(_ index: Int) -> Bool {
        guard let next = word(index), Unit.named(next) == nil, NumberWords.value(of: next) == nil,
            !PhrasingWords.wholeCompounds.contains(next), !PhrasingWords.measureSizes.contains(next), next != "of"
        else { return false }
        return true
    }

    /// "20oz bottle of coke", "a 16 oz can of beer": a container's size said before it is the
    /// amount ("20 oz coke"), a count before it times that ("2 20oz bottles" = 2 × 20 oz);
    /// "a 12 oz latte" is "12 oz latte".
    mutating func rewriteSizedContainers() {
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].number != nil, let unit = word(index + 1), let found = Unit.named(unit),
                found.kind != .portion
            else {
                index += 1
                continue
            }
            if index > 0, let before = word(index - 1), before == "a" || before == "an",
                index == 1 || PhrasingPass.isJoiner(tokens[index - 2])
            {
                tokens.remove(at: index - 1)
                index -= 1
            }
            if let container = word(index + 2), PhrasingWords.sizedContainers.contains(container) {
                // "a 400g tin chickpeas, drained": the tin's net weight less its liquid, 60 %
                // (as `multiplied(by:container:)` says).
                if PhrasingWords.cans.contains(container), tokens.contains(where: { $0.word == "drained" }),
                    let value = tokens[index].number
                {
                    tokens[index] = Token(.number(value * 0.6), tokens[index].range, isGlued: tokens[index].isGlued)
                }
                tokens.remove(at: index + 2)
                if word(index + 2) == "of" { tokens.remove(at: index + 2) }
                // "2 20oz bottles": 2 × 20 oz.
                if index > 0, tokens[index - 1].number != nil {
                    tokens.insert(Token(.multiplier(nil), tokens[index].range), at: index)
                    index += 1
                }
            }
            index += 2
        }
    }

    /// "grapefruit half", "bagel half": a share said after a food with no amount is its amount;
    /// "a cup and a half of milk" is "a and a half cup of milk" (1½ cups).
    mutating func moveTrailingShares() {
        var index = 1
        while index < tokens.count {
            if word(index) == "and", word(index + 1) == "a", word(index + 2) == "half", index >= 2,
                let unit = word(index - 1), Unit.named(unit) != nil,
                tokens[index - 2].number != nil || word(index - 2).flatMap(NumberWords.value(of:)) != nil
            {
                let half = Array(tokens[index...(index + 2)])
                tokens.removeSubrange(index...(index + 2))
                tokens.insert(contentsOf: half, at: index - 1)
                index += 3
                continue
            }
            guard let word = word(index), word == "half",
                let previous = self.word(index - 1), !["a", "an", "and", "the", "of", "in", "into"].contains(previous),
                !PhrasingWords.howWords.contains(previous),
                index + 1 == tokens.count || PhrasingPass.isJoiner(tokens[index + 1])
            else {
                index += 1
                continue
            }
            let start = clauseStart(before: index)
            // ", cut in half", ", broken in half": how the cook cuts, in a note.
            guard !tokens[start..<index].contains(where: { $0.number != nil }),
                let first = self.word(start), NumberWords.value(of: first) == nil, first != "half",
                !PhrasingWords.isCooksParticiple(first)
            else {
                index += 1
                continue
            }
            let share = tokens.remove(at: index)
            tokens.insert(share, at: start)
            index += 1
        }
    }

    /// "• 2 eggs", "* 1 tsp salt": a bullet of a pasted list.
    mutating func dropBullet() {
        guard let first = tokens.first else { return }
        // A "-" is not a bullet: "- 3 eggs" is a negative amount, and says so.
        if case .unknown(let character) = first.kind, "•*–—·▪◦".contains(character) { tokens.removeFirst() }
    }

    /// "ground beef 80/20", "(90/10)": a lean-to-fat ratio is a word of the meat's name ("90%
    /// lean meat / 10% fat"), not a count.
    mutating func rewriteLeanRatios() {
        for index in tokens.indices where index > 0 {
            guard tokens[index].number != nil,
                scalars[tokens[index].range.start..<min(tokens[index].range.end, scalars.count)].contains("/")
            else { continue }
            let typed = text(tokens[index].range)
            let parts = typed.split(separator: "/")
            guard parts.count == 2, let lean = Int(parts[0]), let fat = Int(parts[1]), lean + fat == 100, lean > fat
            else { continue }
            tokens[index] = Token(.word("\(lean)%"), tokens[index].range, isGlued: tokens[index].isGlued)
        }
        // A ratio alone in brackets stays: "(90/10)".
        var index = 0
        while index + 2 < tokens.count {
            if tokens[index].kind == .open, tokens[index + 2].kind == .close,
                tokens[index + 1].word?.hasSuffix("%") == true
            {
                tokens.remove(at: index + 2)
                tokens.remove(at: index)
            }
            index += 1
        }
    }

    /// "I think I had 3 cookies", "at the office party I had …", "woke up late so just had a
    /// coffee": what comes before the eating verb, when a speaker or a verb of something else
    /// opens the line, is about something else.
    mutating func dropSentencePrefix() {
        guard
            let verb = tokens.indices.first(where: { PhrasingWords.innerEatingVerbs.contains(tokens[$0].word ?? "") }),
            verb > 0, tokens[..<verb].allSatisfy({ $0.number == nil })
        else { return }
        let before = tokens[..<verb].compactMap(\.word)
        let spoken = before.contains { PhrasingWords.speakers.contains($0) }
        let context = before.first.map { PhrasingWords.contextVerbs.contains($0) } ?? false
        guard spoken || context else { return }
        var end = verb + 1
        while let particle = word(end), ["on", "up", "down", "in"].contains(particle) { end += 1 }
        // A meal said in the prefix is kept: "after dinner had some ice cream" is still food.
        let meals = tokens[..<verb].filter { $0.word.flatMap(MealWords.meal(for:)) != nil }
        tokens.replaceSubrange(0..<end, with: meals.isEmpty ? [] : [meals[0], Token(.colon, meals[0].range)])
    }

    /// "post workout: protein shake", "late night snack: bowl of cereal", "tea time - 2
    /// biscuits": words before a colon (or a spaced dash) that say no amount are a label; a
    /// meal in it is kept.
    mutating func rewriteLabel() {
        guard
            let colon = tokens.prefix(7).indices.first(where: { index in
                tokens[index].kind == .colon
                    || (tokens[index].kind == .minus && !tokens[index].isGlued
                        && tokens[safe: index + 1]?.isGlued == false)
            }), colon > 0, colon + 1 < tokens.count,
            tokens[..<colon].allSatisfy({ $0.word != nil || $0.kind == .comma })
        else { return }
        let label = tokens[..<colon].compactMap(\.word)
        // "breakfast: 2 eggs" is the grammar's own; only a longer label is rewritten.
        if label.count == 1, MealWords.meal(for: label[0]) != nil {
            tokens[colon] = Token(.colon, tokens[colon].range)
            return
        }
        if label.count == 1, DayWords.day(for: label[0]) != nil { return }
        let meal = tokens[..<colon].last { $0.word.flatMap(MealWords.meal(for:)) != nil }
        var replacement: [Token] = []
        if let meal { replacement = [meal, Token(.colon, tokens[colon].range)] }
        tokens.replaceSubrange(0...colon, with: replacement)
    }

    /// Sizes written with a hyphen or in inches: "2 15-oz cans beans" is "2 (15 oz) cans beans";
    /// "6 inch sub" and "6-inch sub" name a size in inches (one word, "6-inch", a unit
    /// the resolver weighs by USDA's inch portions), "foot long" is a footlong; and "1-inch piece
    /// of ginger" is a piece, the inches only how the cook cut it.
    mutating func rewriteSizes() {
        // The lexer reads "15-oz" and "6-inch" as one word, as it reads "7-up": split them.
        tokens = tokens.flatMap { token -> [Token] in
            guard let word = token.word, let dash = word.firstIndex(of: "-"), dash > word.startIndex,
                let value = Double(word[..<dash]), value > 0
            else { return [token] }
            let unit = String(word[word.index(after: dash)...])
            guard unit == "inch" || unit == "inches" || Unit.named(unit).map({ $0.kind != .portion }) == true
            else { return [token] }
            let digits = word.distance(from: word.startIndex, to: dash)
            let start = token.range.start
            return [
                Token(.number(value), SourceRange(start, start + digits), isGlued: token.isGlued),
                Token(.minus, SourceRange(start + digits, start + digits + 1), isGlued: true),
                Token(.word(unit), SourceRange(start + digits + 1, token.range.end), isGlued: true),
            ]
        }
        var index = 0
        while index < tokens.count {
            guard let value = tokens[index].number, value > 0 else {
                if word(index) == "foot", word(index + 1) == "long" {
                    tokens.replaceSubrange(
                        index...(index + 1),
                        with: [Token(.word("footlong"), tokens[index].range.union(tokens[index + 1].range))])
                }
                index += 1
                continue
            }
            let hyphen =
                kind(index + 1) == .minus && tokens[index + 1].isGlued && tokens[safe: index + 2]?.isGlued == true
            let unitAt = hyphen ? index + 2 : index + 1
            let unitWord = word(unitAt)
            // "15-oz can": the size of a container, as if in brackets.
            if hyphen, let unitWord, let unit = Unit.named(unitWord), unit.kind != .portion,
                let container = word(unitAt + 1), PhrasingWords.containers.contains(container)
            {
                var size = [tokens[index], tokens[unitAt]]
                size.insert(Token(.open, tokens[index + 1].range), at: 0)
                size.append(Token(.close, tokens[unitAt].range))
                if index > 0, tokens[index - 1].number == nil, let typed = word(index - 1), typed != "a", typed != "an",
                    let count = NumberWords.value(of: typed)
                {
                    // "One 15-ounce can", "Two 14-oz cans": the count in words.
                    tokens[index - 1] = Token(.number(count), tokens[index - 1].range)
                } else if index == 0 || tokens[index - 1].number == nil {
                    size.insert(Token(.number(1), tokens[index].range), at: 0)
                }
                tokens.replaceSubrange(index...unitAt, with: size)
                index += size.count
                continue
            }
            let inches = unitWord == "inch" || unitWord == "inches"
            // A count past all sense ("99999999999999999999 inch sub") stays a number, refused later
            // as too much, never turned into an Int it overflows.
            guard inches, value == value.rounded(), value < 10_000, let after = word(unitAt + 1) else {
                index += 1
                continue
            }
            let range = tokens[index].range.union(tokens[unitAt].range)
            // "1-inch piece of ginger", "2 inch cube": the cut, not the food's size.
            if let unit = Unit.named(after), unit.kind == .portion {
                let counted = index > 0 && tokens[index - 1].number != nil
                tokens.replaceSubrange(index...unitAt, with: counted ? [] : [Token(.number(1), range)])
                continue
            }
            tokens.replaceSubrange(index...unitAt, with: [Token(.word("\(Int(value))-inch"), range)])
            index += 1
        }
    }

    /// Brackets: a container's size ("1 (14 oz) can", "1 can (400g)", "4 fillets (6 oz each)")
    /// becomes the amount; anything else in brackets is another unit's amount ("½ cup (125
    /// ml)": the first is used) or a note, and is dropped.
    mutating func rewriteBrackets() {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .open else {
                if tokens[index].kind != .close { result.append(tokens[index]) }
                index += 1
                continue
            }
            var close = index + 1
            var depth = 1
            while close < tokens.count {
                if tokens[close].kind == .open { depth += 1 }
                if tokens[close].kind == .close {
                    depth -= 1
                    if depth == 0 { break }
                }
                close += 1
            }
            var inside = index + 1
            while let word = word(inside), PhrasingWords.roughly.contains(word) { inside += 1 }
            let measure = measureLength(at: inside).flatMap { length in
                inside + length == close
                    || (inside + length + 1 == close && ["each", "total"].contains(word(inside + length) ?? ""))
                    ? length : nil
            }
            // "2 eggs (large)": a size in brackets is a size.
            if close == index + 2, let size = word(index + 1), Unit.sizeWords.contains(size) {
                result.append(tokens[index + 1])
                index = close + 1
                continue
            }
            // "5 (1.25 L) cups stock", "¼ (50 mL) cup sugar": a unit after the brackets says the
            // count's unit; the brackets hold the same amount in another, dropped.
            if measure != nil, result.last?.number != nil, measureUnitWord(word(close + 1)) != nil {
                index = close + 1
                continue
            }
            if let measure {
                let size = Array(tokens[inside..<(inside + measure)])
                let each = word(inside + measure) == "each"
                // "1 (14 oz) can tomatoes": the count, then the size.
                if let last = result.last, last.number != nil, !each {
                    result.append(contentsOf: multiplied(by: size, container: word(close + 1)))
                    index = close + 1
                    if let container = word(index), PhrasingWords.containers.contains(container) {
                        // What comes in a can is the canned food: "1 (28 oz) can crushed tomatoes".
                        if PhrasingWords.cans.contains(container) {
                            result.append(Token(.word("canned"), tokens[index].range))
                        }
                        index += 1
                    } else if let portion = word(index), Unit.named(portion)?.kind == .portion,
                        !Unit.sizeWords.contains(portion), word(index + 1) != nil
                    {
                        // "6 (1 ounce) slices prosciutto": the size of each slice.
                        index += 1
                    }
                    continue
                }
                // "1 can (400g) chickpeas": the container's size replaces the container.
                if let container = result.last?.word, PhrasingWords.containers.contains(container),
                    result.count >= 2, result[result.count - 2].number != nil
                {
                    let container = result.removeLast()
                    result.append(contentsOf: multiplied(by: size, container: container.word))
                    if let word = container.word, PhrasingWords.cans.contains(word) {
                        result.append(Token(.word("canned"), container.range))
                    }
                    index = close + 1
                    continue
                }
                // "4 salmon fillets (6 oz each)": four times the size.
                if each {
                    let start = clauseStart(before: result.count)
                    if let count = result[safe: start], count.number != nil {
                        result.insert(contentsOf: multiplied(by: size), at: start + 1)
                        // The food's own unit word is the portion the size replaces.
                        if let unit = result[safe: start + 1 + size.count + 1]?.word, Unit.named(unit) != nil {
                            result.remove(at: start + 1 + size.count + 1)
                        }
                        index = close + 1
                        continue
                    }
                }
                // "4 chicken breasts (about 2 lbs)", "1 pork tenderloin (about 1 lb)": a weight
                // after a counted food is what they all weigh, and replaces the count.
                let start = clauseStart(before: result.count)
                if !each, start + 1 < result.count, result[start].number != nil,
                    let last = result.last?.word, Unit.named(last) == nil,
                    measureUnitWord(result[start + 1].word) == nil,
                    size.count == 2, size[0].number != nil, let unit = size[1].word.flatMap(Unit.named),
                    case .mass = unit.kind
                {
                    result.replaceSubrange(start...start, with: size)
                    // A size word after the count said how big each was; the weight says it now.
                    if let word = result[safe: start + 2]?.word, Unit.sizeWords.contains(word) {
                        result.remove(at: start + 2)
                    }
                    index = close + 1
                    continue
                }
            }
            index = min(close, tokens.count - 1) + 1
        }
        tokens = result
    }

    /// The size as "× 14 oz" after a count. A can the line says is drained holds its food
    /// without the liquid: 60 % of the net weight on the label (USDA SR28's "1 can, drained
    /// solids" of beans and vegetables weigh 253 to 266 g of a 425 g can).
    func multiplied(by size: [Token], container: String? = nil) -> [Token] {
        guard let first = size.first, var value = first.number else { return size }
        if let container, PhrasingWords.cans.contains(container), tokens.contains(where: { $0.word == "drained" }) {
            value *= 0.6
        }
        return [Token(.multiplier(value), first.range, isGlued: false)] + size.dropFirst()
    }

    /// "w/" is "with"; "200g/7oz" and "1 tsp/5ml" give one amount in two units (the first is
    /// used); "and/or" is "or"; in a line that opens with its amount, a "/" between words is
    /// "or" (a choice, `keepChoice`); any other stays an error ("coffee/tea": which?).
    mutating func rewriteSlashes() {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .slash else {
                result.append(token)
                index += 1
                continue
            }
            if let last = result.last, last.word == "w" {
                result[result.count - 1] = Token(.word("with"), last.range.union(token.range))
                index += 1
                continue
            }
            if let length = measureLength(at: index + 1) {
                // "500g/1lb 2oz": the other units' amount may be in two units itself.
                let kind = measureUnit(at: index + 2).flatMap { PhrasingPass.base(of: $0.unit) }
                index += 1 + length
                if let kind, let more = measureLength(at: index),
                    let next = measureUnit(at: index + 1).flatMap({ PhrasingPass.base(of: $0.unit) }),
                    next.isMass == kind.isMass, next.amount < kind.amount
                {
                    index += more
                }
                continue
            }
            if result.last?.word == "and", word(index + 1) == "or" {
                // "and/or": the first is used.
                result.removeLast()
                index += 1
                continue
            }
            // "2 tbsp dill/parsley", "250g penne/rigatoni": in a recipe's
            // line, which opens with its amount, a "/" between words offers a choice, as "or".
            if isCountStart(0), result.last?.word != nil, word(index + 1) != nil {
                result.append(Token(.word("or"), token.range))
                index += 1
                continue
            }
            // Any other "/" between words is a choice the line does not make: it stays an error.
            result.append(Token(.unknown("/"), token.range, isGlued: token.isGlued))
            index += 1
        }
        tokens = result
    }

    /// "2-3 tbsp", "2 to 3 cloves", "2 or 3 eggs": the middle of the range, said.
    mutating func rewriteRanges() {
        var index = 0
        while index + 2 < tokens.count {
            guard let low = tokens[index].number, let high = tokens[index + 2].number, high > low,
                tokens[index + 1].kind == .minus || ["to", "or"].contains(word(index + 1) ?? "")
            else {
                index += 1
                continue
            }
            let range = tokens[index].range.union(tokens[index + 2].range)
            let middle = Token(.number((low + high) / 2), range, isGlued: tokens[index].isGlued)
            tokens.replaceSubrange(index...(index + 2), with: [middle])
            countRanges[range] = text(range)
            index += 1
        }
    }

    /// Words people write for a number or a food in several words: "a couple of", "a few",
    /// "half and half" (the cream), "juice of 1 lemon".
    mutating func rewriteCompounds() {
        var index = 0
        while index < tokens.count {
            let word = word(index)
            // Only an article, "the" or a word of the rules below starts a compound: one
            // lookup skips the rest.
            let startsCompound = word.map { typed in
                typed == "a" || typed == "an" || typed == "the"
                    || PhrasingWords.roles[typed]?.contains(.compoundWord) == true
            }
            guard startsCompound == true else {
                index += 1
                continue
            }
            let article = word == "a" || word == "an"
            let head = article ? self.word(index + 1) : word
            let span = article ? 2 : 1
            if let head, let value = PhrasingWords.counts[head] {
                let range = tokens[index].range.union(tokens[index + span - 1].range)
                tokens.replaceSubrange(index..<(index + span), with: [Token(.number(value), range)])
                if self.word(index + 1) == "of" { tokens.remove(at: index + 1) }
                index += 1
                continue
            }
            if word == "another" {
                tokens[index] = Token(.word("one"), tokens[index].range)
            }
            // "a quarter of a pizza", "a third of the cake", "half of a bagel": a share of a whole one.
            if let head, let value = PhrasingWords.shares[head],
                self.word(index + span) == "of", article || head == "half"
            {
                var end = index + span + 1
                if let next = self.word(end), ["a", "an", "the", "my"].contains(next) { end += 1 }
                let range = tokens[index].range.union(tokens[end - 1].range)
                var share = [Token(.number(value), range)]
                if namesAWholeThing(end) { share.append(Token(.word("entire"), range)) }
                tokens.replaceSubrange(index..<end, with: share)
                index += 1
                continue
            }
            // "a quarter cup of granola", "a third cup of sugar": a share of the unit.
            if article, let head, let value = PhrasingWords.shares[head], let unit = self.word(index + 2),
                Unit.named(unit) != nil, index == 0 || self.word(index - 1) != "and"
            {
                let range = tokens[index].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(index...(index + 1), with: [Token(.number(value), range)])
                index += 1
                continue
            }
            // "half a pizza", "a whole baguette", "an entire cake": the whole thing as USDA weighs
            // one ("a pizza" is a slice of one).
            if word == "half", let next = self.word(index + 1), next == "a" || next == "an", namesAWholeThing(index + 2)
            {
                let range = tokens[index].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(
                    index...(index + 1), with: [Token(.number(0.5), range), Token(.word("entire"), range)])
                index += 2
                continue
            }
            if article || word == "the" || word == "one", let whole = self.word(index + 1),
                whole == "whole" || whole == "entire", namesAWholeThing(index + 2)
            {
                let range = tokens[index].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(
                    index...(index + 1), with: [Token(.number(1), range), Token(.word("entire"), range)])
                index += 2
                continue
            }
            // "the rest of the mac and cheese", "lots of popcorn": the food, a serving.
            if (word == "the" && self.word(index + 1) == "rest" && self.word(index + 2) == "of")
                || ((word == "lots" || word == "plenty" || word == "loads") && self.word(index + 1) == "of")
            {
                var end = index + (word == "the" ? 3 : 2)
                if self.word(end) == "the" { end += 1 }
                tokens.removeSubrange(index..<end)
                continue
            }
            // "2 T. butter", "1 t. salt": cookbook shorthand, a capital T for a tablespoon.
            if word == "t", index > 0, tokens[index - 1].number != nil {
                let typed = scalars[safe: tokens[index].range.start]
                tokens[index] = Token(.word(typed == "T" ? "tbsp" : "tsp"), tokens[index].range)
            }
            // "cup o tea": "o" is "of".
            if word == "o", index > 0, tokens[index - 1].word.map({ Unit.named($0) != nil }) == true {
                tokens[index] = Token(.word("of"), tokens[index].range)
            }
            // "big bowl", "small handful": a size before a measure scales it as a large or a small
            // one is scaled against the usual one (`Unit.sizeScale`); "heaped", "level" and the
            // like say little the measure does not.
            // "a whole large pizza": a size says a whole one already ("a large pizza").
            if word == "whole" || word == "entire", index > 0,
                let before = self.word(index - 1), ["a", "an", "the", "one"].contains(before),
                let size = self.word(index + 1), ["large", "small", "medium", "big", "extra-large"].contains(size)
            {
                tokens.remove(at: index)
                continue
            }
            // "a sharing bag of crisps", "2 family bags of doritos": a sharing bag holds 150 g.
            if let size = word, PhrasingWords.sharingSizes.contains(size), let bag = self.word(index + 1),
                PhrasingWords.sharingContainers.contains(bag)
            {
                var start = index
                var count = 1.0
                if index > 0, let article = self.word(index - 1), article == "a" || article == "an" {
                    start = index - 1
                } else if index > 0, let number = tokens[index - 1].number {
                    start = index - 1
                    count = number
                }
                let range = tokens[start].range.union(tokens[index + 1].range)
                tokens.replaceSubrange(
                    start...(index + 1),
                    with: [Token(.number(count * PhrasingWords.sharingBagGrams), range), Token(.word("g"), range)])
                index = start + 2
                continue
            }
            // "a whole tub of ice cream", "a whole loaf": a container is a whole one already.
            if let size = word, PhrasingWords.measureSizes.contains(size),
                let measure = self.word(index + 1), let unit = Unit.named(measure),
                unit.kind != .portion || PhrasingWords.sizedMeasures.contains(unit.name)
                    || ((size == "whole" || size == "entire") && PhrasingWords.wholeContainers.contains(measure))
            {
                if unit.kind == .portion, PhrasingWords.scaledMeasures.contains(unit.name),
                    let scale = PhrasingWords.sizeScale[size]
                {
                    if index > 0,
                        let count = tokens[index - 1].number ?? tokens[index - 1].word.flatMap(NumberWords.value(of:))
                    {
                        let range = tokens[index - 1].range.union(tokens[index].range)
                        tokens.replaceSubrange((index - 1)...index, with: [Token(.number(count * scale), range)])
                    } else {
                        tokens[index] = Token(.number(scale), tokens[index].range)
                    }
                    continue
                }
                // "a small bag of chips", "a large box of raisins": USDA weighs a bag or a box by
                // its size ("1 small single serving bag"), which the size says.
                if Unit.sizeWords.contains(size), PhrasingWords.sizedPackages.contains(unit.name) {
                    index += 1
                    continue
                }
                tokens.remove(at: index)
                continue
            }

            if word == "half", self.word(index + 1) == "and", self.word(index + 2) == "half" {
                let range = tokens[index].range.union(tokens[index + 2].range)
                tokens.replaceSubrange(index...(index + 2), with: [Token(.word("half-and-half"), range)])
            }
            // "zest and juice of 2 limes": the juice is what the fruits give (their zest, a few kcal).
            if let part = word, PhrasingWords.parts.contains(part), self.word(index + 1) == "and",
                let other = self.word(index + 2), PhrasingWords.parts.contains(other), other != part,
                self.word(index + 3) == "of"
            {
                let kept = part == "juice" ? tokens[index] : tokens[index + 2]
                tokens.replaceSubrange(index...(index + 2), with: [kept])
                continue
            }
            // "juice of 1 lemon" → "1 lemon juice".
            if let part = word, PhrasingWords.parts.contains(part), self.word(index + 1) == "of",
                isCountStart(index + 2)
            {
                var end = index + 3
                while end < tokens.count, !PhrasingPass.isJoiner(tokens[end]), tokens[end].word != nil { end += 1 }
                if end > index + 3 {
                    // The juice or zest of a fruit is its raw juice or peel: "1 lemon juice raw",
                    // whose USDA portion is what one lemon yields.
                    let partToken = tokens[index]
                    var moved = Array(tokens[(index + 2)..<end])
                    let part = part == "juice" ? "juice" : "peel"
                    moved.append(Token(.word(part), partToken.range))
                    moved.append(Token(.word("raw"), partToken.range))
                    tokens.replaceSubrange(index..<end, with: moved)
                    index = end - 1
                }
            }
            index += 1
        }
    }

    /// Times and meals said inside a sentence ("at 10", "at 7am", "12:30", "this morning",
    /// "last night", "for lunch" before more foods) move to the line's end, as meal and day
    /// words, where the parser reads modifiers.
    mutating func moveTimesAndMeals() {
        var index = 0
        while index < tokens.count {
            // Only a number or a word a phrase starts with can start one: one lookup skips the rest.
            if let word = tokens[index].word, PhrasingWords.roles[word]?.contains(.timeWord) != true {
                index += 1
                continue
            }
            if let (length, replacement) = timeOrMeal(at: index) {
                let range = tokens[index].range.union(tokens[index + length - 1].range)
                let atStart = index == 0
                tokens.removeSubrange(index..<(index + length))
                // A meal said first stays first: "for lunch I had …" reads as "lunch: …".
                if atStart, replacement.count == 1 {
                    tokens.insert(contentsOf: replacement.map { Token(.word($0), range) }, at: 0)
                    tokens.insert(Token(.colon, range), at: 1)
                    index = 2
                } else {
                    moved += replacement.map { Token(.word($0), range) }
                }
                continue
            }
            index += 1
        }
    }

    /// The meal and day words a phrase at `index` stands for, and its length in tokens.
    func timeOrMeal(at index: Int) -> (Int, [String])? {
        let first = word(index)
        let second = word(index + 1)
        switch (first, second) {
        case ("this", "morning"): return (2, ["breakfast"])
        case ("this", "afternoon"): return (2, ["snack"])
        case ("this", "evening"): return (2, ["dinner"])
        case ("last", "night"): return (2, ["dinner", "yesterday"])
        case ("yesterday", "morning"): return (2, ["breakfast", "yesterday"])
        case ("yesterday", "evening"), ("yesterday", "afternoon"):
            return (2, [second == "evening" ? "dinner" : "snack", "yesterday"])
        case ("for", "brekkie"), ("for", "brekky"), ("for", "brunch"), ("at", "brunch"): return (2, ["breakfast"])
        case ("as", "a"), ("for", "a"):
            if word(index + 2) == "snack" { return (3, ["snack"]) }
        case ("at", "noon"), ("at", "lunchtime"), ("around", "noon"): return (2, ["lunch"])
        case ("at", "night"), ("late", "night"): return (2, ["dinner"])
        case ("all", "afternoon"), ("all", "day"): return (2, ["snack"])
        case ("in", "the"):
            if word(index + 2) == "morning" { return (3, ["breakfast"]) }
            if word(index + 2) == "afternoon" { return (3, ["snack"]) }
            if word(index + 2) == "evening" { return (3, ["dinner"]) }
        default: break
        }
        if first == "tonight" { return (1, ["dinner"]) }
        if first == "brekkie" || first == "brekky" || first == "b'fast" || first == "bfast" || first == "brunch" {
            return (1, ["breakfast"])
        }
        // "for lunch" inside a line, with foods after it: moved to the end.
        if index > 0, first == "for" || first == "at" || first == "with" || first == "after" || first == "before",
            let second, MealWords.meal(for: second) != nil,
            first == "with" && !startsModifier(index + 2)
                || (index + 2 < tokens.count
                    && (!PhrasingPass.isJoiner(tokens[index + 2]) || tokens[index + 2].kind == .comma)
                    && !startsModifier(index + 2))
        {
            return (2, [second])
        }
        // Times: "at 10", "at 7am", "7 am", "12:30", "at 12:30 pm".
        var at = index
        let saidAt = first == "at" || first == "around"
        if saidAt { at += 1 }
        guard let hour = tokens[safe: at]?.number, hour == hour.rounded(), hour <= 24 else { return nil }
        var length = at - index + 1
        var value = hour
        if kind(at + 1) == .colon, let minutes = tokens[safe: at + 2]?.number, minutes < 60, tokens[at + 2].isGlued {
            length += 2
            value += minutes / 60
        }
        let suffix = word(index + length)
        if suffix == "am" || suffix == "pm" || suffix == "a.m" || suffix == "p.m" {
            if suffix?.hasPrefix("p") == true, value < 12 { value += 12 }
            length += 1
        } else if !saidAt && length == at - index + 1 {
            return nil  // a bare number is a count
        } else if saidAt, length == 2, value < 7 {
            value += 12  // "at 6": in the evening
        }
        // "2 eggs at 10" is a time; "at 2 eggs" is not.
        if let next = tokens[safe: index + length], next.word.map({ Unit.named($0) != nil }) == true { return nil }
        return (length, [PhrasingWords.meal(atHour: value).rawValue])
    }

    /// True when a meal or day word, or "for", "at" or "on" before one, stands at `index`.
    func startsModifier(_ index: Int) -> Bool {
        guard let token = tokens[safe: index] else { return false }
        if case .date = token.kind { return true }
        guard let word = token.word else { return false }
        if MealWords.meal(for: word) != nil || DayWords.day(for: word) != nil { return true }
        return ["for", "at", "on"].contains(word) && startsModifier(index + 1)
    }

    /// "breakfast was porridge", "lunch today was a salad", "dinner - grilled salmon": a meal
    /// named first, then what it was.
    mutating func rewriteMealAnnouncements() {
        guard let first = word(0), MealWords.meal(for: first) != nil else { return }
        var at = 1
        if let day = word(at), DayWords.day(for: day) != nil { at += 1 }
        if let verb = word(at), ["was", "were", "is", "consisted", "included"].contains(verb) {
            tokens[at] = Token(.colon, tokens[at].range)
            if word(at + 1) == "of" { tokens.remove(at: at + 1) }
        } else if kind(at) == .minus, let next = tokens[safe: at + 1], !next.isGlued {
            tokens[at] = Token(.colon, tokens[at].range)
        }
    }

    /// Notes: after a comma, a phrase that says how to prepare or serve the food (", finely
    /// chopped", ", seeds removed", ", to taste", ", plus more for dusting"); anywhere, "to
    /// taste", "plus more …" and "or …" (the first choice is used).
    /// "2 boneless, skinless chicken breasts", "1 large, ripe avocado": a comma between the
    /// words that say how a food is, before its name, lists them; it starts no new food.
    mutating func joinListedAdjectives() {
        func isListed(_ word: String) -> Bool {
            PhrasingWords.listedAdjectives.contains(word) || PhrasingWords.isCooksParticiple(word)
        }
        var index = 1
        while index + 1 < tokens.count {
            defer { index += 1 }
            // "cooked and peeled chestnuts", "peeled, seeded, and chopped tomatoes": what the
            // cook did, listed before the food's name, is one list.
            let comma = tokens[index - 1].kind == .comma
            if word(index) == "and", let before = word(comma ? index - 2 : index - 1), let after = word(index + 1),
                PhrasingWords.isCooksParticiple(before), PhrasingWords.isCooksParticiple(after)
            {
                tokens.remove(at: index)
                if comma { tokens.remove(at: index - 1) }
                index -= 1
                continue
            }
            guard tokens[index].kind == .comma, let before = word(index - 1), word(index + 1) != nil,
                isListed(before)
            else { continue }
            let start = clauseStart(before: index - 1)
            let clause = tokens[start..<index]
            // "2 x 200g fresh, boneless salmon fillets", "One whole, ripe pineapple": a count said
            // in words or with "x" is the amount before the list.
            guard
                clause.allSatisfy({ token in
                    if case .multiplier = token.kind { return true }
                    return token.number != nil
                        || token.word.map { isListed($0) || Unit.named($0) != nil || NumberWords.value(of: $0) != nil }
                            == true
                })
            else { continue }
            tokens.remove(at: index)
            index -= 1  // the word after the comma stands here now: it may open another list
        }
    }

    mutating func dropNotes() {
        var result: [Token] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .comma || token.kind == .semicolon {
                var end = index + 1
                while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .semicolon { end += 1 }
                // "gouda, edam, or cheddar cheese": the foods listed before ", or" and after it are choices.
                if token.kind == .comma, word(index + 1) == "or", keepChoice(from: index + 2, to: end, after: &result) {
                    index = end
                    continue
                }
                if isNote(from: index + 1, to: end) {
                    if tokens[(index + 1)..<end].contains(where: { PhrasingWords.cookCuts.contains($0.word ?? "") }) {
                        preparedAt.append(token.range.start)
                    }
                    if tokens[(index + 1)..<end].contains(where: { $0.word == "taste" }) {
                        PhrasingPass.measureTasted(&result)
                    }
                    index = end
                    continue
                }
            }
            if token.word == "to", word(index + 1) == "taste" {
                PhrasingPass.measureTasted(&result)
                index += 2
                continue
            }
            // "up to 250g", "at least 4 tbsp": a limit before an amount says no more than the amount.
            if (token.word == "up" || token.word == "at"), word(index + 1) == "to" || word(index + 1) == "least",
                (token.word == "up") == (word(index + 1) == "to"), tokens[safe: index + 2]?.number != nil
            {
                index += 2
                continue
            }
            // "butter for greasing", "oil for deep frying", "cooked according to the packet": what
            // the food is for or how, not what it is, to the end of the clause.
            if !result.isEmpty, result.last?.word != nil,
                (token.word == "for" && word(index + 1).map(PhrasingWords.isPurpose) == true)
                    || (token.word == "according" && word(index + 1) == "to")
            {
                while index < tokens.count, tokens[index].kind != .comma, tokens[index].kind != .semicolon {
                    index += 1
                }
                continue
            }
            if isInlineNote(at: index, after: result) {
                while index < tokens.count, tokens[index].kind != .comma, tokens[index].kind != .semicolon {
                    index += 1
                }
                continue
            }
            if token.word == "plus", let next = word(index + 1),
                ["more", "extra", "additional"].contains(next)
                    || (next == "a" && word(index + 2) == "little")
            {
                while index < tokens.count, tokens[index].kind != .comma, tokens[index].kind != .semicolon {
                    index += 1
                }
                continue
            }
            // "fresh or dried thyme", "white or brown crabmeat": a choice between two words that
            // say how the food is, before its name; the first is used, the name kept.
            if token.word == "or", let before = result.last?.word, word(index + 1) != nil,
                FoodWords.isDescriptor(before),
                let after = word(index + 2), !Parser.kcalWords.contains(after), after != "or"
            {
                index += 2
                continue
            }
            if token.word == "or", !result.isEmpty, result.last?.number == nil {
                var end = index + 1
                while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .semicolon { end += 1 }
                _ = keepChoice(from: index + 1, to: end, after: &result)
                index = end
                continue
            }
            result.append(token)
            index += 1
        }
        tokens = result
    }

    /// "salt and pepper to taste", "1 tsp salt, pepper to taste": each food said "to taste"
    /// without an amount is a pinch of it (`Resolver.spiceMeasures`: a pinch of pepper is the
    /// spice). Walks back over the foods before "to taste" as far as one with an amount.
    static func measureTasted(_ result: inout [Token]) {
        var end = result.count
        while end > 0 {
            var start = end
            while start > 0 {
                let token = result[start - 1]
                if token.kind == .comma || token.kind == .plus || token.kind == .ampersand || token.kind == .colon
                    || token.word == "and" || token.word == "or"
                {
                    break
                }
                start -= 1
            }
            guard start < end, let first = result[safe: start] else { return }
            let counted =
                first.number != nil
                || first.word.map { NumberWords.value(of: $0) != nil || Unit.named($0) != nil } == true
            if counted || first.word == nil { return }
            result.insert(Token(.word("pinch"), first.range), at: start)
            guard start > 0, result[start - 1].kind != .colon else { return }
            end = start - 1
        }
    }

    /// True when tokens `from..<to` are a note: they open with a note word or an adverb, or end
    /// with a preparation ("seeds removed"), and say no amount of a food.
    func isNote(from start: Int, to end: Int) -> Bool {
        guard start < end, let first = word(start) else { return false }
        let words = tokens[start..<end].compactMap(\.word)
        if words.isEmpty { return false }
        // ", grated zest and juice", ", juice only": which parts of the fruit the cook uses.
        if words.contains(where: PhrasingWords.parts.contains),
            words.allSatisfy({ PhrasingWords.parts.contains($0) || PhrasingWords.partNoteWords.contains($0) })
        {
            return true
        }
        // A meal or a day after a comma is a modifier, not a note.
        if MealWords.meal(for: first) != nil || DayWords.day(for: first) != nil { return false }
        // ", pepper to taste": a food before "to taste" is no note; "to taste" is read alone.
        if !PhrasingWords.noteOpeners.contains(first), let to = words.firstIndex(of: "to"), to > 0,
            words.index(after: to) < words.endIndex, words[words.index(after: to)] == "taste"
        {
            return false
        }
        // ", cored, seeded, and cut into strips": the last of a list of notes.
        if first == "and" || first == "then", start + 1 < end, word(start + 1) != nil {
            return isNote(from: start + 1, to: end)
        }
        if PhrasingWords.noteOpeners.contains(first) {
            // ", about 8 pieces" and ", or 2 eggs" are amounts, handled elsewhere.
            if PhrasingWords.roughly.contains(first), tokens[safe: start + 1]?.number != nil { return false }
            return true
        }
        if first.hasSuffix("ly"), first.count > 3, !Parser.kcalWords.contains(first) { return true }
        // ", sliced lengthways", ", cut into 2cm pieces", ", washed under cold running water": a
        // participle of the cook's work, then how, where or how long.
        if PhrasingWords.isCooksParticiple(first) {
            if words.count == 1 || tokens[start..<end].contains(where: { $0.number != nil }) { return true }
            let second = words[1]
            if PhrasingWords.participleFollowers.contains(second) || PhrasingWords.preparations.contains(second)
                || PhrasingWords.howWords.contains(second)
                || PhrasingWords.isCooksParticiple(second) || second.hasSuffix("ly") || second.hasSuffix("ways")
                || second.hasSuffix("wise")
            {
                return true
            }
        }
        if isPartReadied(from: start, words: words) { return true }
        if tokens[start..<end].contains(where: { $0.number != nil }) { return false }
        // ", whipped to stiff peaks", ", soaked overnight": a participle, then how.
        if first.count > 4, first.hasSuffix("ed"),
            words.count == 1 || PhrasingWords.participleFollowers.contains(words[1])
        {
            return true
        }
        // ", white and light green parts only".
        if words.contains("only") { return true }
        // ", casings removed", ", stems discarded": what was done to a part.
        if let last = words.last, words.count <= 3,
            PhrasingWords.preparations.contains(last) || (last.count > 4 && last.hasSuffix("ed"))
        {
            return true
        }
        // ", all visible fat removed", ", tough outer leaves removed": a part, then what was done to it.
        if let last = words.last, words.count <= 5, PhrasingWords.isCooksParticiple(last), last.hasSuffix("ed"),
            !words.dropLast().contains(where: { PhrasingWords.isCooksParticiple($0) == false && Unit.named($0) != nil })
        {
            return true
        }
        if let last = words.last, PhrasingWords.preparations.contains(last), words.count <= 6,
            tokens[start].number == nil
        {
            return words.allSatisfy {
                PhrasingWords.preparations.contains($0) || $0 == "and" || $0.hasSuffix("ed")
                    || $0.hasSuffix("ly") || $0 == "into" || $0 == "the" || $0 == "of" || $0 == "seeds" || $0 == "skin"
                    || $0 == "bones" || $0 == "ends" || $0 == "stems" || $0 == "rind"
            }
        }
        return false
    }

    /// "I had", "we ate", "had", "just", "some": the sentence around the foods, at the start of
    /// a clause; "at the cafe", "on the way to work", "before my run": where, not what.
    mutating func dropSentenceFrames() {
        var result: [Token] = []
        var index = 0
        var clauseStart = true
        while index < tokens.count {
            let token = tokens[index]
            guard let word = token.word else {
                result.append(token)
                clauseStart = PhrasingPass.isJoiner(token) || token.kind == .colon
                index += 1
                continue
            }
            if clauseStart {
                var at = index
                while let speaker = self.word(at), PhrasingWords.speakers.contains(speaker) { at += 1 }
                while let filler = self.word(at), PhrasingWords.fillers.contains(filler) { at += 1 }
                // "shared a pizza", "split a bottle of wine": half of it was theirs ("split peas"
                // stay a food: "split" is no eating verb).
                if let verb = self.word(at), verb == "shared" || verb == "split",
                    let next = self.word(at + 1), next == "a" || next == "an"
                {
                    result.append(Token(.word("half"), tokens[at].range))
                    index = at + 1
                    clauseStart = false
                    continue
                }
                if let verb = self.word(at), PhrasingWords.eatingVerbs.contains(verb), at > index || isSentence(at) {
                    at += 1
                    while let particle = self.word(at), ["on", "down", "up", "in", "myself", "to"].contains(particle) {
                        at += 1
                    }
                    // "picked at some chips", "nibbled at a muffin": eating a little of it.
                    if ["picked", "nibbled", "grazed", "pecked"].contains(verb), self.word(at) == "at" { at += 1 }
                    index = at
                    continue
                }
            }
            if PhrasingWords.fillers.contains(word),
                self.word(index + 1) != nil || tokens[safe: index + 1]?.number != nil,
                !(word == "as" && self.word(index + 1) == "well")
            {
                index += 1
                continue
            }
            if PhrasingWords.roughly.contains(word), tokens[safe: index + 1]?.number != nil {
                index += 1
                continue
            }
            // "bit of toast", "bits of cake" at the start of a clause: "a bit of" said short.
            if clauseStart || result.last.map(PhrasingPass.isJoiner) == true, word == "bit" || word == "bits",
                self.word(index + 1) == "of"
            {
                result.append(Token(.word("small"), token.range.union(tokens[index + 1].range)))
                index += 2
                clauseStart = false
                continue
            }
            // "2 bits of toast": pieces of it.
            if word == "bits" || word == "bit", tokens[safe: index - 1]?.number != nil, self.word(index + 1) == "of" {
                result.append(Token(.word("pieces"), token.range))
                index += 1
                continue
            }
            if word == "a", self.word(index + 1) == "bit" || self.word(index + 1) == "little" {
                // "a bit of cheese", "a little milk": a small amount.
                var at = index + 2
                if self.word(at) == "bit" { at += 1 }
                if self.word(at) == "of" { at += 1 }
                result.append(Token(.word("small"), token.range.union(tokens[at - 1].range)))
                index = at
                clauseStart = false
                continue
            }
            // "a whole pizza to myself", "all by myself": who ate it, not what.
            if word == "to" || word == "by" || word == "all", !result.isEmpty {
                var at = index
                if self.word(at) == "all" { at += 1 }
                if let preposition = self.word(at), preposition == "to" || preposition == "by",
                    let who = self.word(at + 1), PhrasingWords.selves.contains(who)
                {
                    index = at + 2
                    continue
                }
            }
            // "with my partner", "with the kids": who, not what.
            if word == "with", let next = self.word(index + 1), ["my", "the", "our", "a"].contains(next),
                let who = self.word(index + 2), PhrasingWords.people.contains(who)
            {
                index += 3
                continue
            }
            // "a brownie with my coffee": whose adds nothing ("my granola" alone may be a name).
            if word == "with", let next = self.word(index + 1), next == "my" || next == "our" {
                result.append(token)
                index += 2
                clauseStart = false
                continue
            }
            // "no time for food", "nothing else", "skipped lunch": what was not eaten.
            if clauseStart || result.last?.kind == .comma, ["no", "nothing", "skipped", "not"].contains(word),
                !result.isEmpty
            {
                var end = index + 1
                while end < tokens.count, tokens[end].kind != .comma, tokens[end].kind != .semicolon { end += 1 }
                if result.last?.kind == .comma { result.removeLast() }
                index = end
                continue
            }
            // "eggs over easy": how the egg was cooked.
            if word == "over", let how = self.word(index + 1), ["easy", "medium", "hard", "well"].contains(how) {
                index += 2
                continue
            }
            // "while watching tv", "during the meeting": "while" and "during" always say when.
            if PhrasingWords.placePrepositions.contains(word), let next = self.word(index + 1),
                PhrasingWords.placeOpeners.contains(next) || word == "while" || word == "during",
                !(word == "for" && MealWords.meal(for: next) != nil), !result.isEmpty
            {
                var end = index + 1
                while end < tokens.count, !PhrasingPass.isJoiner(tokens[end]) { end += 1 }
                // "chips from the chippy", "popcorn at the cinema": a place that says what kind
                // of portion it serves is kept, as one word after the food.
                if let source = PhrasingPass.source(in: tokens[(index + 1)..<end].compactMap(\.word)) {
                    result.append(Token(.word(source), tokens[index].range.union(tokens[end - 1].range)))
                } else if word == "from" || word == "at",
                    let last = result.last?.word, MealWords.meal(for: last) == nil,
                    !PhrasingWords.eatingVerbs.contains(last)
                {
                    // "a burrito from chipotle": the chain is kept after the food; the resolver
                    // reads it as the chain's ("chipotle burrito") or leaves it out.
                    for place in tokens[(index + 1)..<end]
                    where place.word.map({ FoodWords.chains.contains(FoodWords.chainKey($0)) }) == true {
                        result.append(place)
                    }
                }
                index = end
                continue
            }
            result.append(token)
            // After a meal or a day said first ("for lunch I had …"), a sentence may start.
            clauseStart = MealWords.meal(for: word) != nil || DayWords.day(for: word) != nil
            index += 1
        }
        tokens = result
    }

    /// The place among a place phrase's words that says what kind of portion a food comes in:
    /// a chip shop's chips, a cinema's popcorn (`PhrasingWords.sources`); nil for any other place.
    static func source(in words: [String]) -> String? {
        for (offset, word) in words.enumerated() {
            if word == "chip", words.dropFirst(offset + 1).first == "shop" { return "chippy" }
            if ["kebab", "curry", "pizza", "burger"].contains(word),
                ["shop", "house", "place", "van"].contains(words.dropFirst(offset + 1).first ?? "")
            {
                return "takeaway"
            }
            if let source = PhrasingWords.sources[word] { return source }
        }
        return nil
    }

    /// True when the verb at `index` opens a sentence rather than a food name: it is followed
    /// by an amount, an article or a food, not ending the line ("had a coffee" but "ate" alone).
    func isSentence(_ index: Int) -> Bool {
        guard let next = tokens[safe: index + 1] else { return false }
        return next.word != nil || next.number != nil
    }

    /// "w", "plus", "alongside", "along with", "as well as", "n", and a food "on" or "over"
    /// another: joiners.
    mutating func rewriteJoiners() {
        // "in n out": a chain's name (In-N-Out), never "in" and "out" joined.
        var start = 0
        while start + 2 < tokens.count {
            if word(start) == "in", word(start + 1) == "n", word(start + 2) == "out" {
                let range = tokens[start].range.union(tokens[start + 2].range)
                tokens.replaceSubrange(start...(start + 2), with: [Token(.word("in-n-out"), range)])
            }
            start += 1
        }
        var index = 1
        while index < tokens.count - 1 {
            guard let word = word(index), tokens[index - 1].word != nil || tokens[index - 1].number != nil else {
                index += 1
                continue
            }
            let next = tokens[index + 1]
            let nextIsFood = next.word != nil || next.number != nil
            if word == "along", self.word(index + 1) == "with" {
                tokens.replaceSubrange(index...(index + 1), with: [Token(.plus, tokens[index].range)])
            } else if word == "as", self.word(index + 1) == "well", self.word(index + 2) == "as" {
                tokens.replaceSubrange(index...(index + 2), with: [Token(.plus, tokens[index].range)])
            } else if word == "topped", self.word(index + 1) == "with" {
                tokens.replaceSubrange(index...(index + 1), with: [Token(.word("with"), tokens[index].range)])
            } else if PhrasingWords.plusWords.contains(word), nextIsFood {
                tokens[index] = Token(.plus, tokens[index].range)
            } else if word == "n", nextIsFood {
                tokens[index] = Token(.word("and"), tokens[index].range)
            } else if word == "w", nextIsFood {
                tokens[index] = Token(.word("with"), tokens[index].range)
            } else if word == "on" || word == "over", nextIsFood, !isDayAfter(index),
                let following = next.word, !["top", "the", "side"].contains(following)
            {
                tokens[index] = Token(.word("with"), tokens[index].range)
            } else if word == "on", self.word(index + 1) == "top" || self.word(index + 1) == "the" {
                tokens.removeSubrange(index...min(index + 2, tokens.count - 1))
                continue
            }
            index += 1
        }
    }

    func isDayAfter(_ index: Int) -> Bool {
        guard let next = tokens[safe: index + 1] else { return false }
        if case .date = next.kind { return true }
        return next.word.flatMap(DayWords.day(for:)) != nil
    }

    /// "had sushi, about 8 pieces", "chicken wings, about 10", "tacos, about 3 each": an amount
    /// alone after a comma belongs to the food before it.
    mutating func attachLateAmounts() {
        var index = 1
        while index < tokens.count {
            guard tokens[index].kind == .comma, let count = tokens[safe: index + 1], count.number != nil else {
                index += 1
                continue
            }
            var end = index + 2
            if let unit = word(end), Unit.named(unit) != nil { end += 1 }
            // "tacos, about 3 each": each person's count is the eater's.
            if word(end) == "each", end + 1 == tokens.count {
                tokens.remove(at: end)
            }
            let clause = clauseStart(before: index)
            let clauseHasCount = tokens[clause..<index].contains { $0.number != nil }
            if end == tokens.count, !clauseHasCount {
                tokens.remove(at: index)
                continue
            }
            index += 1
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        index >= 0 && index < count ? self[index] : nil
    }
}
