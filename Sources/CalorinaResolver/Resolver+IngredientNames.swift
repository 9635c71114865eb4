import CalorinaFoods
import CalorinaLanguage
import CalorinaSupport
import Synchronization

// Ingredients as recipes name them: a word for a part or a shape of the food at the end of its
// name ("12 sage leaves", "walnut halves", "saffron threads"), a variety or a place the table
// does not know before a food it does ("Ratte potatoes", "Thai jasmine rice"), and words that
// only say how the cook readied a food, standing alone ("grated", "peeled"). Each rule is about
// a kind of word, never about a food; the head noun of what was named must still be what the
// food found is, so a leftover word never drives the match.

extension Resolver {
    /// Words for a part or a shape of a food, said after its name: the food is what comes before.
    static let partWords: Set<String> = [
        "leaf", "leaves", "half", "halves", "fillet", "fillets", "sprig", "sprigs", "strand", "strands", "thread",
        "threads", "granule", "granules", "shaving", "shavings", "pod", "pods", "stalk", "stalks", "stem", "stems",
        "floret", "florets", "segment", "segments", "slice", "slices", "piece", "pieces", "chunk", "chunks", "ring",
        "rings", "wedge", "wedges", "strip", "strips", "cube", "cubes", "round", "rounds", "spear", "spears", "flake",
        "flakes", "rib", "ribs", "tip", "tips", "crumb", "crumbs", "kernel", "kernels",
    ]

    /// Part words for pieces the cook cut: a count of them is never a count of the whole food.
    static let cutWords: Set<String> = [
        "half", "halves", "chunk", "chunks", "cube", "cubes", "piece", "pieces", "slice", "slices", "strip", "strips",
        "wedge", "wedges", "ring", "rings", "round", "rounds", "segment", "segments", "floret", "florets", "spear",
        "spears", "flake", "flakes", "crumb", "crumbs", "kernel", "kernels", "shaving", "shavings", "granule",
        "granules",
    ]

    /// Words that say where a food or its kind comes from, not what it is: "Thai jasmine rice",
    /// "English cucumber", "Idaho potatoes". Let go only when the rest names a food strongly.
    static let originWords: Set<String> = [
        "english", "british", "scottish", "welsh", "irish", "french", "italian", "spanish", "portuguese", "greek",
        "turkish", "german", "dutch", "danish", "swedish", "norwegian", "polish", "russian", "hungarian", "thai",
        "chinese", "japanese", "korean", "vietnamese", "indian", "persian", "lebanese", "moroccan", "mexican",
        "cuban", "jamaican", "caribbean", "american", "californian", "idaho", "maine", "alaskan", "atlantic",
        "pacific", "mediterranean", "asian", "oriental", "european", "european-style", "italian-style",
        "mexican-style", "asian-style", "french-style", "greek-style", "kashmiri", "sicilian", "tuscan", "provencal",
        "cornish", "jersey", "madras", "malaysian", "sichuan", "szechuan", "vidalia", "hass", "haas", "seville",
        "valencia", "key", "meyer", "medjool", "kalamata", "heirloom", "vine", "vine-ripened", "on-the-vine",
    ]

    /// The words without a part word at their end ("sage leaves" is sage), and that word; nil
    /// when the last word is no part word or nothing would be left.
    static func withoutPartWord(_ phrase: FoodPhrase, counted: Bool = false) -> (phrase: FoodPhrase, part: String)? {
        guard phrase.words.count >= 2 else { return nil }
        // "3 ribs celery", "10 leaves fresh basil": the part word said first after a count,
        // as a unit is ("leaves only" is a note).
        if counted, let first = phrase.words.first, partWords.contains(first.lowercased()),
            let last = phrase.words.last, !partWords.contains(last.lowercased())
        {
            let kept = Array(phrase.words.dropFirst().drop { $0 == "of" })
            guard kept.contains(where: { FoodWords.isContentWord(FoodWords.singular($0.lowercased())) }) else {
                return nil
            }
            return (FoodPhrase(words: kept, text: kept.joined(separator: " "), range: phrase.range), first.lowercased())
        }
        guard let last = phrase.words.last, partWords.contains(last.lowercased()) else {
            return nil
        }
        let kept = Array(phrase.words.dropLast())
        guard kept.contains(where: { FoodWords.isContentWord(FoodWords.singular($0.lowercased())) }) else { return nil }
        return (FoodPhrase(words: kept, text: kept.joined(separator: " "), range: phrase.range), last.lowercased())
    }

