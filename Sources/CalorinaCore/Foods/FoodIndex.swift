/// Finds foods by the words a person typed, ranked the way they mean them.
///
/// The rank, strongest first: an everyday name ("oj"); the food's head (the part before the first
/// comma, "Oatmeal" in "Oatmeal, NFS") said exactly; a USDA synonym said exactly ("coke"); all
/// words in the head; all words in the name or a synonym, in any order. Within a rank, generic
/// foods ("NFS", "NS as to …") come before specific ones, and fewer unasked-for words before
/// more. A word the table does not know is replaced by the nearest one it does, within one or two
/// edits, so "bananna" finds bananas.
///
/// Built once from a `FoodTable`; a lookup touches only the foods that hold the rarest word.
public final class FoodIndex: Sendable {
    /// One food's words, prepared for scoring.
    struct Entry: Sendable {
        var headPhrase: String
        var headWords: Set<String>
        var headCount: Int
        var nameWords: Set<String>
        var synonymPhrases: Set<String>
        var allWords: Set<String>
        /// Words in the name that are not about genericity ("NFS", "NS as to …").
        var coreCount: Int
        var genericBonus: Double
    }

    /// A food found for a query, with how well it matched.
    public struct Match: Equatable, Sendable {
        /// The food's index in the table.
        public var index: Int
        /// Higher is better.
        public var score: Double
        /// True when every word typed is in the food's head, a synonym or an everyday name:
        /// the food is what was said, not merely a food that mentions it.
        public var isStrong: Bool
        /// True when the words are the food's name itself: an everyday name, its head or a
        /// synonym said exactly.
        public var isExact: Bool
        /// True when the match is an everyday name (its portion, if any, is `everydayPortion`).
        public var isEveryday: Bool
        /// The portion an everyday name means by a count, if any.
        public var everydayPortion: String?
    }

    /// The table searched.
    public let table: FoodTable
    let entries: [Entry]
    let postings: [String: [Int32]]
    /// True when the table holds this word (after `FoodWords` normalization).
    public func knows(word: String) -> Bool {
        postings[FoodWords.singular(word.lowercased())] != nil
    }

    /// Every indexed word, for typo correction.
    let vocabulary: [String]
    /// Completion names: everyday names, heads and synonyms, lowercased, sorted, unique.
    public let completionNames: [String]

    /// Builds the index.
    public init(table: FoodTable) {
        self.table = table
        var entries: [Entry] = []
        entries.reserveCapacity(table.foods.count)
        var postings: [String: [Int32]] = [:]
        var names = Set<String>()
        for (index, food) in table.foods.enumerated() {
            let entry = FoodIndex.entry(for: food)
            for word in entry.allWords { postings[word, default: []].append(Int32(index)) }
            entries.append(entry)
            names.insert(food.head.lowercased())
            for synonym in food.synonyms where synonym.count <= 40 { names.insert(synonym.lowercased()) }
        }
        for name in table.everyday.keys { names.insert(name) }
        self.entries = entries
        self.postings = postings
        self.vocabulary = postings.keys.sorted()
        self.completionNames = names.filter { !$0.isEmpty }.sorted()
    }

    /// The index of the bundled table, built on first use.
    public static let bundled = FoodIndex(table: .bundled)

    private static func entry(for food: Food) -> Entry {
        let name = food.name
        let lowered = name.lowercased()
        var generic = 0.0
        if lowered.hasSuffix(", nfs") || lowered.contains(", nfs,") || lowered.hasSuffix(" nfs") { generic += 8 }
        let nsCount = lowered.components(separatedBy: "ns as to").count - 1
        generic += Double(min(nsCount, 2)) * 4
        // Words that only say the food is generic do not count against it.
        var core = FoodWords.keyWords(name)
        if generic > 0 {
            core.removeAll { $0 == "nfs" || $0 == "n" }
            core = FoodIndex.removingNSPhrases(core)
        }
        let head = FoodWords.keyWords(food.head)
        let synonyms = food.synonyms.map(FoodWords.normalized)
        var all = Set(FoodWords.keyWords(name))
        for synonym in synonyms { all.formUnion(synonym.split(separator: " ").map(String.init)) }
        return Entry(
            headPhrase: head.joined(separator: " "), headWords: Set(head), headCount: head.count,
            nameWords: Set(FoodWords.keyWords(name)), synonymPhrases: Set(synonyms), allWords: all,
            coreCount: core.count, genericBonus: generic)
    }

