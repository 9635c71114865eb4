import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

// Words people use for a food that the USDA names do not: British, Irish and Australian English
// ("courgette", "double cream", "beef mince"), spellings ("yoghurt", "chilli", "purée"), and the
// part of a food said after its name ("cod fillets", "celery stalks", "broccoli florets", "carrot
// sticks"). Tried only when the words as typed find no food, so a name the table knows always
// wins ("fish sticks", "peanut butter cup").

extension Resolver {
    /// One word read as the US word (or words) USDA's names use. Each is the same food, never a
    /// guess at a close one: "courgette" is a zucchini, "prawn" a shrimp, "mince" ground meat.
    static let regionalWords: [String: [String]] = [
        "courgette": ["zucchini"], "aubergine": ["eggplant"], "rocket": ["arugula"], "prawn": ["shrimp"],
        "mince": ["ground"], "wholemeal": ["whole", "wheat"], "wholewheat": ["whole", "wheat"],
        "wholegrain": ["whole", "grain"], "muscovado": ["brown"], "demerara": ["brown"], "turbinado": ["brown"],
        "treacle": ["molasses"], "essence": ["extract"], "chilli": ["chili"], "chillie": ["chili"], "chile": ["chili"],
        "skimmed": ["skim"], "cornflour": ["cornstarch"], "bicarbonate": ["baking"], "bicarb": ["baking"],
        "capsicum": ["bell", "pepper"], "swede": ["rutabaga"], "mangetout": ["snow", "pea"], "beetroot": ["beet"],
        "sultana": ["raisin"], "passata": ["tomato", "puree"], "lardon": ["bacon"], "streaky": [],
        "gammon": ["ham"], "yoghurt": ["yogurt"], "yogourt": ["yogurt"], "omelette": ["omelet"], "omlette": ["omelet"],
        "icecream": ["ice", "cream"], "veggie": ["vegetable"], "veg": ["vegetable"], "avo": ["avocado"],
        "sarnie": ["sandwich"], "sandwhich": ["sandwich"], "toastie": ["grilled", "sandwich"], "cuppa": ["tea"],
        "lager": ["beer"], "ale": ["beer"], "stout": ["beer"], "garbanzo": ["chickpea"], "evoo": ["olive", "oil"],
        "coriander": ["cilantro"], "scallion": ["green", "onion"], "kabob": ["kebab"], "kebob": ["kebab"],
        "doughnut": ["donut"], "whisky": ["whiskey"], "mayo": ["mayonnaise"], "parm": ["parmesan"],
        "spag": ["spaghetti"],
        "bolognese": ["meat", "sauce"], "porridge": ["oatmeal"], "roast": ["roasted"],
        "sauteed": ["cooked"], "steamed": ["cooked"], "boiled": ["cooked"], "hashbrown": ["hash", "brown"],
        "hashbrowns": ["hash", "brown"], "lite": ["light"], "choc": ["chocolate"],
    ]

    /// Two words read as others: "double cream" is heavy cream, "spring onion" a green onion;
    /// "penne pasta" is penne.
    static let regionalPairs: [String: [String]] = pastaShapePairs.merging([
        "double cream": ["heavy", "cream"], "single cream": ["light", "cream"], "whipping cream": ["heavy", "cream"],
        "spring onion": ["green", "onion"], "icing sugar": ["powdered", "sugar"], "caster sugar": ["sugar"],
        "castor sugar": ["sugar"], "jacket potato": ["baked", "potato"], "fish finger": ["fish", "stick"],
        "semi skimmed": ["2%"], "semi skim": ["2%"], "full fat": ["whole"], "plain flour": ["all-purpose", "flour"],
        "self raising": ["self-rising"], "tomato puree": ["tomato", "paste"], "tomato purée": ["tomato", "paste"],
        "stock cube": ["bouillon"], "golden syrup": ["corn", "syrup"], "runner bean": ["green", "bean"],
        "french bean": ["green", "bean"], "broad bean": ["fava", "bean"], "minced beef": ["ground", "beef"],
        "minced pork": ["ground", "pork"], "minced lamb": ["ground", "lamb"], "minced turkey": ["ground", "turkey"],
        "minced chicken": ["ground", "chicken"], "minced meat": ["ground", "meat"], "lemon zest": ["lemon", "peel"],
        "orange zest": ["orange", "peel"], "lime zest": ["lime", "peel"],
    ]) { first, _ in first }

    /// "penne pasta", "spaghetti pasta": the shape says it all.
    static let pastaShapePairs: [String: [String]] = Dictionary(
        uniqueKeysWithValues: pastaShapes.map { ($0 + " pasta", [$0]) })

