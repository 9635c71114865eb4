import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaSupport
import Synchronization

// MARK: - Weighing

extension Resolver {
    /// How one unit of an item weighs, and what to call that unit.
    struct Weighing: Equatable {
        var gramsPerUnit: Double
        var label: String
        var isPortion: Bool
    }

    func weigh(
        _ food: Food, unit: Unit?, words: [String], match: FoodIndex.Match, counted: Bool = false, count: Double = 1
    ) -> Result<
        Weighing, ResolveError.Kind
    > {
        guard let unit else {
            guard let portion = countPortion(food, words: words, match: match, counted: counted, count: count) else {
                return .failure(.noPortion(food: food.name))
            }
            return .success(Weighing(gramsPerUnit: portion.grams, label: Portions.label(portion), isPortion: true))
        }
        switch unit.kind {
        case .mass(let grams):
            return .success(Weighing(gramsPerUnit: grams, label: unit.name, isPortion: false))
        case .volume(let milliliters):
            guard let density = Portions.gramsPerMilliliter(food) else {
                return .failure(
                    .unitDoesNotApply(unit: unit.name, food: food.name, portions: food.portions.map(\.description)))
            }
            return .success(Weighing(gramsPerUnit: density * milliliters, label: unit.name, isPortion: false))
        case .portion:
            // "a small bag": USDA's portion of that size and kind, else the bag.
            if let (_, package) = Portions.sizedPackage(unit.name) {
                if let portion = namedPortion(food, word: unit.name) {
                    return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
                }
                return weigh(food, unit: Unit.named(package), words: words, match: match, counted: counted)
            }
            if unit.name == "serving" || unit.name == "portion" {
                guard let portion = food.defaultPortion ?? countPortion(food, words: words, match: match) else {
                    return .failure(.noPortion(food: food.name))
                }
                return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
            }
            // "a bowl of bibimbap": the served portion, when it is served as that.
            if let served = Portions.servedPortion(match.everydayPortion), served.name == unit.name,
                let portion = servedWeighing(food, match: match)?.portion
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: Portions.label(portion), isPortion: true))
            }
            // "2 bottles of beer": the everyday portion, when it is of that kind ("1 can or bottle").
            if let everyday = match.everydayPortion, FoodWords.words(everyday).contains(unit.name),
                let portion = food.portions.first(where: { $0.description == everyday })
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
            }
            if let weighing = inchWeighing(food, word: unit.name) { return .success(weighing) }
            // "3 leaves basil", "2 sprigs thyme": a small part the food has no portion of.
            // (A fillet said as the unit is the food's own fillet or count: "4 anchovy fillets".)
            if let part = Portions.smallPartWords[unit.name], part != "fillet", ownPartPortion(food, part: part) == nil,
                measure(unit.name, for: food) == nil,
                let portion = Portions.partPortion(food, part: part)
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: part, isPortion: true))
            }
            // "a whole pizza", "half a baguette": the whole thing, as USDA weighs one.
            if unit.name == "entire",
                let portion = wholePortion(food, words: words)
                    ?? countPortion(food, words: words, match: match, counted: true)
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: Portions.label(portion), isPortion: true))
            }
            // A container is never one of USDA's single-serving units: "a tub of hummus" is no
            // "1 individual container", "a loaf of bread" no "1 individual loaf".
            if Resolver.containerWords.contains(unit.name) {
                if let portion = containerPortion(food, word: unit.name) {
                    return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
                }
            } else if let portion = namedPortion(food, word: unit.name)
                ?? Portions.alternativeWords[unit.name]?.lazy.compactMap({ namedPortion(food, word: $0) }).first
            {
                return .success(Weighing(gramsPerUnit: portion.grams, label: unit.name, isPortion: true))
            }
            // "1 large egg": a size the food has no portion for means its usual one, made
            // smaller or larger as USDA's sized portions are when the usual one has no size.
            if Unit.sizeWords.contains(unit.name) || unit.name == "extra large",
                let portion = countPortion(food, words: words, match: match),
                portion.description != "Quantity not specified"
            {
                let sized = FoodWords.words(portion.description).contains(where: Unit.sizeWords.contains)
                // A fruit or vegetable, a served portion ("a large pho") or one of any size ("a
                // large doner": "1 sandwich, any size") is scaled as produce is.
                let scales =
                    Portions.isProduce(food) || Portions.isServed(Portions.label(portion))
                    || portion.description.lowercased().contains("any size")
                if !sized, scales, let scale = Resolver.sizeScale[unit.name] {
                    return .success(Weighing(gramsPerUnit: portion.grams * scale, label: unit.name, isPortion: true))
                }
                return .success(Weighing(gramsPerUnit: portion.grams, label: Portions.label(portion), isPortion: true))
            }
            // A drink counted in a container the table does not name: a glass is 8 fl oz, a can 12.
            if let fluidOunces = Portions.containerFluidOunces[unit.name],
                food.portions.contains(where: { $0.description.contains("fl oz") }),
                let density = Portions.gramsPerMilliliter(food)
            {
                let grams = density * fluidOunces * Unit.fluidOunceMilliliters
                return .success(
                    Weighing(
                        gramsPerUnit: grams, label: "\(unit.name), \(Format.number(fluidOunces)) fl oz", isPortion: true
                    ))
            }
            // "a bowl of chili", "a handful of almonds", "6 piece nuggets": a measure of a kind.
            if let measure = measure(unit.name, for: food),
                let weighing = weighing(measure, word: unit.name, food: food, words: words, match: match)
            {
                return .success(weighing)
            }
            return .failure(
                .unitDoesNotApply(unit: unit.name, food: food.name, portions: food.portions.map(\.description)))
        }
    }

    /// A small one and a large one against the usual (medium) one (`Unit.sizeScale`). Only
    /// fruits and vegetables: an egg or a marshmallow counted without a size is the large one
    /// already.
    static let sizeScale = Unit.sizeScale

    /// Labels that read the same for one or many: sizes and abbreviated measures.
    static let invariableLabels: Set<String> = [
        "regular", "small", "medium", "large", "jumbo", "whole", "g", "kg", "oz", "lb", "ml", "l", "cl", "dl", "tsp",
        "tbsp",
        "tall", "grande", "venti", "primo", "medio", "massimo",
    ]

    /// The portion a bare count means: an everyday name's portion, else, counted, one item
    /// when USDA weighs one, else an everyday name's USDA default, else the one named after the
    /// food ("1 egg" for eggs), else one item, else USDA's default, else a medium one, else the first.
    public func countPortion(
        _ food: Food, words: [String], match: FoodIndex.Match, counted: Bool = false, count: Double = 1
    ) -> Portion? {
        // "pho", "2 bibimbap": a dish an everyday name gives a served portion is that portion.
        if let served = servedWeighing(food, match: match) { return served.portion }
        if let everydayPortion = match.everydayPortion,
            let portion = food.portions.first(where: { $0.description == everydayPortion })
        {
            return portion
        }
        // "24 cilantro leaves", "12 cardamom pods", "1 monkfish fillet": a count of a food's
        // small parts is of that part, USDA's portion of it or `Portions.partWeights`; else nil, and
        // the line asks (`Resolver+Parts.swift`).
        if counted, let part = Resolver.countedPart(words), !Portions.countsWhole(food, part: part) {
            return ownPartPortion(food, part: part) ?? Portions.partPortion(food, part: part)
        }
        // "4 pierogi": counted, one item (an everyday name's too), when USDA weighs one of any
        // size ("1 item, any size", "1 piece").
        if counted, let item = Portions.oneItem(food) { return item }
        // An everyday name with no portion of its own means USDA's default one.
        if match.isEveryday, let portion = food.defaultPortion { return portion }
        // Words typed (as corrected) and the food's head both name the unit: "1 banana", "1 egg".
        let query = Set(FoodWords.keyWords(words.joined(separator: " "))).union(FoodWords.keyWords(food.head))
        var best: (score: Int, portion: Portion)?
        for portion in food.portions where portion.description.hasPrefix("1 ") {
            let portionWords = FoodWords.keyWords(portion.description)
            let shared = Set(portionWords).intersection(query).count
            guard shared > 0 else { continue }
            // "a raw carrot" is no baby carrot: a smaller kind than was said is no portion of it.
            if portionWords.contains(where: { Resolver.smallKinds.contains($0) && !query.contains($0) }) { continue }
            if let current = best,
                current.score > shared
                    || (current.score == shared && current.portion.description.count <= portion.description.count)
            {
                continue
            }
            best = (shared, portion)
        }
        if let best { return best.portion }
        if counted, let item = Portions.oneItem(food) { return item }
        // A count of several is of things: the food's own unit before a measure ("2 hard-cooked
        // eggs" are 2 large), and never its cups ("24 cilantro" is no 24 cups).
        return food.defaultPortion
            ?? food.portions.first { $0.description.hasPrefix("1 medium") }
            ?? food.portions.first {
                counted && count != 1 && $0.description.hasPrefix("1 ") && !Portions.isMeasure($0)
            }
            ?? food.portions.first { !counted || count == 1 || !Portions.isCupMeasure($0) }
    }

    /// The food's portion named by a portion word: exactly "1 slice", else one that mentions it,
    /// preferring regular, medium and standard sizes, then the shortest description.
    func namedPortion(_ food: Food, word: String) -> Portion? {
        // "small bag" (`Portions.sizedPackages`): the food's portion of that size and kind ("1 small single
        // serving bag"), else its bag.
        if let (size, package) = Portions.sizedPackage(word) {
            // A small one is USDA's single-serving one too: "1 individual school container".
            let kinds = Set([package] + (Portions.alternativeWords[package] ?? []))
            let sized = food.portions.filter {
                let words = FoodWords.words($0.description.lowercased())
                return !kinds.isDisjoint(with: words)
                    && (words.contains(size) || (size == "small" && Portions.isSingleServing($0)))
            }
            // The one the size names first ("1 small single serving bag", not "1 single serving bag, NFS").
            func rank(_ portion: Portion) -> (Int, Int) {
                let says = FoodWords.words(portion.description.lowercased()).contains(size)
                return (says ? 0 : 1, portion.description.count)
            }
            return sized.min(by: { rank($0) < rank($1) }).map(Portions.perOne)
        }
        if Unit.sizeWords.contains(word) || word == "extra large" {
            let prefix = "1 " + word
            let exact = food.portions
                .filter {
                    $0.description.lowercased() == prefix || $0.description.lowercased().hasPrefix(prefix + " ")
                        || $0.description.lowercased().hasPrefix(prefix + ",")
                }
                .min { $0.description.count < $1.description.count }
            if exact != nil || word == "extra large" { return exact }
            // "1 small/regular", "1 regular/large": a size USDA gives with another; a medium one
            // is the regular one.
            return food.portions.first { portion in
                let lowered = portion.description.lowercased()
                guard lowered.hasPrefix("1 "), let slot = lowered.dropFirst(2).split(separator: " ").first,
                    slot.contains("/")
                else { return false }
                let sizes = slot.split(separator: "/").map(String.init)
                return sizes.contains(word) || (word == "medium" && sizes.contains("regular"))
            }
        }
        var best: (score: Int, portion: Portion)?
        for portion in food.portions {
            let lowered = portion.description.lowercased()
            let words = FoodWords.words(lowered)
            guard words.contains(word) else { continue }
            var score = 0
            if lowered == "1 " + word { score += 100 }
            if words.contains("regular") || words.contains("medium") || words.contains("standard") { score += 10 }
            if words.contains("nfs") { score += 5 }
            score -= lowered.count / 4
            if let current = best, current.score >= score { continue }
            best = (score, portion)
        }
        return best.map { Portions.perOne($0.portion) }
    }

}

