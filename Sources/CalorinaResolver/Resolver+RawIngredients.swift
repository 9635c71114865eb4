import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

// MARK: - Ingredients, bought raw

extension Resolver {
    /// Words that say the cook has the food raw in hand (`FoodWords.rawSigns`: the parser reads
    /// them too).
    static let rawSigns = FoodWords.rawSigns

    /// Of those, the words a raw food's name may hold too: "breast, skinless, boneless, meat only, raw".
    static let rawNameWords: Set<String> = ["boneless", "skinless"]

    /// Words that say the food is already cooked or kept some other way: no raw food is meant.
    static let cookedSigns: Set<String> = [
        "cooked", "roasted", "roast", "baked", "fried", "grilled", "boiled", "steamed", "smoked", "canned", "tinned",
        "frozen", "dried", "toasted", "leftover", "rotisserie", "sauteed", "mashed", "poached", "scrambled", "braised",
        "stewed", "barbecued", "bbq", "pickled", "cured", "jarred", "instant", "powder", "flour", "juice", "sauce",
    ]

    /// True for an amount no one eats at a sitting and a cook buys: two pounds (900 g) or more
    /// by weight ("1 kg chicken thighs", "2 lbs chicken wings"; a 1 lb steak may be dinner).
    static func isCooksAmount(_ item: LogItem) -> Bool {
        guard case .mass(let grams)? = item.unit?.kind else { return false }
        let amount = (item.count ?? 1) * grams
        guard amount >= 250 else { return false }
        let words = item.food.map { FoodWords.keyWords($0.text) } ?? []
        let threshold = words.contains(where: dryStaples.contains) ? 250.0 : 900
        return amount >= threshold
    }

    /// Shapes of pasta, which USDA weighs dry as "Pasta, dry".
    static let pastaShapes: Set<String> = [
        "spaghetti", "penne", "fusilli", "macaroni", "linguine", "fettuccine", "rigatoni", "orzo", "farfalle",
        "tagliatelle", "conchiglie", "ziti", "rotini", "vermicelli", "bucatini", "pappardelle",
    ]

    /// Staples a kitchen keeps dry and a recipe weighs dry: 250 g or more of them is bought, not
    /// served ("1 lb spaghetti", "300g basmati rice").
    static let dryStaples: Set<String> = [
        "pasta", "spaghetti", "penne", "fusilli", "macaroni", "noodle", "linguine", "fettuccine", "rigatoni",
        "lasagna", "lasagne", "orzo", "rice", "quinoa", "couscous", "bulgur", "lentil", "barley", "farro", "oat",
    ]

    /// True for a portion's name that is a measure of volume ("cup chopped", "tablespoon").
    static func isVolumeLabel(_ label: String) -> Bool {
        guard let first = label.split(separator: " ").first else { return false }
        return ["cup", "cups", "tablespoon", "teaspoon", "tbsp", "tsp", "fl"].contains(first.lowercased())
    }

    /// Words that say a staple is bought dry: "dried spaghetti", "dry lentils", "uncooked rice".
    static let dryWords: Set<String> = ["dried", "dry", "uncooked"]

    /// Pulses, which a kitchen keeps dry or canned.
    static let pulses: Set<String> = ["bean", "chickpea", "garbanzo", "lentil", "pea"]

    /// Pulses a recipe mostly takes from a can: rinsed or drained, they are canned ones.
    static let cannedPulses: Set<String> = ["bean", "chickpea", "garbanzo"]

    /// Beans eaten fresh in the pod ("green beans"), which are no pulse.
    static let freshBeans: Set<String> = [
        "green", "string", "runner", "french", "wax", "snap", "yellow", "long", "broad",
    ]

    /// True when the words name beans or chickpeas a recipe takes from a can, not fresh beans.
    static func namesCannedPulse(_ words: [String]) -> Bool {
        let words = words.map { FoodWords.singular($0.lowercased()) }
        return words.contains(where: cannedPulses.contains) && !words.contains(where: freshBeans.contains)
    }

    /// True when the words say a staple or a pulse is dry ("dried black beans", "dry lentils").
    static func saysDry(_ words: [String]) -> Bool {
        words.contains(where: dryWords.contains)
            && words.contains {
                dryStaples.contains(FoodWords.singular($0)) || pulses.contains(FoodWords.singular($0))
                    || pastaShapes.contains($0)
            }
    }

    /// True for a food's name that says it is raw: "Onions, raw", "Pork, cured, bacon,
    /// unprepared"; not "Chicken thigh, fried, coated, from raw".
    static func isRaw(_ name: String) -> Bool {
        let parts = name.lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
        return parts.dropFirst().contains {
            $0 == "raw" || $0 == "unprepared" || $0 == "uncooked" || $0.hasPrefix("raw ") || $0 == "dry"
                || $0 == "dried"
        }
    }

