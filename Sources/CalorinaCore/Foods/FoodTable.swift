/// The foods a resolver searches: the bundled USDA FNDDS 2021-2023 table and the everyday names
/// that point into it.
///
/// The bundled table is compiled into the binary as text (see tools/build-foods.py), with every
/// food's words already normalized to ids, and parsed byte by byte on first use: start-up costs
/// nothing and no resource file can go missing.
public final class FoodTable: Sendable {
    /// The foods, in USDA code order.
    public let foods: [Food]
    /// WWEIA category names by number.
    public let categories: [Int: String]
    /// Everyday names (`oj`, `coke`) by their normalized words, each pointing at a food and, when
    /// it matters, a portion.
    public let everyday: [String: EverydayName]
    /// Everyday names by their words in sorted order, so "juice orange" finds "orange juice".
    let everydayByWordSet: [String: EverydayName]
    /// The names TAB completes, lowercased and sorted.
    public let completionNames: [String]
    /// Every normalized word the foods use; a word's position is its id.
    let vocabulary: [String]
    let wordIDs: [String: Int32]
    /// Each food's words as ids, parallel to `foods`.
    let words: [FoodWordIDs]
    private let indexByCode: [Int: Int]

    /// A food's words as vocabulary ids, worked out once.
    struct FoodWordIDs: Sendable {
        /// The head's words, in order ("Cookie, oatmeal" → [cookie]).
        var head: [Int32]
        /// The name's words, in order.
        var name: [Int32]
        /// Each synonym's words, in order.
        var synonyms: [[Int32]]
        /// Name words that are about the food rather than its genericity.
        var coreCount: Int
        /// The rank a generic food ("NFS", "NS as to …") earns.
        var genericBonus: Double
    }

    private init(
        foods: [Food], categories: [Int: String], everyday: [EverydayName], completionNames: [String],
        vocabulary: [String], words: [FoodWordIDs]
    ) {
        self.foods = foods
        self.categories = categories
        var indexByCode: [Int: Int] = [:]
        indexByCode.reserveCapacity(foods.count)
        for (index, food) in foods.enumerated() { indexByCode[food.code] = index }
        self.indexByCode = indexByCode
        var names: [String: EverydayName] = [:]
        var byWordSet: [String: EverydayName] = [:]
        for name in everyday where indexByCode[name.code] != nil {
            names[name.name] = name
            let key = FoodTable.wordSetKey(name.name.split(separator: " ").map(String.init))
            if byWordSet[key] == nil { byWordSet[key] = name }
        }
        self.everyday = names
        self.everydayByWordSet = byWordSet
        self.completionNames = completionNames
        self.vocabulary = vocabulary
        var wordIDs: [String: Int32] = [:]
        wordIDs.reserveCapacity(vocabulary.count)
        for (id, word) in vocabulary.enumerated() { wordIDs[word] = Int32(id) }
        self.wordIDs = wordIDs
        self.words = words
    }

    /// Creates a table from foods and everyday names, normalizing their words here (the bundled
    /// table has this done by tools/build-foods.py).
    public convenience init(foods: [Food], categories: [Int: String] = [:], everyday: [EverydayName] = []) {
        var vocabulary: [String] = []
        var ids: [String: Int32] = [:]
        func idList(_ text: String) -> [Int32] {
            FoodWords.keyWords(text).map { word in
                if let id = ids[word] { return id }
                let id = Int32(vocabulary.count)
                vocabulary.append(word)
                ids[word] = id
                return id
            }
        }
        let words = foods.map { food in
            let generic = FoodWords.genericity(of: food.name)
            return FoodWordIDs(
                head: idList(food.head), name: idList(food.name), synonyms: food.synonyms.map(idList),
                coreCount: generic.coreCount, genericBonus: generic.bonus)
        }
        var completion = Set(foods.map { $0.head.lowercased() })
        for food in foods { completion.formUnion(food.synonyms.filter { $0.count <= 40 }.map { $0.lowercased() }) }
        completion.formUnion(everyday.map(\.alias))
        self.init(
            foods: foods, categories: categories, everyday: everyday,
            completionNames: completion.filter { !$0.isEmpty }.sorted(), vocabulary: vocabulary, words: words)
    }

    /// Normalized words in sorted order, joined: the key of `everydayByWordSet`.
    static func wordSetKey(_ words: [String]) -> String {
        words.sorted().joined(separator: " ")
    }

    /// The food with a USDA code.
    public func food(code: Int) -> Food? {
        indexByCode[code].map { foods[$0] }
    }

    /// The position in `foods` of the food with a USDA code.
    public func index(code: Int) -> Int? {
        indexByCode[code]
    }

    /// The table compiled into the program, parsed once on first use.
    public static let bundled: FoodTable = {
        var reader = BundledTableReader()
        reader.read(bundledFoodTableText)
        return FoodTable(
            foods: reader.foods, categories: reader.categories,
            everyday: BundledTableReader.everyday(bundledEverydayText),
            completionNames: BundledTableReader.completionNames(bundledCompletionText),
            vocabulary: reader.vocabulary, words: reader.words)
    }()
}

/// An everyday name for a food: what people type, and the portion they mean by a count.
public struct EverydayName: Equatable, Sendable {
    /// The name as people type it: `mac and cheese`.
    public var alias: String
    /// The name's normalized words joined by spaces (`mac cheese`): the lookup key.
    public var name: String
    /// The USDA code it means.
    public var code: Int
    /// The USDA portion description a count of it means ("1 can (12 fl oz)"), if not the default.
    public var portion: String?

