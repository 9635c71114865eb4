import CalorinaLanguage
import CalorinaSupport
import Synchronization

/// Finds foods by the words a person typed, ranked the way they mean them.
///
/// A food is a candidate when it holds every word typed (in its name or a synonym). What decides
/// among candidates, strongest first:
///
/// 1. An everyday name ("oj", "flour") said exactly.
/// 2. Agreement: the head of the typed words (the last word that can say which food is meant:
///    "flour" in "all-purpose flour") is what the food is, one of its head nouns ("Wheat flour"),
///    or, weaker, which kind of it ("Cheese, ricotta" for "ricotta"), or the words are all of a
///    synonym or a brand's product name ("coke", "cheerios"). A food that agrees only
///    through another word ("pizza" in "pizza slice") or not at all ("Corn flour patty" for
///    "flour", a candy for "peanut butter") is a weak match: the resolver asks, never guesses.
/// 3. The food's head said exactly, or its whole name, or a synonym; then all the words in the
///    head; generic foods ("NFS", "NS as to …") first, fewer unasked-for words before more.
/// 4. FNDDS (foods as eaten) before SR28 (ingredients) when both fit as well: "butter" is FNDDS's
///    butter, while "flour", "salt" and "baking soda", which FNDDS has no food for, are SR28's.
///
/// A word the table does not know, of four letters or more, is read as the nearest word it does
/// know (one edit, two for eight letters or more), and the lookup says so ("garlc → garlic"); an
/// English word that is no food word is never read as one ("flower" is not flour). Words that
/// cannot name a food ("no", "ok", "fine", single letters) find nothing on their own.
///
/// Words are vocabulary ids (`FoodTable`), so a lookup compares small sorted integer arrays and
/// reads only the foods that hold every word typed.
public final class FoodIndex: Sendable {
    /// How far what a food is agrees with what was named, weakest first.
    public enum Agreement: Int, Comparable, Sendable {
        /// Only a modifier of the food's name was typed ("cinnamon" for a cinnamon doughnut).
        case none
        /// Another typed word, not the head, is what the food is ("pizza" in "pizza slice").
        case otherWord
        /// The head is which kind of food it is ("ricotta" for "Cheese, ricotta").
        case kind
        /// The head is what the food is ("flour" for "Wheat flour").
        case noun

        public static func < (lhs: Agreement, rhs: Agreement) -> Bool { lhs.rawValue < rhs.rawValue }

        /// What the agreement adds to a score: more than any other part of it can.
        var weight: Double { Double(rawValue) * 200 }
    }

    /// A typed word read as another: "garlc" as "garlic".
    public struct Correction: Equatable, Sendable {
        /// The word as typed (normalized).
        public var typed: String
        /// The table's word it was read as.
        public var read: String

        /// Creates a correction.
        public init(typed: String, read: String) {
            self.typed = typed
            self.read = read
        }
    }

    /// A food found for a query, with how well it matched.
    public struct Match: Equatable, Sendable {
        /// The food's index in the table.
        public var index: Int
        /// Higher is better.
        public var score: Double
        /// True when every word typed is in the food's head, a synonym or an everyday name, and
        /// the food is what was named: the food is what was said, not merely one that mentions it.
        public var isStrong: Bool
        /// True when the words are the food's name itself: an everyday name, its head or a
        /// synonym said exactly.
        public var isExact: Bool
        /// True when the words are the food's name in its own order: an everyday name, the head or
        /// a synonym word for word ("pound cake", not "cake pound").
        public var isInOrder: Bool = false
        /// True when the match is an everyday name (its portion, if any, is `everydayPortion`).
        public var isEveryday: Bool
        /// The portion an everyday name means by a count, if any.
        public var everydayPortion: String?
        /// How far what the food is agrees with what was named.
        public var agreement: Agreement

        /// Creates a match.
        public init(
            index: Int, score: Double, isStrong: Bool, isExact: Bool, isEveryday: Bool, everydayPortion: String? = nil,
            agreement: Agreement = .noun
        ) {
            self.index = index
            self.score = score
            self.isStrong = isStrong
            self.isExact = isExact
            self.isEveryday = isEveryday
            self.everydayPortion = everydayPortion
            self.agreement = agreement
        }

        /// True when only a modifier, or a word other than the head, agrees: not to be taken
        /// without asking.
        public var isWeak: Bool { !isEveryday && agreement < .kind }
    }

