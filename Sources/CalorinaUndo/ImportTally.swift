import CalorinaJournal
import CalorinaLanguage

/// What an import has done so far, and what its undo record says of it.
package struct ImportTally {
    /// Entries added (or, in a dry run, that would be), and the first and last day among them.
    package var added = EntrySpan()
    /// Entries already in the journal, left alone.
    package var skipped = 0
    /// Month → the ids added to it.
    package var ids: [String: [String]] = [:]
    /// The entries added, kept only in a script, whose undo folds them in whole.
    package var entries: [Entry] = []
    /// The import's undo record, written before each batch (not in a script, whose own
    /// record covers it): its name, the file, the map, and what it says until the end.
    package var intent: (id: String, file: String, map: ColumnMap?, change: String)?
    /// For a large import, the file of `ImportIDs` its ids go to instead of `ids`.
    package var idsFile: String?

    /// Nothing imported yet.
    package init() {}

    /// Counts entries just added, and their ids when they are not in `idsFile`.
    package mutating func add(_ fresh: [Entry]) {
        if idsFile == nil {
            for entry in fresh { ids[String(entry.date.prefix(7)), default: []].append(entry.id) }
        }
        added.add(fresh)
    }

    /// What the undo record says of the entries added so far.
    package func record(file: String, map: ColumnMap?) -> ImportedEntries {
        guard let idsFile else { return ImportedEntries(file: file, map: map, ids: ids) }
        return ImportedEntries(file: file, map: map, idsFile: idsFile, added: added.count)
    }
}
