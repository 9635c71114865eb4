/// The words for numbers a count may be written with.
package enum NumberWords {
    /// number-word = "a" | "an" | "one" | "two" | "three" | "four" | "five" | "six" | "seven"
    ///             | "eight" | "nine" | "ten" | "eleven" | "twelve" | "thirteen" | "fourteen"
    ///             | "fifteen" | "sixteen" | "seventeen" | "eighteen" | "nineteen" | tens-word
    ///             | tens-word , "-" , digit-word ;
    /// tens-word = "twenty" | "thirty" | "forty" | "fifty" | "sixty" | "seventy" | "eighty" | "ninety" ;
    /// digit-word = "one" | "two" | "three" | "four" | "five" | "six" | "seven" | "eight" | "nine" ;
    package static func value(of word: String) -> Double? {
        if let value = small[word] { return value }
        if let value = tens[word] { return value }
        // "twenty-five": a tens word and a unit word joined by a hyphen, as one word.
        guard word.count > 6, let dash = word.firstIndex(of: "-"), let value = tens[String(word[..<dash])],
            let unit = small[String(word[word.index(after: dash)...])], unit >= 1, unit <= 9
        else { return nil }
        return value + unit
    }

    private static let small: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
        "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]

    private static let tens: [String: Double] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
}
