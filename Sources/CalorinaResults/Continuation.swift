import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaMonths
import CalorinaSupport
import CalorinaUndo

/// Where a line's work stands while a question waits for its answer: enough to go on from
/// there, so that answering neither handles the line again nor sets state on the session.
package enum Continuation: Equatable, Sendable {
    /// A log line, parsed and checked, whose foods are found once the pick is made.
    case logging(LogCommand, line: String)
    /// `edit N FOOD`, whose food is found once the pick is made.
    case replacingFood(Entry, LogItem, line: String)
    /// Entries made and numbered, to be saved once crossing the goal is confirmed.
    case recording(Recording)
    /// A weight, to be logged as typed once confirmed.
    case weighing(value: Double, unit: Unit?, day: DaySpec?, line: String)
    /// The `profile` dialog, at its question.
    case profile(ProfileDialog)
}

/// What `Session.record` was asked to add: the entries and how to report them.
package struct Recording: Equatable, Sendable {
    package var entries: [Entry]
    package var line: String
    package var change: String
    package var note: String? = nil
    package var corrections: [FoodIndex.Correction] = []
    package var caution: String? = nil
    /// What each entry assumed ("a served bowl: 3 cups"), in the order of `entries`.
    package var notes: [String?] = []
    /// The profile's fields the line sets too (a weight's), saved after the entries as part of
    /// the same undoable change.
    package var fields: [FieldChange]? = nil
    /// The record of the pick that chose the food, folded into this change once it is saved.
    package var choice: UndoRecord? = nil

    /// Every field, for the session, which makes it in another module.
    package init(
        entries: [Entry],
        line: String,
        change: String,
        note: String? = nil,
        corrections: [FoodIndex.Correction] = [],
        caution: String? = nil,
        notes: [String?] = [],
        fields: [FieldChange]? = nil,
        choice: UndoRecord? = nil
    ) {
        self.entries = entries
        self.line = line
        self.change = change
        self.note = note
        self.corrections = corrections
        self.caution = caution
        self.notes = notes
        self.fields = fields
        self.choice = choice
    }
}

extension Continuation {
    /// The line the question came from, which a failure after the answer points into.
    package var line: String {
        switch self {
        case .logging(_, let line), .replacingFood(_, _, let line), .weighing(_, _, _, let line): line
        case .recording(let recording): recording.line
        case .profile: "profile"
        }
    }
}
