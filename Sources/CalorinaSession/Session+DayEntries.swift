import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {
    // MARK: - Showing days

    func show(_ date: CivilDate) throws(SessionError) -> Outcome {
        .day(try dayReport(date))
    }

    /// A day's entries, numbered, with its totals.
    func dayReport(_ date: CivilDate) throws(SessionError) -> DayReport {
        let entries = try entries(on: date)
        let profile = profileOrDefaults()
        let numbered = DayReport.numbered(entries)
        if options.interactive { shownNumbers.shown(numbered.map(\.id), on: date.description) }
        return DayReport(
            numbered: numbered,
            totals: DayTotals(
                date: date, entries: entries, goal: goalKcal(on: date, profile),
                waterGoalMl: waterGoal(on: date, profile)),
            today: now.date, units: profile.units, targets: targetProgress(on: date, entries: entries, profile))
    }

    // MARK: - Goals

    /// The goal for a day: the options' override, else the profile's.
    func dailyGoal(_ profile: Profile) -> Goal {
        if let goal = options.goal { return Goal(kcal: goal, maintenance: nil, note: nil) }
        return Energy.goal(profile, weightKg: profile.weightKg)
    }

    /// The goal a day is judged against: the options' override, else the goal in force on that
    /// day (a past goal, or the profile's goal now).
    func goalKcal(on date: CivilDate, _ profile: Profile) -> Double {
        if let goal = options.goal { return goal }
        return profile.goalKcal(on: date, present: dailyGoal(profile).kcal)
    }

    /// What the session went on without outside a line (the header's and prompt's totals read
    /// with the default profile when `profile.json` cannot be read), for a front end to say
    /// once; taking them empties the list.
    public func takeWarnings() -> [LineWarning] {
        defer { lineWarnings = [] }
        return lineWarnings
    }

    /// Today's totals, for a prompt or a header: with the default goal, and a warning kept for
    /// `takeWarnings`, when the profile cannot be read.
    public func todayTotals() throws(StoreError) -> DayTotals {
        let today = now.date
        let profile = profileOrDefaults()
        return DayTotals(
            date: today, entries: try dayEntries(today), goal: dailyGoal(profile).kcal,
            waterGoalMl: waterGoal(on: today, profile))
    }

    /// The totals of the day being edited (today, or the day `day …` switched to), for the prompt.
    public func currentDayTotals() throws(StoreError) -> DayTotals {
        let date = currentDay
        let profile = profileOrDefaults()
        // The day's own goal: a past day is judged against the goal in force then.
        return DayTotals(
            date: date, entries: try dayEntries(date), goal: goalKcal(on: date, profile),
            waterGoalMl: waterGoal(on: date, profile))
    }

    // MARK: - Days and saving

    /// A day's entries as saved, with changes still waiting for `flush()` applied.
    public func dayEntries(_ date: CivilDate) throws(StoreError) -> [Entry] {
        let key = date.description
        // A script keeps the days it works on (`WriteBehind.keepDay`).
        if options.batch, let kept = writeBehind.day(key) {
            // Kept again whole once copied, so that the next call copies nothing.
            let day = Array(kept)
            if kept.startIndex != 0 { writeBehind.keepDay(day[...], on: key) }
            return day
        }
        let entries = writeBehind.entries(try store.entries(on: key), on: key)
        if options.batch { writeBehind.keepDay(entries[...], on: key) }
        return entries
    }

    /// A day's entries as `dayEntries` gives them, numbered as `today` numbers them, without a
    /// copy when a script keeps the day: `delete 1` line after line costs the same on any day.
    func numberedDay(_ date: CivilDate) throws(StoreError) -> ArraySlice<Entry> {
        let key = date.description
        guard options.batch, let kept = writeBehind.day(key) else {
            return DayReport.numbered(try dayEntries(date))[...]
        }
        return DayReport.isNumbered(kept) ? kept : DayReport.numbered(Array(kept))[...]
    }

    /// Lets the days a script keeps go, after a write that did not pass through `apply`.
    func forgetKeptDays() { writeBehind.forgetDays() }

    /// `dayEntries` read from the store and the waiting changes, never from the days a script
    /// keeps: what those must always equal (tests).
    func dayEntriesRead(_ date: CivilDate) throws(StoreError) -> [Entry] {
        let key = date.description
        return writeBehind.entries(try store.entries(on: key), on: key)
    }

    /// The day's last food entry, as `today` lists it last. A script keeps it (`WriteBehind`), so
    /// that each of its `again` lines costs the same however large the day has grown.
    func lastFood(on date: CivilDate) throws(SessionError) -> Entry? {
        let key = date.description
        if options.batch, let known = writeBehind.lastFood(on: key) { return known }
        let last = try entries(on: date).last(where: \.isFood)
        if options.batch, let last { writeBehind.keepLastFood(last, on: key) }
        return last
    }

    /// A day's totals. A script logs line after line onto the same days, so in batch mode the
    /// totals are kept and moved along with each change instead of summing the day every line.
    func dayTotals(_ date: CivilDate, goal: Double, waterGoalMl: Double?) throws(SessionError) -> DayTotals {
        let key = date.description
        if options.batch, var cached = writeBehind.totals(on: key) {
            cached.goal = goal
            cached.waterGoalMl = waterGoalMl
            return cached
        }
        let totals = DayTotals(date: date, entries: try entries(on: date), goal: goal, waterGoalMl: waterGoalMl)
        if options.batch { writeBehind.keep(totals, on: key) }
        return totals
    }

    /// Applies a change set now, or queues it for `flush()` in batch mode.
    func apply(_ changes: ChangeSet) throws(SessionError) {
        let journal = changes.journalChanges
        guard !journal.isEmpty else { return }
        if options.batch {
            writeBehind.queue(changes, as: journal)
            return
        }
        // At a terminal, the numbers of the days it showed follow this session's own change.
        let shownDays = options.interactive ? Set(journal.map(\.date)).filter(shownNumbers.wasShown) : []
        func numberedIDs(_ day: String) throws(SessionError) -> [String] {
            guard let date = CivilDate(day) else { return [] }
            return try stored { () throws(StoreError) in try numberedDay(date).map(\.id) }
        }
        var before: [String: [String]] = [:]
        for day in shownDays { before[day] = try numberedIDs(day) }
        try stored { () throws(StoreError) in try store.apply(journal) }
        for day in shownDays {
            shownNumbers.changed(day, from: before[day] ?? [], to: try numberedIDs(day))
        }
    }

    /// Writes the changes batch mode gathered: one locked write per touched month, then the
    /// profile if the batch changed it.
    public func flush() throws(StoreError) {
        // The next batch's first lines see the profile and the own foods as the files are then.
        defer {
            profileStore.endBatch()
            userFoods.endBatch()
        }
        // A script's record before what it saves, as for every change.
        if hasPendingChanges { try keepScriptIntent() }
        if !writeBehind.isEmpty {
            let changedElsewhere = try store.apply(writeBehind.changes)
            writeBehind = writeBehind.saved(changedElsewhere: changedElsewhere)
        }
        // The weights the batch logged are in the journal now; the profile follows them.
        try profileStore.saveDeferred()
        // The foods the batch defined.
        try userFoods.saveDeferred()
    }

    /// A new entry id. A script's entries share a random prefix and count up after it, so that
    /// undoing a large script can find them without a list of them (`ScriptChange`).
    func newID() -> String {
        if options.batch, let id = scriptChange.nextID() { return id }
        return Session.newID()
    }

    /// A new entry id: 16 lowercase hex digits from the system's random source.
    static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
