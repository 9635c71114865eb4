import CalorinaFoods
import CalorinaJournal
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Changes to the journal as data: what to add and what to remove, each way.
public struct ChangeSet: Codable, Equatable, Sendable {
    /// Entries taken out (applied first).
    public var remove: [Entry] = []
    /// Entries put in (applied after the removals, so an edit is a removal and an add of one id).
    public var add: [Entry] = []
    /// Where deleted entries stood, so that putting them back puts them there again: entry id →
    /// the id of the entry before it in its day ("" for the first). Nil for other changes.
    public var places: [String: String]? = nil

    /// Creates a change set.
    public init(remove: [Entry] = [], add: [Entry] = [], places: [String: String]? = nil) {
        self.remove = remove
        self.add = add
        self.places = places
    }

    /// The change set that takes this one back.
    public var inverse: ChangeSet { ChangeSet(remove: add, add: remove, places: places) }

    /// The store's changes, removals first.
    var journalChanges: [JournalChange] {
        remove.map { .remove(id: $0.id, date: $0.date) }
            + add.map { entry in
                guard let place = places?[entry.id] else { return .add(entry) }
                return .insert(entry, after: place.isEmpty ? nil : place)
            }
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
    /// Changes to the user's foods, aliases, recipes and remembered picks, in order.
    public var foods: [UserFoodsChange]? = nil
    /// A large script's own entries, found by their ids when it is undone (it cannot be redone).
    public var scriptEntries: ScriptEntries? = nil
    /// An import's entries, by their ids: undo takes them out, redo reads the file again.
    public var importedEntries: ImportedEntries? = nil
    /// Whose change it is: the process that made it (`pid:N`, see `Session.Options.undoOwner`).
    public var owner: String?
    /// Where it was made: the terminal (`/dev/pts/3`) or, without one, the login session
    /// (`sid:N`); see `Session.Options.undoTerminal`. Absent in records of version 1.
    public var terminal: String?

    /// Creates a record.
    public init(
        change: String, undo: ChangeSet, redo: ChangeSet, profileBefore: Profile? = nil, profileAfter: Profile? = nil,
        foods: [UserFoodsChange]? = nil
    ) {
        self.change = change
        self.undo = undo
        self.redo = redo
        self.profileBefore = profileBefore
        self.profileAfter = profileAfter
        self.foods = foods
    }
}

/// The undo and redo stacks: in memory for a script, in `undo.json` for the REPL and one-shot
/// commands, so that `undo` works after a restart.
public struct UndoHistory: StoredDocument {
    public static let fileName = "undo.json"
    /// 2 added `terminal` to each record; 3 an import's `importedEntries` (its ids, not its
    /// entries); a version 1 or 2 file reads as it is.
    public static let supportedVersion = 3
    /// How many changes are kept.
    public static let limit = 100

    public var version = UndoHistory.supportedVersion
    /// Oldest first.
    public var undo: [UndoRecord] = []
    /// What undo took back, most recent last.
    public var redo: [UndoRecord] = []

    /// An empty history.
    public init() {}

    /// The oldest version that holds the history, the one it is written in: an older Calorina
    /// keeps reading an `undo.json` that holds nothing it does not know.
    public var writtenVersion: Int {
        undo.contains { $0.importedEntries != nil } || redo.contains { $0.importedEntries != nil } ? 3 : 2
    }
}

extension Session {
    /// Reads the history, changes it, and keeps it where this session keeps it.
    private func changeHistory(_ change: (inout UndoHistory) -> Bool) throws(SessionError) {
        guard options.persistentUndo else {
            _ = change(&memoryHistory)
            return
        }
        try stored { () throws(StoreError) in
            try undoHistory.update { history in
                let changed = change(&history)
                // Written in the oldest version that holds what it has now.
                if changed { history.version = history.writtenVersion }
                return changed
            }
        }
    }

