import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import Synchronization

extension Resolver {
    /// True when a portion is one of the thing the last word names: "egg" for "eggs",
    /// "wing, any size" for "wings"; not "order" for "fries".
    static func portionNamesThing(_ label: String, words: [String]) -> Bool {
        guard let last = words.last else { return false }
        let thing = FoodWords.singular(last.lowercased())
        return FoodWords.words(label).contains(thing)
    }

    /// How many of a food's units USDA's default portion must hold for a food named without an
    /// amount to mean the default portion: more than three (a cookie is one cookie, though
    /// USDA's default is two).
    static let servingToPieceRatio = 3.0

    /// How close in score two foods must be for the words to be ambiguous.
    static let ambiguityMargin = 1.0

    /// The foods the words could mean, when the best is no everyday name or remembered choice and
    /// - others score within the margin (the same food in both USDA tables counts once);
    /// - the best is a weak match: only a modifier, or a word other than the head, is what it is
    ///   ("cinnamon" for a cinnamon doughnut);
    /// - the words name only a kind, and different foods come in it ("vanilla": gelato, pudding,
    ///   yogurt), where a kind one food comes in ("cheddar": cheese) is that food.
    /// Nil when the best stands out.
    func ambiguity(_ matches: [FoodIndex.Match]) -> [ResolveError.Candidate]? {
        guard let best = matches.first, !best.isEveryday, best.score < 2000 else { return nil }
        let table = index.table
        var offered: [FoodIndex.Match] = []
        var names: [ArraySlice<Int32>] = []
        if best.isWeak {
            offered = Array(matches.prefix(5))
        } else if best.agreement == .kind {
            // One food of each kind of food named: the best, then others that are something else.
            var nouns: [ArraySlice<Int32>] = []
            for match in matches where match.agreement == .kind && offered.count < 5 {
                let entry = table.entry(at: match.index)
                guard !nouns.contains(where: { FoodIndex.intersectionCount($0, entry.nouns) > 0 }) else { continue }
                nouns.append(entry.nouns)
                offered.append(match)
            }
        }
        if offered.count < 2 && !best.isWeak {
            offered = []
            for match in matches.prefix(6) where match.score >= best.score - Resolver.ambiguityMargin {
                let name = table.entry(at: match.index).nameSet
                guard !names.contains(name) else { continue }
                names.append(name)
                offered.append(match)
            }
            // Foods that fit the words alike and differ by little energy ("canned black beans":
            // with or without added fat, reduced sodium) are one answer: the best is taken, and
            // the entry names it. Only a choice that changes the count is a question.
            if offered.count > 1, Resolver.closeInEnergy(offered.map { table.food(at: $0.index).kcalPer100g }) {
                return nil
            }
        }
        guard offered.count > 1 || best.isWeak else { return nil }
        return offered.prefix(5).map { match in
            let food = table.food(at: match.index)
            return ResolveError.Candidate(name: food.name, code: food.code)
        }
    }

    /// Of foods that fit the words alike, the one that adds least to what was said: "frozen
    /// peas" are "Peas, green, frozen, unprepared", not the ones cooked with fat added or the
    /// edible-podded kind; "cheese ravioli" the one with no sauce; "canned pumpkin" the plain
    /// canned one. Several equally plain foods close in energy are the best of them. Nil when
    /// no single food is plainest and the choice changes the count: that is a question.
    func plainest(_ matches: [FoodIndex.Match], typed: [String]) -> FoodIndex.Match? {
        guard let best = matches.first, !best.isEveryday, best.score < 2000, !best.isWeak, best.agreement != .kind
        else { return nil }
        let tied = matches.prefix(6).filter { $0.score >= best.score - Resolver.ambiguityMargin }
        guard tied.count > 1 else { return nil }
        let table = index.table
        // Alike in energy: the best is taken as it is (below, in `ambiguity`).
        if Resolver.closeInEnergy(tied.map { table.food(at: $0.index).kcalPer100g }) { return nil }
        let said = Set(typed.map { FoodWords.singular($0.lowercased()) })
        // Only foods that hold every word said: "square of dark chocolate" found no dark one.
        let key = FoodWords.keyWords(typed.joined(separator: " ")).map(FoodWords.singular)
        let holding = tied.filter { match in
            let name = Set(FoodWords.words(table.food(at: match.index).name))
            return key.allSatisfy(name.contains)
        }
        guard holding.first?.index == best.index, holding.count > 1 else { return nil }
        let scored = holding.map { (match: $0, added: Resolver.unsaid(table.food(at: $0.index).name, said: said)) }
        guard let least = scored.map(\.added).min() else { return nil }
        let plainest = scored.filter { $0.added == least }
        if plainest.count == 1 { return plainest[0].match }
        // Equally plain: the best of them when the choice hardly changes the count.
        guard Resolver.closeInEnergy(plainest.map { table.food(at: $0.match.index).kcalPer100g }) else { return nil }
        return plainest[0].match
    }

    /// Parts of USDA names that only say the food is plain ("no added fat", "without salt",
    /// "drained solids"): they add nothing to what was said.
    static let plainParts: Set<String> = [
        "no added fat", "without salt", "no salt added", "drained solids", "enriched", "unenriched", "from raw",
        "from fresh", "regular", "no sauce", "plain", "nfs", "ns as to form", "solids and liquids", "not fried",
        "without added sugar", "unsweetened", "no dressing", "all-purpose",
    ]

    /// Parts that say something was added or changed, one more thing than was said.
    static let addedParts: Set<String> = [
        "fat added", "ns as to fat type", "with salt", "reduced sodium", "low sodium", "ns as to fat",
        "fat added in cooking", "with added fat", "from pre-cooked", "from frozen",
    ]

    /// Words of a name that are only grammar ("NS as to", "or", "with").
    static let nameFillers: Set<String> = [
        "ns", "as", "to", "nfs", "or", "and", "with", "of", "in", "the", "a", "from",
    ]

    /// How much a food's name says beyond the words typed: one for each part that adds
    /// something, one for each other word not said.
    static func unsaid(_ name: String, said: Set<String>) -> Int {
        var count = 0
        for part in name.lowercased().split(separator: ",") {
            let part = part.trimmingWhitespace()
            if plainParts.contains(part) { continue }
            if addedParts.contains(part) {
                count += 1
                continue
            }
            for word in FoodWords.words(part) {
                let single = FoodWords.singular(word)
                if !said.contains(single), !said.contains(word), !nameFillers.contains(word),
                    !word.contains(where: \.isNumber)
                {
                    count += 1
                }
            }
        }
        return count
    }

    /// How far apart, at most, foods that fit the words alike may be in energy per 100 g for the
    /// best to be taken without asking: the most within 25 % of the least (plus 10 kcal, so that
    /// a broth at 5 and one at 12 are alike).
    static let closeEnergyRatio = 1.25

    /// True when the energies (kcal per 100 g) are all close: the choice hardly changes the day.
    static func closeInEnergy(_ energies: [Double]) -> Bool {
        guard let least = energies.min(), let most = energies.max() else { return true }
        return most <= least * closeEnergyRatio + 10
    }
}