extension Resolver {
    /// Weighs an item as a found food.
    func weighed(_ item: LogItem, food: Food, match: FoodIndex.Match, words: [String]) -> Result<
        ResolvedItem, ResolveError
    > {
        // Weighing looks at the portions several times: split them once.
        let food = food.withPortionsParsed()
        var count = item.count ?? 1
        var weighing: Weighing
        switch weigh(food, unit: item.unit, words: words, match: match, counted: item.count != nil, count: count) {
        case .success(let value): weighing = value
        case .failure(let kind): return .failure(ResolveError(kind, item.range))
        }
        // "a dollop of brown sauce": a condiment USDA serves by the tablespoon or less is
        // dolloped by the tablespoon, not by a dollop of cream's two.
        if item.unit?.name == "dollop", let serving = food.defaultPortion,
            let spoon = food.portions.first(where: { $0.description == "1 tablespoon" }), serving.grams <= spoon.grams
        {
            weighing = Weighing(gramsPerUnit: spoon.grams, label: "dollop", isPortion: true)
        }
        // "a whole cake", "a whole chicken": one whole one or more, which the table weighs only
        // by the piece, the slice or the serving, is a portion that does not fit; the line asks
        // for a weight. Half of one is half of that one ("half a sushi").
        if item.unit?.name == "entire", count >= 1, Portions.namesAPart(weighing.label) {
            return .failure(
                ResolveError(
                    .unitDoesNotApply(unit: "whole", food: food.name, portions: food.portions.map(\.description)),
                    item.range))
        }
        // "a pizza", "a pizza margherita": one said with an article, of a food USDA counts by
        // the slice and weighs whole in sizes (a small, a medium, a large pizza), is one whole
        // one, the usual size: it is ordered whole. A number ("2 pizza") still counts slices.
        var wholeNote: String?
        if item.count == 1, item.countInWords, item.unit == nil, Portions.namesAPart(weighing.label),
            !words.contains(where: { Portions.partOfAWhole.contains(FoodWords.singular($0.lowercased())) }),
            Portions.isOrderedWhole(food),
            let whole = wholePortion(food, words: Array(FoodWords.keyWords(food.head).suffix(1)))
        {
            weighing = Weighing(gramsPerUnit: whole.grams, label: Portions.label(whole), isPortion: true)
            wholeNote = "a whole one"
        }
        // "grapes", "almonds": a plural without a count is a serving, not one. So is a food
        // named without any amount whose unit is a small part of what USDA found people eat of
        // it ("sushi": a piece of 30 g against 180; "asparagus": a spear): a serving, not one.
        let plural = Resolver.isPlural(words)
        if item.count == nil, item.unit == nil, let serving = food.defaultPortion,
            serving.grams > weighing.gramsPerUnit * (plural ? 1 : Resolver.servingToPieceRatio)
        {
            weighing = Weighing(gramsPerUnit: serving.grams, label: "serving", isPortion: true)
        } else if item.count == nil, item.unit == nil, plural, weighing.label != "serving",
            !match.isEveryday || Resolver.portionNamesThing(weighing.label, words: words)
        {
            // "chicken fajitas", "eggs": said in the plural, at least two of them. An everyday
            // name whose portion is no one of the thing named says itself what it means:
            // "fries" an order, "nachos" a plate.
            count = 2
        }
        // "roast beef", "pork tenderloin": a cut of meat named alone is at least a serving of
        // cooked meat, 3 oz (USDA's default is one 60 g slice). A default under 50 g is a snack
        // or a part, not a cut (pork rinds 30 g, bones 45 g).
        if item.count == nil, item.unit == nil, weighing.label == "serving", Portions.isMeatCut(food),
            weighing.gramsPerUnit >= 50, weighing.gramsPerUnit < Portions.meatServingGrams
        {
            weighing = Weighing(gramsPerUnit: Portions.meatServingGrams, label: "serving", isPortion: true)
        }
        // "1 red onion", "2 eggplants": a count of a fruit or vegetable USDA serves by the
        // spoonful when unsaid (15 g of onion) is of whole ones.
        if item.count != nil, item.unit == nil, weighing.label == "serving", Portions.isProduce(food),
            let whole = food.portions.first(where: { $0.description == "1 whole" }), whole.grams > weighing.gramsPerUnit
        {
            weighing = Weighing(gramsPerUnit: whole.grams, label: "whole", isPortion: true)
        }
        let grams = weighing.gramsPerUnit * count
        let kcal = grams * food.kcalPer100g / 100
        if grams > Parser.maxCount || kcal > Parser.maxKcal {
            return .failure(ResolveError(.tooLarge(grams: grams, kcal: kcal), item.range))
        }
        let amount = Resolver.amountText(
            count: count, label: weighing.label, gramsPerUnit: weighing.gramsPerUnit, isPortion: weighing.isPortion)
        // A served portion says what it is: "a served bowl: 3 cups (735 g)".
        let served = weighing.label == "serving" ? nil : servedWeighing(food, match: match)
        let note =
            wholeNote ?? partNote(food, weighing: weighing)
            ?? served.flatMap { served in
                weighing.label == Portions.label(served.portion) || Unit.sizeWords.contains(weighing.label)
                    ? served.note : nil
            }
        return .success(
            ResolvedItem(
                food: food.name, code: food.code, quantity: count, unit: weighing.label, amount: amount,
                grams: Format.rounded(grams, places: 1), kcal: Format.rounded(kcal, places: 1),
                protein: Format.rounded(grams * food.proteinPer100g / 100, places: 1),
                carbs: Format.rounded(grams * food.carbsPer100g / 100, places: 1),
                fat: Format.rounded(grams * food.fatPer100g / 100, places: 1),
                nutrients: Resolver.nutrients(food.nutrientsPer100g, grams: grams), range: item.range, note: note))
    }

    /// A food's nutrients besides the macros (`Nutrient.others`) in `grams` of it, to a tenth as the
    /// macros are; what the table does not know stays unknown.
    public static func nutrients(_ per100g: Nutrients, grams: Double) -> Nutrients {
        per100g.scaled(by: grams / 100).rounded(places: 1)
    }
}

extension Resolver {
    /// The portion's name as a unit: "1 banana" → "banana"; the default portion → "serving"
    /// (`Portions.label`).
    public static func label(_ portion: Portion) -> String { Portions.label(portion) }
}
