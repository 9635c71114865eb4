import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import Synchronization

extension Resolver {
    /// The item read in USDA's spellings (`respelled`), when that reading lets go fewer words
    /// than `value` did, or asks: nil when there is nothing to respell or it does no better.
    func respelledReading(_ item: LogItem, user: UserFoods, depth: Int, against value: ResolvedItem) -> Result<
        ResolvedItem, ResolveError
    >? {
        guard item.kcal == nil, let phrase = item.food, user.named(phrase.text) == nil,
            let respelled = Resolver.respelled(item)
        else { return nil }
        switch resolvePlainly(respelled, user: user, depth: depth) {
        case .success(let found):
            let read = Resolver.accounted(found, for: item, translated: true)
            return read.skipped.count < value.skipped.count ? .success(read) : nil
        case .failure(let error):
            guard case .ambiguous = error.kind else { return nil }
            return .failure(ResolveError(error.kind, phrase.range))
        }
    }

    /// The longest everyday name the words start with, when every word after it is in the
    /// name of that name's food ("side salad" + "no dressing": "Lettuce, salad …, no dressing").
    /// Or the longest it ends with, the words before it in the name ("thin crust" + "margherita
    /// pizza": "Pizza, cheese, …, thin crust").
    func everydayAndItsWords(_ phrase: FoodPhrase) -> FoodPhrase? {
        let words = phrase.words
        guard words.count > 1 else { return nil }
        for length in stride(from: words.count - 1, through: 1, by: -1) {
            for named in [Array(words[..<length]), Array(words[(words.count - length)...])] {
                let text = named.joined(separator: " ")
                guard let everyday = index.table.everyday(named: FoodWords.normalized(text)),
                    let position = index.table.index(code: everyday.code)
                else { continue }
                let name = Set(FoodWords.keyWords(index.table.foods[position].name).map(FoodWords.singular))
                let others = named.first == words.first ? words[length...] : words[..<(words.count - length)]
                let rest = FoodWords.keyWords(others.joined(separator: " ")).map(FoodWords.singular)
                if !rest.isEmpty, rest.allSatisfy(name.contains) {
                    return FoodPhrase(words: named, text: text, range: phrase.range)
                }
            }
        }
        return nil
    }

    static func isAmbiguousOrUnknown(_ kind: ResolveError.Kind) -> Bool {
        switch kind {
        case .ambiguous, .unknownFood: true
        default: false
        }
    }

    /// Words for USDA's miniature portions ("1 miniature", "1 mini/small").
    static let miniWords: Set<String> = ["mini", "miniature"]

    /// "3 egg omelette": a count before a word the rest's food is weighed by ("1 egg" of an
    /// omelet) counts those portions, when the words together are no everyday name or exact
    /// name ("2 egg rolls" stay egg rolls). "mini muffins x3": USDA's miniature muffin.
    func countedInPortions(_ item: LogItem, user: UserFoods) -> LogItem? {
        guard item.unit == nil, item.kcal == nil, let phrase = item.food, phrase.words.count >= 2,
            user.named(phrase.text) == nil
        else { return nil }
        let word = FoodWords.singular(phrase.words[0].lowercased())
        let isMini = Resolver.miniWords.contains(word)
        guard item.count != nil || isMini else { return nil }
        guard isMini || (Unit.named(word) == nil && FoodWords.isContentWord(word)) else { return nil }
        if let whole = index.lookup(phrase.text, limit: 1, lettingGo: false).matches.first,
            whole.isEveryday || whole.isExact
        {
            return nil
        }
        let rest = Array(phrase.words.dropFirst())
        let restText = rest.joined(separator: " ")
        guard let match = index.lookup(restText, limit: 1, lettingGo: false).matches.first, match.isStrong,
            let portion = index.table.foods[match.index].portions.first(where: {
                isMini
                    ? $0.description.hasPrefix("1 mini")
                    : $0.description == "1 " + word || $0.description.hasPrefix("1 \(word),")
            })
        else { return nil }
        var counted = item
        counted.food = FoodPhrase(words: rest, text: restText, range: phrase.range)
        let unit = isMini ? FoodWords.words(Portions.label(portion)).first ?? word : word
        counted.unit = Unit(unit, .portion)
        counted.unitWord = unit
        return counted
    }

    /// Words that say when, where or why a food was eaten, not what it is: a feast, a day, a
    /// place, a time ("thanksgiving turkey", "office donut", "leftover chili"). Nonsense is no
    /// such word: "zzqxv pie" stays unknown.
    static let occasionWords: Set<String> = [
        "thanksgiving", "christmas", "xmas", "easter", "holiday", "birthday", "wedding", "weekend", "sunday",
        "saturday", "friday", "party", "office", "work", "gym", "leftover", "leftovers", "takeaway", "takeout",
        "midnight", "usual", "daily", "morning", "afternoon", "evening", "late-night", "post-workout",
        "pre-workout", "movie", "cinema", "airport", "canteen", "cafeteria", "school", "street", "pub", "chippy",
    ]

    /// The words without the leading or trailing ones that say only the occasion, when the rest names a food
    /// strongly; nil otherwise.
    func withoutOccasion(_ phrase: FoodPhrase) -> FoodPhrase? {
        // Before the food ("office donut"), or after it, where a place said as one is kept
        // ("chips from the chippy": "chips chippy").
        let occasion = phrase.words.prefix { Resolver.occasionWords.contains($0.lowercased()) }
        let after = phrase.words.reversed().prefix { Resolver.occasionWords.contains($0.lowercased()) }
        guard !occasion.isEmpty || !after.isEmpty, occasion.count + after.count <= 2,
            occasion.count + after.count < phrase.words.count
        else { return nil }
        let kept = Array(phrase.words.dropFirst(occasion.count).dropLast(after.count))
        let text = kept.joined(separator: " ")
        let found = index.lookup(text, limit: 1, lettingGo: false)
        guard kept.contains(where: { FoodWords.isContentWord(FoodWords.singular($0)) }),
            let match = found.matches.first, match.isStrong, !match.isWeak, found.corrections.isEmpty
        else { return nil }
        return FoodPhrase(words: kept, text: text, range: phrase.range)
    }
}