    /// Pushes a change on the undo stack and empties this owner's redo stack.
    func remember(_ record: UndoRecord) throws(SessionError) {
        var record = record
        let owner = options.undoOwner
        record.owner = owner
        record.terminal = options.undoTerminal
        // A script keeps its last changes to undo one by one; older ones go into the one
        // change the whole script will be.
        let folding = options.batch && !options.persistentUndo && !options.dryRun
        var evicted: [UndoRecord] = []
        try changeHistory { history in
            history.undo.append(record)
            // A script's history is trimmed a hundred records at a time, not one a line: moving
            // the hundred it keeps on every line was a seventh of a long script's time. It keeps
            // at least its last `limit` changes to undo one by one.
            let keep = folding ? 2 * UndoHistory.limit : UndoHistory.limit
            if history.undo.count > keep {
                let excess = history.undo.count - UndoHistory.limit
                if folding { evicted = Array(history.undo.prefix(excess)) }
                history.undo.removeFirst(excess)
            }
            history.redo.removeAll { $0.owner == owner }
            return true
        }
        for old in evicted { scriptChange.fold(old) }
    }

    /// Whose a record is, seen from this process.
    enum Ownership: Equatable {
        /// Made by this process.
        case own
        /// Made at this terminal by a Calorina that has ended: a REPL before a restart, an
        /// earlier one-shot command.
        case sameTerminal
        /// Made elsewhere, or by a Calorina still running: taken back only by `undo any`.
        case other
    }

    /// Whose `record` is, for a process that is `owner` at `terminal`.
    static func ownership(of record: UndoRecord, owner: String?, terminal: String?) -> Ownership {
        if record.owner == owner { return .own }
        guard let terminal, record.terminal == terminal else { return .other }
        guard let recorded = record.owner else { return .sameTerminal }
        guard recorded.hasPrefix("pid:"), let pid = Int32(recorded.dropFirst(4)) else { return .other }
        return kill(pid, 0) != 0 && errno == ESRCH ? .sameTerminal : .other
    }

    /// The record `undo` (or `redo`) takes back from `stack`: this process's newest change first,
    /// then the newest of an ended Calorina at the same terminal; with `anyone`, simply the newest.
    func takeBackIndex(in stack: [UndoRecord], anyone: Bool) -> Int? {
        if anyone { return stack.indices.last }
        let owner = options.undoOwner
        let terminal = options.undoTerminal
        if let own = stack.lastIndex(where: { $0.owner == owner }) { return own }
        return stack.lastIndex { Session.ownership(of: $0, owner: owner, terminal: terminal) == .sameTerminal }
    }

    func undo(anyone: Bool, line: String) throws(SessionError) -> Outcome {
        try step(line: line, isRedo: false, anyone: anyone)
    }

    func redo(anyone: Bool, line: String) throws(SessionError) -> Outcome {
        try step(line: line, isRedo: true, anyone: anyone)
    }