    /// The words without those before the head that name a variety the table does not hold
    /// (written with a capital) or a place, when the rest names a food strongly and what it is agrees with the head: "Ratte
    /// potatoes" are potatoes, "dolcelatte cheese" a cheese; nil otherwise.
    func withoutVariety(_ phrase: FoodPhrase) -> FoodPhrase? {
        let words = phrase.words
        guard words.count >= 2, let head = words.last.map({ FoodWords.singular($0.lowercased()) }),
            FoodWords.isContentWord(head)
        else { return nil }
        // A word the table does not know is a variety when it reads as a name: written with a
        // capital ("Ratte potatoes", "Tellicherry peppercorns"), or a word of three letters or
        // more with a vowel ("dolcelatte cheese"). "zzqxv pie" stays unknown.
        var capitalized = Set(
            phrase.text.split(whereSeparator: { $0 == " " || $0 == "-" }).filter { $0.first?.isUppercase == true }
                .map { $0.lowercased() })
        for word in words where Resolver.readsAsAName(word.lowercased()) { capitalized.insert(word.lowercased()) }
        var kept: [String] = []
        for (position, word) in words.enumerated() {
            let lowered = word.lowercased()
            let isHead = position == words.count - 1
            if !isHead,
                Resolver.originWords.contains(lowered) || (!index.knows(word: lowered) && capitalized.contains(lowered))
                    || saysOnlyHow(lowered)
            {
                continue
            }
            kept.append(word)
        }
        guard kept.count < words.count, !kept.isEmpty else { return nil }
        let text = kept.joined(separator: " ")
        let found = index.lookup(text, limit: 2)
        guard let match = found.matches.first, match.isStrong, !match.isWeak, found.corrections.isEmpty,
            match.isEveryday || match.agreement == .noun
        else { return nil }
        return FoodPhrase(words: kept, text: text, range: phrase.range)
    }

    /// True for a word the table holds that no food is named by, only described with ("cloudy",
    /// "summer", "flat", "corn-fed"): it says how a food is, as a descriptor does, never what.
    func saysOnlyHow(_ word: String) -> Bool {
        let single = FoodWords.singular(word)
        guard FoodWords.isContentWord(single), let id = index.table.wordID(single) else { return false }
        return index.table.nounPostings(id).isEmpty && !namingWords.ids(of: index.table).contains(id)
    }

    /// True for a word of three letters or more that holds a vowel: a name, not a row of keys.
    static func readsAsAName(_ word: String) -> Bool {
        word.count >= 3 && word.contains(where: { "aeiouyàáâäèéêëìíîïòóôöùúûü".contains($0) })
            && word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }
    }

    /// True when every word of an item's food only says how a cook readied a food ("grated",
    /// "peeled", "cooked"): no food, whatever the table holds.
    static func namesOnlyPreparation(_ item: LogItem) -> Bool {
        guard item.kcal == nil, item.count == nil, item.unit == nil, let food = item.food, !food.words.isEmpty else {
            return false
        }
        return food.words.allSatisfy { word in
            let lowered = word.lowercased()
            return Resolver.descriptors.contains(lowered) || FoodWords.rawSigns.contains(lowered)
                || PreparationWords.contains(lowered)
        }
    }

    /// Tries the item under the simpler names people's ingredient words come down to: without a
    /// part word at the end (counted in that part when the food has such a portion), then
    /// without a variety or a place the table does not know.
    func resolveIngredientName(_ item: LogItem, user: UserFoods, depth: Int) -> ResolvedItem? {
        guard let phrase = item.food else { return nil }
        if let (plain, part) = Resolver.withoutPartWord(phrase, counted: Resolver.saysAnAmount(item)) {
            var simpler = item
            simpler.food = plain
            if item.count != nil, item.unit == nil {
                // "12 red onion chunks" are no 12 onions: a count of cut parts is weighed by the
                // food's portion of that part, or not at all. A leaf, a sprig, a fillet or a
                // stalk is what USDA counts the food by ("1 anchovy" is a fillet's 4 g).
                let small = Portions.smallPartWords[part]
                if let unit = Unit.named(part) ?? small.map({ Unit.named($0) ?? Unit($0, .portion) }),
                    unit.kind == .portion
                {
                    var counted = simpler
                    counted.unit = unit
                    counted.unitWord = part
                    if case .success(let value) = resolvePlainly(counted, user: user, depth: depth) { return value }
                }
                // "4 chicken breast halves": a half of what USDA counts the food by in pairs
                // (a breast, a loin) is one of those, as cooks say it.
                if part == "half" || part == "halves", let noun = plain.words.last?.lowercased(),
                    case .success(let value) = read(simpler, user: user, depth: depth),
                    FoodWords.singular(value.unit.lowercased()) == FoodWords.singular(noun)
                {
                    return value
                }
                // "3 vanilla pods": a count of small parts is never of the food's own portion.
                if Resolver.cutWords.contains(part) || Portions.smallPartWords[part].map({ $0 != "fillet" }) == true {
                    return nil
                }
            }
            if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth) { return value }
            if Resolver.saysAnAmount(item), let plainer = withoutVariety(plain) {
                simpler.food = plainer
                if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth) { return value }
            }
        }
        // A variety is let go only in an ingredient's line: one with an amount, or a note of the
        // cook's work ("jaffa cakes", "buddha bowl" named alone stay what they are).
        if Resolver.saysAnAmount(item), let plain = withoutVariety(phrase) {
            var simpler = item
            simpler.food = plain
            if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth) { return value }
        }
        return nil
    }
}

