import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How food names and typed words are cut into comparable words: lowercase, apostrophes
/// dropped, split at anything that is not a letter, digit, `%` or `&`, plural made singular.
public enum FoodWords {
    /// Words that join or fill a name but say nothing about the food.
    public static let stopWords: Set<String> = ["and", "with", "of", "the", "a", "an", "or", "in", "to", "&"]

    /// Words that say the cook has the food raw in hand: cut, trimmed, boned ("2 cups chopped
    /// kale", "1 lb boneless skinless chicken breasts"), or said raw. The resolver reads them as
    /// an ingredient bought raw; the parser keeps them with the food (`Parser.cookCuts`).
    public static let rawSigns: Set<String> = [
        "chopped", "diced", "sliced", "minced", "cubed", "peeled", "halved", "quartered", "trimmed", "seeded",
        "deseeded", "pitted", "cored", "julienned", "grated", "shredded", "boneless", "skinless", "raw", "uncooked",
        "unpeeled",
    ]

    /// Chains, cafés, supermarkets and brands a food is bought from ("a greggs sausage roll",
    /// "costa latte", "heinz tomato soup", "krispy kreme donut", "a blt from tesco"): where it
    /// came from, not what it is. Before a food's name the resolver tries the name without them
    /// only when the words as typed find no food and the rest names one strongly, so an everyday
    /// name that holds one ("mcdonalds fries", "subway") always wins; after "from" or "at" the
    /// parser drops the phrase as a place. A closed list: a name not on it stays part of the
    /// food's name.
    public static let chains: Set<String> = [
        "costa", "starbucks", "greggs", "pret", "tesco", "tescos", "sainsburys", "waitrose", "asda", "aldi", "lidl",
        "morrisons", "coop", "co-op", "wagamama", "wagamamas", "nandos", "kfc", "heinz", "innocent", "chipotle",
        "leon", "itsu", "subway", "mcdonalds", "maccies", "maccas", "mcds", "dominos", "wetherspoons", "spoons",
        "dunkin", "panera", "wendys", "popeyes", "krispy", "kreme", "nero", "walkers", "cadbury", "cadburys",
        "mcvities", "kelloggs", "muller", "warburtons", "hovis", "tropicana", "ocado", "deliveroo", "applebee",
        "applebees", "arby", "arbys", "hardee", "hardees", "wendy", "popeye", "sonic", "culvers", "zaxbys",
        "gerber", "velveeta", "wasabi", "wendys", "in-n-out", "chick-fil-a", "timhortons", "papajohns",
    ]

    /// Chains of more than one word, said before a food's name ("taco bell quesadilla", "burger
    /// king whopper"), left out as `chains` are.
    public static let chainPhrases: [[String]] = [
        ["taco", "bell"], ["burger", "king"], ["olive", "garden"], ["pizza", "hut"], ["dairy", "queen"],
        ["general", "mills"], ["healthy", "choice"], ["cracker", "barrel"], ["five", "guys"], ["panda", "express"],
        ["little", "caesars"], ["papa", "johns"], ["chick", "fil", "a"], ["jack", "in", "the", "box"],
        ["capri", "sun"], ["lean", "cuisine"], ["marks", "and", "spencer"], ["tim", "hortons"], ["shake", "shack"],
        ["in", "n", "out"], ["krispy", "kreme"],
    ]

    /// The dish a chain sells, by the chain's words: a topping or a flavour said after the chain
    /// is that dish's ("2 slices of dominos pepperoni" is pepperoni pizza, never pepperoni). A
    /// closed list: chains that sell one kind of dish.
    public static let chainDishes: [String: String] = [
        "dominos": "pizza", "pizza hut": "pizza", "papa johns": "pizza", "little caesars": "pizza",
        "papajohns": "pizza", "subway": "sub",
    ]

    /// Dishes a topping or a flavour said before them is a kind of ("tandoori chicken pizza",
    /// "hazelnut frappuccino"): when the words together name no food, the dish is the food and
    /// the words before it its variety. A closed list of dishes sold in many varieties.
    public static let varietyDishes: Set<String> = [
        "pizza", "burger", "sub", "wrap", "burrito", "taco", "quesadilla", "curry", "frappuccino", "latte",
        "milkshake", "shake", "bagel", "toastie", "panini", "baguette", "pitta", "pasty", "bake", "smoothie",
        "mcflurry", "sundae", "calzone", "flatbread", "sandwich", "doughnut", "donut", "muffin", "croissant",
        "ice cream", "frozen yogurt", "hot chocolate",
    ]

