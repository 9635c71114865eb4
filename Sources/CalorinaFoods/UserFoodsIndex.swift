import CalorinaDocuments
import CalorinaFiles
import CalorinaLanguage
import CalorinaMonths

/// The index of the names in `foods.json`, kept in `cache/foods.index` (`DocumentStore`): each
/// name's normalized words, whether it is a food, an alias or a recipe, and where its object lies
/// in the file, with the file's version and remembered picks. Made once from the file read whole
/// (and checked), and used while the file's stamp is the one it names; deleting it loses nothing.
///
/// ```
/// calorina-foods-index 1
/// version 3
/// names 2
/// choice 63107010 banana
/// name oat bar	f	118	312
/// name protein bar	f	20	117
/// end
/// ```
///
/// The `name` lines are sorted by their words (then food before alias before recipe, then the
/// file's order), so a name is found by a binary search over the lines as they are read, without
/// building anything.
public struct UserFoodsIndex: Sendable {
    static let header = "calorina-foods-index 1"

    enum Kind: UInt8 {
        case food = 0x66  // f
        case alias = 0x61  // a
        case recipe = 0x72  // r

        var rank: Int {
            switch self {
            case .food: 0
            case .alias: 1
            case .recipe: 2
            }
        }
    }

    /// The file's version.
    let version: Int
    /// The remembered picks.
    let choices: [String: Int]
    /// How many names the file holds.
    let count: Int
    /// The index's bytes, and where its `name` lines start and end (the `end` line).
    private let bytes: [UInt8]
    private let names: Range<Int>

    /// The index in `bytes` (the cache's text after its stamp line); nil when it is not one.
    /// Only the lines before the names are read: a name is found by a binary search over the
    /// bytes (`find`), so that opening an index of two thousand names costs no more than one of two.
    init?(_ bytes: [UInt8]) {
        let endLine = Array("end\n".utf8)
        guard bytes.count >= endLine.count, bytes[(bytes.count - endLine.count)...].elementsEqual(endLine),
            bytes.count == endLine.count || bytes[bytes.count - endLine.count - 1] == UInt8(ascii: "\n")
        else { return nil }
        var start = 0
        var version: Int?
        var count: Int?
        var choices: [String: Int] = [:]
        var first = true
        var namesStart = bytes.count - endLine.count
        while start < bytes.count - endLine.count {
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = bytes[start..<end]
            if first {
                guard line.elementsEqual(Self.header.utf8) else { return nil }
                first = false
            } else if line.starts(with: "name ".utf8) {
                namesStart = start
                break
            } else if line.starts(with: "choice ".utf8) {
                let parts = line.dropFirst(7).split(separator: UInt8(ascii: " "), maxSplits: 1)
                guard parts.count == 2, let code = Int(String(decoding: parts[0], as: UTF8.self)) else { return nil }
                choices[String(decoding: parts[1], as: UTF8.self)] = code
            } else if line.starts(with: "version ".utf8) {
                version = Int(String(decoding: line.dropFirst(8), as: UTF8.self))
            } else if line.starts(with: "names ".utf8) {
                count = Int(String(decoding: line.dropFirst(6), as: UTF8.self))
            } else {
                return nil
            }
            start = end + 1
        }
        guard !first, let version, let count else { return nil }
        self.version = version
        self.count = count
        self.choices = choices
        self.bytes = bytes
        self.names = namesStart..<(bytes.count - endLine.count)
    }

