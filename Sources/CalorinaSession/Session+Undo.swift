import CalorinaFoods
import CalorinaJournal
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// A record as `remember` kept it, and the redo stack it emptied: what `withdraw` needs to
    /// take it out again when the change it stands for could not be saved.
    struct Remembered {
        var record: UndoRecord
        var emptiedRedo: [UndoRecord]
    }

    /// Pushes a change on the undo stack and empties the redo stack: after a new change, redo
    /// would put back a state that no longer follows (issue 25: `item ra; undo; item rb; redo`
    /// brought `ra` back when the two one-shot commands were different processes).
    @discardableResult
    func remember(_ record: UndoRecord) throws(SessionError) -> Remembered {
        var record = record
        record.owner = options.undoOwner
        record.terminal = options.undoTerminal
        record.made = record.made ?? madeNow()
        // A script keeps its last changes to undo one by one; older ones go into the one
        // change the whole script will be.
        let folding = options.batch && !options.persistentUndo && !options.dryRun
        var evicted: [UndoRecord] = []
        var emptied: [UndoRecord] = []
        let kept = record
        try changeHistory { history in
            history.undo.append(kept)
            // A script's history is trimmed a hundred records at a time, not one a line: moving
            // the hundred it keeps on every line was a seventh of a long script's time. It keeps
            // at least its last `limit` changes to undo one by one.
            let keep = folding ? 2 * UndoHistory.limit : UndoHistory.limit
            if history.undo.count > keep {
                let excess = history.undo.count - UndoHistory.limit
                if folding { evicted = Array(history.undo.prefix(excess)) }
                history.undo.removeFirst(excess)
            }
            emptied = history.redo
            history.redo.removeAll()
            return true
        }
        for old in evicted { scriptChange.fold(old) }
        return Remembered(record: record, emptiedRedo: emptied)
    }

    /// Saves a change to the journal as one undoable change, its undo record first: a change is
    /// never on disk without the record that takes it back (issue 25, F11). When the entries
    /// cannot be saved, what the change may have written is taken out again, and the record
    /// with it, so that a failure is reported exactly when nothing was saved; a record that
    /// cannot be taken out (the disk still full) stands for nothing, and `undo` says so and
    /// drops it (`step`).
    func commit(_ changes: ChangeSet, as record: UndoRecord) throws(SessionError) {
        // A script's changes are queued, and `flush` writes the script's record before them.
        guard !options.batch else {
            try apply(changes)
            try remember(record)
            return
        }
        let kept = try remember(record)
        do {
            try apply(changes)
        } catch {
            withdraw(kept, changes: changes)
            throw error
        }
    }

    /// Takes back what a change that failed may have saved (only a change of several months can
    /// have saved some of them), then its undo record, putting back the redo stack it emptied.
    /// Best effort: what cannot be written now stays as it is.
    func withdraw(_ kept: Remembered, changes: ChangeSet?) {
        if let changes {
            let journal = changes.journalChanges
            if Set(journal.compactMap { MonthKey.month(ofDate: $0.date) }).count > 1 {
                _ = try? store.apply(changes.inverse.journalChanges)
            }
        }
        try? changeHistory { history in
            guard let index = history.undo.lastIndex(of: kept.record) else { return false }
            history.undo.remove(at: index)
            if history.redo.isEmpty { history.redo = kept.emptiedRedo }
            return true
        }
    }

    /// Folds the record of a remembered pick into the change the pick went on to make (the
    /// record right after it), so that one `undo` takes back the entry and the pick together
    /// (issue 30: undo of a pick left the choice remembered). Nothing when the pick's change
    /// made no record of its own (nothing logged, or a dry run).
    func joinChoice(_ choice: UndoRecord) throws(SessionError) {
        try changeHistory { history in
            guard let index = history.undo.lastIndex(of: choice), index + 1 < history.undo.count else { return false }
            var next = history.undo[index + 1]
            next.foods = (choice.foods ?? []) + (next.foods ?? [])
            history.undo[index + 1] = next
            history.undo.remove(at: index)
            return true
        }
    }

    /// Replaces `old` on the undo stack with `new`.
    func replaceRecord(_ old: UndoRecord, with new: UndoRecord) throws(SessionError) {
        try changeHistory { history in
            guard let index = history.undo.lastIndex(of: old) else { return false }
            history.undo[index] = new
            return true
        }
    }

    /// Replaces the record named `id` with `record` (a script's or an import's, as it saves
    /// more), or adds it when there is none; with nil, takes it out. The redo stack is emptied
    /// as by any change. A `final` record, the change whole once it has ended, keeps no name:
    /// nothing will stand in for it.
    func keep(_ record: UndoRecord?, named id: String, final: Bool = false) throws(SessionError) {
        let kept = stamped(record, named: id, final: final)
        try changeHistory { history in history.keep(kept, named: id) }
    }

    /// `keep(_:named:)`, its failure the store's. Into the data folder even for a script, whose
    /// own history is in memory: this record is what an `undo` after the script (or after it
    /// was stopped) finds.
    func keepStored(_ record: UndoRecord?, named id: String, final: Bool = false) throws(StoreError) {
        let kept = stamped(record, named: id, final: final)
        try undoHistory.update { history in
            let changed = history.keep(kept, named: id)
            if changed { history.version = history.writtenVersion }
            return changed
        }
    }

    /// `record` as `keep` and `keepStored` put it on the stack: named `id` (unless `final`), and
    /// marked with this process, its terminal and the time.
    private func stamped(_ record: UndoRecord?, named id: String, final: Bool) -> UndoRecord? {
        var record = record
        record?.id = final ? nil : id
        record?.owner = options.undoOwner
        record?.terminal = options.undoTerminal
        record?.made = madeNow()
        return record
    }

    /// The record `undo` (or `redo`) takes back from `stack`: this process's newest change first,
    /// then the newest of an ended Calorina at the same terminal; with `anyone`, simply the newest.
    func takeBackIndex(in stack: [UndoRecord], anyone: Bool) -> Int? {
        if anyone { return stack.indices.last }
        let owner = options.undoOwner
        let terminal = options.undoTerminal
        if let own = stack.lastIndex(where: { $0.owner == owner }) { return own }
        return stack.lastIndex { $0.ownership(owner: owner, terminal: terminal) == .sameTerminal }
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
        // Other devices' histories (carried with the data folder): what they took back of this
        // device's changes is passed over here; their own newest change `undo any` may take back.
        let elsewhere = persistent ? otherDevicesHistories() : []
        let takenElsewhere = Set(elsewhere.flatMap { $0.history.takenBack ?? [] })
        let stack: [UndoRecord] = (isRedo ? history.redo : history.undo).filter { record in
            record.made.map { !takenElsewhere.contains($0) } ?? true
        }
        let foreign =
            isRedo
            ? nil
            : Self.newestElsewhere(
                elsewhere, after: stack.last, takenBack: takenElsewhere.union(history.takenBack ?? []))
        if anyone, let foreign { return try takeBackElsewhere(foreign) }
        guard let index = takeBackIndex(in: stack, anyone: anyone) else {
            if let foreign {
                throw SessionError(
                    .nothingOfYours(
                        isRedo: false, newest: foreign.record.change, whose: "on the device \(foreign.device)"))
            }
            if let newest = stack.last {
                // Never silently: say whose the newest change is and how to take it back.
                throw SessionError(.nothingOfYours(isRedo: isRedo, newest: newest.change, whose: newest.whose))
            }
            throw SessionError(.nothingToTakeBack(isRedo: isRedo))
        }
        let record = stack[index]
        if isRedo, record.scriptEntries != nil {
            throw SessionError(.tooLargeToRedo(record.change))
        }
        let owner = options.undoOwner
        let madeBy: String? =
            record.ownership(owner: owner, terminal: options.undoTerminal) == .other
            ? record.whose : nil
        return try takeBack(
            record, isRedo: isRedo, madeBy: madeBy, importsIn: nil,
            drop: { history in
                if isRedo {
                    guard let index = history.redo.lastIndex(of: record) else { return false }
                    history.redo.remove(at: index)
                } else {
                    guard let index = history.undo.lastIndex(of: record) else { return false }
                    history.undo.remove(at: index)
                }
                return true
            },
            move: { history in history.move(record, isRedo: isRedo) },
            moveBack: { history in history.move(record, isRedo: !isRedo, back: true) })
    }

    /// Takes back (or, for a redo, makes again) the change `record` stands for, changing this
    /// device's history with `move` before the data (`moveBack` when the data cannot be
    /// written), or with `drop` when nothing of the change is there to take back. An import's
    /// ids are read from the folder `importsIn` (another device's), or from this device's.
    func takeBack(
        _ record: UndoRecord, isRedo: Bool, madeBy: String?, importsIn folder: String?,
        drop: (inout UndoHistory) -> Bool, move: (inout UndoHistory) -> Bool,
        moveBack: (inout UndoHistory) -> Bool
    ) throws(SessionError) -> Outcome {
        var changes = isRedo ? record.redo : record.undo
        if let imported = record.importedEntries {
            if isRedo {
                changes.add += try importedAgain(imported)
            } else {
                changes.remove += try importedStill(imported, madeIn: folder)
            }
        }
        // A large script's (or copy's) own entries are found by their ids as they are taken out,
        // a month at a time, never all held (`removeOwnEntries`).
        let script = isRedo ? nil : record.scriptEntries
        // Only what is still there is taken out, and only what is not is put back: an entry
        // another process deleted, or that a restored backup never had, is not reported as
        // removed. Each day is read once, so that taking back a change of N entries costs N, not
        // N times the day.
        var dayByDate: [String: [String: Entry]] = [:]
        /// The entry with `entry`'s id as it is now: nil when it is not there, `.none` inside
        /// when its day cannot be read.
        func now(_ entry: Entry) -> Entry?? {
            if dayByDate[entry.date] == nil {
                guard let date = CivilDate(entry.date), let day = try? dayEntries(date) else { return .some(nil) }
                dayByDate[entry.date] = Dictionary(day.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            }
            return dayByDate[entry.date]?[entry.id].map { .some($0) }
        }
        let putBackByID = Dictionary(changes.add.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let removed = changes.remove.filter { entry in
            guard let found = now(entry) else { return false }
            // An edit taken back whose entry is as it was before the edit: nothing to do.
            if let found, let back = putBackByID[entry.id], found == back { return false }
            return true
        }
        let restored = changes.add.filter { entry in
            guard let found = now(entry) else { return true }
            return found.map { $0 != entry } ?? true
        }
        // The profile's fields, put back only where nobody changed them since.
        let fieldChanges = record.profileChanges ?? []
        var fieldsDone: [FieldChange] = []
        if !fieldChanges.isEmpty {
            let putBack = ProfileFields.putBack(fieldChanges, isRedo: isRedo, onto: try loadProfile())
            if let conflict = putBack.conflict {
                throw SessionError(
                    .changedSince(
                        change: record.change, field: ProfileFields.describeName(conflict.field),
                        now: ProfileFields.shown(conflict.now), isRedo: isRedo))
            }
            fieldsDone = putBack.done
        }
        let foodSteps = record.foods ?? []
        let steps = isRedo ? foodSteps : foodSteps.reversed().map(\.inverse)
        var foodsChange = false
        if !foodSteps.isEmpty {
            var foods = try loadUserFoods()
            for step in steps where step.apply(to: &foods) { foodsChange = true }
        }
        // A record whose change is not there at all (it was never saved: the disk was full, or
        // the process was stopped between the record and the change; or it was taken back by
        // other means since) takes nothing back: said so, and dropped, rather than passed over
        // for an older change nobody asked to take back (issue 25, F12).
        if removed.isEmpty, restored.isEmpty, fieldsDone.isEmpty, !foodsChange, script == nil {
            if !options.dryRun { try changeHistory(drop) }
            throw SessionError(.leftNothing(change: record.change, isRedo: isRedo))
        }
        var report = UndoReport(
            undoing: record.change, isRedo: isRedo, removed: removed, restored: restored, madeBy: madeBy,
            fields: fieldsDone, units: profileOrDefaults().units)
        if options.dryRun {
            if let script { try removeOwnEntries(script, counting: true, into: &report) }
            return .undone(report)
        }
        // The history first, as a change's record goes before the change: when the data cannot
        // be written, the record goes back where it was.
        try changeHistory(move)
        do {
            if let script { try removeOwnEntries(script, counting: false, into: &report) }
            try apply(changes)
            if !fieldChanges.isEmpty {
                try stored { () throws(StoreError) in
                    try profileStore.update { current in
                        ProfileFields.putBack(fieldChanges, isRedo: isRedo, into: &current)
                    }
                }
            }
            if foodsChange {
                try stored { () throws(StoreError) in
                    try userFoods.update { foods in
                        var changed = false
                        for step in steps where step.apply(to: &foods) { changed = true }
                        if changed { foods.version = foods.versionNeeded }
                        return changed
                    }
                }
            }
        } catch {
            try? changeHistory(moveBack)
            throw error
        }
        if script != nil, report.removed.isEmpty, removed.isEmpty, restored.isEmpty, fieldsDone.isEmpty, !foodsChange {
            // Its record is gone with the undo: a large change is not redone.
            throw SessionError(.leftNothing(change: record.change, isRedo: isRedo))
        }
        report.restoredNumbers = numbers(of: restored)
        return .undone(report)
    }

    /// Takes out a large script's (or copy's) own entries, month by month, adding to `report`
    /// the first few and how many more; with `counting`, only counts them.
    private func removeOwnEntries(_ script: ScriptEntries, counting: Bool, into report: inout UndoReport)
        throws(SessionError)
    {
        try stored { () throws(StoreError) in
            if hasPendingChanges { try flush() }
            for month in script.months {
                let shown = max(0, 13 - report.removed.count)
                let taken = try store.removeEntries(
                    inMonth: month, withIDPrefix: script.idPrefix, sample: shown, counting: counting)
                report.removed += taken.sample
                report.moreRemoved += taken.count - taken.sample.count
            }
        }
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

}
