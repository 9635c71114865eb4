/// The closed list of words that say how a cook readied a food, never what it is: an item of
/// only these words names no food ("Grated peel of 1 orange": the peel, never an elk).
public enum PreparationWords {
    /// The words, as typed (lowercase).
    public static let words: Set<String> = [
        "chopped", "diced", "sliced", "grated", "shredded", "minced", "cubed", "peeled", "halved", "quartered",
        "crushed", "picked", "torn", "trimmed", "pitted", "seeded", "deseeded", "cored", "julienned", "zested",
        "juiced", "rinsed", "drained", "washed", "scrubbed", "soaked", "beaten", "whisked", "sifted", "melted",
        "softened", "toasted", "roasted", "cooked", "uncooked", "mashed", "crumbled", "flaked", "cut", "scooped",
        "stemmed", "deveined", "shelled", "skinned", "deboned", "boned", "cleaned", "dried", "optional", "divided",
        "reserved", "plain", "whole", "extra", "more", "additional", "scant", "heaped", "heaping", "generous",
    ]

    /// True for a word of the list.
    public static func contains(_ word: String) -> Bool { words.contains(word) }

    /// How the words above are said, and how a dish is served: with them, a phrase names no food.
    package static let manner: Set<String> = [
        "finely", "roughly", "coarsely", "thinly", "thickly", "freshly", "lightly", "very", "well", "then",
        "serve", "serves", "served", "garnish", "garnishing", "greasing", "dusting", "decorate", "decorating",
    ]

    /// True when every word of a food phrase (stop words aside) is a preparation or serving word
    /// and at least one is: `finely chopped`, `peeled and chopped`, `to serve`, `serves 4`.
    public static func namesNoFood(_ words: [String]) -> Bool {
        let joiners: Set<String> = ["and", "or", "to", "for", "the", "a", "an", "of", "with", "&"]
        let named = words.filter { !joiners.contains($0) && Double($0) == nil }
        if cutsOfTheCook.contains(named.map { $0.lowercased() }) { return true }
        return !named.isEmpty
            && named.allSatisfy { (Self.words.contains($0) && !kept.contains($0)) || manner.contains($0) }
    }

    /// How a cut is bought, said as a recipe's note ("skin on", "bone in"): the skin or the bone
    /// of the food before it, never a food of its own (potato skins).
    static let cutsOfTheCook: Set<[String]> = [
        ["skin", "on"], ["skin", "off"], ["skins", "on"], ["bone", "in"], ["bones", "in"], ["bone", "out"],
        ["skin", "removed"], ["bones", "removed"], ["skin", "left", "on"],
    ]

    /// Words of the list above that are also foods' own words when alone ("plain" yogurt,
    /// "whole" milk, "extra" … ): a phrase of only these still looks a food up.
    static let kept: Set<String> = [
        "plain", "whole", "extra", "more", "additional", "dried", "cooked", "toasted", "roasted", "mashed",
    ]
}
