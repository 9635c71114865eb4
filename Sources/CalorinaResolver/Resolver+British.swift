import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

// MARK: - British readings

extension Resolver {
    /// Words only British English uses for food and drink, or for how it comes: a line that says
    /// one is read as British (`britishReadings`), whatever the profile's units ("a tin of beans",
    /// "chips and a cuppa"). A closed list: a word American English uses too ("chips", "biscuit",
    /// "pudding", "brew": a cold brew) says nothing of where the line was typed.
    static let britishWords: Set<String> = [
        "tin", "tins", "tinned", "crisps", "cuppa", "sarnie", "sarnies", "butty", "butties", "chippy",
        "takeaway", "biccy", "biccies", "bap", "baps", "rasher", "rashers", "courgette", "courgettes",
        "aubergine", "aubergines", "yoghurt", "wholemeal", "skimmed", "mince", "jacket", "beetroot",
    ]

    /// True when a line's words say it was typed in British English (`britishWords`).
    static func saysBritish(_ items: [LogItem]) -> Bool {
        items.contains { item in
            (item.unitWord.map { britishWords.contains($0.lowercased()) } ?? false)
                || (item.food?.words.contains { britishWords.contains($0.lowercased()) } ?? false)
        }
    }

    /// The items with each food said by a word that means another food in Britain read as
    /// Britain means it: "chips" are fried potatoes (chip-shop chips), "a biscuit" a sweet
    /// biscuit (a cookie), "squash" the diluted drink, "beans" baked beans, "a kebab" a doner.
    /// The British meaning of a name is its everyday row "british NAME" (data/everyday.tsv, a
    /// food or a composed dish), so a new word is a data row. A name of the user's own, or a line that already read the word
    /// ("chips and salsa": `readingChips`), is kept.
    func britishReadings(_ items: [LogItem], user: UserFoods) -> [LogItem] {
        items.indices.map { position in
            let item = items[position]
            guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil else { return item }
            let name = FoodWords.normalized(phrase.text)
            // A dish only as `composedDish` takes one: counted, and not said with what is in it.
            let next = position + 1 < items.count ? items[position + 1] : nil
            let asDish = Resolver.countsDishes(item) && next?.joiner != .with
            func british(_ name: String) -> String? {
                index.table.everyday(named: "british " + name)?.alias
                    ?? (asDish ? ComposedDish.bundled["british " + name]?.alias : nil)
            }
            guard !name.isEmpty else { return item }
            var read = item
            // "a bag of chips": what a chip shop or a takeaway serves it in, which the British
            // food has no portion of, is one of its own portions (a bag of chips is a portion).
            func servedIn(_ found: String, _ read: inout LogItem) {
                if let unit = item.unit, Resolver.servedInWords.contains(unit.name),
                    let row = index.table.everyday(named: FoodWords.normalized(found)),
                    let food = index.table.food(code: row.code), namedPortion(food, word: unit.name) == nil
                {
                    read.unit = nil
                    read.unitWord = nil
                }
            }
            if let found = british(name) {
                read.food = FoodPhrase(words: phrase.words, text: found, range: phrase.range)
                servedIn(found, &read)
                return read
            }
            // "a kebab from the takeaway" ("kebab takeaway"): the food before the place said
            // after it is read as Britain means it, unless the words together are a name; the
            // place stays among the words, an origin.
            guard phrase.words.count > 1, let last = phrase.words.last,
                Resolver.occasionWords.contains(last.lowercased()), index.table.everyday(named: name) == nil,
                index.table.everyday(wordSet: FoodTable.wordSetKey(name.split(separator: " ").map(String.init))) == nil,
                let found = british(FoodWords.normalized(phrase.words.dropLast().joined(separator: " ")))
            else { return item }
            read.food = FoodPhrase(words: phrase.words, text: found, range: phrase.range)
            servedIn(found, &read)
            return read
        }
    }

    /// What a chip shop or a takeaway serves a food in: said of a British meaning that has no
    /// such portion, one of its own portions.
    static let servedInWords: Set<String> = ["bag", "box", "tray", "cone", "carton"]
}

// MARK: - Which English

extension Resolver {
    /// How far apart the British and the plain reading of a name may weigh before a line that
    /// does not say which English asks which: more than twice the other.
    static let dialectRatio = 2.0

