extension HelpText {
    /// `help questions`: what can be asked in plain words, and the command each answer names.
    static func questionsPage(_ topic: String) -> String? {
        guard ["question", "questions", "ask", "asking", "how", "what"].contains(topic) else { return nil }
        return """
            Ask in plain words; a question is never logged. The answer leads with the number,
            then names the command that shows it in full ('= history 7 protein'):
              how many calories do I have left · how many calories did I eat yesterday
              how much protein this week · did I drink enough water · what are my macros
              what did I have for lunch on monday · did I meet my goal · am I on track
              how's my weight · when will I reach my goal weight · how far did I run
              how many calories in a big mac · is a banana healthy · what should I eat for dinner
            A day, a meal or a period may be said anywhere: 'last night', 'this month'.
            '2 eggs?' and 'protein bar' still log.
            """
    }
}