    /// A word as a chain's name is compared: lowercased, without a possessive "'s" or an
    /// apostrophe ("McDonald's", "Applebee's").
    public static func chainKey(_ word: String) -> String {
        var word = word.lowercased()
        for suffix in ["'s", "’s"] where word.hasSuffix(suffix) { word.removeLast(2) }
        return word.replacingAll("'", with: "").replacingAll("’", with: "")
    }

    /// The comparable words of a text, stop words included.
    public static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character == "'" || character == "’" { continue }
            if let plain = accentFree[character] {
                current += plain
            } else if character.isLetter || character.isNumber || character == "%" || character == "&" {
                current.append(character)
            } else if !current.isEmpty {
                words.append(singular(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(singular(current)) }
        return words
    }

    /// Latin letters with accents read as the plain letters USDA's names use: "purée" is puree,
    /// "jalapeño" jalapeno, "crème fraîche" creme fraiche. The twin of `ACCENT_FREE` in
    /// tools/build-foods.py.
    static let accentFree: [Character: String] = {
        var table: [Character: String] = [:]
        for (plain, accented) in [
            ("a", "àáâãäåā"), ("c", "çć"), ("e", "èéêëē"), ("i", "ìíîïī"), ("n", "ñ"), ("o", "òóôõöøō"),
            ("u", "ùúûüū"), ("y", "ýÿ"), ("ae", "æ"), ("oe", "œ"), ("ss", "ß"),
        ] {
            for character in accented { table[character] = plain }
        }
        return table
    }()

    /// `words` for ASCII text, byte by byte: most of what is typed, and every USDA name.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        func finish() {
            guard !current.isEmpty else { return }
            words.append(singular(String(decoding: current, as: UTF8.self)))
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "%"),
                UInt8(ascii: "&"):
                current.append(byte)
            default: finish()
            }
        }
        finish()
        return words
    }

    /// The words that say what the food is: `words` less stop words.
    public static func keyWords(_ text: String) -> [String] {
        words(text).filter { !stopWords.contains($0) }
    }

    /// A text's words joined by single spaces: the key of exact-phrase lookups.
    public static func normalized(_ text: String) -> String {
        keyWords(text).joined(separator: " ")
    }

    /// Plurals of words that end in "ie": "cookies" is cookie, not cooky. The twin of `IE_PLURALS`
    /// in tools/build-foods.py.
    static let iePlurals: Set<String> = [
        "brownies", "calories", "cookies", "hoagies", "pies", "pierogies", "smokies", "smoothies", "veggies",
    ]

    /// A plural made singular by English's regular rules; short words are left alone.
    public static func singular(_ word: String) -> String {
        // Printable ASCII (every word of a USDA name, most of what is typed) is one character a
        // byte: its bytes decide without counting characters.
        if word.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 }) { return asciiSingular(word) }
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"),
            !word.hasSuffix("is")
        else { return word }
        if iePlurals.contains(word) { return String(word.dropLast()) }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes")
            || word.hasSuffix("sses")
        {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }

    /// `singular` for a word of printable ASCII, by its bytes.
    private static func asciiSingular(_ word: String) -> String {
        var text = word
        return text.withUTF8 { bytes in
            let count = bytes.count
            func endsWith(_ suffix: StaticString) -> Bool {
                let length = suffix.utf8CodeUnitCount
                guard count >= length else { return false }
                return bytes[(count - length)...].elementsEqual(
                    UnsafeBufferPointer(start: suffix.utf8Start, count: length))
            }
            func dropping(_ trailing: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(count - trailing)]), as: UTF8.self)
            }
            guard count > 3, endsWith("s"), !endsWith("ss"), !endsWith("us"), !endsWith("is") else { return word }
            if endsWith("ies") { return iePlurals.contains(word) ? dropping(1) : dropping(3) + "y" }
            if endsWith("oes") || endsWith("ches") || endsWith("shes") || endsWith("xes") || endsWith("sses") {
                return dropping(2)
            }
            return dropping(1)
        }
    }
}

extension FoodWords {
    /// How generic a food's name says it is: the rank bonus ("NFS" 8, each "NS as to" 4, at most
    /// two) and how many words are about the food itself. The twin of `generic` in
    /// tools/build-foods.py.
    public static func genericity(of name: String) -> (bonus: Double, coreCount: Int) {
        let lowered = name.lowercased()
        var bonus = 0.0
        if lowered.hasSuffix(", nfs") || lowered.contains(", nfs,") || lowered.hasSuffix(" nfs") { bonus += 8 }
        var count = 0
        var rest = Substring(lowered)
        while let range = rest.firstRange(of: "ns as to") {
            count += 1
            rest = rest[range.upperBound...]
        }
        bonus += Double(min(count, 2)) * 4
        var core = keyWords(name)
        if bonus > 0 {
            core.removeAll { $0 == "nfs" || $0 == "n" }
            var kept: [String] = []
            var index = 0
            while index < core.count {
                if core[index] == "ns", index + 1 < core.count, core[index + 1] == "as" {
                    index += 3  // "ns as <word>": "to" is a stop word already
                    continue
                }
                kept.append(core[index])
                index += 1
            }
            core = kept
        }
        return (bonus, core.count)
    }
}

