import CalorinaJournal

/// A script's changes between two saves (batch mode): the journal changes waiting for
/// `Session.flush()`, the entries they make, and the days' totals kept current line by line, so
/// that a 100,000-line script costs a few writes instead of 100,000 and never sums a day twice.
///
/// A value the session holds; it reads and writes no files. What it answers (a day's entries,
/// a day's totals) is what the store will hold once the waiting changes are saved.
struct WriteBehind {
    /// The journal changes waiting, in order.
    private(set) var changes: [JournalChange] = []
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

    /// A day's last food entry, saved or waiting, when it is known.
    func lastFood(on key: String) -> Entry? { lastFoods[key] }

    /// Keeps a day's last food entry, as `entries(_:on:)` showed it.
    mutating func keepLastFood(_ entry: Entry, on key: String) { lastFoods[key] = entry }

    /// True when nothing waits to be written.
    var isEmpty: Bool { changes.isEmpty }

    /// About how many entries writing now would write: the changes, and every month a waiting
    /// change touches that is rewritten whole (`rewriteSize` says how many entries that is, when
    /// the store knows: none for a month whose additions go to its log).
    func writeSize(rewriteSize: (String) -> Int?) -> Int {
        months.reduce(changes.count) { total, month in total + (rewriteSize(month) ?? 0) }
    }

    /// A day's saved entries with the waiting changes applied. A saved entry changed by the
    /// batch keeps its place, as the store will keep it.
    func entries(_ saved: [Entry], on key: String) -> [Entry] {
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
    func saved(changedElsewhere: Set<String>) -> WriteBehind {
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
        return next
    }

    /// The totals kept for a day, if any.
    func totals(on key: String) -> DayTotals? { totals[key] }

    /// Keeps a day's totals, to move along with the day's changes.
    mutating func keep(_ dayTotals: DayTotals, on key: String) { totals[key] = dayTotals }

    /// Queues a change set. Pure additions move the kept totals along; any removal (an edit, an
    /// undo) makes the days it touches be summed again when next asked.
    mutating func queue(_ set: ChangeSet, as journal: [JournalChange]) {
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
