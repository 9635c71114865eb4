/// How food names and typed words are cut into comparable words: lowercase, apostrophes
/// dropped, split at anything that is not a letter, digit, `%` or `&`, plural made singular.
public enum FoodWords {
    /// Words that join or fill a name but say nothing about the food.
    static let stopWords: Set<String> = ["and", "with", "of", "the", "a", "an", "or", "in", "to", "&"]

    /// The comparable words of a text, stop words included.
    public static func words(_ text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character == "'" || character == "’" { continue }
            if character.isLetter || character.isNumber || character == "%" || character == "&" {
                current.append(character)
            } else if !current.isEmpty {
                words.append(singular(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(singular(current)) }
        return words
    }

    /// `words` for ASCII text, byte by byte: most of what is typed, and every USDA name.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        func finish() {
            guard !current.isEmpty else { return }
            words.append(singular(String(decoding: current, as: UTF8.self)))
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "%"),
                UInt8(ascii: "&"):
                current.append(byte)
            default: finish()
            }
        }
        finish()
        return words
    }

    /// The words that say what the food is: `words` less stop words.
    public static func keyWords(_ text: String) -> [String] {
        words(text).filter { !stopWords.contains($0) }
    }

    /// A text's words joined by single spaces: the key of exact-phrase lookups.
    public static func normalized(_ text: String) -> String {
        keyWords(text).joined(separator: " ")
    }

    /// A plural made singular by English's regular rules; short words are left alone.
    public static func singular(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"),
            !word.hasSuffix("is")
        else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes")
            || word.hasSuffix("sses")
        {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }
}

extension FoodWords {
    /// How generic a food's name says it is: the rank bonus ("NFS" 8, each "NS as to" 4, at most
    /// two) and how many words are about the food itself. The twin of `generic` in
    /// tools/build-foods.py.
    static func genericity(of name: String) -> (bonus: Double, coreCount: Int) {
        let lowered = name.lowercased()
        var bonus = 0.0
        if lowered.hasSuffix(", nfs") || lowered.contains(", nfs,") || lowered.hasSuffix(" nfs") { bonus += 8 }
        var count = 0
        var rest = Substring(lowered)
        while let range = rest.firstRange(of: "ns as to") {
            count += 1
            rest = rest[range.upperBound...]
        }
        bonus += Double(min(count, 2)) * 4
        var core = keyWords(name)
        if bonus > 0 {
            core.removeAll { $0 == "nfs" || $0 == "n" }
            var kept: [String] = []
            var index = 0
            while index < core.count {
                if core[index] == "ns", index + 1 < core.count, core[index + 1] == "as" {
                    index += 3  // "ns as <word>": "to" is a stop word already
                    continue
                }
                kept.append(core[index])
                index += 1
            }
            core = kept
        }
        return (bonus, core.count)
    }
}
