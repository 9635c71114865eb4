import CalorinaSupport

/// The bundled movements, one table: what is timed (a run, a swim: `Activity`, data/activities.tsv)
/// and what is counted in sets and repetitions or seconds held (push-ups, a plank: `Exercise`,
/// data/exercises.tsv), each found by the words that name it. tools/build-movements.py carries
/// both files into the program as one text (`bundledMovementsText`), a row a line:
/// `kind  words  met  code  name  speed-km/h  seconds-per-rep`, kind `timed`, `reps` or `hold`.
///
/// `ActivityTable` finds in its timed rows, `ExerciseTable` in its counted ones; each reads only
/// its own kind, the first time a line needs it: a food line, which the parser asks whether it
/// names a movement counted in sets, reads the 25 counted rows and never the 203 timed ones.
public enum MovementTable {
    /// The two kinds of row.
    public enum Kind: Sendable {
        /// Timed: an activity (`ActivityTable`).
        case timed
        /// Counted in sets, repetitions or seconds held: an exercise (`ExerciseTable`).
        case counted
    }

    /// The rows of one kind, each split into its seven fields. A line of the other kind is
    /// skipped by its first byte, unread: a timed row starts `timed`, a counted one `reps` or `hold`.
    private static func rows(_ text: String, kind: Kind) -> [[Substring]] {
        // Split as bytes in place: split as characters, the 25 counted rows cost a food line
        // 1.6 M instructions of grapheme breaking (a seventh of a one-shot `1 banana`).
        var text = text
        return text.withUTF8 { bytes in
            var rows: [[Substring]] = []
            for line in bytes.split(separator: UInt8(ascii: "\n"))
            where (line.first == UInt8(ascii: "t")) == (kind == .timed) {
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                guard fields.count == 7 else { continue }
                rows.append(fields.map { Substring(String(decoding: $0, as: UTF8.self)) })
            }
            return rows
        }
    }

    /// The rows of one kind as items (`make` gets a row's fields, its MET value and its words; a
    /// row without a MET value is skipped), in order, and the item each of their words names, keyed.
    static func read<Item>(
        _ text: String, kind: Kind, _ make: (_ fields: [Substring], _ met: Double, _ words: [String]) -> Item
    ) -> (items: [Item], byWords: [String: Int]) {
        var items: [Item] = []
        var byWords: [String: Int] = [:]
        for fields in rows(text, kind: kind) {
            guard let met = Double(fields[2]) else { continue }
            let words = fields[1].utf8.split(separator: UInt8(ascii: ",")).map { String(decoding: $0, as: UTF8.self) }
            for word in words { byWords[key(word)] = items.count }
            items.append(make(fields, met, words))
        }
        return (items, byWords)
    }

    /// Words as the table keys them: lowercase, hyphens and other marks as spaces.
    static func key(_ text: String) -> String {
        // ASCII, nearly always, is keyed byte by byte: Character's letter test looks up Unicode's
        // tables, which made reading the table a twelfth of a one-shot line's work.
        var text = text
        if let ascii = text.withUTF8({ bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var key: [UInt8] = []
            key.reserveCapacity(bytes.count)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): key.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
                default: if key.last != UInt8(ascii: " ") && !key.isEmpty { key.append(UInt8(ascii: " ")) }
                }
            }
            if key.last == UInt8(ascii: " ") { key.removeLast() }
            return String(decoding: key, as: UTF8.self)
        }) {
            return ascii
        }
        return unicodeKey(text)
    }

    /// `key` for any text, by Character.
    static func unicodeKey(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).joined(separator: " ")
    }

    /// Keyed words within two edits of the text, for "did you mean".
    static func suggestions(_ text: String, among words: Dictionary<String, Int>.Keys, limit: Int) -> [String] {
        let key = MovementTable.key(text)
        guard key.count >= 3 else { return [] }
        return words.filter { editDistance(key, $0, limit: 2) <= 2 }.sorted().prefix(limit).map { $0 }
    }
}
