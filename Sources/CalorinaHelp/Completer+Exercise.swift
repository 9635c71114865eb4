import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

extension Completer {
    /// The movements TAB offers after a count, and whether the count is a workout's alone
    /// ("3 sets of 10 push", "3x10 pul", "3x45s pla", "12 reps ben"), so that foods are not
    /// offered; after a bare number ("50 pu") they are offered with the foods, which it may as
    /// well count ("50 almo").
    static func movementWords(
        after text: [Unicode.Scalar], boundary: Int, prefix: String
    ) -> (words: [String], onlyMovements: Bool) {
        guard boundary > 0 else { return ([], false) }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text[..<boundary])
        let before = String(view).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let previous = before.last else { return ([], false) }
        let words = ExerciseTable.bundled.completionWords.filter { $0.hasPrefix(prefix) }
        if previous == "reps" || previous == "rep" || isSetsTimesCount(previous) { return (words, true) }
        guard isNumber(previous) else { return ([], false) }
        let saidSets = before.dropLast().contains { ["sets", "set", "x", "×"].contains($0) }
        return (words, saidSets)
    }

    /// `10`, `8,500`.
    private static func isNumber(_ word: Substring) -> Bool {
        let digits = word.filter { $0 != "," }
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }

    /// `3x10`, `x10`, `3×10`, `3x45s`: sets times a count, or a count of seconds.
    private static func isSetsTimesCount(_ word: Substring) -> Bool {
        guard let times = word.firstIndex(where: { $0 == "x" || $0 == "×" }) else { return false }
        let sets = word[..<times]
        var count = word[word.index(after: times)...]
        if count.hasSuffix("s") { count = count.dropLast() }
        return sets.allSatisfy(\.isASCIIDigit) && !count.isEmpty && count.allSatisfy(\.isASCIIDigit)
    }
}
