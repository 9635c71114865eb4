import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal of a data folder that several devices share through a sync tool or git: no file is
/// written by two devices, so that the tool has nothing to conflict on.
///
/// ```
/// root/
///   devices/
///     laptop/               written only by the device `laptop` (see `JournalEngine`)
///       .lock               its writers' lock
///       journal/
///         2026-11.json      its month: the entries it added or last edited, each with its clock,
///                           and a mark for each entry it took out (`Entry.removal`)
///     desktop/              the same, written only by `desktop`
///   journal/                a folder from before devices: read until this device first writes,
///     2026-11.json          then moved into `devices/NAME/journal` and left as an empty month
///     2026-11.json.v5       of version 6 (which an earlier release refuses), the old file kept
/// ```
///
/// Reading a month merges every device's: an entry is shown in the version with the latest clock
/// (`ChangeClock`) that any device holds, unless some device's month marks it taken out; entries
/// are ordered by date and time, then by the clock of the version shown, then by device, then as
/// their device holds them. The result depends only on the files, never on the order they arrived
/// in. Another device's file that cannot be read yet (still arriving, cut short) is left out until
/// it can be; this device's own are read as ever.
final class DeviceJournal<Calls: FileCalls>: JournalWork {
    let rootPath: String
    /// This device's name.
    let device: String
    /// This device's folder, the only one it writes.
    let own: JournalEngine<Calls>
    /// The data folder as a release from before devices wrote it.
    let legacy: JournalEngine<Calls>
    /// Other devices' folders, opened as they are first seen.
    var others: [String: JournalEngine<Calls>] = [:]
    let calls: Calls
    let files: FileOperations<Calls>
    /// The time now, in milliseconds since 1970, for the clocks of changes.
    let now: () -> Int64
    var lastClock: ChangeClock?
    var upgradeChecked = false
    let notices: [StoreNotice]

    init(
        rootPath: String, device: String, calls: Calls, logThreshold: Int = MonthLog.threshold,
        creatingFolders: Bool = true, now: @escaping () -> Int64 = DeviceDocumentFiles.wallMilliseconds
    ) throws(StoreError) {
        self.rootPath = rootPath
        self.device = device
        self.calls = calls
        self.now = now
        files = FileOperations(calls: calls)
        var notices: [StoreNotice?] = []
        let devicesPath = rootPath + "/devices"
        let rootThere = try files.stamp(of: rootPath) != nil
        if creatingFolders || rootThere { notices.append(try files.makeFolder(rootPath)) }
        let devicesThere = try files.stamp(of: devicesPath) != nil
        if creatingFolders || devicesThere { notices.append(try files.makeSubfolder(devicesPath)) }
        own = try JournalEngine(
            rootPath: devicesPath + "/" + device, calls: calls, logThreshold: logThreshold,
            creatingFolders: creatingFolders)
        legacy = try JournalEngine(rootPath: rootPath, calls: calls, readOnly: true)
        self.notices = notices.compactMap { $0 } + own.notices
    }

    var monthReads: Int { others.values.reduce(own.monthReads + legacy.monthReads) { $0 + $1.monthReads } }
    var monthWrites: Int { own.monthWrites }
    var summariesMade: Int {
        others.values.reduce(own.summariesMade + legacy.summariesMade) { $0 + $1.summariesMade }
    }

    // MARK: Where a month is

    /// One folder's journal a month is read from: the folder from before devices (rank 0), then
    /// each device's, by name.
    struct Source {
        let name: String
        let engine: JournalEngine<Calls>
        let isOwn: Bool
        let isLegacy: Bool
        /// The month file's stamp when the source was found: what a kept merge is checked by.
        let stamp: FileStamp
    }

    /// The devices that have a folder, by name (this one among them once it has written).
    func deviceNames() throws(StoreError) -> [String] {
        // Listed again only when the folder changed: a view of years asks once a month.
        let stamp = try? files.stamp(of: rootPath + "/devices")
        if let known = knownNames, let stamp, known.stamp == stamp { return known.names }
        let names = ((try? files.names(inFolder: rootPath + "/devices")) ?? []).filter { DeviceName.isValid($0) }
            .sorted()
        knownNames = stamp.map { (stamp: $0, names: names) }
        return names
    }

