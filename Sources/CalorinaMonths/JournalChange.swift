import CalorinaFiles

/// One change to the journal, as `JournalStore.apply(_:)` takes it.
///
/// Changes are applied in order, so an edit is a `remove` of the old entry followed by an `add` of
/// the new one with the same id (which takes the old one's place among the day's entries), and a
/// move to another day is the same across two months.
public enum JournalChange: Sendable, Equatable {
    /// Adds the entry to its day, after the entries already there; nothing happens if an entry with
    /// the same id is already in that month.
    case add(Entry)
    /// Removes the entry with this id from the month of `date` (`YYYY-MM-DD`); nothing happens if
    /// it is not there.
    case remove(id: String, date: String)
    /// Adds the entry back where it stood (undoing a delete): right after the entry with the id
    /// `after`, or first of its day when that is nil; at the end, as `add`, when that entry is
    /// gone. Its time still orders it among entries of other times.
    case insert(Entry, after: String?)

    /// The day the change is about, which decides the month file it touches.
    public var date: String {
        switch self {
        case .add(let entry), .insert(let entry, _): entry.date
        case .remove(_, let date): date
        }
    }
}