    /// Parts a food is cut into or served as, said after its name: the part is the unit ("4 cod
    /// fillets" are four fillets of cod), or, said without a count and in the plural, a serving
    /// ("carrot sticks"). A weight or volume said before it stays ("2 cups broccoli florets").
    static let cutParts: Set<String> = [
        "fillet", "filet", "stalk", "stick", "slice", "chunk", "piece", "floret", "leaf", "leave", "spear", "sprig",
        "wedge", "strip", "cube", "segment", "ring", "cup", "side", "plate", "bowl", "portion", "serving", "rib",
        "clove", "head", "sheet", "ball", "loaf", "round", "bite", "tub", "pot", "square",
    ]

    /// A cup said after a food's name ("pudding cup", "fruit cup") is a snack cup: 4 oz, half a cup.
    static let snackCupCups = 0.5

    /// The item in the words USDA's names use, and with a part said after the food's name as its
    /// unit; nil when there is nothing to reword.
    /// A wine said by its colour alone ("a glass of red").
    static let wineColours: Set<String> = ["red", "white", "rose", "rosé", "sparkling"]

    /// Words that multiply the food after them when no food is called with them.
    static let multiplierWords: [String: Double] = ["double": 2, "triple": 3]

    /// The item with each word of `regionalWords` read as USDA's ("lite yoghurt": light
    /// yogurt) and nothing else changed; nil when no word is respelled.
    static func respelled(_ item: LogItem) -> LogItem? {
        guard let phrase = item.food else { return nil }
        var changed = false
        let words = phrase.words.flatMap { word -> [String] in
            guard let replacement = regionalWords[word.lowercased()], !replacement.isEmpty,
                replacement != [word.lowercased()]
            else { return [word] }
            changed = true
            return replacement
        }
        guard changed else { return nil }
        var result = item
        result.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        return result
    }

    static func reworded(_ item: LogItem) -> LogItem? {
        guard let phrase = item.food else { return nil }
        let typed = FoodWords.keyWords(phrase.text)
        var words: [String] = []
        var index = 0
        var changed = false
        while index < typed.count {
            if index + 1 < typed.count, let pair = regionalPairs[typed[index] + " " + typed[index + 1]] {
                words += pair
                index += 2
                changed = true
                continue
            }
            if let replacement = regionalWords[typed[index]], replacement != [typed[index]] {
                words += replacement
                changed = true
            } else {
                words.append(typed[index])
            }
            index += 1
        }
        // "beef mince" read as "beef ground": ground meat is said "ground beef".
        if let ground = words.firstIndex(of: "ground"), ground == words.count - 1, words.count > 1 {
            words.insert(words.removeLast(), at: 0)
        }
        var result = item
        // "a glass of red", "half a bottle of white": a wine's colour alone, poured, is the wine.
        if words.count == 1, wineColours.contains(words[0]),
            let unit = item.unit?.name, ["glass", "bottle", "carafe", "glassful"].contains(unit)
        {
            words.append("wine")
            changed = true
        }
        // "double whisky", "triple gin": twice or three times the one food named, when no food
        // is called so ("a double vodka soda" is one drink, and stays unknown as typed).
        if words.count == 2, let times = multiplierWords[words[0]], item.unit == nil {
            words.removeFirst()
            result.count = (item.count ?? 1) * times
            changed = true
        }
        // "1 medium head cauliflower": a portion word after a size is the unit.
        if words.count > 1, let first = words.first, let unit = Unit.named(first), unit.kind == .portion,
            !Unit.standsBeforeFood(first), item.unit.map({ Unit.standsBeforeFood($0.name) }) ?? true
        {
            words.removeFirst()
            result.unit = unit
            result.unitWord = first
            // "a small bag of chips": USDA weighs a bag or a box by its size ("1 small single
            // serving bag"), so the size stays with it (`namedPortion`).
            if let size = item.unit?.name, Unit.sizeWords.contains(size), Portions.sizedPackages.contains(unit.name) {
                result.unit = Unit(size + " " + unit.name, .portion)
                result.unitWord = size + " " + first
            }
            changed = true
        }
        if words.count > 1, let last = words.last, cutParts.contains(last) {
            words.removeLast()
            changed = true
            let typedLast = phrase.words.last ?? last
            let plural = FoodWords.singular(typedLast) != typedLast
            if item.unit == nil {
                if item.count == nil, plural {
                    result.unit = Unit.named("serving")
                } else if last == "cup" {
                    // "a pudding cup", "jello cup": a snack cup, 4 oz (half a cup).
                    result.count = (item.count ?? 1) * Resolver.snackCupCups
                    result.unit = Unit.named("cup")
                } else {
                    result.unit = Unit.named(last) ?? Unit(last == "leave" ? "leaf" : last, .portion)
                }
                result.unitWord = result.unit?.name
            }
        }
        guard changed, !words.isEmpty else { return nil }
        result.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        return result
    }
}