extension Resolver {
    /// The measures that hold a spice's worth: "a pinch of pepper" is black pepper, "2 pinches
    /// dried mint" the dried herb, never a bell pepper or a mint candy.
    static let spiceMeasures: Set<String> = ["pinch", "dash", "smidgen"]

    /// A pinch or a dash of a food: the spice of that name when USDA has one and the words as
    /// typed found something else or nothing.
    func resolveAsSpice(_ item: LogItem, user: UserFoods, depth: Int, found: Result<ResolvedItem, ResolveError>)
        -> ResolvedItem?
    {
        guard let unit = item.unit, Resolver.spiceMeasures.contains(unit.name), let phrase = item.food,
            user.named(phrase.text) == nil
        else { return nil }
        if case .success(let value) = found, let code = value.code, let position = index.table.index(code: code),
            Portions.isSpice(index.table.food(at: position)) || value.food.lowercased().hasPrefix("salt")
        {
            return nil
        }
        var spice = item
        let words = ["spices"] + phrase.words
        spice.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        guard case .success(let value) = resolvePlainly(spice, user: user, depth: depth), let code = value.code,
            let position = index.table.index(code: code), Portions.isSpice(index.table.food(at: position))
        else { return nil }
        return value
    }
}

extension Resolver {
    /// Words that say how a food was cooked or kept: with one of them, raw is not what was meant.
    static let stateWords: Set<String> = [
        "cooked", "roasted", "roast", "grilled", "fried", "baked", "boiled", "steamed", "braised", "stewed", "smoked",
        "pickled", "canned", "tinned", "dried", "frozen", "cured", "toasted", "sauteed", "poached", "mashed",
        "creamed", "sweetened", "candied", "dehydrated",
    ]

    /// Of foods the words fit alike, the raw one an ingredient with its amount means: a fruit or
    /// a vegetable raw ("1 red cabbage"), and any food raw when the line says it is an
    /// ingredient (a note of the cook's work, or a pound and more by weight); of raw meats, the
    /// cut as bought, its lean and fat. Nil when the words say a way of cooking, or no match is raw.
    func rawIngredient(among matches: [FoodIndex.Match], item: LogItem, typed: [String]) -> FoodIndex.Match? {
        guard item.count != nil || item.unit != nil, item.kcal == nil,
            !typed.contains(where: { Resolver.stateWords.contains($0.lowercased()) })
        else { return nil }
        let table = index.table
        let raws = matches.prefix(6).filter { match in
            !match.isWeak && FoodWords.words(table.food(at: match.index).name).contains("raw")
        }
        guard let first = raws.first else { return nil }
        let food = table.food(at: first.index)
        // A pound or more by weight is bought, not served: "1 kg lamb shoulder".
        var grams = 0.0
        if case .mass(let perUnit)? = item.unit?.kind { grams = perUnit * (item.count ?? 1) }
        guard item.isIngredient || Portions.isProduce(food) || grams >= Unit.poundGrams else { return nil }
        return raws.first { table.food(at: $0.index).name.contains("lean and fat") } ?? first
    }
}