    /// The question to ask when a name has a British meaning (`britishReadings`) and the line
    /// does not say which English it is in, but the two readings weigh far apart
    /// (`dialectRatio`): the same food sold at another size in Britain ("a milky way": a 55 g
    /// bar, a 15-22 g one in Britain), or a food ordered by a unit both come in ("a bag of
    /// chips": a 28 g bag of crisps, or a chip shop's portion). A name said alone whose British
    /// meaning is another food ("chips", "a biscuit") is what USDA means, as the README says.
    func dialectDoubt(_ item: LogItem, _ value: ResolvedItem, user: UserFoods, depth: Int) -> ResolveError? {
        guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil, let code = value.code,
            let grams = value.grams, grams > 0,
            let british = index.table.everyday(named: "british " + FoodWords.normalized(phrase.text)),
            let food = index.table.food(code: british.code)
        else { return nil }
        let britishGrams: Double
        if british.code == code {
            guard item.unit == nil,
                let portion = food.portions.first(where: { $0.description == british.portion }) ?? food.defaultPortion
            else { return nil }
            britishGrams = portion.grams * (item.count ?? 1)
        } else {
            guard let unit = item.unit, unit.kind == .portion else { return nil }
            var read = item
            read.food = FoodPhrase(words: phrase.words, text: british.alias, range: phrase.range)
            if case .success(let found) = resolve(read, user: user, depth: depth + 1), found.code == british.code,
                let weight = found.grams
            {
                britishGrams = weight
            } else {
                guard
                    let portion = food.portions.first(where: { $0.description == british.portion })
                        ?? food.defaultPortion
                else { return nil }
                britishGrams = portion.grams * (item.count ?? 1)
            }
        }
        guard max(grams, britishGrams) > Resolver.dialectRatio * min(grams, britishGrams) else { return nil }
        var candidates = [ResolveError.Candidate(name: value.food, code: code)]
        if british.code != code { candidates.append(ResolveError.Candidate(name: food.name, code: british.code)) }
        return ResolveError(.ambiguous(phrase.text, candidates: candidates), phrase.range)
    }
}

// MARK: - Chips

extension Resolver {
    /// Mains "chips" go with in British English, where they are fried potatoes: "fish and chips",
    /// "egg and chips", "burger and chips", "steak and chips".
    static let chipsMains: Set<String> = [
        "fish", "cod", "haddock", "plaice", "scampi", "finger", "burger", "cheeseburger", "hamburger", "steak", "egg",
        "sausage", "banger", "pie", "gammon", "kebab", "schnitzel", "battered",
    ]

    /// Words of a bread dish "chips" go with in American English, where they are crisps
    /// ("turkey sandwich, chips").
    static let chipsBreads: Set<String> = ["sandwich", "sub", "wrap", "sarnie", "hoagie", "salsa", "guac", "dip"]

    /// Dips that come with tortilla chips.
    static let tortillaDips: Set<String> = ["salsa", "guac", "guacamole", "queso", "pico"]

    /// "chips" said with a Mexican dip are tortilla chips; with a British main, fries; with a
    /// sandwich or another dip, or alone, the bag.
    func readingChips(_ items: [LogItem]) -> [LogItem] {
        guard items.count > 1,
            items.contains(where: { $0.food.map { FoodWords.singular($0.text.lowercased()) == "chip" } ?? false })
        else { return items }
        let others = Set(
            items.flatMap { $0.food?.words ?? [] }.map { FoodWords.singular($0.lowercased()) })
        // "chips and salsa", "chips and guac": tortilla chips, as Mexican dips come.
        let tortilla = !others.isDisjoint(with: Resolver.tortillaDips)
        guard
            tortilla || (!others.isDisjoint(with: Resolver.chipsMains) && others.isDisjoint(with: Resolver.chipsBreads))
        else {
            return items
        }
        return items.map { item in
            guard let phrase = item.food, FoodWords.singular(phrase.text.lowercased()) == "chip" else { return item }
            var read = item
            read.food =
                tortilla
                ? FoodPhrase(words: ["tortilla", "chips"], text: "tortilla chips", range: phrase.range)
                : FoodPhrase(words: ["french", "fries"], text: "french fries", range: phrase.range)
            return read
        }
    }
}