    /// True when a food's name gives it a size the typed words did not ("Squash, zucchini,
    /// baby, raw" for "2 medium zucchini"): its portions would weigh another food.
    static func saysAnUnsaidSize(_ name: String, _ typed: [String]) -> Bool {
        FoodWords.words(name).contains { ["baby", "mini", "miniature", "jumbo"].contains($0) && !typed.contains($0) }
    }

    /// The raw food an ingredient line means, when it says the cook cut or readied the food
    /// (in its words or in a note: "1 kg potatoes, peeled and quartered") and the table has the
    /// food raw: "Potatoes, raw", not USDA's cooked "Potato, NFS". Nil otherwise.
    /// `asEaten` receives the item resolved as typed when it had to be, so that it is not done twice.
    func rawIngredient(
        _ item: LogItem, user: UserFoods, depth: Int, asEaten found: inout Result<ResolvedItem, ResolveError>?
    ) -> ResolvedItem? {
        // Most lines say nothing of the kind: a glance at the typed words decides.
        guard item.kcal == nil, let typedPhrase = item.food,
            item.isIngredient || typedPhrase.words.contains(where: Resolver.rawSigns.contains)
                || Resolver.isCooksAmount(item) || Resolver.saysDry(typedPhrase.words),
            user.named(typedPhrase.text) == nil,
            // An everyday name that holds the cut word is what it says: "boneless wings" are USDA's.
            !(typedPhrase.words.contains(where: Resolver.rawSigns.contains)
                && index.table.everyday(named: FoodWords.normalized(typedPhrase.text)) != nil)
        else { return nil }
        let saysDry = Resolver.saysDry(typedPhrase.words)
        // Beans and chickpeas rinsed or drained come from a can: only said dry are they bought dry.
        if item.isIngredient, !saysDry, !typedPhrase.words.contains(where: Resolver.rawSigns.contains),
            Resolver.namesCannedPulse(typedPhrase.words)
        {
            return nil
        }
        // In USDA's words first ("lean minced beef" is ground beef, "1 medium head cauliflower"
        // a head of it).
        let reworded = Resolver.reworded(item)
        let item = reworded ?? item
        guard let phrase = item.food else { return nil }
        let words = FoodWords.keyWords(phrase.text)
        // "dried spaghetti", "dry lentils" are the dry staple; any other cooked or kept word is no raw food.
        guard
            !words.contains(where: { Resolver.cookedSigns.contains($0) && !(saysDry && Resolver.dryWords.contains($0)) }
            )
        else { return nil }
        var asEaten = resolvePlainly(item, user: user, depth: depth)
        // The line as typed, resolved: the caller's answer when no raw food is meant.
        if reworded == nil { found = asEaten }
        // Found raw as said ("3 cloves garlic, minced": the everyday clove of raw garlic).
        if case .success(let plain) = asEaten, Resolver.isRaw(plain.food) { return plain }
        let kept = words.filter {
            Resolver.rawNameWords.contains($0)
                || (!Resolver.rawSigns.contains($0) && !Resolver.descriptors.contains($0)
                    && !Resolver.dryWords.contains($0))
        }
        // A count weighs as the food as eaten does (below): the raw food is found by name alone.
        let counted = item.unit == nil || item.unit?.kind == .portion
        var rawFound: ResolvedItem?
        // As said ("red onion"), then without colours and other kinds the raw food may not name.
        // Then, boned and skinned said, as the meat alone ("thigh, meat only, raw").
        let plainer = kept.filter { !FoodWords.descriptors.contains($0) }
        let meat = plainer.filter { !Resolver.rawNameWords.contains($0) } + (plainer.count < kept.count ? ["meat"] : [])
        // Grains and pasta are bought dry ("Pasta, dry, enriched", "Rice, white, long-grain,
        // regular, raw"); a shape of pasta is pasta.
        let dry = kept.contains(where: Resolver.dryStaples.contains) || saysDry
        let shapes = kept.map { Resolver.pastaShapes.contains($0) ? "pasta" : $0 }
        var cores = [kept, plainer, meat, meat.last == "meat" ? [] : meat + ["meat"]]
        if shapes != kept {
            var once: [String] = []
            for word in shapes where !once.contains(word) { once.append(word) }
            cores.insert(once, at: 0)
        }
        // Then the staple alone: "basmati rice" is rice, "elbow macaroni" pasta.
        if dry, let staple = shapes.last(where: { Resolver.dryStaples.contains($0) || $0 == "pasta" }) {
            cores.append([staple])
        }
        for state in dry ? ["dry", "raw"] : ["raw"] where rawFound == nil {
            for core in cores where !core.isEmpty {
                var raw = item
                if counted {
                    raw.unit = nil
                    raw.unitWord = nil
                }
                let rawWords = core + [state]
                raw.food = FoodPhrase(words: rawWords, text: rawWords.joined(separator: " "), range: phrase.range)
                switch resolvePlainly(raw, user: user, depth: depth) {
                case .success(let value)
                where Resolver.isRaw(value.food) && !Resolver.saysAnUnsaidSize(value.food, words):
                    rawFound = value
                case .success(let value) where Resolver.isRaw(value.food):
                    // A raw food of a size not said ("Squash, zucchini, baby, raw"): the first
                    // other raw food that names every word and no size ("Squash, summer,
                    // zucchini, includes skin, raw").
                    let key = core.map(FoodWords.singular)
                    for match in index.lookup(raw.food?.text ?? "", limit: 6, lettingGo: false).matches {
                        let food = index.table.food(at: match.index)
                        let name = Set(FoodWords.words(food.name.lowercased()).map(FoodWords.singular))
                        guard food.code != value.code, Resolver.isRaw(food.name),
                            !Resolver.saysAnUnsaidSize(food.name, words), key.allSatisfy(name.contains),
                            case .success(let other) = weighed(raw, food: food, match: match, words: rawWords)
                        else { continue }
                        rawFound = other
                        break
                    }
                case .failure(let error):
                    // Raw foods that differ by a cut or a label ("with added solution"): the first
                    // raw one, the meat alone when the bones and skin are off.
                    guard case .ambiguous(_, let candidates) = error.kind else { continue }
                    let rawOnes = candidates.filter {
                        Resolver.isRaw($0.name) && !Resolver.saysAnUnsaidSize($0.name, words)
                            && (core != meat || $0.name.contains("meat only"))
                    }
                    guard let pick = rawOnes.first(where: { !$0.name.contains("added solution") }) ?? rawOnes.first,
                        let position = index.table.index(code: pick.code)
                    else { continue }
                    let match = FoodIndex.Match.chosen(position)
                    if case .success(let value) = weighed(
                        raw, food: index.table.food(at: position), match: match, words: rawWords)
                    {
                        rawFound = value
                    }
                default:
                    continue
                }
                if rawFound != nil { break }
            }
        }
        guard var value = rawFound else { return nil }
        // "2 boneless, skinless chicken breasts": what two chicken breasts weigh as eaten.
        let named = plainer.filter { !Resolver.rawNameWords.contains($0) }
        if case .failure = asEaten, named.count < words.count, !named.isEmpty {
            var plain = item
            plain.food = FoodPhrase(words: named, text: named.joined(separator: " "), range: phrase.range)
            asEaten = resolvePlainly(plain, user: user, depth: depth)
        }
        // A count ("1 red onion", "2 medium sweet potatoes") weighs what the food as eaten
        // weighs, which knows a whole onion; the raw food gives the energy per gram.
        if counted {
            // A size the raw food is weighed in ("1 small onion": USDA's small raw onion).
            if let unit = item.unit, Unit.sizeWords.contains(unit.name), let code = value.code,
                let position = index.table.index(code: code),
                namedPortion(index.table.food(at: position).withPortionsParsed(), word: unit.name) != nil
            {
                let match = FoodIndex.Match.chosen(position)
                if case .success(let own) = weighed(
                    item, food: index.table.food(at: position), match: match, words: words)
                {
                    return own
                }
            }
            // The food as eaten weighs a count only by the spoonful or cup ("Onions, yellow,
            // sauteed": 1 cup chopped): no count of whole ones, so the raw food's own.
            var byVolume = false
            if case .success(let eaten) = asEaten { byVolume = Resolver.isVolumeLabel(eaten.unit) }
            guard case .success(let asEaten) = asEaten, !byVolume,
                let grams = asEaten.grams, let rawGrams = value.grams, rawGrams > 0
            else {
                // The food as eaten cannot be weighed so ("1 head broccoli"): the raw food's own
                // portion, or nothing (the error of the food as eaten says why).
                guard let code = value.code, let food = index.table.index(code: code) else { return nil }
                let match = FoodIndex.Match.chosen(food)
                guard
                    case .success(let weighed) = weighed(
                        item, food: index.table.food(at: food), match: match, words: words)
                else { return nil }
                return weighed
            }
            let factor = grams / rawGrams
            value.kcal = Format.rounded(value.kcal * factor, places: 1)
            value.protein = value.protein.map { Format.rounded($0 * factor, places: 1) }
            value.carbs = value.carbs.map { Format.rounded($0 * factor, places: 1) }
            value.fat = value.fat.map { Format.rounded($0 * factor, places: 1) }
            value.nutrients = value.nutrients.scaled(by: factor).rounded(places: 1)
            value.grams = grams
            value.amount = asEaten.amount
            value.unit = asEaten.unit
            value.quantity = asEaten.quantity
        }
        return value
    }
}
