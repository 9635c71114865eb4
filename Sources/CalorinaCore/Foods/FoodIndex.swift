import Synchronization

/// Finds foods by the words a person typed, ranked the way they mean them.
///
/// The rank, strongest first: an everyday name ("oj"); the food's head (the part before the first
/// comma, "Oatmeal" in "Oatmeal, NFS") said exactly; a USDA synonym said exactly ("coke"); all
/// words in the head; all words in the name or a synonym, in any order. Within a rank, generic
/// foods ("NFS", "NS as to …") come before specific ones, and fewer unasked-for words before
/// more. A word the table does not know is replaced by the nearest one it does, within one or two
/// edits, so "bananna" finds bananas.
///
/// Words are vocabulary ids (`FoodTable.vocabulary`), so a lookup compares small sorted integer
/// arrays, and touches only the foods that hold the rarest word typed.
public final class FoodIndex: Sendable {
    /// One food's words, prepared for scoring: sorted, unique ids.
    struct Entry: Sendable {
        var head: [Int32]
        var headSet: [Int32]
        var nameSet: [Int32]
        var synonyms: [[Int32]]
        var allSet: [Int32]
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

        /// Creates a match.
        public init(
            index: Int, score: Double, isStrong: Bool, isExact: Bool, isEveryday: Bool, everydayPortion: String? = nil
        ) {
            self.index = index
            self.score = score
            self.isStrong = isStrong
            self.isExact = isExact
            self.isEveryday = isEveryday
            self.everydayPortion = everydayPortion
        }
    }

    /// The table searched.
    public let table: FoodTable
    let entries: [Entry]
    /// For each word id, the foods whose name or synonyms hold it.
    let postings: [[Int32]]
    /// Typo corrections already worked out (a miss is remembered as nil): a script repeats its
    /// words, and each correction compares the word with the whole vocabulary.
    private let typoCache = Mutex<[String: String?]>([:])

    /// Builds the index.
    public init(table: FoodTable) {
        self.table = table
        var postings = [[Int32]](repeating: [], count: table.vocabulary.count)
        var entries: [Entry] = []
        entries.reserveCapacity(table.words.count)
        for (index, words) in table.words.enumerated() {
            var all = words.name
            for synonym in words.synonyms { all += synonym }
            let allSet = FoodIndex.sortedUnique(all)
            for id in allSet { postings[Int(id)].append(Int32(index)) }
            entries.append(
                Entry(
                    head: words.head, headSet: FoodIndex.sortedUnique(words.head),
                    nameSet: FoodIndex.sortedUnique(words.name),
                    synonyms: words.synonyms, allSet: allSet, coreCount: words.coreCount,
                    genericBonus: words.genericBonus))
        }
        self.entries = entries
        self.postings = postings
    }

    /// The index of the bundled table, built on first use.
    public static let bundled = FoodIndex(table: .bundled)

    /// The completion names of the table.
    public var completionNames: [String] { table.completionNames }

    static func sortedUnique(_ ids: [Int32]) -> [Int32] {
        var sorted = ids.sorted()
        var write = 0
        for read in sorted.indices where read == 0 || sorted[read] != sorted[read - 1] {
            sorted[write] = sorted[read]
            write += 1
        }
        sorted.removeLast(sorted.count - write)
        return sorted
    }

    /// True when every element of the sorted `small` is in the sorted `large`.
    static func isSubset(_ small: [Int32], of large: [Int32]) -> Bool {
        var j = 0
        for value in small {
            while j < large.count && large[j] < value { j += 1 }
            if j == large.count || large[j] != value { return false }
        }
        return true
    }

    static func intersectionCount(_ a: [Int32], _ b: [Int32]) -> Int {
        var i = 0
        var j = 0
        var count = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                count += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return count
    }

    // MARK: - Search

    /// True when the table holds this word (after `FoodWords` normalization).
    public func knows(word: String) -> Bool {
        table.wordIDs[FoodWords.singular(word.lowercased())] != nil
    }

    /// The query's words as ids, each unknown word replaced by the nearest known one; nil when
    /// some word has no near neighbour.
    private func ids(for words: [String]) -> (ids: [Int32], words: [String])? {
        var ids: [Int32] = []
        var corrected: [String] = []
        for word in words {
            if let id = table.wordIDs[word] {
                ids.append(id)
                corrected.append(word)
            } else if let near = nearestWord(to: word), let id = table.wordIDs[near] {
                ids.append(id)
                corrected.append(near)
            } else {
                return nil
            }
        }
        return (ids, corrected)
    }