    /// Creates an everyday name; `name` is normalized from `alias` unless given.
    public init(alias: String, code: Int, portion: String?, name: String? = nil) {
        self.alias = alias
        self.name = name ?? FoodWords.normalized(alias)
        self.code = code
        self.portion = portion
    }
}

/// Reads the bundled text byte by byte: no `Character` iteration, no Foundation.
struct BundledTableReader {
    var foods: [Food] = []
    var words: [FoodTable.FoodWordIDs] = []
    var categories: [Int: String] = [:]
    var vocabulary: [String] = []

    mutating func read(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            foods.reserveCapacity(5500)
            words.reserveCapacity(5500)
            BundledTableReader.forEachLine(bytes) { line in
                guard let first = line.first else { return }
                let fields = BundledTableReader.split(line, on: 9)
                if first == UInt8(ascii: "#") {
                    if fields.count == 3, let number = BundledTableReader.integer(fields[1]) {
                        categories[number] = BundledTableReader.string(fields[2])
                    }
                } else if first == UInt8(ascii: "@") {
                    if fields.count == 2 {
                        vocabulary = BundledTableReader.split(fields[1], on: 32).map(BundledTableReader.string)
                    }
                } else if fields.count == 14 {
                    readFood(fields)
                }
            }
        }
    }

    private mutating func readFood(_ fields: [UnsafeBufferPointer<UInt8>.SubSequence]) {
        typealias R = BundledTableReader
        guard let code = R.integer(fields[0]) else { return }
        foods.append(
            Food(
                code: code, name: R.string(fields[6]), synonymsText: R.string(fields[7]),
                category: R.integer(fields[5]) ?? 0,
                kcalPer100g: R.decimal(fields[1]) ?? 0, proteinPer100g: R.decimal(fields[2]) ?? 0,
                carbsPer100g: R.decimal(fields[3]) ?? 0, fatPer100g: R.decimal(fields[4]) ?? 0,
                portionsText: R.string(fields[8])))
        words.append(
            FoodTable.FoodWordIDs(
                head: R.ids(fields[9]), name: R.ids(fields[10]),
                synonyms: fields[11].isEmpty ? [] : R.split(fields[11], on: UInt8(ascii: ";")).map(R.ids),
                coreCount: R.integer(fields[12]) ?? 0, genericBonus: Double(R.integer(fields[13]) ?? 0)))
    }

    static func everyday(_ text: String) -> [EverydayName] {
        var names: [EverydayName] = []
        var text = text
        text.withUTF8 { bytes in
            forEachLine(bytes) { line in
                let fields = split(line, on: 9)
                guard fields.count == 4, let code = integer(fields[1]) else { return }
                names.append(
                    EverydayName(
                        alias: string(fields[0]), code: code, portion: fields[2].isEmpty ? nil : string(fields[2]),
                        name: string(fields[3])))
            }
        }
        return names
    }

    static func completionNames(_ text: String) -> [String] {
        var names: [String] = []
        var text = text
        text.withUTF8 { bytes in
            forEachLine(bytes) { line in names.append(string(line)) }
        }
        // The script sorts them; sort again only if its order is not Swift's.
        if zip(names, names.dropFirst()).contains(where: { $0 >= $1 }) { names = Array(Set(names)).sorted() }
        return names
    }

    // MARK: - Bytes

    static func forEachLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>.SubSequence) -> Void
    ) {
        var start = bytes.startIndex
        var index = start
        let end = bytes.endIndex
        while index < end {
            if bytes[index] == 10 {
                if index > start { body(bytes[start..<index]) }
                start = index + 1
            }
            index += 1
        }
        if start < end { body(bytes[start..<end]) }
    }

    static func split(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence, on separator: UInt8) -> [UnsafeBufferPointer<
        UInt8
    >.SubSequence] {
        var parts: [UnsafeBufferPointer<UInt8>.SubSequence] = []
        parts.reserveCapacity(16)
        var start = bytes.startIndex
        var index = start
        let end = bytes.endIndex
        let base = bytes.base
        while index < end {
            if base[index] == separator {
                parts.append(base[start..<index])
                start = index + 1
            }
            index += 1
        }
        parts.append(base[start..<end])
        return parts
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    static func integer(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// A plain decimal such as `12`, `0.5` or `30.25` (what the script writes).
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Double? {
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var seenPoint = false
        var seenDigit = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if byte >= 48 && byte <= 57 {
                seenDigit = true
                if seenPoint {
                    scale /= 10
                    fraction += Double(byte - 48) * scale
                } else {
                    whole = whole * 10 + Double(byte - 48)
                }
            } else {
                return Double(string(bytes))
            }
        }
        return seenDigit ? whole + fraction : nil
    }

    /// Space-separated integers, read in one pass.
    static func ids(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> [Int32] {
        guard !bytes.isEmpty else { return [] }
        var ids: [Int32] = []
        ids.reserveCapacity(8)
        var value: Int32 = 0
        var inNumber = false
        for byte in bytes {
            if byte >= 48 && byte <= 57 {
                value = value &* 10 &+ Int32(byte - 48)
                inNumber = true
            } else if inNumber {
                ids.append(value)
                value = 0
                inNumber = false
            }
        }
        if inNumber { ids.append(value) }
        return ids
    }
}