    /// The devices' names as last listed, and the stamp of the folder then.
    var knownNames: (stamp: FileStamp, names: [String])?

    func engine(ofDevice name: String) throws(StoreError) -> JournalEngine<Calls> {
        if name == device { return own }
        if let engine = others[name] { return engine }
        // Its months' summaries are kept in this device's cache, the only folder it writes (a
        // summary is no data: a dry run keeps one too, as it does of this device's months).
        let engine = try JournalEngine(
            rootPath: rootPath + "/devices/" + name, calls: calls, readOnly: true,
            cachePath: rootPath + "/devices/" + device + "/cache/devices-" + name)
        others[name] = engine
        return engine
    }

    /// The folders a view of many months reads, listed once for all of them: the devices, and
    /// the months the journal from before devices still has a file of.
    struct Listing {
        let names: [String]
        let legacyMonths: Set<String>
    }

    /// The folders that hold `month`; as `listing` lists them, when a view of many months
    /// listed them first, else as they are now.
    func sources(holding month: String, listing: Listing? = nil) throws(StoreError) -> [Source] {
        var sources: [Source] = []
        // A month moved into a device's journal is left empty, in version 6: nothing to read.
        if listing?.legacyMonths.contains(month) ?? true, let stamp = try files.stamp(of: legacy.monthPath(month)),
            let facts = try legacy.fileFacts(ofMonth: month), facts.version < MonthFile.stubVersion
        {
            sources.append(Source(name: "", engine: legacy, isOwn: false, isLegacy: true, stamp: stamp))
        }
        let names: [String]
        if let listing { names = listing.names } else { names = try deviceNames() }
        for name in names {
            let engine = try engine(ofDevice: name)
            guard let stamp = try files.stamp(of: engine.monthPath(month)) else { continue }
            sources.append(Source(name: name, engine: engine, isOwn: name == device, isLegacy: false, stamp: stamp))
        }
        return sources
    }

    // MARK: Reading

    func entries(on date: String) throws(StoreError) -> [Entry] {
        guard let month = MonthKey.month(ofDate: date) else { throw StoreError.invalidDate(date) }
        let sources = try sources(holding: month)
        if let alone = try entriesAlone(sources, { (engine) throws(StoreError) in try engine.entries(on: date) }) {
            return alone
        }
        return try mergedDay(date, month, sources)
    }

