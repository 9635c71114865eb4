import CalorinaLanguage
import CalorinaSupport

/// The rules each word of the phrasing pass wakes, found by a cheap hash of the word's bytes:
/// the glance looks up every word of every line, and a `Dictionary` hashes each with SipHash.
struct WordRoles: Sendable {
    /// Open addressing, a quarter full: the words (empty for a free slot) and their roles.
    private let words: [String]
    private let roles: [PhrasingGlance]
    private let mask: Int

    /// The table of `pairs`: a word said more than once has every role it is given.
    init(_ pairs: [(word: String, role: PhrasingGlance)]) {
        var size = 16
        while size < pairs.count * 4 { size *= 2 }
        var words = Array(repeating: "", count: size)
        var roles = Array(repeating: PhrasingGlance(), count: size)
        for (word, role) in pairs where !word.isEmpty {
            var slot = WordRoles.hash(word) & (size - 1)
            while !words[slot].isEmpty, words[slot] != word { slot = (slot + 1) & (size - 1) }
            words[slot] = word
            roles[slot].formUnion(role)
        }
        self.words = words
        self.roles = roles
        mask = size - 1
    }

    /// The roles of a word, or nil for a word no rule starts from.
    subscript(word: String) -> PhrasingGlance? {
        var slot = WordRoles.hash(word) & mask
        while !words[slot].isEmpty {
            if words[slot] == word { return roles[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// FNV-1a over the word's bytes.
    @inline(__always)
    private static func hash(_ word: String) -> Int {
        var word = word
        return word.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }
    }
}
