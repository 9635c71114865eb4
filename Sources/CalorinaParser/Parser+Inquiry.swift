// Questions asked in plain words (issue 29): "how many calories do I have left", "what did I have
// for lunch on monday", "how much protein this week", "is a banana healthy". A line that asks is
// decided here, before any food reading, so a question is never logged: it is read as the view
// that answers it (`Inquiry.command`), or refused with what can be asked. Lines that only look
// like questions ("protein bar", "water 500 ml", "2 eggs?") are left to the log grammar.
//
// The reading is by keywords, not by a fixed word order, because people ask in any order and
// with typos: the when ("yesterday", "last night", "on monday") is the one `when` production every
// line has (Parser+When.swift), the period and the meal are taken off next, and what is left
// decides what is asked.

import CalorinaLanguage
import CalorinaSupport

extension Parser {
    /// question = question-start , { word } , [ "?" ]
    ///          | topic-word , { word } , "?" ;
    /// question-start = "how" | "what" | "what's" | "when" | "which" | "is" | "are" | "am"
    ///                | ( "did" | "do" | "have" | "should" | "can" | "will" ) , ( "i" | "we" | "my" )
    ///                | ( "tell" | "show" ) , "me" ;
    /// topic-word = "calories" | "kcal" | "cals" | nutrient | "water" | "macros" | "average" ;
    ///
    /// The question this line asks, or nil when it asks none. A line that asks but fits no
    /// answer is an error that says what can be asked; a line that is no question loses a
    /// closing `?` ("2 eggs?") and is read as a log line.
    mutating func parseInquiry() throws(ParseError) -> Inquiry? {
        guard let first = tokens.first, first.kind != .question, first.word != "help" else { return nil }
        // Most lines are log lines: a glance at their first words lets them pass at no cost.
        guard InquiryReading.mayAsk(typedTokens) else { return nil }
        var reading = InquiryReading(tokens: typedTokens, today: today)
        if let inquiry = try reading.read(scalars: scalars) { return inquiry }
        // "2 eggs?", "protein bar?": a log line said with a question mark.
        if tokens.count > 1, tokens.last?.kind == .question {
            tokens.removeLast()
            if typedTokens.last?.kind == .question { typedTokens.removeLast() }
        }
        return nil
    }
}