    /// What a lookup found, and how it read the words.
    public struct Lookup: Equatable, Sendable {
        /// The foods, best first.
        public var matches: [Match]
        /// The typed words read as others, in order.
        public var corrections: [Correction]
        /// The typed words (key words, as `FoodWords.keyWords` gives them) the lookup let go to
        /// find a food: the matches hold every other typed word, none of these.
        public var letGo: [String] = []
    }

    /// The table searched.
    public let table: FoodTable
    /// Typo corrections already worked out (a miss is remembered as nil): a script repeats its
    /// words, and each correction compares the word with the whole vocabulary.
    private let typoCache = Mutex<[String: String?]>([:])
    /// Lookups already made, by what was asked: a diary repeats its foods and a script its lines,
    /// and a lookup depends on nothing else (the table never changes). Kept small: at most
    /// `lookupCacheLimit` answers, forgotten all at once when full.
    private let lookupCache = Mutex<[LookupKey: Lookup]>([:])
    private static let lookupCacheLimit = 1024

    /// Each vocabulary word's length and letter mask (`letterMask`), made at the first typo: a
    /// search for the nearest word then reads two small arrays, not every word's bytes.
    private let wordShapes = Mutex<WordShapes?>(nil)

    /// The words of everyday names (`eatenWords`), made at the first need.
    private let eaten = Mutex<Set<Int32>?>(nil)

    private struct WordShapes: Sendable {
        var lengths: [Int32] = []
        var masks: [UInt64] = []
        /// The words of everyday names (`FoodTable.allEverydayNames`): the words people eat, the
        /// only ones a typo is read as. Empty when the table has no everyday names: then any word.
        var eaten: Set<Int32> = []
    }

    /// What a lookup was asked.
    private struct LookupKey: Hashable {
        var text: String
        var limit: Int
        var lettingGo: Bool
    }

    /// Builds the index.
    public init(table: FoodTable) {
        self.table = table
    }

    /// The index of the bundled table.
    public static let bundled = FoodIndex(table: .bundled)

    /// The completion names of the table.
    public var completionNames: [String] { table.completionNames }

    /// True when every element of the sorted `small` is in the sorted `large`.
    @inline(__always)
    static func isSubset(_ small: ArraySlice<Int32>, of large: ArraySlice<Int32>) -> Bool {
        var j = large.startIndex
        for value in small {
            while j < large.endIndex && large[j] < value { j += 1 }
            if j == large.endIndex || large[j] != value { return false }
        }
        return true
    }

    /// How many elements the sorted `a` and `b` share.
    @inline(__always)
    static func intersectionCount(_ a: ArraySlice<Int32>, _ b: ArraySlice<Int32>) -> Int {
        var i = a.startIndex
        var j = b.startIndex
        var count = 0
        while i < a.endIndex && j < b.endIndex {
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

    /// The elements the sorted `a` and `b` share, sorted: written into an array as large as the
    /// smaller, without bounds checks (the postings of a common word run to hundreds).
    static func intersection(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                [Int32](unsafeUninitializedCapacity: min(a.count, b.count)) { result, count in
                    var i = 0
                    var j = 0
                    count = 0
                    while i < a.count && j < b.count {
                        if a[i] == b[j] {
                            result[count] = a[i]
                            count += 1
                            i += 1
                            j += 1
                        } else if a[i] < b[j] {
                            i += 1
                        } else {
                            j += 1
                        }
                    }
                }
            }
        }
    }

    /// True when the slice holds the words, in order: their counts first, which mostly differ.
    @inline(__always)
    static func same(_ slice: ArraySlice<Int32>, _ words: [Int32]) -> Bool {
        slice.count == words.count && slice.elementsEqual(words)
    }

