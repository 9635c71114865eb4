/// One change to the journal, as `JournalStore.apply(_:)` takes it.
///
/// Changes are applied in order, so an edit is a `remove` of the old entry followed by an `add` of
/// the new one with the same id, and a move to another day is the same across two months.
public enum JournalChange: Sendable, Equatable {
    /// Adds the entry to its day, after the entries already there; nothing happens if an entry with
    /// the same id is already in that month.
    case add(Entry)
    /// Removes the entry with this id from the month of `date` (`YYYY-MM-DD`); nothing happens if
    /// it is not there.
    case remove(id: String, date: String)

    /// The day the change is about, which decides the month file it touches.
    var date: String {
        switch self {
        case .add(let entry): entry.date
        case .remove(_, let date): date
        }
    }
}
