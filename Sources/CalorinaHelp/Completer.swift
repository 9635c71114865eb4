import CalorinaFoods
import CalorinaSupport

/// Completion candidates for the text left of the cursor: food names (several words long),
/// meal words, units and command words. The executable only talks to the line editor.
public struct Completer: Sendable {
    /// What can complete the text, and how much of it they replace.
    public struct Result: Equatable, Sendable {
        /// How many scalars at the end of the text the candidates replace.
        public var replacing: Int
        /// The candidates, sorted, unique.
        public var candidates: [String]

        /// The longest text all candidates start with.
        public var commonPrefix: String {
            guard var prefix = candidates.first else { return "" }
            for candidate in candidates.dropFirst() {
                while !candidate.hasPrefix(prefix) { prefix.removeLast() }
            }
            return prefix
        }
    }

    /// Command words, completed at the start of a line (from `CommandTable`).
    public static let commandWords = CommandTable.completedWords
    /// Words that may follow a food.
    public static let modifierWords = [
        "breakfast", "lunch", "dinner", "snack", "for breakfast", "for lunch", "for dinner", "yesterday", "today",
    ]

    /// The food index whose names complete.
    public let index: FoodIndex
    /// The names of the person's own foods, aliases and recipes, lowercased: they complete with
    /// the bundled names (`ownNames(_:)`).
    public var ownNames: [String]
    private let unitWords: [String]

    /// Creates a completer over an index and the person's own names.
    public init(index: FoodIndex, ownNames: [String] = []) {
        self.index = index
        self.ownNames = ownNames
        unitWords = (Unit.words + ["fl oz"]).sorted()
    }

    /// The names of one's own foods, aliases and recipes, as they complete.
    public static func ownNames(_ foods: UserFoods) -> [String] {
        let names = foods.foods.map(\.name) + foods.aliases.map(\.name) + foods.recipes.map(\.name)
        return Array(Set(names.map { $0.lowercased() })).sorted()
    }

    /// Candidates for the text before the cursor. Tries each suffix that starts at a word
    /// boundary, longest first, so "2 orange j" completes "orange j" to "orange juice".
    public func complete(_ text: String, limit: Int = 500) -> Result {
        let scalars = Array(text.lowercased().unicodeScalars)
        var boundaries: [Int] = []
        for index in scalars.indices where !isSpace(scalars[index]) && (index == 0 || isSpace(scalars[index - 1])) {
            boundaries.append(index)
        }
        if let last = scalars.last, isSpace(last) { return Result(replacing: 0, candidates: []) }
        for boundary in boundaries {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[boundary...])
            let suffix = String(view)
            var candidates = index.completions(prefix: suffix, limit: limit)
            candidates += ownNames.filter { $0.hasPrefix(suffix) }
            let isFirstWord = boundary == boundaries.first
            if isFirstWord {
                candidates += Completer.commandWords.filter { $0.hasPrefix(suffix) }
                candidates += Completer.questions(startingWith: suffix)
            }
            if boundary != boundaries.first || !suffix.contains(" ") {
                candidates += Completer.modifierWords.filter { $0.hasPrefix(suffix) }
                if !isFirstWord { candidates += unitWords.filter { $0.hasPrefix(suffix) } }
                if !isFirstWord {
                    let movements = Completer.movementWords(after: scalars, boundary: boundary, prefix: suffix)
                    if movements.onlyMovements, !movements.words.isEmpty {
                        return Result(replacing: scalars.count - boundary, candidates: movements.words.sorted())
                    }
                    candidates += movements.words
                }
            }
            if !candidates.isEmpty {
                return Result(replacing: scalars.count - boundary, candidates: Array(Set(candidates)).sorted())
            }
        }
        return Result(replacing: 0, candidates: [])
    }

    private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }
}