/// What a food is, and which words can say it.
///
/// A food's name has head nouns: what the food is ("Corn flour patty or tart" is a patty or a
/// tart, "Cheese, ricotta" a cheese of the kind ricotta). A typed phrase has a head too: its last
/// word that is about the food, not how it is ("flour" in "all-purpose flour"). A food matches
/// a phrase well only when the two heads agree, so that "flour" never means a patty.
extension FoodWords {
    /// Words that say how a food is, never what it is. The twin of `DESCRIPTORS` in
    /// tools/build-foods.py.
    public static let descriptors: Set<String> = [
        "big", "small", "large", "medium", "jumbo", "mini", "little", "extra", "whole", "half", "raw", "fresh",
        "frozen", "dried", "dry", "canned", "cooked", "plain", "regular", "light", "lite", "low", "high", "fat",
        "free", "reduced", "sweet", "sweetened", "unsweetened", "hot", "cold", "iced", "red", "white", "black",
        "green", "yellow", "brown", "pink", "purple", "blue", "dark", "fine", "coarse", "ground", "no", "non", "nfs",
        "ns", "made", "home", "style", "type", "kind", "prepared", "instant", "ready", "mixed", "chopped", "sliced",
        "diced", "minced", "grated", "shredded", "baked", "fried", "grilled", "roasted", "boiled", "steamed",
        "stewed", "salted", "unsalted", "fluid", "solid", "liquid", "enriched", "unenriched", "bleached",
        "unbleached", "all", "purpose", "creamy", "crispy", "crunchy", "spicy", "chunky", "cheesy", "fluffy", "juicy",
        "salty", "smoky", "fruity", "nutty", "buttery", "hearty", "tangy", "savory", "mild", "sharp", "thick", "thin",
        "soft", "hard", "smooth", "rich", "lean", "heavy",
    ]

    /// Words people type that are no food and never name one, whatever the table holds: answers,
    /// greetings, and words that only join others. The typed words must hold one word that is
    /// not one of these, a descriptor, a stop word or shorter than three letters (`v8` aside).
    public static let notFoodWords = Set<String>([
        "yes", "yeah", "yep", "yup", "no", "nope", "nah", "ok", "okay", "fine", "sure", "thanks", "thank", "you",
        "please", "maybe", "not", "none", "nothing", "done", "good", "great", "hi", "hello", "hey", "bye", "what",
        "why", "how", "who", "when", "where", "some", "any", "more", "less", "much", "many", "this", "that", "these",
        "those", "it", "its", "my", "your", "our", "for", "from", "at", "on", "by", "as", "but", "so", "if", "then",
        "than", "just", "also", "too", "very", "about", "again", "here", "there", "today", "now", "later",
        // What a recipe says of an ingredient, never a food: "salt, to taste", "butter, room temperature".
        "taste", "optional", "divided", "needed", "garnish", "room", "temperature",
        // Kinds of eating that name no one food: "dessert" is no rennin tablet, "meal" no toddler meal.
        "dessert", "desserts", "beverage", "beverages", "meal", "meals",
        // Things swallowed that are no food ("vitamin" stays: vitamin water is a drink).
        "multivitamin", "multivitamins", "pill", "pills", "tablet", "tablets", "supplement", "supplements",
        "medicine", "medication",
    ]).union(vagueWords.subtracting(["food", "foods"]))

    /// Words for anything eaten, which name no food: "some stuff" is no Double Stuff Oreo, "food"
    /// no baby food. Among `notFoodWords`, but for "food", a word of foods' names ("fast food",
    /// "baby food"); a line that holds one still says it meant a food.
    public static let vagueWords: Set<String> = [
        "food", "foods", "stuff", "thing", "things", "something", "anything", "everything", "whatever",
    ]

    /// True for a word that says how a food is (size, colour, state, cooking, a number such as
    /// `2%`), never what it is. The twin of `is_descriptor` in tools/build-foods.py.
    package static func isDescriptor(_ word: String) -> Bool {
        if descriptors.contains(word) || !word.contains(where: \.isLetter) { return true }
        return word.count > 4 && word.hasSuffix("ed") && !word.hasSuffix("eed")
    }

