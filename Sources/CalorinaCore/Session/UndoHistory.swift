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
        changeHistory { history in
            history.undo.append(record)
            if history.undo.count > UndoHistory.limit {
                history.undo.removeFirst(history.undo.count - UndoHistory.limit)
            }
            history.redo.removeAll()
            return true
        }
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
        guard let record = isRedo ? history.redo.last : history.undo.last else {
            let message = isRedo ? "nothing to redo" : "nothing to undo"
            let hint = isRedo ? "redo puts back what undo took back" : "undo takes back the last change"
            return .failed(
                LineFailure(
                    line: line,
                    problems: [.init(message: message, hint: hint, range: SourceRange(0, line.unicodeScalars.count))]))
        }
        let changes = isRedo ? record.redo : record.undo
        if options.dryRun {
            return .undone(
                UndoReport(isRedo: isRedo, change: record.change, removed: changes.remove, restored: changes.add))
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
            if isRedo {
                guard let last = history.redo.popLast() else { return false }
                history.undo.append(last)
            } else {
                guard let last = history.undo.popLast() else { return false }
                history.redo.append(last)
            }
            return true
        }) {
            return .storeFailed(error)
        }
        return .undone(
            UndoReport(isRedo: isRedo, change: record.change, removed: changes.remove, restored: changes.add))
    }
}
