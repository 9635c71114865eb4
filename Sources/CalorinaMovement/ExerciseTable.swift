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

/// The movements of the movement table counted in sets (data/exercises.tsv), found by the words
/// that name them.
public final class ExerciseTable: Sendable {
    /// Every movement, in the file's order.
    public let exercises: [Exercise]
    /// The movement each of its words names, keyed (`MovementTable.key`).
    let byWords: [String: Int]

    /// Reads the counted rows of the movement table's text.
    init(text: String) {
        (exercises, byWords) = MovementTable.read(text, kind: .counted) { fields, met, words in
            Exercise(
                name: String(fields[4]), words: words, isHold: fields[0] == "hold", met: met, code: String(fields[3]),
                secondsPerRep: Double(fields[6]) ?? 0)
        }
    }

    /// The movements compiled into the program.
    public static let bundled = ExerciseTable(text: bundledMovementsText)

    /// The movement the words name, all of them as one phrase ("push-ups", "bench press").
    public func find(_ text: String) -> Exercise? {
        byWords[MovementTable.key(text)].map { exercises[$0] }
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
        MovementTable.suggestions(text, among: byWords.keys, limit: limit)
    }
}