    /// True for a typed word that can say which food is meant: not a stop word, descriptor or word
    /// that is no food, and three letters or more unless it holds a digit (`v8`, `a1`).
    public static func isContentWord(_ word: String) -> Bool {
        guard !stopWords.contains(word), !isDescriptor(word), !notFoodWords.contains(word) else { return false }
        return word.count >= 3 || word.contains(where: \.isNumber) || shortNames.contains(word)
    }

    /// The everyday names of fewer than three letters (data/everyday.tsv): "pb", "oj" name a food.
    static let shortNames: Set<String> = ["pb", "oj"]

    /// The head of typed words: the last one that can say which food is meant; nil when none can.
    public static func head(ofTyped words: [String]) -> String? {
        words.last(where: isContentWord)
    }

    /// The head nouns of a name phrase, as tools/build-foods.py's `phrase_nouns` finds them: the
    /// last word that is no descriptor (the last word when all are), before "with", "in", "on",
    /// "from", "for", "without" or "no"; a one-word last part joined by "or", "and", "&" or "/"
    /// names a food of its own ("Corn flour patty or tart": patty, tart).
    public static func phraseNouns(_ phrase: String) -> [String] {
        var text =
            " "
            + phrase.lowercased().replacingAll("(", with: " ")
            .replacingAll(")", with: " ").replacingAll(",", with: " , ") + " "
        for cut in [" with ", " in ", " on ", " from ", " for ", " without ", " no "] {
            if let range = text.firstRange(of: cut) { text = String(text[..<range.lowerBound]) + " " }
        }
        text = text.replacingAll(" and ", with: " or ").replacingAll(" & ", with: " or ")
            .replacingAll("/", with: " or ")
        var parts = text.components(separatedBy: " or ")
        if parts.count > 1, keyWords(parts[parts.count - 1]).count != 1 {
            parts = [text.replacingAll(" or ", with: " ")]
        }
        return parts.compactMap { part in
            let found = words(part).filter { !stopWords.contains($0) }
            return found.last(where: { !isDescriptor($0) }) ?? found.last
        }
    }

    /// True for a synonym that is one lowercase word: a variety, flavour, way of cooking or
    /// ingredient as often as a name ("vanilla", "grilled", "cheese"; but "zinfandel"), so a kind
    /// of the food, never a name said exactly. The twin of `is_variety` in tools/build-foods.py.
    public static func isVariety(_ synonym: String) -> Bool {
        let first = synonym.trimmingWhitespace().first
        return keyWords(synonym).count == 1 && first?.isLowercase == true
    }

    /// A food's head nouns, kind words and alias words, as tools/build-foods.py's `nouns_and_kinds`
    /// finds them for a name that is no class ("Fish, …") or brand. The nouns are the head's; the
    /// kinds are the last word of the name's second part that is no descriptor ("Cheese,
    /// ricotta": ricotta) and the words in brackets, a brand or product ("Fruit juice drink (Capri
    /// Sun)"); the aliases are one-word synonyms and the nouns of the others, which list
    /// varieties, flavours and products as often as names ("NS as to …" and "any …" ones name
    /// nothing).
    public static func nounsAndKinds(name: String, synonyms: [String]) -> (
        nouns: [String], kinds: [String], aliases: [String]
    ) {
        let first = String(name.split(separator: ",", maxSplits: 1).first ?? Substring(name))
        var head = Substring(first)
        if let open = head.firstIndex(of: "(") { head = head[..<open] }
        let nouns = phraseNouns(String(head))
        let segments = name.split(separator: ",").map { $0.trimmingWhitespace() }.filter {
            !$0.isEmpty
        }
        var kinds: [String] = []
        if segments.count > 1, let kind = keyWords(segments[1]).last(where: { !isDescriptor($0) }) {
            kinds.append(kind)
        }
        if let open = first.firstIndex(of: "(") {
            let inside = first[first.index(after: open)...]
            let bracketed = String(inside.split(separator: ")", omittingEmptySubsequences: false).first ?? "")
            kinds += keyWords(bracketed).filter { !isDescriptor($0) }
        }
        var aliases: [String] = []
        for synonym in synonyms {
            let lowered = synonym.lowercased()
            if isVariety(synonym) {
                aliases += keyWords(synonym)
            } else if !lowered.hasPrefix("ns as to") && !lowered.hasPrefix("any ") {
                aliases += phraseNouns(synonym).filter { !isDescriptor($0) }
            }
        }
        return (nouns, kinds, aliases)
    }
}