    /// The index's text for `foods`, read whole from `file`; nil when the objects of its lists
    /// cannot be told apart in the file.
    static func text(of foods: UserFoods, file: [UInt8]) -> [UInt8]? {
        guard let foodSpans = JSONSpans.elements(ofMember: "foods", in: file),
            let aliasSpans = JSONSpans.elements(ofMember: "aliases", in: file),
            let recipeSpans = JSONSpans.elements(ofMember: "recipes", in: file),
            foodSpans.count == foods.foods.count, aliasSpans.count == foods.aliases.count,
            recipeSpans.count == foods.recipes.count
        else { return nil }
        var names: [(key: String, kind: Kind, position: Int, span: Range<Int>)] = []
        for (position, food) in foods.foods.enumerated() {
            names.append((FoodWords.normalized(food.name), .food, position, foodSpans[position]))
        }
        for (position, alias) in foods.aliases.enumerated() {
            names.append((FoodWords.normalized(alias.name), .alias, position, aliasSpans[position]))
        }
        for (position, recipe) in foods.recipes.enumerated() {
            names.append((FoodWords.normalized(recipe.name), .recipe, position, recipeSpans[position]))
        }
        // A key with a tab or a line break (none that normalizing makes) could not be a line.
        names.removeAll { $0.key.isEmpty || $0.key.utf8.contains(0x0A) || $0.key.utf8.contains(0x09) }
        names.sort { a, b in
            if a.key != b.key { return Array(a.key.utf8).lexicographicallyPrecedes(Array(b.key.utf8)) }
            return (a.kind.rank, a.position) < (b.kind.rank, b.position)
        }
        var text =
            "\(header)\nversion \(foods.version)\nnames \(foods.foods.count + foods.aliases.count + foods.recipes.count)\n"
        for (key, code) in foods.choices.sorted(by: { $0.key < $1.key }) where !key.utf8.contains(0x0A) {
            text += "choice \(code) \(key)\n"
        }
        for name in names {
            text +=
                "name \(name.key)\t\(Character(Unicode.Scalar(name.kind.rawValue)))"
                + "\t\(name.span.lowerBound)\t\(name.span.upperBound)\n"
        }
        text += "end\n"
        // Picks whose words hold a line break cannot be kept in lines: such a file is read whole.
        guard foods.choices.keys.allSatisfy({ !$0.utf8.contains(0x0A) }) else { return nil }
        return Array(text.utf8)
    }

    /// The first food, alias or recipe whose normalized name is `key`: its kind and its object's
    /// bytes in the file.
    func find(_ key: String) -> (kind: Kind, range: Range<Int>)? {
        let wanted = Array(key.utf8)
        let newline = UInt8(ascii: "\n")
        // The first line whose key is not below `wanted`: lines before `low` are below it, lines
        // from `high` on are not; both are the starts of lines.
        var low = names.lowerBound
        var high = names.upperBound
        while low < high {
            var middle = (low + high) / 2
            while middle > low, bytes[middle - 1] != newline { middle -= 1 }
            guard let end = bytes[middle..<names.upperBound].firstIndex(of: newline) else { return nil }
            if keyBytes(middle..<end).lexicographicallyPrecedes(wanted) { low = end + 1 } else { high = middle }
        }
        guard low < names.upperBound, let end = bytes[low..<names.upperBound].firstIndex(of: newline) else {
            return nil
        }
        let line = low..<end
        guard keyBytes(line).elementsEqual(wanted) else { return nil }
        let fields = bytes[line].dropFirst(5).split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.count == 4, fields[1].count == 1, let letter = fields[1].first, let kind = Kind(rawValue: letter),
            let start = Int(String(decoding: fields[2], as: UTF8.self)),
            let stop = Int(String(decoding: fields[3], as: UTF8.self)), start <= stop
        else { return nil }
        return (kind, start..<stop)
    }

    /// The key of the `name` line at `line` (past `name `, up to its first tab).
    private func keyBytes(_ line: Range<Int>) -> ArraySlice<UInt8> {
        let from = min(line.lowerBound + 5, line.upperBound)
        let end = bytes[from..<line.upperBound].firstIndex(of: 0x09) ?? line.upperBound
        return bytes[from..<end]
    }
}

extension UserFoods {
    public static var indexName: String? { "foods.index" }

    public static func inPlace(reading bytes: @escaping @Sendable () -> [UInt8], index: [UInt8]) -> UserFoods? {
        guard let parsed = UserFoodsIndex(index) else { return nil }
        return UserFoods(inPlace: bytes, index: parsed)
    }

    public static func index(of document: UserFoods, bytes: [UInt8]) -> [UInt8]? {
        UserFoodsIndex.text(of: document, file: bytes)
    }
}
