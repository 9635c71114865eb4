import CalorinaLanguage
import CalorinaSupport
import Synchronization

/// Finds foods by the words a person typed, ranked the way they mean them.
///
/// A food is a candidate when it holds every word typed (in its name or a synonym). What decides
/// among candidates, strongest first:
///
/// 1. An everyday name ("oj", "flour") said exactly.
/// 2. Agreement: the head of the typed words (the last word that can say which food is meant:
///    "flour" in "all-purpose flour") is what the food is, one of its head nouns ("Wheat flour"),
///    or, weaker, which kind of it ("Cheese, ricotta" for "ricotta"), or the words are all of a
///    synonym or a brand's product name ("coke", "cheerios"). A food that agrees only
///    through another word ("pizza" in "pizza slice") or not at all ("Corn flour patty" for
///    "flour", a candy for "peanut butter") is a weak match: the resolver asks, never guesses.
/// 3. The food's head said exactly, or its whole name, or a synonym; then all the words in the
///    head; generic foods ("NFS", "NS as to …") first, fewer unasked-for words before more.
/// 4. FNDDS (foods as eaten) before SR28 (ingredients) when both fit as well: "butter" is FNDDS's
///    butter, while "flour", "salt" and "baking soda", which FNDDS has no food for, are SR28's.
///
/// A word the table does not know, of four letters or more, is read as the nearest word it does
/// know (one edit, two for eight letters or more), and the lookup says so ("garlc → garlic"); an
/// English word that is no food word is never read as one ("flower" is not flour). Words that
/// cannot name a food ("no", "ok", "fine", single letters) find nothing on their own.
///
/// Words are vocabulary ids (`FoodTable`), so a lookup compares small sorted integer arrays and
/// reads only the foods that hold every word typed.
public final class FoodIndex: Sendable {
    /// How far what a food is agrees with what was named, weakest first.
    public enum Agreement: Int, Comparable, Sendable {
        /// Only a modifier of the food's name was typed ("cinnamon" for a cinnamon doughnut).
        case none
        /// Another typed word, not the head, is what the food is ("pizza" in "pizza slice").
        case otherWord
        /// The head is which kind of food it is ("ricotta" for "Cheese, ricotta").
        case kind
        /// The head is what the food is ("flour" for "Wheat flour").
        case noun

        public static func < (lhs: Agreement, rhs: Agreement) -> Bool { lhs.rawValue < rhs.rawValue }

        /// What the agreement adds to a score: more than any other part of it can.
        var weight: Double { Double(rawValue) * 200 }
    }

    /// A typed word read as another: "garlc" as "garlic".
    public struct Correction: Equatable, Sendable {
        /// The word as typed (normalized).
        public var typed: String
        /// The table's word it was read as.
        public var read: String
    }

    /// A food found for a query, with how well it matched.
    public struct Match: Equatable, Sendable {
        /// The food's index in the table.
        public var index: Int
        /// Higher is better.
        public var score: Double
        /// True when every word typed is in the food's head, a synonym or an everyday name, and
        /// the food is what was named: the food is what was said, not merely one that mentions it.
        public var isStrong: Bool
        /// True when the words are the food's name itself: an everyday name, its head or a
        /// synonym said exactly.
        public var isExact: Bool
        /// True when the words are the food's name in its own order: an everyday name, the head or
        /// a synonym word for word ("pound cake", not "cake pound").
        public var isInOrder: Bool = false
        /// True when the match is an everyday name (its portion, if any, is `everydayPortion`).
        public var isEveryday: Bool
        /// The portion an everyday name means by a count, if any.
        public var everydayPortion: String?
        /// How far what the food is agrees with what was named.
        public var agreement: Agreement = .noun

        /// A food taken as it was chosen (a pick remembered or made from a list, a code, the raw
        /// food of an ingredient): no search ranked it, so it is the strongest match there is.
        public static func chosen(_ index: Int) -> Match {
            Match(index: index, score: 2000, isStrong: true, isExact: true, isEveryday: false)
        }

        /// True when only a modifier, or a word other than the head, agrees: not to be taken
        /// without asking.
        public var isWeak: Bool { !isEveryday && agreement < .kind }
    }

    /// What a lookup found, and how it read the words.
    public struct Lookup: Equatable, Sendable {
        /// The foods, best first.
        public var matches: [Match]
        /// The typed words read as others, in order.
        public var corrections: [Correction]
        /// The typed words (key words, as `FoodWords.keyWords` gives them) the lookup let go to
        /// find a food: the matches hold every other typed word, none of these.
        public var letGo: [String] = []

        /// A lookup's result as the resolver states it (a remembered choice).
        package init(matches: [Match], corrections: [Correction], letGo: [String] = []) {
            self.matches = matches
            self.corrections = corrections
            self.letGo = letGo
        }
    }

