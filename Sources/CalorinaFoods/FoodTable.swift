import CalorinaDocuments
import CalorinaFiles
import CalorinaFoodData
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The foods a resolver searches: the bundled USDA tables, FNDDS 2021-2023 (foods and dishes as
/// eaten) and SR28 (ingredients), and the everyday names that point into them.
///
/// The bundled table is compiled into the binary as static text (see tools/build-foods.py) with
/// every food's words already normalized to ids, their head nouns found and the foods that hold
/// each word listed. Nothing is read at start-up: a search reads the lines of the words it looks
/// up and of the foods that hold them, and keeps what it read of each food. A table made from
/// `Food` values in Swift works out the same things when it is made.
public final class FoodTable: Sendable {
    /// A food's words as vocabulary ids: what a search scores. Read once and shared, and held in
    /// one buffer whose parts are slices: a search reads hundreds of them, so reading one costs
    /// two allocations and a copy one reference.
    package final class Entry: Sendable {
        /// The parts, one after the other: head, name, naming synonyms, nouns, kinds, aliases,
        /// then the head's and the name's words sorted, then where each synonym ends.
        private let ids: [Int32]
        /// Where each part ends in `ids`.
        private let ends: Ends
        /// Name words that are about the food rather than its genericity.
        let coreCount: Int
        /// The rank a generic food ("NFS", "NS as to …") earns.
        let genericBonus: Double
        /// The name's length in bytes: shorter names rank first among equals.
        let nameLength: Int
        /// The food's code.
        let code: Int

        /// The head's words (the name before its first comma; for a class, the common name), in order.
        var head: ArraySlice<Int32> { ids[0..<ends.head] }
        /// The name's words, in order.
        var name: ArraySlice<Int32> { ids[ends.head..<ends.name] }
        /// What the food is: the head nouns of its name and common name, sorted.
        package var nouns: ArraySlice<Int32> { ids[ends.synonyms..<ends.nouns] }
        /// Which kind of it: "Cheese, ricotta" is a ricotta, sorted.
        var kinds: ArraySlice<Int32> { ids[ends.nouns..<ends.kinds] }
        /// The kinds its synonyms say ("Wine, red": zinfandel), sorted: varieties, flavours and
        /// products as often as names.
        var aliases: ArraySlice<Int32> { ids[ends.kinds..<ends.aliases] }
        /// The head's words, sorted, each once.
        var headSet: ArraySlice<Int32> { ids[ends.aliases..<ends.headSet] }
        /// The name's words, sorted, each once.
        package var nameSet: ArraySlice<Int32> { ids[ends.headSet..<ends.nameSet] }
        /// How many naming synonyms (and common names) there are.
        var synonymCount: Int { ids.count - ends.nameSet }
        /// Each naming synonym's words (not a one-word variety such as "vanilla"), then those of
        /// the common name the description implies ("Spices, cinnamon": cinnamon), in order.
        func synonym(_ index: Int) -> ArraySlice<Int32> {
            let start = index == 0 ? ends.name : Int(ids[ends.nameSet + index - 1])
            return ids[start..<Int(ids[ends.nameSet + index])]
        }
        /// All the naming synonyms.
        var synonyms: [ArraySlice<Int32>] { (0..<synonymCount).map(synonym) }
        /// True when one naming synonym is these words, in order.
        func hasSynonym(_ words: [Int32]) -> Bool {
            for index in 0..<synonymCount where FoodIndex.same(synonym(index), words) { return true }
            return false
        }
        /// Every word of the name and synonyms, sorted, each once: the name's, the naming
        /// synonyms' and the aliases (a one-word variety is only an alias).
        var allSet: [Int32] { FoodTable.sortedUnique(Array(ids[ends.head..<ends.synonyms]) + Array(aliases)) }
        /// How many of the sorted, unique `words` are in `allSet`, without building it.
        func allSetCount(of words: ArraySlice<Int32>) -> Int {
            var count = 0
            for word in words where ids[ends.head..<ends.synonyms].contains(word) || FoodIndex.contains(aliases, word) {
                count += 1
            }
            return count
        }

        /// Where each part of `ids` ends.
        struct Ends {
            var head = 0, name = 0, synonyms = 0, nouns = 0, kinds = 0, aliases = 0, headSet = 0, nameSet = 0
        }

        convenience init(
            head: [Int32], name: [Int32], synonyms: [[Int32]], nouns: [Int32], kinds: [Int32], aliases: [Int32],
            coreCount: Int, genericBonus: Double, nameLength: Int, code: Int
        ) {
            var ids = head + name
            var ends = Ends(head: head.count, name: head.count + name.count)
            var synonymEnds: [Int32] = []
            for synonym in synonyms {
                ids += synonym
                synonymEnds.append(Int32(ids.count))
            }
            ends.synonyms = ids.count
            ids += nouns
            ends.nouns = ids.count
            ids += kinds
            ends.kinds = ids.count
            ids += aliases
            ends.aliases = ids.count
            var count = ids.count
            ids += Array(repeating: 0, count: head.count + name.count)
            ids.withUnsafeMutableBufferPointer { buffer in
                Entry.appendSortedSet(of: 0..<ends.head, in: buffer, count: &count)
                ends.headSet = count
                Entry.appendSortedSet(of: ends.head..<ends.name, in: buffer, count: &count)
                ends.nameSet = count
            }
            ids.removeLast(ids.count - count)
            ids += synonymEnds
            self.init(
                ids: ids, ends: ends, coreCount: coreCount, genericBonus: genericBonus, nameLength: nameLength,
                code: code)
        }

        /// Takes `ids` laid out as `ends` says: head, name, synonyms, nouns, kinds, aliases, the
        /// head's and the name's sets, then where each synonym ends.
        init(ids: [Int32], ends: Ends, coreCount: Int, genericBonus: Double, nameLength: Int, code: Int) {
            self.ids = ids
            self.ends = ends
            self.coreCount = coreCount
            self.genericBonus = genericBonus
            self.nameLength = nameLength
            self.code = code
        }

        /// Writes the ids at `range` of `buffer` after its first `count`, sorted, each once (what
        /// `sortedUnique` gives), in place: a head or a name holds a few words, so each is
        /// inserted where it sorts.
        static func appendSortedSet(
            of range: Range<Int>, in buffer: UnsafeMutableBufferPointer<Int32>, count: inout Int
        ) {
            let start = count
            for index in range {
                let value = buffer[index]
                var at = count
                while at > start && buffer[at - 1] > value { at -= 1 }
                if at > start && buffer[at - 1] == value { continue }
                var move = count
                while move > at {
                    buffer[move] = buffer[move - 1]
                    move -= 1
                }
                buffer[at] = value
                count += 1
            }
        }
    }

    /// The foods, in code order (SR28's, then FNDDS's), each read when it is asked for.
    public var foods: Foods { Foods(table: self) }
    /// Category names by number: WWEIA categories (FNDDS), 100,000 + food groups (SR28).
    public let categories: [Int: String]
    /// Everyday names (`oj`, `coke`), each pointing at a food and, when it matters, a portion: read
    /// in place from the compiled-in lines for the bundled table, kept in dictionaries for a built one.
    private let everydayNames: EverydayNames

    private enum EverydayNames: Sendable {
        case bundled
        case built(byName: [String: EverydayName], byWordSet: [String: EverydayName])
    }
    private let storage: Storage
    /// The bundled table's entries read so far, by position (nil for one not read yet).
    private let entryCache: Mutex<[Entry?]>
    /// The bundled table's postings read so far, by word id.
    private let postingCache: Mutex<[[Int32]?]>
    /// The bundled table's noun postings read so far, by word id.
    private let nounPostingCache: Mutex<[[Int32]?]>
    /// The bundled table's foods read so far, by position, their portions split: the few a
    /// person logs, so a dictionary rather than a slot for each.
    private let foodCache = Mutex<[Int: Food]>([:])

    private enum Storage: Sendable {
        /// The compiled-in text.
        case bundled
        /// A table made from `Food` values.
        case built(BuiltFoods)
    }

    /// Everything a table made in Swift works out when it is made.
    private struct BuiltFoods: Sendable {
        var foods: [Food]
        var entries: [Entry]
        var vocabulary: [String]
        var wordIDs: [String: Int32]
        var postings: [[Int32]]
        var nounPostings: [[Int32]]
        var completionNames: [String]
    }

    private init(storage: Storage, categories: [Int: String], everyday: [EverydayName]?, codes: (Int) -> Bool) {
        self.storage = storage
        if case .bundled = storage {
            entryCache = Mutex(Array(repeating: nil, count: bundledFoods.count))
            postingCache = Mutex(Array(repeating: nil, count: bundledVocabulary.count))
            nounPostingCache = Mutex(Array(repeating: nil, count: bundledVocabulary.count))
        } else {
            entryCache = Mutex([])
            postingCache = Mutex([])
            nounPostingCache = Mutex([])
        }
        self.categories = categories
        guard let everyday else {
            everydayNames = .bundled
            return
        }
        var names: [String: EverydayName] = [:]
        var byWordSet: [String: EverydayName] = [:]
        names.reserveCapacity(everyday.count)
        byWordSet.reserveCapacity(everyday.count)
        for name in everyday where codes(name.code) {
            names[name.name] = name
            let key = FoodTable.wordSetKey(name.name.split(separator: " ").map(String.init))
            if byWordSet[key] == nil { byWordSet[key] = name }
        }
        everydayNames = .built(byName: names, byWordSet: byWordSet)
    }

    /// The everyday name whose normalized words are `name` (`mac cheese`).
    public func everyday(named name: String) -> EverydayName? {
        switch everydayNames {
        case .built(let byName, _): return byName[name]
        case .bundled:
            return bundledEverydayByName.index(ofKey: name).map { index in
                let fields = BundledTableReader.split(bundledEverydayByName.line(index)[...], on: 9)
                return BundledTableReader.everydayName(
                    alias: fields[1], code: fields[2], portion: fields[3], name: fields[0])
            }
        }
    }

    /// The everyday name whose words, sorted, are `key` (see `wordSetKey`): "juice orange" finds
    /// "orange juice".
    package func everyday(wordSet key: String) -> EverydayName? {
        switch everydayNames {
        case .built(_, let byWordSet): return byWordSet[key]
        case .bundled:
            return bundledEverydayByWordSet.index(ofKey: key).map { index in
                let fields = BundledTableReader.split(bundledEverydayByWordSet.line(index)[...], on: 9)
                return BundledTableReader.everydayName(
                    alias: fields[1], code: fields[2], portion: fields[3], name: fields[4])
            }
        }
    }

    /// Every everyday name, one per normalized name, sorted by it.
    public var allEverydayNames: [EverydayName] {
        switch everydayNames {
        case .built(let byName, _): return byName.values.sorted { $0.name < $1.name }
        case .bundled:
            return (0..<bundledEverydayByName.count).map { index in
                let fields = BundledTableReader.split(bundledEverydayByName.line(index)[...], on: 9)
                return BundledTableReader.everydayName(
                    alias: fields[1], code: fields[2], portion: fields[3], name: fields[0])
            }
        }
    }

    /// Creates a table from foods and everyday names, normalizing their words and finding their
    /// head nouns here (the bundled table has this done by tools/build-foods.py).
    public convenience init(foods: [Food], categories: [Int: String] = [:], everyday: [EverydayName] = []) {
        let foods = foods.sorted { $0.code < $1.code }
        var vocabulary: [String] = []
        var ids: [String: Int32] = [:]
        func id(_ word: String) -> Int32 {
            if let id = ids[word] { return id }
            let id = Int32(vocabulary.count)
            vocabulary.append(word)
            ids[word] = id
            return id
        }
        func idList(_ text: String) -> [Int32] { FoodWords.keyWords(text).map(id) }
        var postings: [[Int32]] = []
        let entries = foods.enumerated().map { position, food in
            let generic = FoodWords.genericity(of: food.name)
            let name = idList(food.name)
            let synonyms = food.synonyms.filter { !FoodWords.isVariety($0) }.map(idList)
            let (nouns, kinds, aliases) = FoodWords.nounsAndKinds(name: food.name, synonyms: food.synonyms)
            let head = idList(food.head)
            return Entry(
                head: head, name: name, synonyms: synonyms, nouns: FoodTable.sortedUnique(nouns.map(id)),
                kinds: FoodTable.sortedUnique(kinds.map(id)), aliases: FoodTable.sortedUnique(aliases.map(id)),
                coreCount: generic.coreCount,
                genericBonus: generic.bonus, nameLength: food.name.utf8.count, code: food.code)
        }
        postings = Array(repeating: [], count: vocabulary.count)
        var nounPostings = postings
        for (position, entry) in entries.enumerated() {
            for word in entry.allSet { postings[Int(word)].append(Int32(position)) }
            for word in entry.nouns { nounPostings[Int(word)].append(Int32(position)) }
        }
        var completion = Set(foods.map { $0.head.lowercased() })
        for food in foods { completion.formUnion(food.synonyms.filter { $0.count <= 40 }.map { $0.lowercased() }) }
        completion.formUnion(everyday.map(\.alias))
        let built = BuiltFoods(
            foods: foods, entries: entries, vocabulary: vocabulary, wordIDs: ids, postings: postings,
            nounPostings: nounPostings, completionNames: completion.filter { !$0.isEmpty }.sorted())
        let codes = Set(foods.map(\.code))
        self.init(storage: .built(built), categories: categories, everyday: everyday, codes: codes.contains)
    }

    /// The table compiled into the program.
    public static let bundled: FoodTable = {
        let table = FoodTable(
            storage: .bundled, categories: BundledTableReader.categories(bundledCategoriesText),
            everyday: nil, codes: { _ in true })
        return table
    }()

    /// Normalized words in sorted order, joined: the key of `everyday(wordSet:)`.
    package static func wordSetKey(_ words: [String]) -> String {
        words.sorted().joined(separator: " ")
    }

    // MARK: - Foods

    /// How many foods the table holds.
    public var count: Int {
        switch storage {
        case .bundled: return bundledFoods.count
        case .built(let built): return built.foods.count
        }
    }

    /// The food with a USDA code.
    public func food(code: Int) -> Food? {
        index(code: code).map(food(at:))
    }

    /// The position in `foods` of the food with a USDA code.
    public func index(code: Int) -> Int? {
        switch storage {
        case .bundled:
            // Codes are in line order, eight digits each: a binary search.
            let digits = bundledFoodCodes.utf8Start
            var low = 0
            var high = bundledFoodCodes.utf8CodeUnitCount / 8
            while low < high {
                let middle = (low + high) / 2
                var value = 0
                for offset in 0..<8 { value = value * 10 + Int(digits[middle * 8 + offset] &- 48) }
                if value == code { return middle }
                if value < code { low = middle + 1 } else { high = middle }
            }
            return nil
        case .built(let built):
            var low = 0
            var high = built.foods.count
            while low < high {
                let middle = (low + high) / 2
                if built.foods[middle].code == code { return middle }
                if built.foods[middle].code < code { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// The food at a position of `foods`.
    package func food(at index: Int) -> Food {
        switch storage {
        case .bundled:
            return foodCache.withLock { cache in
                if let known = cache[index] { return known }
                let food = BundledTableReader.food(bundledFoods.line(index)).withPortionsParsed()
                cache[index] = food
                return food
            }
        case .built(let built): return built.foods[index]
        }
    }

    /// The words of the food at a position of `foods`, read once.
    package func entry(at index: Int) -> Entry {
        switch storage {
        case .bundled:
            return entryCache.withLock { cache in
                if let known = cache[index] { return known }
                let entry = BundledTableReader.entry(bundledFoods.line(index))
                cache[index] = entry
                return entry
            }
        case .built(let built):
            return built.entries[index]
        }
    }

    /// The words of the foods at positions of `foods`, read once, in one visit to the cache.
    func entries(at indices: [Int32]) -> [Entry] {
        switch storage {
        case .bundled:
            return entryCache.withLock { cache in
                indices.map { index in
                    if let known = cache[Int(index)] { return known }
                    let entry = BundledTableReader.entry(bundledFoods.line(Int(index)))
                    cache[Int(index)] = entry
                    return entry
                }
            }
        case .built(let built):
            return indices.map { built.entries[Int($0)] }
        }
    }

    // MARK: - Words

    /// The id of a normalized word, if the table holds it.
    package func wordID(_ word: String) -> Int32? {
        switch storage {
        case .bundled: return bundledVocabulary.index(of: word).map(Int32.init)
        case .built(let built): return built.wordIDs[word]
        }
    }

    /// The word with an id.
    func word(_ id: Int32) -> String {
        switch storage {
        case .bundled: return bundledVocabulary.string(Int(id))
        case .built(let built): return built.vocabulary[Int(id)]
        }
    }

    /// Calls `body` with each word's id and bytes, for a search of the whole vocabulary.
    func forEachWord(_ body: (Int32, UnsafeBufferPointer<UInt8>) -> Void) {
        switch storage {
        case .bundled:
            for id in 0..<bundledVocabulary.count { body(Int32(id), bundledVocabulary.line(id)) }
        case .built(let built):
            for (id, word) in built.vocabulary.enumerated() {
                var word = word
                word.withUTF8 { body(Int32(id), $0) }
            }
        }
    }

    /// Calls `body` with the bytes of the word with an id.
    func withWord<Result>(_ id: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .bundled: return body(bundledVocabulary.line(Int(id)))
        case .built(let built):
            var word = built.vocabulary[Int(id)]
            return word.withUTF8(body)
        }
    }

    /// The foods (positions in `foods`, ascending) whose name or synonyms hold a word.
    func postings(_ id: Int32) -> [Int32] {
        switch storage {
        case .bundled:
            return postingCache.withLock { cache in
                if let known = cache[Int(id)] { return known }
                let ids = BundledTableReader.positions(bundledPostings.line(Int(id)), skipping: 1)  // the count
                cache[Int(id)] = ids
                return ids
            }
        case .built(let built):
            return built.postings[Int(id)]
        }
    }

    /// The foods (positions in `foods`, ascending) a word is a head noun of: what they are.
    package func nounPostings(_ id: Int32) -> [Int32] {
        switch storage {
        case .bundled:
            return nounPostingCache.withLock { cache in
                if let known = cache[Int(id)] { return known }
                let ids = BundledTableReader.positions(bundledNounPostings.line(Int(id)))
                cache[Int(id)] = ids
                return ids
            }
        case .built(let built):
            return built.nounPostings[Int(id)]
        }
    }

    /// How many foods hold a word.
    func postingCount(_ id: Int32) -> Int {
        switch storage {
        case .bundled:
            return BundledTableReader.leadingNumber(bundledPostings.line(Int(id)))
        case .built(let built):
            return built.postings[Int(id)].count
        }
    }

    /// True for an English word that is no word of the table's but near one: typed, it is an
    /// unknown word, never corrected into the food word it resembles ("flower" is no flour).
    func isProtected(_ word: String) -> Bool {
        switch storage {
        case .bundled: return bundledProtectedWords.index(of: word) != nil
        case .built: return false
        }
    }

    /// The names TAB completes, lowercased and sorted.
    public var completionNames: [String] {
        switch storage {
        case .bundled: return FoodTable.bundledCompletionNames
        case .built(let built): return built.completionNames
        }
    }

    private static let bundledCompletionNames = BundledTableReader.completionNames(bundledCompletionText)

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

    /// The foods of a table as a collection, each read when it is asked for.
    public struct Foods: RandomAccessCollection, Sendable {
        let table: FoodTable
        /// The first position.
        public var startIndex: Int { 0 }
        /// One past the last position.
        public var endIndex: Int { table.count }
        /// The food at a position.
        public subscript(position: Int) -> Food { table.food(at: position) }
    }
}
