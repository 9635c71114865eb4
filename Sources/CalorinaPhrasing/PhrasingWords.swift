import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// The words the phrasing pass knows, by what they do.
package enum PhrasingWords {
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
        // Gathered as pairs and hashed once, into the table itself: gathered in a dictionary of
        // sets first, they cost a one-shot line 0.9 M instructions of SipHash.
        var roles: [(word: String, role: PhrasingGlance)] = []
        roles.reserveCapacity(2_048)
        func add(_ words: some Sequence<String>, _ role: PhrasingGlance) {
            for word in words { roles.append((word, role)) }
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
        for words in [fillers, eatingVerbs, roughly, frameWords] { add(words, .frameWord) }
        add(placePrepositions, .framePhrase)
        add(["a", "with", "over"], .framePhrase)
        add(sizedContainers, .containerWord)
        add(ProseWords.markers, .proseWord)
        add(RecipeAmountWords.triggers, .amountWord)
        add(withWords, .joinerWord)
        add(plusWords, .joinerWord)
        add(["along", "as", "topped", "n"], .joinerWord)
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
    package static func meal(atHour hour: Double) -> Meal {
        switch hour {
        case ..<11: .breakfast
        case ..<15: .lunch
        case ..<17: .snack
        default: .dinner
        }
    }
}
