import CalorinaLanguage
import CalorinaSupport
import Synchronization

extension FoodIndex {
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
}
