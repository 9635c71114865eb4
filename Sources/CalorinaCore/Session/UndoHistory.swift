#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Changes to the journal as data: what to add and what to remove, each way.
public struct ChangeSet: Codable, Equatable, Sendable {
    /// An entry to remove, by id and day.
    public struct Removal: Codable, Equatable, Sendable {
        public var id: String
        public var date: String
    }

    /// Entries taken out (applied first).
    public var remove: [Entry] = []
    /// Entries put in (applied after the removals, so an edit is a removal and an add of one id).
    public var add: [Entry] = []

    /// Creates a change set.
    public init(remove: [Entry] = [], add: [Entry] = []) {
        self.remove = remove
        self.add = add
    }

    /// The change set that takes this one back.
    public var inverse: ChangeSet { ChangeSet(remove: add, add: remove) }

    /// The store's changes, removals first.
    var journalChanges: [JournalChange] {
        remove.map { .remove(id: $0.id, date: $0.date) } + add.map(JournalChange.add)
    }
}

/// One change a person can undo and redo: journal entries, and the profile as it was and became.
public struct UndoRecord: Codable, Equatable, Sendable {
    /// What the change was, in words.
    public var change: String
    public var undo: ChangeSet
    public var redo: ChangeSet
    public var profileBefore: Profile?
    public var profileAfter: Profile?
    /// Whose change it is: the terminal it was made at (see `Session.Options.undoOwner`).
    public var owner: String?

    /// Creates a record.
    public init(
        change: String, undo: ChangeSet, redo: ChangeSet, profileBefore: Profile? = nil, profileAfter: Profile? = nil
    ) {
        self.change = change
        self.undo = undo
        self.redo = redo
        self.profileBefore = profileBefore
        self.profileAfter = profileAfter
    }
}

/// The undo and redo stacks: in memory for a script, in `undo.json` for the REPL and one-shot
/// commands, so that `undo` works after a restart.
public struct UndoHistory: StoredDocument {
    public static let fileName = "undo.json"
    public static let supportedVersion = 1
    /// How many changes are kept.
    public static let limit = 100

    public var version = UndoHistory.supportedVersion
    /// Oldest first.
    public var undo: [UndoRecord] = []
    /// What undo took back, most recent last.
    public var redo: [UndoRecord] = []

    /// An empty history.
    public init() {}
}

extension Session {
    /// Reads the history, changes it, and keeps it where this session keeps it.
    private func changeHistory(_ change: (inout UndoHistory) -> Bool) -> StoreError? {
        guard options.persistentUndo else {
            _ = change(&memoryHistory)
            return nil
        }
        do {
            try undoHistory.update(change)
            return nil
        } catch {
            return error
        }
    }

    /// Pushes a change on the undo stack and empties the redo stack.
    func remember(_ record: UndoRecord) -> StoreError? {
        var record = record
        let owner = options.undoOwner
        record.owner = owner
        return changeHistory { history in
            history.undo.append(record)
            if history.undo.count > UndoHistory.limit {
                history.undo.removeFirst(history.undo.count - UndoHistory.limit)
            }
            history.redo.removeAll { Session.mayTakeBack($0, owner: owner) }
            return true
        }
    }

    /// Whether this process may undo or redo a record: its own, or one whose process has ended
    /// (a REPL before a restart, an earlier one-shot command), but never that of another
    /// Calorina still running on the same data.
    static func mayTakeBack(_ record: UndoRecord, owner: String?) -> Bool {
        guard let recorded = record.owner, recorded != owner else { return true }
        guard recorded.hasPrefix("pid:"), let pid = Int32(recorded.dropFirst(4)) else { return true }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    func undo(line: String) -> Outcome {
        step(line: line, isRedo: false)
    }

    func redo(line: String) -> Outcome {
        step(line: line, isRedo: true)
    }

    private func step(line: String, isRedo: Bool) -> Outcome {
        let history: UndoHistory
        do {
            history = options.persistentUndo ? try undoHistory.load() : memoryHistory
        } catch {
            return .storeFailed(error)
        }
        let owner = options.undoOwner
        let stack: [UndoRecord] = isRedo ? history.redo : history.undo
        guard let index = stack.lastIndex(where: { (record: UndoRecord) in Session.mayTakeBack(record, owner: owner) })
        else {
            let message = isRedo ? "nothing to redo" : "nothing to undo"
            let hint = isRedo ? "redo puts back what undo took back" : "undo takes back the last change"
            return lineFailure(line, message, hint: hint)
        }
        let record = stack[index]
        let changes = isRedo ? record.redo : record.undo
        // Only what is still there is taken out: an entry another process deleted, or that a
        // restored backup never had, is not reported as removed.
        let removed = changes.remove.filter { entry in
            guard let date = CivilDate(entry.date), let day = try? dayEntries(date) else { return true }
            return day.contains { $0.id == entry.id }
        }
        if options.dryRun {
            return .undone(UndoReport(isRedo: isRedo, change: record.change, removed: removed, restored: changes.add))
        }
        if let error = apply(changes) { return .storeFailed(error) }
        if let profile = isRedo ? record.profileAfter : record.profileBefore {
            do {
                try profileStore.update { current in
                    current = profile
                    return true
                }
            } catch {
                return .storeFailed(error)
            }
        }
        if let error = changeHistory({ history in
            // Another process may have added records since: move this owner's newest.
            if isRedo {
                guard let index = history.redo.lastIndex(where: { Session.mayTakeBack($0, owner: owner) }) else {
                    return false
                }
                history.undo.append(history.redo.remove(at: index))
            } else {
                guard let index = history.undo.lastIndex(where: { Session.mayTakeBack($0, owner: owner) }) else {
                    return false
                }
                history.redo.append(history.undo.remove(at: index))
            }
            return true
        }) {
            return .storeFailed(error)
        }
        return .undone(UndoReport(isRedo: isRedo, change: record.change, removed: removed, restored: changes.add))
    }
}