    /// The table searched.
    public let table: FoodTable
    /// Typo corrections already worked out (a miss is remembered as nil): a script repeats its
    /// words, and each correction compares the word with the whole vocabulary.
    let typoCache = Mutex<[String: String?]>([:])
    /// Lookups already made, by what was asked: a diary repeats its foods and a script its lines,
    /// and a lookup depends on nothing else (the table never changes). Kept small: at most
    /// `lookupCacheLimit` answers, forgotten all at once when full.
    let lookupCache = Mutex<[LookupKey: Lookup]>([:])
    static let lookupCacheLimit = 1024

    /// Each vocabulary word's length and letter mask (`letterMask`), made at the first typo: a
    /// search for the nearest word then reads two small arrays, not every word's bytes.
    let wordShapes = Mutex<WordShapes?>(nil)

    /// The words of everyday names (`eatenWords`), made at the first need.
    let eaten = Mutex<Set<Int32>?>(nil)

    struct WordShapes: Sendable {
        var lengths: [Int32] = []
        var masks: [UInt64] = []
        /// The words of everyday names (`FoodTable.allEverydayNames`): the words people eat, the
        /// only ones a typo is read as. Empty when the table has no everyday names: then any word.
        var eaten: Set<Int32> = []
    }

    /// What a lookup was asked.
    struct LookupKey: Hashable {
        var text: String
        var limit: Int
        var lettingGo: Bool
    }

    /// Builds the index.
    public init(table: FoodTable) {
        self.table = table
    }

    /// The index of the bundled table.
    public static let bundled = FoodIndex(table: .bundled)

    /// The completion names of the table.
    public var completionNames: [String] { table.completionNames }

    /// True when every element of the sorted `small` is in the sorted `large`.
    @inline(__always)
    static func isSubset(_ small: ArraySlice<Int32>, of large: ArraySlice<Int32>) -> Bool {
        var j = large.startIndex
        for value in small {
            while j < large.endIndex && large[j] < value { j += 1 }
            if j == large.endIndex || large[j] != value { return false }
        }
        return true
    }

    /// How many elements the sorted `a` and `b` share.
    @inline(__always)
    package static func intersectionCount(_ a: ArraySlice<Int32>, _ b: ArraySlice<Int32>) -> Int {
        var count = 0
        forEachShared(a, b) { _ in count += 1 }
        return count
    }

    /// The elements the sorted `a` and `b` share, sorted: written into an array as large as the
    /// smaller, without bounds checks (the postings of a common word run to hundreds).
    static func intersection(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                [Int32](unsafeUninitializedCapacity: min(a.count, b.count)) { result, count in
                    count = 0
                    forEachShared(a, b) { shared in
                        result[count] = shared
                        count += 1
                    }
                }
            }
        }
    }

    /// Calls `body` with each element the sorted `a` and `b` share, in order: the one merge walk
    /// of `intersectionCount` and `intersection` (as fast as either written out, measured).
    @inline(__always)
    private static func forEachShared<Sorted: RandomAccessCollection<Int32>>(
        _ a: Sorted, _ b: Sorted, _ body: (Int32) -> Void
    ) {
        var i = a.startIndex
        var j = b.startIndex
        while i < a.endIndex && j < b.endIndex {
            if a[i] == b[j] {
                body(a[i])
                a.formIndex(after: &i)
                b.formIndex(after: &j)
            } else if a[i] < b[j] {
                a.formIndex(after: &i)
            } else {
                b.formIndex(after: &j)
            }
        }
    }

    /// True when the slice holds the words, in order: their counts first, which mostly differ.
    @inline(__always)
    static func same(_ slice: ArraySlice<Int32>, _ words: [Int32]) -> Bool {
        slice.count == words.count && slice.elementsEqual(words)
    }

    /// True when the sorted `sorted` holds `value`.
    @inline(__always)
    static func contains(_ sorted: ArraySlice<Int32>, _ value: Int32) -> Bool {
        var low = sorted.startIndex
        var high = sorted.endIndex
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] == value { return true }
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return false
    }

    // MARK: - Completion

    /// Completion names that start with `prefix` (lowercased), in order, at most `limit`.
    public func completions(prefix: String, limit: Int = 200) -> [String] {
        let names = table.completionNames
        let prefix = prefix.lowercased()
        var low = 0
        var high = names.count
        while low < high {
            let mid = (low + high) / 2
            if names[mid] < prefix { low = mid + 1 } else { high = mid }
        }
        var result: [String] = []
        var index = low
        while index < names.count, names[index].hasPrefix(prefix), result.count < limit {
            result.append(names[index])
            index += 1
        }
        return result
    }
}
