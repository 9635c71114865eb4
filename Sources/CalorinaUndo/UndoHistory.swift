import CalorinaJournal
import CalorinaSupport

/// The undo and redo stacks: in memory for a script, in `undo.json` for the REPL and one-shot
/// commands, so that `undo` works after a restart.
public struct UndoHistory: StoredDocument {
    public static let fileName = "undo.json"
    /// 2 added `terminal` to each record; 3 an import's `importedEntries` (its ids, not its
    /// entries); 4 a record's `fields` (the profile's fields it set, not whole profiles) and `id`;
    /// 5 a large import's ids in a file of their own (`ImportedEntries.idsFile`). A file of an
    /// earlier version reads as it is, and is written in the oldest version that holds it.
    public static let supportedVersion = 5
    /// How many changes are kept, to undo and to redo each.
    public static let limit = 100
    /// The most entries a record keeps copies of for what a change added; past it, their id
    /// prefix and months (`UndoRecord.scriptEntries`): a `copy … force` of 32,000 entries made
    /// `undo.json` 23 MB, rewritten at every later change (issue 25, F14).
    public static let listLimit = 500

    public var version = UndoHistory.supportedVersion
    /// Oldest first.
    public var undo: [UndoRecord] = []
    /// What undo took back, most recent last.
    public var redo: [UndoRecord] = []
    /// The changes of other devices this device took back (`undo any`), by their records'
    /// `made`: the device that made one no longer takes it back itself. Nil when none.
    public var takenBack: [String]? = nil

    /// An empty history.
    public init() {}

    /// The oldest version that holds the history, the one it is written in: an older Calorina
    /// keeps reading an `undo.json` that holds nothing it does not know.
    public var writtenVersion: Int {
        if (undo + redo).contains(where: { $0.importedEntries?.idsFile != nil }) { return 5 }
        if undo.contains(where: \.needsVersion4) || redo.contains(where: \.needsVersion4) { return 4 }
        return undo.contains { $0.importedEntries != nil } || redo.contains { $0.importedEntries != nil } ? 3 : 2
    }
}

/// The entries the undo history says are out of the journal now: deleted by a change still in
/// force, or added by a change since undone. A backup made before those changes still holds them,
/// so `doctor restore` never takes them from one (issue 27).
public struct TakenOutEntries: Sendable {
    var ids: Set<String> = []
    /// The id prefixes of large scripts since undone, whose entries are found by them.
    var prefixes: [String] = []

    /// What `history` took out, replaying its changes in the order they were made: those in
    /// force oldest first, then those undone, in the order they were undone.
    public init(_ history: UndoHistory) {
        for record in history.undo {
            for entry in record.redo.remove { ids.insert(entry.id) }
            for entry in record.redo.add { ids.remove(entry.id) }
        }
        for record in history.redo {
            for entry in record.redo.add { ids.insert(entry.id) }
            for entry in record.redo.remove { ids.remove(entry.id) }
            if let script = record.scriptEntries { prefixes.append(script.idPrefix) }
            for list in record.importedEntries?.ids.values ?? [:].values { ids.formUnion(list) }
        }
    }

    /// Nothing known to be taken out.
    public init() {}

    /// True when the entry with this id was taken out.
    public func contains(_ id: String) -> Bool {
        ids.contains(id) || prefixes.contains { !$0.isEmpty && id.hasPrefix($0) }
    }
}
