import CalorinaLanguage
import CalorinaSupport
import Synchronization

// MARK: - Search

extension FoodIndex {
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
}