    /// True when the sorted `sorted` holds `value`.
    @inline(__always)
    static func contains(_ sorted: ArraySlice<Int32>, _ value: Int32) -> Bool {
        var low = sorted.startIndex
        var high = sorted.endIndex
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] == value { return true }
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return false
    }

    // MARK: - Search

    /// True when the table holds this word (after `FoodWords` normalization).
    public func knows(word: String) -> Bool {
        table.wordID(FoodWords.singular(word.lowercased())) != nil
    }

    /// The query's words as ids, each unknown word read as the nearest known one; nil when some
    /// word has no near neighbour, or is an English word that is no food word.
    private func ids(for words: [String]) -> (ids: [Int32], words: [String], corrections: [Correction])? {
        var ids: [Int32] = []
        var read: [String] = []
        var corrections: [Correction] = []
        for word in words {
            if let id = table.wordID(word) {
                ids.append(id)
                read.append(word)
            } else if let near = nearestWord(to: word), let id = table.wordID(near) {
                ids.append(id)
                read.append(near)
                corrections.append(Correction(typed: word, read: near))
            } else {
                return nil
            }
        }
        return (ids, read, corrections)
    }

    /// The foods matching the words, best first (at most `limit`).
    public func search(_ text: String, limit: Int = 10) -> [Match] {
        lookup(text, limit: limit).matches
    }

    /// The foods matching the words, best first (at most `limit`), and how the words were read.
    ///
    /// When no food holds them all, words that only say how a food is may be let go
    /// (`lettingGo`), as few as find a food: "packed brown sugar" is brown sugar, "chopped
    /// walnuts" walnuts. The words that name the food are never let go.
    public func lookup(_ text: String, limit: Int = 10, lettingGo: Bool = true) -> Lookup {
        let key = LookupKey(text: text, limit: limit, lettingGo: lettingGo)
        if let known = lookupCache.withLock({ $0[key] }) { return known }
        let found = lookUp(text, limit: limit, lettingGo: lettingGo)
        lookupCache.withLock { cache in
            if cache.count >= FoodIndex.lookupCacheLimit { cache.removeAll() }
            cache[key] = found
        }
        return found
    }

    /// `lookup`, worked out.
    private func lookUp(_ text: String, limit: Int, lettingGo: Bool) -> Lookup {
        let found = lookUpAsTyped(FoodWords.keyWords(text), limit: limit, lettingGo: lettingGo)
        // "peanutbutter": two food words run together, when the words as typed find nothing.
        let words = FoodWords.keyWords(text)
        let split = splittingCompounds(words)
        guard found.matches.isEmpty, split != words else { return found }
        return lookUpAsTyped(split, limit: limit, lettingGo: lettingGo)
    }

    /// `lookUp` of the words as they are.
    private func lookUpAsTyped(_ words: [String], limit: Int, lettingGo: Bool) -> Lookup {
        let found = lookup(words: words, limit: limit)
        guard lettingGo, found.matches.isEmpty, words.contains(where: FoodWords.isContentWord) else { return found }
        let loose = words.indices.filter { !FoodWords.isContentWord(words[$0]) }
        guard !loose.isEmpty, loose.count <= 4 else { return found }
        // Fewest words let go first; among as many, the best match.
        for dropping in 1...loose.count {
            var best: Lookup?
            for dropped in FoodIndex.combinations(of: loose, taking: dropping) {
                let kept = words.indices.filter { !dropped.contains($0) }.map { words[$0] }
                var candidate = lookup(words: kept, limit: limit)
                candidate.letGo = dropped.map { words[$0] }
                guard let first = candidate.matches.first, !first.isWeak else { continue }
                if let current = best?.matches.first, current.score >= first.score { continue }
                best = candidate
            }
            if let best { return best }
        }
        return found
    }

    /// The words with each unknown one that is two words of everyday names run together read as
    /// those two: "peanutbutter" is peanut butter. Only a word no typo reading finds ("cheezburger"
    /// is a cheeseburger), split into two words that each name a food, never a descriptor
    /// ("wholemeal" is no whole meal); a word no such pair makes stays as typed.
    func splittingCompounds(_ words: [String]) -> [String] {
        guard words.contains(where: { $0.utf8.count >= 6 && table.wordID($0) == nil }) else { return words }
        let eaten = eatenWords()
        guard !eaten.isEmpty else { return words }
        return words.flatMap { word -> [String] in
            let letters = Array(word)
            guard letters.count >= 6, letters.allSatisfy(\.isLetter), table.wordID(word) == nil,
                nearestWord(to: word) == nil
            else { return [word] }
            for cut in 3...(letters.count - 3) {
                let left = String(letters[..<cut])
                let right = String(letters[cut...])
                if FoodWords.isContentWord(left), FoodWords.isContentWord(right), let first = table.wordID(left),
                    eaten.contains(first), let second = table.wordID(right), eaten.contains(second)
                {
                    return [left, right]
                }
            }
            return [word]
        }
    }

    /// The ids of the words of every everyday name: the words people eat. Worked out once.
    func eatenWords() -> Set<Int32> {
        if let known = eaten.withLock({ $0 }) { return known }
        var ids = Set<Int32>()
        for name in table.allEverydayNames {
            for word in FoodWords.keyWords(name.name) { if let id = table.wordID(word) { ids.insert(id) } }
        }
        eaten.withLock { $0 = ids }
        return ids
    }

    /// Every choice of `count` of the elements, in order.
    static func combinations(of elements: [Int], taking count: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        guard elements.count >= count, let first = elements.first else { return [] }
        let rest = Array(elements.dropFirst())
        return combinations(of: rest, taking: count - 1).map { [first] + $0 } + combinations(of: rest, taking: count)
    }

    private func lookup(words: [String], limit: Int) -> Lookup {
        guard !words.isEmpty else { return Lookup(matches: [], corrections: []) }
        let phrase = words.joined(separator: " ")
        var results: [Match] = []
        if let everyday = table.everyday(named: phrase) ?? table.everyday(wordSet: FoodTable.wordSetKey(words)),
            let index = table.index(code: everyday.code)
        {
            var match = Match(
                index: index, score: 1000, isStrong: true, isExact: true, isEveryday: true,
                everydayPortion: everyday.portion)
            match.isInOrder = everyday.name == phrase
            results.append(match)
        }
        guard let query = ids(for: words) else { return Lookup(matches: Array(results.prefix(limit)), corrections: []) }
        // An everyday name as typed ("guac") needs no correction of its words, whatever the
        // table's words would make of them.
        let corrections = results.isEmpty ? query.corrections : []
        let corrected = query.words.joined(separator: " ")
        if corrected != phrase, results.isEmpty,
            let everyday = table.everyday(named: corrected)
                ?? table.everyday(wordSet: FoodTable.wordSetKey(query.words)),
            let index = table.index(code: everyday.code)
        {
            results.append(
                Match(
                    index: index, score: 900, isStrong: true, isExact: true, isEveryday: true,
                    everydayPortion: everyday.portion))
        }
        // Words that cannot say which food is meant ("no", "fine", "g") find nothing by themselves.
        guard let headWord = FoodWords.head(ofTyped: query.words), let head = table.wordID(headWord) else {
            return Lookup(matches: Array(results.prefix(limit)), corrections: results.isEmpty ? [] : corrections)
        }
        let content = FoodTable.sortedUnique(
            zip(query.words, query.ids).filter { FoodWords.isContentWord($0.0) }.map(\.1))[...]
        let querySet = FoodTable.sortedUnique(query.ids)
        let seen = results.map { Int32($0.index) }
        var indices = candidates(for: querySet).filter { !seen.contains($0) }
        // The foods the head names are what the head is: when there are enough of them, no other
        // can rank among the first, and only they are read ("chicken": the chicken, not every dish).
        let named = FoodIndex.intersection(indices, table.nounPostings(head))
        if named.count >= limit - results.count { indices = named }
        let entries = table.entries(at: indices)
        // A synonym's word is trusted to name a food only when no food is named with it: "mcrib"
        // is the McRib, while "ranch" is ranch dressing before Doritos Cool Ranch.
        let headNamed = entries.contains { FoodIndex.contains($0.nameSet, head) }
        var scored: [Scored] = []
        scored.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() {
            scored.append(
                score(
                    entry, position: position, query: query.ids, querySet: querySet[...], head: head, content: content,
                    trustAliases: !headNamed))
        }
        // A word read as another must lead to a food that is what was named: "mascarpone" read as
        // "macarrone" finds a macaroni dish only through a modifier, and is no food at all.
        if !query.corrections.isEmpty { scored.removeAll { $0.agreement < .kind } }
        for found in FoodIndex.best(scored, count: max(0, limit - results.count)) {
            var match = Match(
                index: Int(indices[found.position]), score: found.score, isStrong: found.isStrong,
                isExact: found.isExact, isEveryday: false, everydayPortion: nil, agreement: found.agreement)
            match.isInOrder = found.isInOrder
            results.append(match)
        }
        return Lookup(matches: Array(results.prefix(limit)), corrections: corrections)
    }

    /// Foods sharing some of the words, for "did you mean" when nothing holds them all: those
    /// that are what a word names first.
    public func suggestions(_ text: String, limit: Int = 3) -> [Food] {
        var ids: [Int32] = []
        var corrected: Set<Int32> = []
        for word in FoodWords.keyWords(text) where FoodWords.isContentWord(word) {
            if let id = table.wordID(word) {
                ids.append(id)
            } else if let near = nearestWord(to: word), let id = table.wordID(near) {
                ids.append(id)
                corrected.insert(id)
            }
        }
        let querySet = FoodTable.sortedUnique(ids)[...]
        var best: [(score: Double, index: Int)] = []
        for id in querySet {
            for index in table.postings(id) {
                let entry = table.entry(at: Int(index))
                // A word read as another suggests only foods it names.
                if corrected.contains(id), !FoodIndex.contains(entry.nouns, id), !FoodIndex.contains(entry.kinds, id) {
                    continue
                }
                let shared = entry.allSetCount(of: querySet)
                let inHead = FoodIndex.intersectionCount(querySet, entry.headSet)
                let named = FoodIndex.intersectionCount(querySet, entry.nouns)
                best.append(
                    (
                        Double(shared) * 10 + Double(inHead) * 5 + Double(named) * 8 + entry.genericBonus
                            - Double(entry.coreCount),
                        Int(index)
                    ))
            }
        }
        best.sort { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }
        var foods: [Food] = []
        var seen = Set<String>()
        for candidate in best {
            let food = table.food(at: candidate.index)
            guard seen.insert(food.head.lowercased()).inserted else { continue }
            foods.append(food)
            if foods.count == limit { break }
        }
        return foods
    }

    /// The foods holding every word: the rarest word's foods, narrowed by each other word's.
    private func candidates(for querySet: [Int32]) -> [Int32] {
        let ordered = querySet.map { (id: $0, count: table.postingCount($0)) }.sorted { $0.count < $1.count }
        guard let rarest = ordered.first else { return [] }
        var found = table.postings(rarest.id)
        for other in ordered.dropFirst() where !found.isEmpty {
            found = FoodIndex.intersection(found, table.postings(other.id))
        }
        return found
    }

    /// The first `count` by score, then a shorter name, then a lower code, in that order: a
    /// common word has hundreds of candidates, and only the first few are wanted.
    private static func best(_ scored: [Scored], count: Int) -> [Scored] {
        func before(_ a: Scored, _ b: Scored) -> Bool {
            if a.score != b.score { return a.score > b.score }
            if a.nameLength != b.nameLength { return a.nameLength < b.nameLength }
            return a.code < b.code
        }
        guard count > 0 else { return [] }
        var kept: [Scored] = []
        kept.reserveCapacity(count + 1)
        for candidate in scored {
            if kept.count == count, let last = kept.last, !before(candidate, last) { continue }
            var position = kept.count
            while position > 0 && before(candidate, kept[position - 1]) { position -= 1 }
            kept.insert(candidate, at: position)
            if kept.count > count { kept.removeLast() }
        }
        return kept
    }

    /// A candidate's score and what decided it: plain values, hundreds of them a search.
    private struct Scored {
        var score: Double
        var nameLength: Int
        var code: Int
        var position: Int
        var agreement: Agreement
        var isStrong: Bool
        var isExact: Bool
        var isInOrder: Bool
    }

    private func score(
        _ entry: FoodTable.Entry, position: Int, query: [Int32], querySet: ArraySlice<Int32>, head: Int32,
        content: ArraySlice<Int32>,
        trustAliases: Bool
    ) -> Scored {
        var score = 0.0
        var strong = false
        var exact = false
        // Each part once: a part is a slice of the entry's buffer, and each slice costs a retain.
        let entryHead = entry.head
        let nameSet = entry.nameSet
        let headSet = entry.headSet
        let nouns = entry.nouns
        let isHead = FoodIndex.same(entryHead, query)
        let isSynonym = entry.hasSynonym(query)
        let isName = nameSet == querySet
        if isHead {
            score += 100
            strong = true
            exact = true
        } else if isName {
            // Every word of the name, and no other, in any order: "soup chicken" is "Soup, chicken".
            score += 90
            strong = true
            exact = true
        } else if isSynonym {
            score += 80
            strong = true
            exact = true
        }
        // The name itself and nothing more: "Vanilla extract" before "Vanilla extract, imitation".
        if isName { score += 2 }
        if FoodIndex.isSubset(querySet, of: headSet) {
            score += 40
            strong = true
        } else if FoodIndex.isSubset(querySet, of: nameSet) {
            score += 15
        } else {
            score += 5
        }
        let extraHead = entryHead.count - FoodIndex.intersectionCount(headSet, querySet)
        score -= Double(extraHead) * 3
        score -= Double(max(0, entry.coreCount - query.count)) * 0.4
        score += entry.genericBonus
        let agreement: Agreement
        if FoodIndex.contains(nouns, head) {
            agreement = .noun
        } else if exact || FoodIndex.contains(entry.kinds, head)
            || (trustAliases && FoodIndex.contains(entry.aliases, head))
        {
            // All of a synonym or a product's name ("coke", "cheerios") names the food; a word of
            // one ("vanilla" of "vanilla; rum; sweet cream") may only be a flavour.
            agreement = .kind
        } else if FoodIndex.intersectionCount(content, nouns) > 0 {
            agreement = .otherWord
        } else {
            agreement = .none
        }
        score += agreement.weight
        // Foods as eaten before ingredients when both fit as well. The two tables share many
        // foods ("Garlic, raw"); the resolver offers only the first of two of the same name.
        if FoodSource(code: entry.code) == .fndds { score += 0.5 }
        return Scored(
            score: score, nameLength: entry.nameLength, code: entry.code, position: position, agreement: agreement,
            isStrong: strong && agreement >= .kind, isExact: exact,
            isInOrder: isHead || isSynonym || FoodIndex.same(entry.name, query))
    }

    /// The known word nearest to `word`: one edit for words of 4 to 7 letters, two for longer;
    /// among equals, the word more foods use. A word of an everyday name (a word people eat) is
    /// near by any edit; another only with its first letter kept: "harissa" is no carissa. Never for an English word the table does not hold
    /// (it would become another word: "flower" is no flour) or a word that is no food.
    func nearestWord(to word: String) -> String? {
        guard word.utf8.count >= 4, !FoodWords.notFoodWords.contains(word), !table.isProtected(word) else {
            return nil
        }
        if let known = typoCache.withLock({ $0[word] }) { return known }
        let nearest = searchNearestWord(to: word)
        typoCache.withLock { cache in
            if cache.count > 4096 { cache.removeAll() }
            cache[word] = nearest
        }
        return nearest
    }

    private func searchNearestWord(to word: String) -> String? {
        let shapes = wordShapes.withLock { known in
            if let known { return known }
            var shapes = WordShapes()
            table.forEachWord { _, word in
                shapes.lengths.append(Int32(word.count))
                shapes.masks.append(FoodIndex.letterMask(word))
            }
            shapes.eaten = eatenWords()
            known = shapes
            return shapes
        }
        var word = word
        return word.withUTF8 { typed in
            let length = typed.count
            let limit = length >= 8 ? 2 : 1
            let letters = FoodIndex.letterMask(typed)
            var best: (distance: Int, id: Int32, omitted: Bool, postings: Int)?
            for index in shapes.lengths.indices {
                guard abs(Int(shapes.lengths[index]) - length) <= limit else { continue }
                // An edit adds or takes at most two letters from the set a word holds: a word
                // whose letters differ by more than that cannot be near (most of them).
                guard (shapes.masks[index] ^ letters).nonzeroBitCount <= 2 * limit else { continue }
                let id = Int32(index)
                // "harissa" is no carissa: a typo is read as a word of a name people eat (an
                // everyday name), or as another word of the table only when it keeps the first
                // letter, which typing seldom gets wrong ("tumeric" is turmeric).
                let distance = table.withWord(id) { known in
                    shapes.eaten.isEmpty || shapes.eaten.contains(id) || known.first == typed.first
                        ? editDistance(typed, known, limit: limit) : limit + 1
                }
                guard distance <= limit else { continue }
                if let current = best, current.distance < distance { continue }
                // Among words as near, a word people eat that the typed word only leaves letters
                // out of first: a letter left out is the commonest slip ("sald" is salad before
                // salt).
                let omitted = Int(shapes.lengths[index]) == length + distance && shapes.eaten.contains(id)
                if let current = best, current.distance == distance, current.omitted, !omitted { continue }
                let count = table.postingCount(id)
                if let current = best, current.distance == distance, current.omitted == omitted,
                    current.postings >= count
                {
                    continue
                }
                best = (distance, id, omitted, count)
            }
            return best.map { table.word($0.id) }
        }
    }

    /// The set of bytes a word holds, each byte as one of 64 bits (bytes that share a bit only
    /// make two words look nearer): one substitution changes at most two bits, an insertion or
    /// a deletion one, a transposition none.
    @inline(__always)
    static func letterMask(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var mask: UInt64 = 0
        for byte in bytes { mask |= 1 << UInt64(byte & 63) }
        return mask
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