    private func step(line: String, isRedo: Bool, anyone: Bool) throws(SessionError) -> Outcome {
        let persistent = options.persistentUndo
        let history = try stored { () throws(StoreError) in persistent ? try undoHistory.load() : memoryHistory }
        let stack: [UndoRecord] = isRedo ? history.redo : history.undo
        guard let index = takeBackIndex(in: stack, anyone: anyone) else {
            if let newest = stack.last {
                // Never silently: say whose the newest change is and how to take it back.
                throw SessionError(.nothingOfYours(isRedo: isRedo, newest: newest.change, whose: Session.whose(newest)))
            }
            throw SessionError(.nothingToTakeBack(isRedo: isRedo))
        }
        let record = stack[index]
        if isRedo, record.scriptEntries != nil { throw SessionError(.tooLargeToRedo(record.change)) }
        let owner = options.undoOwner
        let madeBy: String? =
            Session.ownership(of: record, owner: owner, terminal: options.undoTerminal) == .other
            ? Session.whose(record) : nil
        var changes = isRedo ? record.redo : record.undo
        if let imported = record.importedEntries {
            if isRedo {
                changes.add += try importedAgain(imported)
            } else {
                changes.remove += try importedStill(imported)
            }
        }
        if !isRedo, let script = record.scriptEntries {
            // A large script's own entries, found by their ids.
            for month in script.months {
                changes.remove += try stored { () throws(StoreError) in try store.entries(inMonth: month) }.filter {
                    $0.id.count == 16 && $0.id.hasPrefix(script.idPrefix)
                }
            }
        }
        // Only what is still there is taken out: an entry another process deleted, or that a
        // restored backup never had, is not reported as removed. Each day is read once, so that
        // taking back a change of N entries costs N, not N times the day.
        var idsByDate: [String: Set<String>] = [:]
        let removed = changes.remove.filter { entry in
            if idsByDate[entry.date] == nil {
                guard let date = CivilDate(entry.date), let day = try? dayEntries(date) else { return true }
                idsByDate[entry.date] = Set(day.map(\.id))
            }
            return idsByDate[entry.date]?.contains(entry.id) ?? true
        }
        if options.dryRun {
            return .undone(
                UndoReport(isRedo: isRedo, change: record.change, removed: removed, restored: changes.add, madeBy: madeBy))
        }
        try apply(changes)
        if let profile = isRedo ? record.profileAfter : record.profileBefore {
            try stored { () throws(StoreError) in
                try profileStore.update { current in
                    current = profile
                    return true
                }
            }
        }
        if let changes = record.foods, !changes.isEmpty {
            let steps = isRedo ? changes : changes.reversed().map(\.inverse)
            try stored { () throws(StoreError) in
                try userFoods.update { foods in
                    var changed = false
                    for step in steps where step.apply(to: &foods) { changed = true }
                    if changed { foods.version = foods.versionNeeded }
                    return changed
                }
            }
        }
        try changeHistory { history in
            // Another process may have added records since: move the record taken back, found
            // again by what it is rather than where it was.
            if isRedo {
                guard let index = history.redo.lastIndex(of: record) else { return false }
                history.undo.append(history.redo.remove(at: index))
            } else {
                guard let index = history.undo.lastIndex(of: record) else { return false }
                let taken = history.undo.remove(at: index)
                // A large script cannot be redone: it leaves no record to redo.
                if taken.scriptEntries == nil { history.redo.append(taken) }
            }
            return true
        }
        return .undone(
            UndoReport(
                isRedo: isRedo, change: record.change, removed: removed, restored: changes.add, madeBy: madeBy,
                restoredNumbers: numbers(of: changes.add)))
    }

    /// The number each entry has in its day now, reading each day once; 0 for one not found.
    private func numbers(of entries: [Entry]) -> [Int] {
        var numbersByDate: [String: [String: Int]] = [:]
        return entries.map { entry in
            if numbersByDate[entry.date] == nil {
                var numbers: [String: Int] = [:]
                if let date = CivilDate(entry.date), let day = try? dayEntries(date) {
                    for (offset, each) in DayReport.numbered(day).enumerated() { numbers[each.id] = offset + 1 }
                }
                numbersByDate[entry.date] = numbers
            }
            return numbersByDate[entry.date]?[entry.id] ?? 0
        }
    }

    /// Whose a record is, in words: "at /dev/pts/4 by a Calorina still running".
    static func whose(_ record: UndoRecord) -> String {
        let place = record.terminal.map { $0.hasPrefix("sid:") ? "in another login session" : "at \($0)" }
        var running = false
        if let recorded = record.owner, recorded.hasPrefix("pid:"), let pid = Int32(recorded.dropFirst(4)) {
            running = kill(pid, 0) == 0 || errno != ESRCH
        }
        let who = running ? "by another Calorina still running" : "by another Calorina"
        return [place, who].compactMap { $0 }.joined(separator: " ")
    }
}