extension Resolver {
    /// An item whose unit the food found cannot weigh, read again: without the words that only
    /// say how it was readied ("toasted sesame seeds"), then as the raw food of that name when
    /// nothing says it was cooked ("1 medium zucchini": the raw one has a medium). The unit is
    /// never changed: a food with no such portion stays an error.
    func weighableIngredient(_ item: LogItem, user: UserFoods, depth: Int) -> ResolvedItem? {
        guard item.unit != nil, let phrase = item.food, user.named(phrase.text) == nil else { return nil }
        var simpler = item
        if let plain = Resolver.withoutDescriptors(phrase) {
            simpler.food = plain
            if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth) { return value }
        }
        guard !phrase.words.contains(where: { Resolver.stateWords.contains($0.lowercased()) }) else { return nil }
        let words = (Resolver.withoutDescriptors(phrase)?.words ?? phrase.words) + ["raw"]
        simpler.food = FoodPhrase(words: words, text: words.joined(separator: " "), range: phrase.range)
        // The raw food of that name, not a smaller kind of it: "2 medium zucchini" are no baby ones.
        func smaller(_ name: String) -> Bool {
            FoodWords.words(name.lowercased()).contains { Resolver.smallKinds.contains($0) && !words.contains($0) }
        }
        if case .success(let value) = resolvePlainly(simpler, user: user, depth: depth), !smaller(value.food) {
            return value
        }
        // Else the first raw food that names every word and no smaller kind, weighed in the
        // unit said ("Squash, summer, zucchini, includes skin, raw" before the baby one).
        let key = words.map { FoodWords.singular($0.lowercased()) }
        for match in index.lookup(simpler.food?.text ?? "", limit: 6, lettingGo: false).matches {
            let food = index.table.food(at: match.index)
            let name = Set(FoodWords.words(food.name.lowercased()).map(FoodWords.singular))
            guard Resolver.isRaw(food.name), !smaller(food.name), key.allSatisfy(name.contains),
                case .success(let value) = weighed(simpler, food: food, match: match, words: words)
            else { continue }
            return value
        }
        return nil
    }

    /// True when an item says how much, or is an ingredient by a note: a recipe's line.
    static func saysAnAmount(_ item: LogItem) -> Bool {
        item.isIngredient || item.count != nil || item.unit != nil
    }

    /// Words of a food's name for a smaller kind of it than a size says.
    static let smallKinds: Set<String> = ["baby", "mini", "miniature", "dwarf", "young", "cocktail"]
}

extension Resolver {
    /// An item offered with choices ("jasmine or long-grain rice", "gouda, edam, or cheddar
    /// cheese"): the first food when it names one; else the first word or two said with the
    /// name the choice after them ends with ("jasmine" + "rice": a variety of the food named
    /// last); else each food offered, in turn. The entry says which of the choices it is.
    func resolveChoosing(
        _ item: LogItem, first: Result<ResolvedItem, ResolveError>,
        resolving: (LogItem) -> Result<ResolvedItem, ResolveError>
    ) -> Result<ResolvedItem, ResolveError> {
        guard let named = item.food else { return first }
        let said = ([named] + item.choices).map(\.text).joined(separator: " or ")
        // "chicken or turkey noodle soup", "a butter or sugar cookie": USDA names many foods
        // with an "or" of their own, which is no choice when every word said is in the name.
        var whole = item
        whole.food = FoodPhrase(
            words: named.words + item.choices.flatMap { ["or"] + $0.words }, text: said,
            range: item.choices.reduce(named.range) { $0.union($1.range) })
        whole.choices = []
        if case .success(let value) = resolving(whole) {
            let name = Set(FoodWords.words(value.food.lowercased()).map(FoodWords.singular))
            let typed = FoodWords.keyWords(said).map(FoodWords.singular)
            if name.contains("or"), typed.allSatisfy(name.contains) { return .success(value) }
        }
        // "chicken or turkey noodle soup", "a butter or sugar cookie": one word before the "or"
        // stands for the first word after it, and what follows is said of both ("chicken noodle
        // soup"), when that names a food.
        if named.words.count == 1, let next = item.choices.first, next.words.count >= 2 {
            let rest = next.text.split(separator: " ").dropFirst().map(String.init)
            let text = ([named.text] + rest).joined(separator: " ")
            var distributed = item
            distributed.food = FoodPhrase(words: named.words + next.words.dropFirst(), text: text, range: named.range)
            distributed.choices = []
            // What the food is agrees with what was said last ("lard oil" is no shortening).
            if case .success(var value) = resolving(distributed), let code = value.code,
                let position = index.table.index(code: code),
                let head = distributed.food?.words.last.map({ FoodWords.singular($0.lowercased()) }),
                FoodWords.phraseNouns(index.table.food(at: position).head).map(FoodWords.singular).contains(head)
            {
                value.amount += " (\(text), of \(said))"
                return .success(value)
            }
        }
        if case .success(var value) = first {
            // "pizza from restaurant or fast food": an "or" of the food's own name is no choice.
            let name = Set(FoodWords.words(value.food.lowercased()).map(FoodWords.singular))
            let offered = item.choices.flatMap { FoodWords.keyWords($0.text).map(FoodWords.singular) }
            if !offered.allSatisfy(name.contains) { value.amount += " (the first of \(said))" }
            return .success(value)
        }
        var tries: [FoodPhrase] = []
        if let next = item.choices.first, next.words.count >= 2, named.words.count <= 2, let head = next.words.last,
            named.words.last != head, let typedHead = next.text.split(separator: " ").last
        {
            let text = named.text + " " + typedHead
            tries.append(FoodPhrase(words: named.words + [head], text: text, range: named.range))
        }
        tries += item.choices
        for phrase in tries {
            var simpler = item
            simpler.food = phrase
            simpler.choices = []
            if case .success(var value) = resolving(simpler) {
                value.amount += " (\(phrase.text), of \(said))"
                return .success(value)
            }
        }
        return first
    }
}
