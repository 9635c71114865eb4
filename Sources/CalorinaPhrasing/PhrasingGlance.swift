import CalorinaLanguage
import CalorinaSupport

/// What a line holds that the phrasing rules react to, found in one pass over its tokens (a
/// word costs one dictionary lookup): a rule whose words and punctuation the line does not hold
/// would change nothing, and is not run.
struct PhrasingGlance: OptionSet {
    let rawValue: UInt32

    /// A word of `PhrasingWords.triggers`: without one (or punctuation) the pass does nothing.
    static let triggerWord = PhrasingGlance(rawValue: 1 << 0)
    /// An eating verb that may stand inside a sentence (`dropSentencePrefix`).
    static let eatingVerb = PhrasingGlance(rawValue: 1 << 1)
    /// "was", "is", … after a meal (`rewriteMealAnnouncements`).
    static let announcingVerb = PhrasingGlance(rawValue: 1 << 2)
    /// "inch", "inches", "foot" (`rewriteSizes`).
    static let sizeWord = PhrasingGlance(rawValue: 1 << 3)
    /// "to", "or" between numbers (`rewriteRanges`).
    static let rangeWord = PhrasingGlance(rawValue: 1 << 4)
    /// A word `rewriteCompounds` starts from.
    static let compoundWord = PhrasingGlance(rawValue: 1 << 5)
    /// A word a time or meal phrase starts with, or "am"/"pm" (`moveTimesAndMeals`).
    static let timeWord = PhrasingGlance(rawValue: 1 << 6)
    /// "to" (taste), "plus" (more), "or" (`dropNotes`).
    static let noteWord = PhrasingGlance(rawValue: 1 << 7)
    /// A word `dropSentenceFrames` starts from.
    static let frameWord = PhrasingGlance(rawValue: 1 << 8)
    /// A word `dropSentenceFrames` starts from when the next word says so: "a bit", "with my",
    /// "over easy", "at the …" (`opensFrame`). Only in `PhrasingWords.roles`: the glance
    /// reads it as `frameWord` or nothing.
    static let framePhrase = PhrasingGlance(rawValue: 1 << 21)
    /// A word `rewriteJoiners` reads as a joiner.
    static let joinerWord = PhrasingGlance(rawValue: 1 << 9)
    /// A number typed with a "/": "1/2", "80/20".
    static let numberWithSlash = PhrasingGlance(rawValue: 1 << 10)
    /// A word that starts with a number and holds a "-": "15-oz", "6-inch".
    static let numberedWord = PhrasingGlance(rawValue: 1 << 11)
    static let open = PhrasingGlance(rawValue: 1 << 12)
    static let close = PhrasingGlance(rawValue: 1 << 13)
    static let slash = PhrasingGlance(rawValue: 1 << 14)
    static let colon = PhrasingGlance(rawValue: 1 << 15)
    static let minus = PhrasingGlance(rawValue: 1 << 16)
    static let comma = PhrasingGlance(rawValue: 1 << 17)
    static let semicolon = PhrasingGlance(rawValue: 1 << 18)
    static let unknown = PhrasingGlance(rawValue: 1 << 19)
    static let plus = PhrasingGlance(rawValue: 1 << 20)
    /// A container word ("bottle", "can") or a number after "a" (`rewriteSizedContainers`).
    static let containerWord = PhrasingGlance(rawValue: 1 << 22)
    /// A word that says the line is prose: "savoured", "paired", "refreshing" (`readProse`).
    static let proseWord = PhrasingGlance(rawValue: 1 << 23)
    /// A word of a recipe's amount: a unit, a length, "plus", "each", "quarters"
    /// (`PhrasingPass+RecipeAmounts.swift`).
    static let amountWord = PhrasingGlance(rawValue: 1 << 24)

    /// What makes a line worth a pass at all: a trigger word, punctuation, or a number typed
    /// with a "/" or a word that starts with one.
    static let anyTrigger: PhrasingGlance = [
        .triggerWord, .numberWithSlash, .numberedWord, .open, .close, .slash, .colon, .minus, .comma, .semicolon,
        .unknown, .plus, .containerWord, .proseWord, .amountWord,
    ]

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The glance at a line's tokens.
    init(_ tokens: [Token], scalars: [Unicode.Scalar]) {
        var seen: PhrasingGlance = []
        let words = PhrasingWords.roles
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .word(let word):
                if var roles = words[word] {
                    if roles.contains(.framePhrase) {
                        roles.remove(.framePhrase)
                        let next = index + 1 < tokens.count ? tokens[index + 1].word : nil
                        if let next, PhrasingGlance.opensFrame(word, next: next) { roles.insert(.frameWord) }
                    }
                    seen.formUnion(roles)
                }
                if PhrasingGlance.startsWithNumber(word), word.contains("-") { seen.insert(.numberedWord) }
            case .number:
                if scalars[token.range.start..<min(token.range.end, scalars.count)].contains("/") {
                    seen.insert(.numberWithSlash)
                }
                if index > 0, let before = tokens[index - 1].word, before == "a" || before == "an" {
                    seen.insert(.containerWord)
                }
            case .open: seen.insert(.open)
            case .close: seen.insert(.close)
            case .slash: seen.insert(.slash)
            case .colon: seen.insert(.colon)
            case .minus: seen.insert(.minus)
            case .comma: seen.insert(.comma)
            case .semicolon: seen.insert(.semicolon)
            case .unknown: seen.insert(.unknown)
            case .plus: seen.insert(.plus)
            default: break
            }
        }
        // A line that ends with a full stop after a word is a sentence ("… is on the menu."):
        // prose (`readProse`).
        if let last = tokens.last, last.word != nil, let end = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }),
            scalars[end] == ".", end >= last.range.end
        {
            seen.insert(.proseWord)
        }
        self = seen
    }

    /// True when `word` and the word after it open a phrase `dropSentenceFrames` drops or
    /// rewrites: "a bit", "a little", "with my", "over easy", "at the", "while …".
    static func opensFrame(_ word: String, next: String) -> Bool {
        switch word {
        case "a": return next == "bit" || next == "little"
        case "with": return next == "my" || next == "the" || next == "our" || next == "a"
        case "over": return next == "easy" || next == "medium" || next == "hard" || next == "well"
        case "while", "during": return true
        default: return PhrasingWords.placeOpeners.contains(next)
        }
    }

    /// True when the word's first character is a number ("15-oz", "7-up"); an ASCII first
    /// byte decides without building the character.
    static func startsWithNumber(_ word: String) -> Bool {
        guard let byte = word.utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return word.first?.isNumber == true
    }
}
