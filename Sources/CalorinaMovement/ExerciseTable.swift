import CalorinaSupport

/// A movement logged by sets and repetitions (or seconds held), with the MET value of the
/// Compendium of Physical Activities (2011) that works out its kcal.
public struct Exercise: Equatable, Sendable {
    /// `Push-ups`, `Bench press`.
    public var name: String
    /// The words that name it; the first is the one TAB completes.
    public var words: [String]
    /// True for a movement counted in seconds held (plank), not in repetitions.
    public var isHold: Bool
    /// Metabolic equivalents while doing it: kcal per kg per hour.
    public var met: Double
    /// The Compendium's code the MET value is taken from.
    public var code: String
    /// A typical repetition's seconds; 0 for a hold.
    public var secondsPerRep: Double
}

/// The bundled movements (data/exercises.tsv), found by the words that name them.
public final class ExerciseTable: Sendable {
    /// Every movement, in the file's order.
    public let exercises: [Exercise]
    private let byWords: [String: Int]

    init(text: String) {
        var exercises: [Exercise] = []
        var byWords: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let met = Double(fields[2]) else { continue }
            let words = fields[0].split(separator: ",").map(String.init)
            let index = exercises.count
            exercises.append(
                Exercise(
                    name: String(fields[5]), words: words, isHold: fields[1] == "hold", met: met,
                    code: String(fields[3]), secondsPerRep: Double(fields[4]) ?? 0))
            for word in words { byWords[ExerciseTable.key(word)] = index }
        }
        self.exercises = exercises
        self.byWords = byWords
    }

    /// The table compiled into the program.
    public static let bundled = ExerciseTable(text: bundledExercisesText)

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

    /// The movement the words name, all of them as one phrase ("push-ups", "bench press").
    public func find(_ text: String) -> Exercise? {
        byWords[ExerciseTable.key(text)].map { exercises[$0] }
    }

    /// The movement an entry was logged as, by its display name.
    public func named(_ name: String) -> Exercise? {
        exercises.first { $0.name == name }
    }

    /// One word a movement for each, for TAB: `pushups`, `bench press`, `plank`.
    public var completionWords: [String] {
        exercises.compactMap(\.words.first)
    }

    /// Movement words within two edits of the text, for "did you mean".
    public func suggestions(_ text: String, limit: Int = 3) -> [String] {
        let key = ExerciseTable.key(text)
        guard key.count >= 3 else { return [] }
        return byWords.keys.filter { editDistance(key, $0, limit: 2) <= 2 }.sorted().prefix(limit).map { $0 }
    }
}