    /// The foods matching the words, best first (at most `limit`).
    public func search(_ text: String, limit: Int = 10) -> [Match] {
        let words = FoodWords.keyWords(text)
        guard !words.isEmpty else { return [] }
        let phrase = words.joined(separator: " ")
        var results: [Match] = []
        if let everyday = table.everyday[phrase] ?? table.everydayByWordSet[FoodTable.wordSetKey(words)],
            let index = table.index(code: everyday.code)
        {
            results.append(
                Match(
                    index: index, score: 1000, isStrong: true, isExact: true, isEveryday: true,
                    everydayPortion: everyday.portion))
        }
        guard let query = ids(for: words) else { return Array(results.prefix(limit)) }
        let corrected = query.words.joined(separator: " ")
        if corrected != phrase, let everyday = table.everyday[corrected], let index = table.index(code: everyday.code) {
            results.append(
                Match(
                    index: index, score: 900, isStrong: true, isExact: true, isEveryday: true,
                    everydayPortion: everyday.portion))
        }
        let querySet = FoodIndex.sortedUnique(query.ids)
        let seen = Set(results.map(\.index))
        for index in candidates(for: querySet) where !seen.contains(Int(index)) {
            let entry = entries[Int(index)]
            let (score, strong, exact) = score(entry, query: query.ids, querySet: querySet)
            results.append(
                Match(
                    index: Int(index), score: score, isStrong: strong, isExact: exact, isEveryday: false,
                    everydayPortion: nil))
        }
        let foods = table.foods
        results.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if foods[a.index].name.utf8.count != foods[b.index].name.utf8.count {
                return foods[a.index].name.utf8.count < foods[b.index].name.utf8.count
            }
            return foods[a.index].code < foods[b.index].code
        }
        return Array(results.prefix(limit))
    }

    /// Foods sharing some of the words, for "did you mean" when nothing holds them all.
    public func suggestions(_ text: String, limit: Int = 3) -> [Food] {
        var ids: [Int32] = []
        for word in FoodWords.keyWords(text) {
            if let id = table.wordIDs[word] ?? nearestWord(to: word).flatMap({ table.wordIDs[$0] }) { ids.append(id) }
        }
        let querySet = FoodIndex.sortedUnique(ids)
        var best: [(score: Double, index: Int)] = []
        for id in querySet {
            for index in postings[Int(id)] {
                let entry = entries[Int(index)]
                let shared = FoodIndex.intersectionCount(querySet, entry.allSet)
                let inHead = FoodIndex.intersectionCount(querySet, entry.headSet)
                best.append(
                    (
                        Double(shared) * 10 + Double(inHead) * 5 + entry.genericBonus - Double(entry.coreCount),
                        Int(index)
                    ))
            }
        }
        best.sort { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }
        var foods: [Food] = []
        var seen = Set<String>()
        for candidate in best {
            let food = table.foods[candidate.index]
            guard seen.insert(food.head.lowercased()).inserted else { continue }
            foods.append(food)
            if foods.count == limit { break }
        }
        return foods
    }

    /// The foods holding every word, found through the rarest word's postings.
    private func candidates(for querySet: [Int32]) -> [Int32] {
        guard let rarest = querySet.min(by: { postings[Int($0)].count < postings[Int($1)].count }) else { return [] }
        return postings[Int(rarest)].filter { FoodIndex.isSubset(querySet, of: entries[Int($0)].allSet) }
    }

    private func score(_ entry: Entry, query: [Int32], querySet: [Int32]) -> (Double, Bool, Bool) {
        var score = 0.0
        var strong = false
        var exact = false
        if entry.head == query {
            score += 100
            strong = true
            exact = true
        } else if entry.nameSet == querySet {
            // Every word of the name, and no other, in any order: "soup chicken" is "Soup, chicken".
            score += 90
            strong = true
            exact = true
        } else if entry.synonyms.contains(query) {
            score += 80
            strong = true
            exact = true
        }
        if FoodIndex.isSubset(querySet, of: entry.headSet) {
            score += 40
            strong = true
        } else if FoodIndex.isSubset(querySet, of: entry.nameSet) {
            score += 15
        } else {
            score += 5
        }
        let extraHead = entry.head.count - FoodIndex.intersectionCount(entry.headSet, querySet)
        score -= Double(extraHead) * 3
        score -= Double(max(0, entry.coreCount - query.count)) * 0.4
        score += entry.genericBonus
        return (score, strong, exact)
    }

    /// The known word nearest to `word`: one edit for words of 4 to 7 letters, two for longer;
    /// among equals, the word more foods use.
    func nearestWord(to word: String) -> String? {
        if let known = typoCache.withLock({ $0[word] }) { return known }
        let nearest = searchNearestWord(to: word)
        typoCache.withLock { cache in
            if cache.count > 4096 { cache.removeAll() }
            cache[word] = nearest
        }
        return nearest
    }

    private func searchNearestWord(to word: String) -> String? {
        let length = word.utf8.count
        guard length >= 4 else { return nil }
        let limit = length >= 8 ? 2 : 1
        var best: (distance: Int, word: String, postings: Int)?
        for (id, candidate) in table.vocabulary.enumerated() where abs(candidate.utf8.count - length) <= limit {
            let distance = editDistance(word, candidate, limit: limit)
            guard distance <= limit else { continue }
            let count = postings[id].count
            if let current = best,
                current.distance < distance || (current.distance == distance && current.postings >= count)
            {
                continue
            }
            best = (distance, candidate, count)
        }
        return best?.word
    }

    // MARK: - Completion

    /// Completion names that start with `prefix` (lowercased), in order, at most `limit`.
    public func completions(prefix: String, limit: Int = 200) -> [String] {
        let names = table.completionNames
        let prefix = prefix.lowercased()
        var low = 0
        var high = names.count
        while low < high {
            let mid = (low + high) / 2
            if names[mid] < prefix { low = mid + 1 } else { high = mid }
        }
        var result: [String] = []
        var index = low
        while index < names.count, names[index].hasPrefix(prefix), result.count < limit {
            result.append(names[index])
            index += 1
        }
        return result
    }
}
