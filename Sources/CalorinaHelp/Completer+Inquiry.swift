extension Completer {
    /// The questions TAB offers at the start of a line, once two letters of one are typed
    /// ("how m" → "how many calories do I have left", …): the forms `help questions` teaches.
    public static let questionPhrases = [
        "how many calories do I have left", "how many calories did I eat", "how many calories did I burn",
        "how many calories in", "how much protein today", "how much protein this week", "how much water today",
        "how many steps today", "how many pushups this week", "how far did I run this week", "how am I doing",
        "how's my weight", "what did I eat today", "what did I eat yesterday", "what did I have for lunch",
        "what are my macros today", "what's in", "what should I eat", "what should I eat for dinner",
        "did I meet my goal", "did I drink enough water", "am I on track this week", "is a banana healthy",
        "when will I reach my goal weight",
    ]

    /// The questions that start with the text typed, from the start of the line.
    static func questions(startingWith typed: String) -> [String] {
        guard typed.count >= 2 else { return [] }
        return questionPhrases.filter { $0.lowercased().hasPrefix(typed) }
    }
}