    func entries(inMonth month: String) throws(StoreError) -> [Entry] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        let sources = try sources(holding: month)
        let body = { (engine: JournalEngine<Calls>) throws(StoreError) in try engine.entries(inMonth: month) }
        if let alone = try entriesAlone(sources, body) { return alone }
        return try merged(sources, body)
    }

    /// The entries `body` reads of the one folder of `sources` (none when there is none),
    /// handed out; nil when several folders hold them, to be merged. A device's month alone:
    /// its own marks take its entries out (it keeps one record an id). In place: a day of a
    /// script's hundred thousand lines is not copied again.
    private func entriesAlone(
        _ sources: [Source], _ body: (JournalEngine<Calls>) throws(StoreError) -> [Entry]
    ) throws(StoreError) -> [Entry]? {
        guard sources.count <= 1 else { return nil }
        guard let only = sources.first else { return [] }
        var entries = try read(only, body)
        Self.handOut(&entries)
        return entries
    }

    func daySums(inMonth month: String) throws(StoreError) -> [DaySums] {
        try daySums(inMonth: month, listing: nil)
    }

    /// A view of many months lists the folders once, not once a month: a view of ten years
    /// probed the journal from before devices and the devices' folder 121 times each.
    func daySums(inMonths months: [String]) throws(StoreError) -> [DaySums] {
        let listing = Listing(names: try deviceNames(), legacyMonths: Set(try legacy.storedMonths()))
        var sums: [DaySums] = []
        for month in months { sums += try daySums(inMonth: month, listing: listing) }
        return sums
    }

    private func daySums(inMonth month: String, listing: Listing?) throws(StoreError) -> [DaySums] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        let sources = try sources(holding: month, listing: listing)
        // One folder's month: its summary leaves its marks out (`DaySums`). Its file's stamp,
        // just taken, is not taken again.
        if sources.count <= 1 {
            guard let only = sources.first else { return [] }
            return try read(only) { (engine) throws(StoreError) in
                try engine.daySums(inMonth: month, stamp: only.stamp)
            }
        }
        return try mergedDaySums(month, sources)
    }

    func knownRewriteSize(inMonth month: String) -> Int? {
        own.knownRewriteSize(inMonth: month)
    }

    func storedMonths() throws(StoreError) -> [String] {
        var months = Set(try legacy.storedMonths())
        for name in try deviceNames() {
            let engine = try engine(ofDevice: name)
            if name == device {
                months.formUnion(try engine.storedMonths())
            } else {
                months.formUnion((try? engine.storedMonths()) ?? [])
            }
        }
        return months.sorted()
    }

    /// What a source holds; another device's month that cannot be read yet holds nothing.
    func read<Result: RangeReplaceableCollection>(
        _ source: Source, _ body: (JournalEngine<Calls>) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        if source.isOwn || source.isLegacy { return try body(source.engine) }
        do {
            return try body(source.engine)
        } catch {
            return Result()
        }
    }

    /// Entries of one folder as the journal hands them out: without marks, and without the clocks
    /// of the device that wrote them; changed in place, and not touched at all when none has a
    /// clock (a folder from before devices).
    static func handOut(_ entries: inout [Entry]) {
        guard entries.contains(where: { $0.clock != nil }) else { return }
        entries.removeAll { $0.removed == true }
        for index in entries.indices where entries[index].clock != nil {
            entries[index].clock = nil
            entries[index].base = nil
        }
    }

    /// An entry as the journal hands it out: without the clocks of the device that wrote it.
    static func handedOut(_ entry: Entry) -> Entry {
        guard entry.clock != nil || entry.base != nil else { return entry }
        var entry = entry
        entry.clock = nil
        entry.base = nil
        return entry
    }

    /// The clock of the change that wrote an entry or a mark; the earliest of all for an entry
    /// from before devices.
    static func clock(of entry: Entry) -> ChangeClock {
        entry.clock.flatMap { ChangeClock($0) } ?? ChangeClock(milliseconds: 0, counter: 0, device: "")
    }

    /// The entries `body` reads of a month (or a day of it) from each folder, merged as every
    /// device's files make them, in order: of each id, the version with the latest clock, unless
    /// some device marked it taken out.
    func merged(
        _ sources: [Source], _ body: (JournalEngine<Calls>) throws(StoreError) -> [Entry]
    ) throws(StoreError) -> [Entry] {
        var chosen: [String: MergedEntry] = [:]
        // Of each id taken out, the clocks of the marks; of each id, the marks its versions answer.
        var marks: [String: [String]] = [:]
        var answered: [String: Set<String>] = [:]
        for (rank, source) in sources.enumerated() {
            let entries = try read(source, body)
            for (index, entry) in entries.enumerated() {
                if entry.removed == true {
                    marks[entry.id, default: []].append(entry.clock ?? "")
                    continue
                }
                if let base = entry.base { answered[entry.id, default: []].insert(base) }
                let clock = Self.clock(of: entry)
                if let earlier = chosen[entry.id], earlier.clock >= clock { continue }
                chosen[entry.id] = MergedEntry(entry: entry, clock: clock, rank: rank, index: index)
            }
        }
        // A mark takes its entry out until a version answers it: one put back by a device that
        // took back that very delete (`undo any`). An edit made without seeing a delete, or a
        // put-back of another delete, does not bring the entry back: every delete must be undone.
        for (id, clocks) in marks {
            let answers = answered[id] ?? []
            if !clocks.allSatisfy({ answers.contains($0) }) { chosen[id] = nil }
        }
        return chosen.values.sorted { a, b in
            if a.entry.date != b.entry.date { return a.entry.date < b.entry.date }
            if a.entry.time != b.entry.time { return a.entry.time < b.entry.time }
            // Within a minute, as they were written: by clock (a folder from before devices first).
            if a.clock != b.clock { return a.clock < b.clock }
            if a.rank != b.rank { return a.rank < b.rank }
            return a.index < b.index
        }.map { Self.handedOut($0.entry) }
    }

    // MARK: Writing

    /// The clock of a change this device makes now.
    func nextClock() -> ChangeClock {
        let clock = ChangeClock.next(now: now(), device: device, after: lastClock)
        lastClock = clock
        return clock
    }

    func apply(_ changes: [JournalChange]) throws(StoreError) -> Set<String> {
        var months: [String] = []
        for change in changes {
            guard let month = MonthKey.month(ofDate: change.date) else { throw StoreError.invalidDate(change.date) }
            if !months.contains(month) { months.append(month) }
        }
        guard !months.isEmpty else { return [] }
        return try own.withLock { () throws(StoreError) -> Set<String> in
            try upgradeLegacyHoldingLock()
            // What every device holds of each month touched: an addition of an entry that is
            // there already, or that another device took out, changes nothing (as `add` says);
            // this device's own marks are taken back by what puts the entry back.
            var elsewhere: [String: Set<String>] = [:]
            var removedElsewhere: [String: Set<String>] = [:]
            var ownMarks: [String: Set<String>] = [:]
            var ownIDs: [String: Set<String>] = [:]
            // The time of each entry seen: a mark stands where its entry stood, so that the entry
            // put back by a redo takes its old place.
            var timeOf: [String: String] = [:]
            // The latest clock of each id seen, a mark's included: what a version written now
            // replaces (its `base`); and the latest of all, which the change's clock follows.
            var latestOf: [String: ChangeClock] = [:]
            var foreignMarkOf: [String: ChangeClock] = [:]
            var latestSeen: ChangeClock?
            for month in months {
                var ids = Set<String>()
                var removed = Set<String>()
                // This device's month is read unless only additions go to its log (a script
                // logging into a large month keeps appending without holding the month): then an
                // id it holds is left to the month's own rule (`add` of a known id does nothing).
                let onlyAppends =
                    own.knownRewriteSize(inMonth: month) == 0
                    && changes.allSatisfy { change in
                        if case .add = change { return true }
                        return MonthKey.month(ofDate: change.date) != month
                    }
                for source in try sources(holding: month) where !(source.isOwn && onlyAppends) {
                    let entries = try read(source) { (engine) throws(StoreError) in try engine.entries(inMonth: month) }
                    for entry in entries {
                        if entry.removed != true { timeOf[entry.id] = entry.time }
                        if entry.clock != nil {
                            let seen = Self.clock(of: entry)
                            if entry.removed != true {
                                if latestOf[entry.id].map({ seen > $0 }) ?? true { latestOf[entry.id] = seen }
                            } else if !source.isOwn {
                                if foreignMarkOf[entry.id].map({ seen > $0 }) ?? true { foreignMarkOf[entry.id] = seen }
                            }
                            if latestSeen.map({ seen > $0 }) ?? true { latestSeen = seen }
                        }
                        if source.isOwn {
                            if entry.removed == true {
                                ownMarks[month, default: []].insert(entry.id)
                            } else {
                                ownIDs[month, default: []].insert(entry.id)
                            }
                        } else if entry.removed == true {
                            removed.insert(entry.id)
                        } else {
                            ids.insert(entry.id)
                        }
                    }
                }
                elsewhere[month] = ids
                removedElsewhere[month] = removed
            }
            // After every change seen, even one from a device whose clock is ahead of this one's.
            if let latestSeen, lastClock.map({ latestSeen > $0 }) ?? true { lastClock = latestSeen }
            let clock = nextClock().description
            var ownChanges: [JournalChange] = []
            for change in changes {
                guard let month = MonthKey.month(ofDate: change.date) else { continue }
                switch change {
                case .add(var entry):
                    if removedElsewhere[month]?.contains(entry.id) == true { continue }
                    // This device's own mark gives way (a redo of an addition undone), even when
                    // another device holds the entry (its mark hid that device's version).
                    let putBack = ownMarks[month]?.remove(entry.id) != nil
                    if putBack {
                        ownChanges.append(.remove(id: entry.id, date: entry.date))
                    } else if elsewhere[month]?.contains(entry.id) == true || ownIDs[month]?.contains(entry.id) == true
                    {
                        continue
                    }
                    entry.clock = clock
                    entry.base = latestOf[entry.id]?.description
                    ownIDs[month, default: []].insert(entry.id)
                    ownChanges.append(.add(entry))
                case .insert(var entry, let after):
                    entry.clock = clock
                    // This device's own delete taken back: its mark goes. Another device's taken
                    // back (`undo any`): the version answers that device's mark.
                    let ownPutBack = ownMarks[month]?.remove(entry.id) != nil
                    entry.base =
                        (ownPutBack ? nil : foreignMarkOf[entry.id] ?? nil)?.description
                        ?? latestOf[entry.id]?.description
                    ownChanges.append(.remove(id: entry.id, date: entry.date))
                    elsewhere[month]?.remove(entry.id)
                    ownIDs[month, default: []].insert(entry.id)
                    ownChanges.append(.insert(entry, after: after))
                case .remove(let id, let date):
                    // An entry no device holds is not there to take out: nothing is written.
                    guard ownIDs[month]?.remove(id) != nil || elsewhere[month]?.contains(id) == true else { continue }
                    // The entry goes, and a mark takes it out of every device's month, whoever
                    // wrote it and however it was edited since: in one write of this month.
                    elsewhere[month]?.remove(id)
                    ownChanges.append(.remove(id: id, date: date))
                    var mark = Entry.removal(of: id, date: date, clock: clock)
                    mark.time = timeOf[id] ?? mark.time
                    ownChanges.append(.add(mark))
                    ownMarks[month, default: []].insert(id)
                }
            }
            return try own.applyHoldingLock(ownChanges)
        }
    }

    func removeEntries(inMonth month: String, withIDPrefix prefix: String, sample: Int, counting: Bool)
        throws(StoreError) -> (count: Int, sample: [Entry])
    {
        if !counting { try own.withLock { () throws(StoreError) in try upgradeLegacyHoldingLock() } }
        let others = try sources(holding: month).filter { !$0.isOwn }
        guard !prefix.isEmpty, !others.isEmpty else {
            return try own.removeEntries(inMonth: month, withIDPrefix: prefix, sample: sample, counting: counting)
        }
        // The versions other devices hold of those entries (edited there, or carried from a
        // folder from before devices) are taken out by marks, as a delete takes them out.
        let shown = Set(try entries(inMonth: month).lazy.filter { $0.id.hasPrefix(prefix) }.map(\.id))
        let ownIDs = Set(
            try own.entries(inMonth: month).lazy.filter { $0.removed != true && $0.id.hasPrefix(prefix) }.map(\.id))
        var marked = Set<String>()
        var elsewhere: [Entry] = []
        for source in others {
            let entries = try read(source) { (engine) throws(StoreError) in try engine.entries(inMonth: month) }
            for entry in entries where entry.removed != true && shown.contains(entry.id) {
                if marked.insert(entry.id).inserted { elsewhere.append(Self.handedOut(entry)) }
            }
        }
        var taken = try own.removeEntries(inMonth: month, withIDPrefix: prefix, sample: sample, counting: counting)
        if !counting, !elsewhere.isEmpty { _ = try apply(elsewhere.map { .remove(id: $0.id, date: $0.date) }) }
        let onlyElsewhere = elsewhere.filter { !ownIDs.contains($0.id) }
        taken.count += onlyElsewhere.count
        taken.sample += onlyElsewhere.prefix(max(0, sample - taken.sample.count))
        return taken
    }

}

/// Two edits of one entry that two devices made without seeing each other: the later by the
/// clock is shown, and the other is kept in its device's month, where `doctor` finds it.
public struct LostEdit: Equatable, Sendable {
    /// The entry as it is shown, and the device whose edit it is.
    public var shown: Entry
    public var shownBy: String
    /// The edit that lost, and the device that made it.
    public var lost: Entry
    public var lostBy: String
}

/// An entry as the merge of a month chose it: the version with the latest clock, and where it was.
private struct MergedEntry {
    var entry: Entry
    var clock: ChangeClock
    var rank: Int
    var index: Int
}
