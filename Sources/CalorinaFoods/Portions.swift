import CalorinaLanguage
import CalorinaSupport

/// What a food's portions and its kind say before any line is read: which portion is one item,
/// a measure, a cup or more, a single serving or a part of a whole; one of a portion USDA weighs
/// as several ("10 chips" as "1 chip"); a food's grams per millilitre; which foods are produce, cuts
/// of meat, herbs, spices or frozen desserts, and which are ordered whole; the weight of one small
/// part where USDA weighs none (`partWeights`, each figure with its source); and a served portion
/// an everyday name's row states. The resolver (CalorinaResolver) weighs a line's amounts by them.
package enum Portions {
    /// A serving of cooked meat: 3 oz (USDA Dietary Guidelines for Americans 2020-2025, the
    /// ounce-equivalents of protein foods: "3 ounces of cooked lean meat").
    package static let meatServingGrams = 85.0

    /// True when a portion's name, before any "(" or ",", is a part of a whole food or an amount
    /// of it ("piece/slice, any size", "cup"), never a whole one.
    package static func namesAPart(_ label: String) -> Bool {
        let named = label.split(whereSeparator: { $0 == "(" || $0 == "," }).first.map(String.init) ?? label
        return FoodWords.words(named).contains(where: partOfAWhole.contains)
    }

    /// Portion words for a part of a whole food, or an amount of it, never the whole one.
    package static let partOfAWhole: Set<String> = [
        "piece", "slice", "serving", "wedge", "cup", "oz", "drumstick", "wing", "thigh", "breast", "leg", "bite",
    ]

    /// Beef, pork, lamb, goat and game (WWEIA 2002, 2006, 2008): cuts of meat.
    package static func isMeatCut(_ food: Food) -> Bool {
        [2002, 2006, 2008].contains(food.category)
    }

    /// Fruits and vegetables, in either table (WWEIA 6000-6999; SR28 groups 0900 and 1100).
    package static func isProduce(_ food: Food) -> Bool {
        (6000..<7000).contains(food.category) || food.category == 100_900 || food.category == 101_100
    }

    /// Portion words that stand in for each other when a food has only one of them.
    package static let alternativeWords: [String: [String]] = [
        "slice": ["piece"], "piece": ["slice"], "glass": ["cup"], "mug": ["cup"], "rasher": ["slice"],
        "strip": ["slice"], "square": ["piece"], "pot": ["container", "tub", "can", "cup"], "jar": ["container"],
        "tub": ["container"],
        "carton": ["container"], "sachet": ["packet"], "envelope": ["packet"], "package": ["packet", "pouch"],
        "packet": ["package", "pouch"], "bag": ["pouch"],
    ]

    /// Containers a drink may be counted in when the table names no such portion.
    /// Coffee-shop cups are the chains' published sizes: tall 12, grande 16, venti 20 fl oz
    /// (Starbucks); primo 8, medio 12, massimo 16 fl oz (Costa).
    package static let containerFluidOunces: [String: Double] = [
        "glass": 8, "mug": 8, "can": 12, "bottle": 12, "tall": 12, "grande": 16, "venti": 20, "primo": 8,
        "medio": 12, "massimo": 16,
    ]

    /// The portion's name as a unit: "1 banana" → "banana"; the default portion → "serving".
    package static func label(_ portion: Portion) -> String {
        if portion.description == "Quantity not specified" { return "serving" }
        var text = Substring(portion.description)
        if text.hasPrefix("1 ") { text = text.dropFirst(2) }
        if text.hasSuffix(", NFS") { text = text.dropLast(5) }
        return String(text)
    }

    /// USDA's portion of one item of any size ("1 item, any size", "1 piece"), if it has one.
    package static func oneItem(_ food: Food) -> Portion? {
        food.portions.first {
            $0.description == "1 item" || $0.description.hasPrefix("1 item,") || $0.description == "1 piece"
                || $0.description.hasPrefix("1 piece,")
        }
    }

    /// Packages USDA weighs in sizes ("1 small single serving bag", "1 large box"): a size said
    /// before one stays with it.
    package static let sizedPackages: Set<String> = ["bag", "box", "packet", "carton", "container", "package", "pouch"]

    /// The size and the package of a unit said "small bag" (`sizedPackages`), or nil.
    package static func sizedPackage(_ name: String) -> (size: String, package: String)? {
        let parts = name.split(separator: " ").map(String.init)
        guard parts.count == 2, Unit.sizeWords.contains(parts[0]), sizedPackages.contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    /// A portion USDA weighs as several or a part ("1/2 bottle" 375 g, "10 chips") as one of
    /// its unit: "1 bottle" 750 g, "1 chip". Other portions as they are.
    package static func perOne(_ portion: Portion) -> Portion {
        guard let (count, isFraction, rest) = leadingCount(of: portion) else { return portion }
        var words = rest.split(separator: " ", maxSplits: 1).map(String.init)
        // "5 oz package" is one package of 5 oz, not five.
        if !isFraction, Unit.named(words[0]).map({ $0.kind != .portion }) == true { return portion }
        if count > 1 { words[0] = FoodWords.singular(words[0]) }
        return Portion(description: "1 " + words.joined(separator: " "), grams: portion.grams / count)
    }

    /// A portion of several of a measure or a part of one ("2 Tbsp", "1/4 cup") as one of it.
    package static func perOneMeasure(_ portion: Portion) -> Portion {
        guard let (count, _, rest) = leadingCount(of: portion) else { return portion }
        return Portion(description: "1 " + rest, grams: portion.grams / count)
    }

    /// The number a portion's description starts with, when it is not 1 ("10", "1/2"), whether
    /// it is a fraction, and the words after it; nil for "1 …" or a description without one.
    private static func leadingCount(of portion: Portion) -> (count: Double, isFraction: Bool, rest: String)? {
        let parts = portion.description.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0] != "1" else { return nil }
        let number = parts[0].split(separator: "/")
        let count: Double?
        if number.count == 2, let top = Double(number[0]), let bottom = Double(number[1]), bottom > 0 {
            count = top / bottom
        } else {
            count = Double(parts[0])
        }
        guard let count, count > 0 else { return nil }
        return (count, number.count == 2, String(parts[1]))
    }

    /// Grams per millilitre, from the food's own cup, fluid-ounce, tablespoon or teaspoon weight.
    package static func gramsPerMilliliter(_ food: Food) -> Double? {
        var best: (rank: Int, density: Double)?
        for portion in food.portions {
            let candidates: [(prefix: String, milliliters: Double, rank: Int)] = [
                ("1 cup", Unit.cupMilliliters, 10), ("1 fl oz", Unit.fluidOunceMilliliters, 8),
                ("1 tablespoon", Unit.cupMilliliters / 16, 4), ("1 teaspoon", Unit.cupMilliliters / 48, 2),
                ("1 tbsp", Unit.cupMilliliters / 16, 4), ("1 tsp", Unit.cupMilliliters / 48, 2),
            ]
            // SR28 weighs some foods by "2 Tbsp" or "1/4 cup": per one of the unit.
            let one = perOneMeasure(portion)
            let lowered = one.description.lowercased()
            for candidate in candidates where lowered.hasPrefix(candidate.prefix) {
                let rest = lowered.dropFirst(candidate.prefix.count)
                guard rest.isEmpty || rest.first == " " || rest.first == "," || rest.first == "(" else { continue }
                var rank = candidate.rank * 10
                if rest.isEmpty { rank += 5 }
                if rest.contains("nfs") || rest.contains("no ice") { rank += 3 }
                if rest.contains("with ice") || rest.contains("dry") || rest.contains("yields")
                    || rest.contains("uncooked")
                {
                    rank -= 60
                }
                if let current = best, current.rank >= rank { continue }
                best = (rank, one.grams / candidate.milliliters)
            }
        }
        return best?.density
    }

    /// The weight of one part of a kind of food, where USDA weighs no such part of the food itself.
    package struct PartWeight: Sendable {
        /// The part, singular: "leaf", "pod".
        var part: String
        /// Which foods it is a part of.
        var kind: PartKind
        /// Grams of one.
        var grams: Double
        /// Where the figure comes from.
        var source: String
    }

    /// The foods a part weight is for.
    package enum PartKind: Sendable {
        /// A fresh or dried herb (`isHerb`).
        case herb
        /// A fish (WWEIA 2402, SR28 group 15's finfish).
        case fish
        /// A fruit or a vegetable (`isProduce`): a leaf of it is a leafy vegetable's.
        case leafy
        /// A food whose name holds one of these words.
        case named(Set<String>)
    }

    /// Part words said after a food's name that are small parts of it, as typed and singular.
    package static let smallPartWords: [String: String] = [
        "leaf": "leaf", "leaves": "leaf", "leave": "leaf", "sprig": "sprig", "sprigs": "sprig", "pod": "pod",
        "pods": "pod", "strand": "strand", "strands": "strand", "thread": "thread", "threads": "thread",
        "seed": "seed", "seeds": "seed", "clove": "clove", "cloves": "clove", "fillet": "fillet",
        "fillets": "fillet", "filet": "fillet", "filets": "fillet",
    ]

    /// One part's weight by kind of food. Each figure says where it comes from; an estimate says
    /// it is one. A part not listed, of a food USDA does not weigh by it, is asked about.
    package static let partWeights: [PartWeight] = [
        PartWeight(
            part: "leaf", kind: .herb, grams: 0.15,
            source: "median of SR28's herb leaves weighed by count: 02044 basil 0.5 g, 02065 spearmint 0.15 g, "
                + "02064 peppermint 0.05 g"),
        PartWeight(
            part: "sprig", kind: .herb, grams: 1,
            source: "the kitchen's sprig (`measure`: 1 g); SR28's six sprig weights run 0.2-2.5 g: 02045 dill "
                + "0.2 g, 11203 cress 1 g, 11297 parsley 1 g, 11984 epazote 2 g, 11165 cilantro 2.2 g, "
                + "11591 watercress 2.5 g"),
        PartWeight(
            part: "leaf", kind: .named(["bay", "curry", "kaffir", "makrut", "lime"]), grams: 0.15,
            source: "as a herb's leaf (above): USDA weighs no bay, curry or lime leaf by count"),
        PartWeight(
            part: "leaf", kind: .leafy, grams: 14,
            source: "median of SR28's 35 leaf portions of vegetables (arugula 2 g to chard 48 g)"),
        PartWeight(
            part: "pod", kind: .named(["cardamom"]), grams: 0.2,
            source: "an estimate, USDA weighs no pod: cooks' guides give about ten green pods to a teaspoon "
                + "of ground seed, which SR28 02006 weighs at 2 g"),
        PartWeight(
            part: "thread", kind: .named(["saffron"]), grams: 0.002,
            source: "an estimate, USDA weighs no thread: a gram of saffron is about 500 threads"),
        PartWeight(
            part: "strand", kind: .named(["saffron"]), grams: 0.002,
            source: "an estimate, USDA weighs no strand: a gram of saffron is about 500 threads"),
        PartWeight(
            part: "fillet", kind: .fish, grams: 159,
            source: "median of SR28's 140 fillet portions of fish, raw and cooked (20-408 g)"),
    ]

    /// One part of the food by `partWeights`, as a portion that says it ("1 leaf (0.15 g)"); nil
    /// when no part weight is for the food.
    package static func partPortion(_ food: Food, part: String) -> Portion? {
        let name = FoodWords.words(food.name.lowercased())
        guard let first = name.first else { return nil }
        for weight in partWeights where weight.part == part {
            let fits: Bool
            switch weight.kind {
            case .herb: fits = isHerb(food)
            case .fish: fits = food.category == 2402 || (food.category == 101_500 && first == "fish")
            case .leafy: fits = isProduce(food)
            case .named(let words): fits = name.contains(where: words.contains)
            }
            if fits { return Portion(description: "1 \(part)", grams: weight.grams) }
        }
        return nil
    }

    /// True when a part is what USDA counts the food by already: a fillet of a fish it counts
    /// whole ("4 anchovy fillets" are 4 × "1 anchovy", never four 159 g fillets).
    package static func countsWhole(_ food: Food, part: String) -> Bool {
        part == "fillet" && food.portions.contains { $0.description.hasPrefix("1 ") && !isMeasure($0) }
    }

    /// True for a portion that is a cup or more ("1 cup", "1 pint"): what a count of several
    /// never means.
    package static func isCupMeasure(_ portion: Portion) -> Bool {
        let words = FoodWords.words(portion.description.lowercased())
        guard words.count >= 2, words[0] == "1" else { return false }
        return ["cup", "pint", "quart", "gallon", "liter", "litre", "lb"].contains(words[1])
    }

    /// True for a portion that is a measure (a cup, a spoon, an ounce), not a thing counted.
    package static func isMeasure(_ portion: Portion) -> Bool {
        let words = FoodWords.words(portion.description.lowercased())
        guard words.count >= 2, words[0] == "1" else { return false }
        return measureWords.contains(words[1])
    }

    /// The words of USDA's portions that are measures.
    package static let measureWords: Set<String> = [
        "cup", "cups", "tablespoon", "tablespoons", "teaspoon", "teaspoons", "tbsp", "tsp", "oz", "fl", "lb",
        "g", "ml", "cubic", "pint", "quart", "gallon", "liter", "litre",
    ]

    /// True when USDA weighs a whole one of the food in two sizes or more, by its diameter or
    /// length ("1 small pizza (8-10" diameter)", "1 medium pizza (11-12" diameter)"): a food
    /// ordered whole by size.
    package static func isOrderedWhole(_ food: Food) -> Bool {
        let parts: Set<String> = ["slice", "piece", "wedge", "surface", "crust", "cup", "oz"]
        let sizes: Set<String> = ["small", "medium", "large", "extra-large", "personal"]
        let sized = food.portions.filter { portion in
            let words = Set(FoodWords.words(portion.description.lowercased()))
            return portion.description.contains("\"") && words.isDisjoint(with: parts) && !words.isDisjoint(with: sizes)
        }
        return sized.count >= 2
    }

    /// A portion as a place serves a dish, which `data/everyday.tsv` may give an everyday name in
    /// place of one of USDA's (whose default for a one-dish meal is often a cup): `bowl = 3 x 1
    /// cup` (so many of a USDA portion) or `salad = 400 g` (a weight). Its note says where the
    /// figure comes from; tools/build-foods.py checks both (its twin is `served_portion`).
    package struct ServedPortion: Equatable {
        /// What it is served as: "bowl", "order", "salad".
        package var name: String
        /// How many of `portion`, or the grams when `portion` is nil.
        package var count: Double
        /// The USDA portion's description ("1 cup"), or nil for a weight.
        package var portion: String?

        /// The label an entry's amount shows: "served bowl".
        package var label: String { "served " + name }
    }

    /// The served portion an everyday name's portion column says, if it says one.
    package static func servedPortion(_ text: String?) -> ServedPortion? {
        guard let text, let equals = text.firstRange(of: " = ") else { return nil }
        let name = String(text[..<equals.lowerBound])
        let amount = text[equals.upperBound...]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
        if amount.hasSuffix(" g"), let grams = Double(amount.dropLast(2)), grams > 0 {
            return ServedPortion(name: name, count: grams, portion: nil)
        }
        guard let times = amount.firstRange(of: " x "), let count = Double(amount[..<times.lowerBound]), count > 0
        else { return nil }
        return ServedPortion(name: name, count: count, portion: String(amount[times.upperBound...]))
    }

    /// True when a portion is a served one (`servedWeighing`): a size word scales it.
    package static func isServed(_ label: String) -> Bool { label.hasPrefix("served ") }

    /// USDA's portions of one serving of a food sold in bigger containers: "1 individual
    /// container", "1 individual school container", "1 snack size bag", "1 fun size box".
    package static func isSingleServing(_ portion: Portion) -> Bool {
        let words = Set(FoodWords.words(portion.description.lowercased()))
        return !words.isDisjoint(with: ["individual", "school", "single", "snack", "mini", "fun", "kid", "kids"])
    }

    /// Ice cream, frozen yogurt, sorbet and gelato: a tub of them is a volume.
    package static func isFrozenDessert(_ food: Food) -> Bool {
        let name = food.name.lowercased()
        return name.hasPrefix("ice cream") || name.hasPrefix("frozen yogurt") || name.hasPrefix("sorbet")
            || name.hasPrefix("gelato") || name.hasPrefix("sherbet")
    }

    /// Herbs, by name: a bunch of them is 30 g, a sprig 1 g.
    package static let herbWords: Set<String> = [
        "parsley", "cilantro", "coriander", "basil", "mint", "dill", "thyme", "rosemary", "sage", "chive", "tarragon",
        "oregano", "marjoram", "chervil", "lemongrass", "spearmint", "peppermint",
    ]

    package static func isHerb(_ food: Food) -> Bool {
        FoodWords.keyWords(food.name).contains(where: herbWords.contains)
    }

    /// SR28's spices and herbs (food group 02).
    package static func isSpice(_ food: Food) -> Bool { food.category == 100_200 }
}