    /// Drops "ns as to X" runs ("ns", "as" and the word after "to" are noise for ranking).
    private static func removingNSPhrases(_ words: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            if words[index] == "ns", index + 1 < words.count, words[index + 1] == "as" {
                index += 3  // "ns as <word>" ("to" is a stop word already)
                continue
            }
            result.append(words[index])
            index += 1
        }
        return result
    }

    // MARK: - Search

    /// The foods matching the words, best first (at most `limit`).
    public func search(_ text: String, limit: Int = 10) -> [Match] {
        var words = FoodWords.keyWords(text)
        guard !words.isEmpty else { return [] }
        let phrase = words.joined(separator: " ")
        var results: [Match] = []
        if let everyday = table.everyday[phrase], let index = table.index(code: everyday.code) {
            results.append(Match(index: index, score: 1000, isStrong: true, isExact: true, isEveryday: true, everydayPortion: everyday.portion))
        }
        words = words.map { postings[$0] != nil ? $0 : (nearestWord(to: $0) ?? $0) }
        let corrected = words.joined(separator: " ")
        if corrected != phrase, let everyday = table.everyday[corrected], let index = table.index(code: everyday.code) {
            results.append(Match(index: index, score: 900, isStrong: true, isExact: true, isEveryday: true, everydayPortion: everyday.portion))
        }
        guard let candidates = candidates(for: words) else { return Array(results.prefix(limit)) }
        let query = Set(words)
        let seen = Set(results.map(\.index))
        for index in candidates where !seen.contains(Int(index)) {
            let entry = entries[Int(index)]
            let (score, strong) = score(entry, query: query, phrase: corrected, count: words.count)
            let exact = entry.headPhrase == corrected || entry.synonymPhrases.contains(corrected)
            results.append(Match(index: Int(index), score: score, isStrong: strong, isExact: exact, isEveryday: false, everydayPortion: nil))
        }
        let foods = table.foods
        results.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if foods[a.index].name.count != foods[b.index].name.count {
                return foods[a.index].name.count < foods[b.index].name.count
            }
            return foods[a.index].code < foods[b.index].code
        }
        return Array(results.prefix(limit))
    }

    /// Foods sharing some of the words, for "did you mean" when nothing holds them all.
    public func suggestions(_ text: String, limit: Int = 3) -> [Food] {
        let words = FoodWords.keyWords(text).map { postings[$0] != nil ? $0 : (nearestWord(to: $0) ?? $0) }
        var best: [(score: Double, index: Int)] = []
        var seen = Set<String>()
        for word in words {
            for index in postings[word] ?? [] {
                let entry = entries[Int(index)]
                let shared = Set(words).intersection(entry.allWords).count
                let score = Double(shared) * 10 + (entry.headWords.contains(word) ? 5 : 0) + entry.genericBonus - Double(entry.coreCount)
                best.append((score, Int(index)))
            }
        }
        best.sort { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }
        var foods: [Food] = []
        for candidate in best {
            let food = table.foods[candidate.index]
            guard seen.insert(food.head.lowercased()).inserted else { continue }
            foods.append(food)
            if foods.count == limit { break }
        }
        return foods
    }

    /// The foods holding every word, found through the rarest word's postings.
    private func candidates(for words: [String]) -> [Int32]? {
        var lists: [[Int32]] = []
        for word in Set(words) {
            guard let list = postings[word] else { return nil }
            lists.append(list)
        }
        lists.sort { $0.count < $1.count }
        guard var result = lists.first else { return nil }
        for list in lists.dropFirst() {
            let other = Set(list)
            result = result.filter(other.contains)
            if result.isEmpty { return nil }
        }
        return result
    }

    private func score(_ entry: Entry, query: Set<String>, phrase: String, count: Int) -> (Double, Bool) {
        var score = 0.0
        var strong = false
        if entry.headPhrase == phrase {
            score += 100
            strong = true
        } else if entry.synonymPhrases.contains(phrase) {
            score += 80
            strong = true
        }
        if query.isSubset(of: entry.headWords) {
            score += 40
            strong = true
        } else if query.isSubset(of: entry.nameWords) {
            score += 15
        } else {
            score += 5
        }
        let extraHead = entry.headCount - entry.headWords.intersection(query).count
        score -= Double(extraHead) * 3
        score -= Double(max(0, entry.coreCount - count)) * 0.4
        score += entry.genericBonus
        return (score, strong)
    }

    /// The indexed word nearest to `word`: one edit for words of 4 to 7 letters, two for longer.
    func nearestWord(to word: String) -> String? {
        let length = word.count
        guard length >= 4 else { return nil }
        let limit = length >= 8 ? 2 : 1
        var best: (distance: Int, word: String, postings: Int)?
        for candidate in vocabulary where abs(candidate.count - length) <= limit {
            let distance = editDistance(word, candidate, limit: limit)
            guard distance <= limit else { continue }
            let count = postings[candidate]?.count ?? 0
            if let current = best, current.distance < distance || (current.distance == distance && current.postings >= count) {
                continue
            }
            best = (distance, candidate, count)
        }
        return best?.word
    }

    // MARK: - Completion

    /// Completion names that start with `prefix` (lowercased), in order, at most `limit`.
    public func completions(prefix: String, limit: Int = 200) -> [String] {
        let prefix = prefix.lowercased()
        var low = 0
        var high = completionNames.count
        while low < high {
            let mid = (low + high) / 2
            if completionNames[mid] < prefix { low = mid + 1 } else { high = mid }
        }
        var result: [String] = []
        var index = low
        while index < completionNames.count, completionNames[index].hasPrefix(prefix), result.count < limit {
            result.append(completionNames[index])
            index += 1
        }
        return result
    }
}
