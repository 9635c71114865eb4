import CalorinaSupport

/// The bundled movements, one table: what is timed (a run, a swim: `Activity`, data/activities.tsv)
/// and what is counted in sets and repetitions or seconds held (push-ups, a plank: `Exercise`,
/// data/exercises.tsv), each found by the words that name it. tools/build-movements.py carries
/// both files into the program as one text; `ActivityTable` and `ExerciseTable` find in it.
public final class MovementTable: Sendable {
    /// Every timed activity, in the file's order.
    public let activities: [Activity]
    /// Every movement counted in sets, in the file's order.
    public let exercises: [Exercise]
    /// The activity each of its words names, keyed (`key`).
    let activityByWords: [String: Int]
    /// The exercise each of its words names, keyed (`key`).
    let exerciseByWords: [String: Int]

    /// Reads the table from its text: `kind  words  met  code  name  speed-km/h  seconds-per-rep`
    /// per line, kind `timed`, `reps` or `hold` (tools/build-movements.py).
    init(text: String) {
        var activities: [Activity] = []
        var exercises: [Exercise] = []
        var activityByWords: [String: Int] = [:]
        var exerciseByWords: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 7, let met = Double(fields[2]) else { continue }
            let words = fields[1].split(separator: ",").map(String.init)
            let name = String(fields[4])
            let code = String(fields[3])
            if fields[0] == "timed" {
                for word in words { activityByWords[MovementTable.key(word)] = activities.count }
                activities.append(Activity(name: name, met: met, code: code, speedKmh: Double(fields[5])))
            } else {
                for word in words { exerciseByWords[MovementTable.key(word)] = exercises.count }
                exercises.append(
                    Exercise(
                        name: name, words: words, isHold: fields[0] == "hold", met: met, code: code,
                        secondsPerRep: Double(fields[6]) ?? 0))
            }
        }
        self.activities = activities
        self.exercises = exercises
        self.activityByWords = activityByWords
        self.exerciseByWords = exerciseByWords
    }

    /// The table compiled into the program.
    public static let bundled = MovementTable(text: bundledMovementsText)

    /// The timed activities, found by their words.
    public var timed: ActivityTable { ActivityTable(table: self) }

    /// The movements counted in sets, found by their words.
    public var counted: ExerciseTable { ExerciseTable(table: self) }

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
