/// A unit a person can put after a count: a mass, a volume, or a portion word that the food's
/// own portions give a weight to.
public struct Unit: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of unit it is.
    public enum Kind: Equatable, Hashable, Sendable {
        /// Grams per unit.
        case mass(grams: Double)
        /// Millilitres per unit.
        case volume(milliliters: Double)
        /// A portion word (`serving`, `slice`, `medium`): the food's portions weigh it.
        case portion
    }

    /// The canonical name, singular: `g`, `cup`, `fl oz`, `slice`, `extra large`.
    public var name: String
    /// What kind of unit it is.
    public var kind: Kind

    /// Creates a unit.
    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    public var description: String { name }

    /// The name to show after a quantity: `2 cups`, `1 cup`, `200 g`.
    public func name(for quantity: Double) -> String {
        if quantity == 1 { return name }
        switch kind {
        case .mass, .volume:
            return ["cup": "cups", "pint": "pints", "quart": "quarts", "gallon": "gallons"][name] ?? name
        case .portion:
            return Unit.plural(of: name)
        }
    }

    /// The plurals `plural(of:)` does not make by rule; sizes stay as they are ("2 large").
    /// Made once: as a literal in the function it was built again for every unit word the
    /// lexicon spells (1.9 M instructions of a one-shot `1 banana`'s 16 M).
    private static let irregularPlurals: [String: String] = [
        "patty": "patties", "glass": "glasses", "box": "boxes", "pouch": "pouches", "serving": "servings",
        "bunch": "bunches", "sandwich": "sandwiches", "pinch": "pinches", "dash": "dashes",
        "small": "small", "medium": "medium", "large": "large", "extra large": "extra large", "jumbo": "jumbo",
        "loaf": "loaves", "leaf": "leaves", "footlong": "footlongs", "tall": "tall", "grande": "grande",
        "venti": "venti", "primo": "primo", "medio": "medio", "massimo": "massimo",
    ]

    /// The plural of a portion word: `slice` → `slices`, `slice of pizza` → `slices of pizza`.
    public static func plural(of word: String) -> String {
        if isInches(word) { return word }
        if let irregular = irregularPlurals[word] { return irregular }
        let bytes = Array(word.utf8)
        // The first noun of "slice of pizza" takes the plural: "slices of pizza". Found among the
        // bytes: `firstRange(of:)`, a generic search, cost 12,000 instructions a unit word.
        let of = Array(" of ".utf8)
        if let start = bytes.indices.dropLast(of.count - 1).first(where: { bytes[$0..<$0 + of.count].elementsEqual(of) }
        ) {
            return plural(of: String(decoding: bytes[..<start], as: UTF8.self))
                + String(decoding: bytes[start...], as: UTF8.self)
        }
        guard let last = bytes.last else { return word }
        // cherry → cherries, but day → days.
        if last == UInt8(ascii: "y"), bytes.count > 1, !"aeiou".utf8.contains(bytes[bytes.count - 2]) {
            return word.dropLast() + "ies"
        }
        // dish → dishes, box → boxes, glass → glasses; a word already in -s (fries, oats) stays.
        if word.hasSuffix("ch") || word.hasSuffix("sh") || word.hasSuffix("ss") || last == UInt8(ascii: "x") {
            return word + "es"
        }
        if last == UInt8(ascii: "s") { return word }
        if word.hasSuffix("tomato") || word.hasSuffix("potato") { return word + "es" }
        return word + "s"
    }

    // MARK: - Lexicon

    /// 1 US cup, in millilitres (8 US fl oz).
    public static let cupMilliliters = 236.5882365
    /// 1 US fluid ounce, in millilitres.
    public static let fluidOunceMilliliters = 29.5735295625
    /// 1 ounce (avoirdupois), in grams.
    public static let ounceGrams = 28.349523125
    /// 1 pound (avoirdupois), in grams.
    public static let poundGrams = 453.59237
    /// 1 pound in kilograms, for body weights: exactly 0.45359237.
    public static let kilogramsPerPound = poundGrams / 1000
    /// 1 inch, in centimetres, for heights.
    public static let centimetersPerInch = 2.54

    /// The unit a body weight is said in: kg or lb, in any of their spellings (`kgs`, `kilos`,
    /// `pounds`); nil for other units, grams and ounces included.
    public static func bodyMass(_ word: String) -> Unit? {
        guard let unit = named(word), unit.name == "kg" || unit.name == "lb" else { return nil }
        return unit
    }

    /// Kilograms in one of this unit, for a mass; nil for a volume or a portion.
    public var kilograms: Double? {
        guard case .mass(let grams) = kind else { return nil }
        return grams / 1000
    }

    /// The size words, which may stand before a food without a count or "of" ("large coffee").
    public static let sizeWords: Set<String> = ["small", "medium", "large", "jumbo"]

    /// A small one and a large one against the usual (medium) one: the medians over the SR28
    /// foods weighed in all three sizes (78 foods small, 0.66; 80 foods large, 1.34).
    public static let sizeScale: [String: Double] = ["small": 0.66, "large": 1.34]

    /// mass-unit = "g" | "gr" | "gm" | "gram" | "grams" | "gramme" | "grammes" | "kg" | "kgs" | "kilo" | "kilos"
    ///           | "kilogram" | "kilograms" | "kilogramme" | "kilogrammes"
    ///           | "oz" | "ounce" | "ounces" | "lb" | "lbs" | "pound" | "pounds" ;
    /// volume-unit = hand-measure | "c" | "tbl" | "spoon" | "spoonful"
    ///             | "ml" | "milliliter" | "milliliters" | "millilitre" | "millilitres"
    ///             | "l" | "liter" | "liters" | "litre" | "litres" | "cl" | "dl"
    ///             | "tsp" | "teaspoon" | "teaspoons" | "tbsp" | "tbs" | "tb" | "tablespoon" | "tablespoons"
    ///             | "cup" | "cups" | "fl" , "oz" | "floz" | "fluid" , ( "ounce" | "ounces" )
    ///             | "pint" | "pints" | "pt" | "quart" | "quarts" | "qt" | "gallon" | "gallons" | "gal" ;
    /// portion-word = size-word
    ///              | "serving" | "servings" | "portion" | "portions" | "slice" | "slices"
    ///              | "piece" | "pieces" | "can" | "cans" | "glass" | "glasses" | "bottle" | "bottles"
    ///              | "scoop" | "scoops" | "bowl" | "bowls" | "bar" | "bars" | "stick" | "sticks"
    ///              | "fillet" | "fillets" | "patty" | "patties" | "link" | "links" | "packet" | "packets"
    ///              | "box" | "boxes" | "pouch" | "pouches" | "container" | "containers" | "mug" | "mugs"
    ///              | "shot" | "shots" | "handful" | "handfuls" | "wedge" | "wedges" | "strip" | "strips"
    ///              | "plate" | "bag" | "stack" | "square" | "side" | "block" | "clove" | "cube" | "sprig"
    ///              | "head" | "bunch" | "ear" | "stalk" | "jar" | "tub" | "carton" | "sachet" | "pot"
    ///              | "rasher" | "envelope" | "package" | "pkg" | "pack" | "sheet" | "ball" | "loaf"
    ///              | "tin" | "punnet" | "sm" | "med" | "md" | "lg" | "entire" ;
    /// hand-measure = "pinch" | "dash" | "smidgen" | "splash" | "glug" | "dollop" | "knob" | "drizzle"
    ///              | "squeeze" | "sprinkle" | "dessertspoon" | "drop" ;
    ///
    /// The unit a single word names, if any. Two-word units (`fl oz`, `fluid ounce`,
    /// `extra large`) are looked up with `twoWord(_:_:)`.
    public static func named(_ word: String) -> Unit? {
        if let unit = lexicon[word] { return unit }
        return isInches(word) ? Unit(word, .portion) : nil
    }

    /// inches = integer , "-inch" ;
    ///
    /// True for a size in inches as the phrasing pass writes it: "6-inch" (a sub), "12-inch" (a pizza).
    public static func isInches(_ word: String) -> Bool {
        word.count > 5 && word.hasSuffix("-inch") && word.dropLast(5).allSatisfy(\.isNumber)
    }

    /// size-word = "small" | "medium" | "large" | "extra" , "large" | "jumbo"
    ///           | "footlong" | inches | "tall" | "grande" | "venti"
    ///           | "primo" | "medio" | "massimo" ;
    ///
    /// True for a size that may stand before a food without a count: "large coffee", "footlong
    /// meatball sub", "6-inch turkey sub".
    public static func standsBeforeFood(_ word: String) -> Bool {
        sizeWords.contains(word) || cupSizes.contains(word) || word == "footlong" || isInches(word)
    }

    /// Coffee-shop cup sizes, which stand before a drink like a size ("grande latte", "costa
    /// medio latte").
    public static let cupSizes: Set<String> = ["tall", "grande", "venti", "primo", "medio", "massimo"]

    /// The unit two words name together, if any: `fl oz`, `fluid ounces`, `extra large`.
    public static func twoWord(_ first: String, _ second: String) -> Unit? {
        switch (first, second) {
        case ("fl", "oz"), ("fluid", "ounce"), ("fluid", "ounces"), ("fl", "ounce"), ("fl", "ounces"):
            return Unit("fl oz", .volume(milliliters: fluidOunceMilliliters))
        case ("extra", "large"):
            return Unit("extra large", .portion)
        default:
            return nil
        }
    }

    /// Every single word that names a unit, for completion and "did you mean".
    public static var words: [String] { Array(lexicon.keys) }

    private static let lexicon: [String: Unit] = {
        var table: [String: Unit] = [:]
        table.reserveCapacity(320)
        func add(_ name: String, _ kind: Kind, _ spellings: [String]) {
            for spelling in [name] + spellings { table[spelling] = Unit(name, kind) }
        }
        add("g", .mass(grams: 1), ["gr", "grs", "gram", "grams", "gramme", "grammes", "gm", "gms"])
        add("kg", .mass(grams: 1000), ["kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"])
        add("oz", .mass(grams: ounceGrams), ["ozs", "ounce", "ounces"])
        add("lb", .mass(grams: poundGrams), ["lbs", "pound", "pounds"])
        add("ml", .volume(milliliters: 1), ["milliliter", "milliliters", "millilitre", "millilitres"])
        add("cl", .volume(milliliters: 10), [])
        add("dl", .volume(milliliters: 100), [])
        add("l", .volume(milliliters: 1000), ["liter", "liters", "litre", "litres"])
        add("tsp", .volume(milliliters: cupMilliliters / 48), ["teaspoon", "teaspoons", "tsps", "teaspoonful", "tspn"])
        add(
            "tbsp", .volume(milliliters: cupMilliliters / 16),
            [
                "tbs", "tb", "tablespoon", "tablespoons", "tbsps", "tbl", "tbls", "tblsp", "tblspn", "tablespoonful",
                "spoon",
                "spoons", "spoonful", "spoonfuls",
            ])
        add("cup", .volume(milliliters: cupMilliliters), ["cups", "c"])
        // Hand measures, by the measuring-spoon conventions of US cookbooks (a dash 1/8 tsp, a pinch
        // 1/16, a smidgen 1/32) and by what a pour or a spoonful holds: a splash or a glug 2 tbsp,
        // a dollop 2 tbsp, a knob (of butter) 1 tbsp, a drizzle or a squeeze 1 tsp, a sprinkle 1/4 tsp,
        // a dessertspoon 2 tsp. The food's own density weighs them.
        add("pinch", .volume(milliliters: cupMilliliters / 48 / 16), ["pinches"])
        add("dash", .volume(milliliters: cupMilliliters / 48 / 8), ["dashes"])
        add("smidgen", .volume(milliliters: cupMilliliters / 48 / 32), ["smidgens"])
        add("splash", .volume(milliliters: cupMilliliters / 8), ["splashes", "glug", "glugs"])
        add("dollop", .volume(milliliters: cupMilliliters / 8), ["dollops"])
        add("knob", .volume(milliliters: cupMilliliters / 16), ["knobs"])
        add("drizzle", .volume(milliliters: cupMilliliters / 48), ["drizzles", "squeeze", "squeezes"])
        add("sprinkle", .volume(milliliters: cupMilliliters / 48 / 4), ["sprinkles", "sprinkling"])
        add("dessertspoon", .volume(milliliters: cupMilliliters / 24), ["dessertspoons"])
        // A drop: 0.05 ml, the pharmacopoeia's (20 drops a millilitre).
        add("drop", .volume(milliliters: 0.05), ["drops"])
        add("fl oz", .volume(milliliters: fluidOunceMilliliters), ["floz"])
        add("pint", .volume(milliliters: cupMilliliters * 2), ["pints", "pt", "pts"])
        add("quart", .volume(milliliters: cupMilliliters * 4), ["quarts", "qt", "qts"])
        add("gallon", .volume(milliliters: cupMilliliters * 16), ["gallons", "gal"])
        let portions = [
            "serving", "portion", "slice", "piece", "can", "glass", "bottle", "scoop", "bowl", "bar",
            "stick", "fillet", "patty", "link", "packet", "box", "pouch", "container", "mug", "shot",
            "handful", "wedge", "strip", "small", "medium", "large", "jumbo", "plate", "bag", "stack", "square",
            "side", "block", "clove", "cube", "sprig", "head", "bunch", "ear", "stalk", "jar", "tub", "carton",
            "sachet", "pot", "rasher", "envelope", "package", "sheet", "ball", "loaf", "footlong", "tall", "grande",
            "venti", "primo", "medio", "massimo", "entire", "punnet",
        ]
        for word in portions {
            add(word, .portion, [plural(of: word)])
        }
        add("piece", .portion, ["pc", "pcs"])
        add("can", .portion, ["tin", "tins"])
        add("package", .portion, ["pkg", "pkgs", "pack", "packs"])
        add("footlong", .portion, ["foot-long", "foot-longs"])
        add("small", .portion, ["sm"])
        add("medium", .portion, ["med", "md"])
        add("large", .portion, ["lg"])
        add("serving", .portion, ["serve", "serves"])
        return table
    }()
}
