import CalorinaJournal
import CalorinaUndo

/// A script's changes between two saves (batch mode): the journal changes waiting for
/// `Session.flush()`, the entries they make, and the days' totals kept current line by line, so
/// that a 100,000-line script costs a few writes instead of 100,000 and never sums a day twice.
///
/// A value the session holds; it reads and writes no files. What it answers (a day's entries,
/// a day's totals) is what the store will hold once the waiting changes are saved.
package struct WriteBehind {
    /// Nothing waiting.
    package init() {}

    /// The journal changes waiting, in order.
    package private(set) var changes: [JournalChange] = []
    /// The months the waiting changes touch.
    private var months: Set<String> = []
    /// An entry's newest version by id, or nil once removed.
    private var overlay: [String: Entry?] = [:]
    /// The ids of the entries added to each day, in order.
    private var overlayByDate: [String: [String]] = [:]
    /// Days' totals, saved and waiting.
    private var totals: [String: DayTotals] = [:]
    /// Each day's last food entry as `entries(_:on:)` shows it, once asked for: `again` repeats
    /// it, and a script of `again` lines would otherwise read its whole day every line (issue 25,
    /// F19: 8,000 lines took 10 s, 20,000 over 120 s).
    private var lastFoods: [String: Entry] = [:]

    /// A few days' entries as `entries(_:on:)` gives them, once asked for, kept current as changes
    /// queue: a script's per-line day commands (`delete 1`, `edit 1 …`) would otherwise read and
    /// merge the whole day every line (issue 25, F19: 4,000 `delete 1` on a 4,000-entry day took
    /// 17–29 s). At most `dayLimit` days, the least recently kept going first, so that a script
    /// over years never holds them all.
    /// Slices, so that taking out a day's first entry (`delete 1`, line after line) moves its
    /// start instead of every entry after it.
    private var days: [String: ArraySlice<Entry>] = [:]
    private var dayOrder: [String] = []
    package static let dayLimit = 4
    /// A day of more entries is not kept: a script logging 100,000 lines onto one day would hold
    /// them all (the store keeps such a month without its entries, and the day's totals move
    /// along without them).
    package static let dayEntryLimit = 5_000

    /// Lets every kept day go: the store was written past the waiting changes (a restore).
    package mutating func forgetDays() {
        days = [:]
        dayOrder = []
    }

    /// A day's entries, saved and waiting, when they are kept.
    package func day(_ key: String) -> ArraySlice<Entry>? { days[key] }

    /// Keeps a day's entries as `entries(_:on:)` gave them.
    package mutating func keepDay(_ entries: ArraySlice<Entry>, on key: String) {
        dayOrder.removeAll { $0 == key }
        guard entries.count <= Self.dayEntryLimit else {
            days[key] = nil
            return
        }
        dayOrder.append(key)
        days[key] = entries
        while dayOrder.count > Self.dayLimit { days[dayOrder.removeFirst()] = nil }
    }

    /// Moves the kept days along with a change set, as the store will order them: a removal
    /// leaves the others in order, an edit keeps its place, an addition at or after the day's
    /// last time goes last. Anything else (an entry put back, an earlier time, an entry moved to
    /// another day) lets the day go, to be read again.
    private mutating func moveDays(with set: ChangeSet) {
        guard !days.isEmpty else { return }
        var added: [String: Entry] = [:]
        for entry in set.add { added[entry.id] = entry }
        var replaced = Set<String>()
        // Changed in place (`days[key]?.…`): a copy of a day of thousands a line is what this saves.
        for old in set.remove {
            guard let index = days[old.date]?.firstIndex(where: { $0.id == old.id }) else {
                days[old.date] = nil
                continue
            }
            if let new = added[old.id], new.date == old.date, new.time == old.time, set.places?[old.id] == nil {
                days[old.date]?[index] = new
                replaced.insert(old.id)
            } else if index == days[old.date]?.startIndex {
                days[old.date]?.removeFirst()
            } else {
                days[old.date]?.remove(at: index)
            }
        }
        for entry in set.add where !replaced.contains(entry.id) {
            guard let last = days[entry.date].map({ $0.last?.time }) else { continue }
            // An entry taken out earlier and put back (an undo) returns to its old place.
            if set.places?[entry.id] == nil, overlay[entry.id] == nil, last.map({ $0 <= entry.time }) ?? true,
                (days[entry.date]?.count ?? 0) < Self.dayEntryLimit
            {
                days[entry.date]?.append(entry)
            } else {
                days[entry.date] = nil
            }
        }
    }

    /// A day's last food entry, saved or waiting, when it is known.
    package func lastFood(on key: String) -> Entry? { lastFoods[key] }

    /// Keeps a day's last food entry, as `entries(_:on:)` showed it.
    package mutating func keepLastFood(_ entry: Entry, on key: String) { lastFoods[key] = entry }

    /// True when nothing waits to be written.
    package var isEmpty: Bool { changes.isEmpty }

    /// About how many entries writing now would write: the changes, and every month a waiting
    /// change touches that is rewritten whole (`rewriteSize` says how many entries that is, when
    /// the store knows: none for a month whose additions go to its log).
    package func writeSize(rewriteSize: (String) -> Int?) -> Int {
        months.reduce(changes.count) { total, month in total + (rewriteSize(month) ?? 0) }
    }

    /// A day's saved entries with the waiting changes applied. A saved entry changed by the
    /// batch keeps its place, as the store will keep it.
    package func entries(_ saved: [Entry], on key: String) -> [Entry] {
        guard !overlay.isEmpty else { return saved }
        var seen = Set<String>()
        var entries = saved.compactMap { entry -> Entry? in
            guard let changed = overlay[entry.id] else { return entry }
            seen.insert(entry.id)
            guard let new = changed, new.date == key else { return nil }
            return new
        }
        for id in overlayByDate[key] ?? [] where seen.insert(id).inserted {
            if let entry = overlay[id] ?? nil, entry.date == key { entries.append(entry) }
        }
        return entries
    }

    /// What is left once the waiting changes are saved: nothing waits, and the days' totals are
    /// kept (they are what the store now holds), but for the days of `changedElsewhere`, months
    /// another writer changed too, which are summed again when next asked. A script logging onto
    /// one day thus never reads the day again, however many entries it grows to.
    package func saved(changedElsewhere: Set<String>) -> WriteBehind {
        var next = WriteBehind()
        next.totals = totals.filter { key, _ in
            MonthKey.month(ofDate: key).map { !changedElsewhere.contains($0) } ?? false
        }
        // The store orders a day by time: a waiting entry was shown last, and is still last once
        // saved, only when no entry of its day is later.
        next.lastFoods = lastFoods.filter { key, entry in
            guard let kept = next.totals[key] else { return false }
            return entry.time >= kept.latestTime
        }
        // Saved, a day reads as it was shown, but for a month another writer changed too, and a
        // day with an entry put back in its place (which the store puts there, and a waiting
        // change shows last).
        var putBack = Set<String>()
        for case .insert(let entry, _) in changes { putBack.insert(entry.date) }
        for key in dayOrder where !putBack.contains(key) {
            guard let month = MonthKey.month(ofDate: key), !changedElsewhere.contains(month), let day = days[key] else {
                continue
            }
            next.keepDay(day, on: key)
        }
        return next
    }

    /// The totals kept for a day, if any.
    package func totals(on key: String) -> DayTotals? { totals[key] }

    /// Keeps a day's totals, to move along with the day's changes.
    package mutating func keep(_ dayTotals: DayTotals, on key: String) { totals[key] = dayTotals }

    /// Queues a change set. Pure additions move the kept totals along; any removal (an edit, an
    /// undo) makes the days it touches be summed again when next asked.
    package mutating func queue(_ set: ChangeSet, as journal: [JournalChange]) {
        moveDays(with: set)
        if set.remove.isEmpty {
            for entry in set.add { totals[entry.date] = totals[entry.date]?.adding([entry]) }
            // An addition is shown after the day's entries until it is saved.
            for entry in set.add where entry.isFood { lastFoods[entry.date] = entry }
        } else {
            for entry in set.remove + set.add {
                totals[entry.date] = nil
                lastFoods[entry.date] = nil
            }
        }
        changes += journal
        for change in journal {
            if let month = MonthKey.month(ofDate: change.date) { months.insert(month) }
            switch change {
            case .add(let entry), .insert(let entry, _):
                overlay[entry.id] = .some(entry)
                overlayByDate[entry.date, default: []].append(entry.id)
            case .remove(let id, _):
                overlay[id] = .some(nil)
            }
        }
    }
}
