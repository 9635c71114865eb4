#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// How the undo and redo stacks change, and whose a record is: what `undo` reads and writes of the
// history, apart from the session that decides which record it takes.

extension UndoHistory {
    /// Puts `record` in the place of the record named `id` (or last, when there is none), or
    /// takes that record out when `record` is nil; false when nothing changed.
    package mutating func keep(_ record: UndoRecord?, named id: String) -> Bool {
        let index = undo.lastIndex { $0.id == id }
        switch (index, record) {
        case (let index?, let record?): undo[index] = record
        case (let index?, nil): undo.remove(at: index)
        case (nil, let record?): undo.append(record)
        case (nil, nil): return false
        }
        if undo.count > UndoHistory.limit {
            undo.removeFirst(undo.count - UndoHistory.limit)
        }
        if record != nil { redo.removeAll() }
        return true
    }

    /// Moves `record` from the undo stack to the redo stack (or back, for a redo): another
    /// process may have added records since, so it is found again by what it is rather than
    /// where it was. A change too large to redo leaves no record to redo; `back` puts a record
    /// taken back by a change that failed where it was.
    package mutating func move(_ record: UndoRecord, isRedo: Bool, back: Bool = false) -> Bool {
        if isRedo {
            if let index = redo.lastIndex(of: record) {
                redo.remove(at: index)
            } else if !back {
                return false
            }
            undo.append(record)
            Self.trim(&undo)
        } else {
            if let index = undo.lastIndex(of: record) {
                undo.remove(at: index)
            } else if !back {
                return false
            }
            // A large script, or a large copy, cannot be redone: it leaves no record to redo.
            if record.scriptEntries == nil {
                redo.append(record)
                Self.trim(&redo)
            }
        }
        return true
    }

    /// Keeps the newest `UndoHistory.limit` records of a stack.
    package static func trim(_ stack: inout [UndoRecord]) {
        if stack.count > UndoHistory.limit { stack.removeFirst(stack.count - UndoHistory.limit) }
    }

    /// Names `made` as taken back; false when it was already.
    package mutating func markTakenBack(_ made: String) -> Bool {
        guard !(takenBack ?? []).contains(made) else { return false }
        var list = takenBack ?? []
        list.append(made)
        // The oldest go once no history could still offer them: each device keeps its last
        // hundred changes, so a few hundred names cover every history carried here.
        if list.count > 4 * UndoHistory.limit { list.removeFirst(list.count - 4 * UndoHistory.limit) }
        takenBack = list
        return true
    }
}

extension UndoRecord {
    /// Whose a record is, seen from this process.
    package enum Ownership: Equatable {
        /// Made by this process.
        case own
        /// Made at this terminal by a Calorina that has ended: a REPL before a restart, an
        /// earlier one-shot command.
        case sameTerminal
        /// Made elsewhere, or by a Calorina still running: taken back only by `undo any`.
        case other
    }

    /// Whose this record is, for a process that is `owner` at `terminal`.
    package func ownership(owner: String?, terminal: String?) -> Ownership {
        if self.owner == owner { return .own }
        guard let terminal, self.terminal == terminal else { return .other }
        guard let recorded = self.owner else { return .sameTerminal }
        guard recorded.hasPrefix("pid:"), let pid = Int32(recorded.dropFirst(4)) else { return .other }
        return kill(pid, 0) != 0 && errno == ESRCH ? .sameTerminal : .other
    }

    /// Whose a record is, in words: "at /dev/pts/4 by a Calorina still running".
    package var whose: String {
        let place = terminal.map { $0.hasPrefix("sid:") ? "in another login session" : "at \($0)" }
        var running = false
        if let recorded = owner, recorded.hasPrefix("pid:"), let pid = Int32(recorded.dropFirst(4)) {
            running = kill(pid, 0) == 0 || errno != ESRCH
        }
        let who = running ? "by another Calorina still running" : "by another Calorina"
        return [place, who].compactMap { $0 }.joined(separator: " ")
    }
}
