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
///         2026-11.json      its month: the entries it added or last edited, each with its clock
///         2026-11.removed   the entries it took out of the month (`RemovedLog`)
///     desktop/              the same, written only by `desktop`
///   journal/                a folder from before devices: read until this device first writes,
///     2026-11.json          then moved into `devices/NAME/journal` and left as an empty month
///     2026-11.json.v5       of version 6 (which an earlier release refuses), the old file kept
/// ```
///
/// Reading a month merges every device's: an entry is shown in the version with the latest clock
/// (`ChangeClock`) that any device holds, unless some device removed it; entries are ordered by
/// date and time, then by the clock of the version shown, then by device, then as their device
/// holds them. The result depends only on
/// the files, never on the order they arrived in. Another device's file that cannot be read yet
/// (still arriving, cut short) is left out until it can be; this device's own are read as ever.
final class DeviceJournal<Calls: FileCalls>: JournalWork {
    let rootPath: String
    /// This device's name.
    let device: String
    /// This device's folder, the only one it writes.
    let own: JournalEngine<Calls>
    /// The data folder as a release from before devices wrote it.
    private let legacy: JournalEngine<Calls>
    /// Other devices' folders, opened as they are first seen.
    private var others: [String: JournalEngine<Calls>] = [:]
    private let calls: Calls
    private let files: FileOperations<Calls>
    /// The time now, in milliseconds since 1970, for the clocks of changes.
    private let now: () -> Int64
    private var lastClock: ChangeClock?
    private var upgradeChecked = false
    /// What each `.removed` file said, by path, with its stamp.
    private var removedRead: [String: (stamp: FileStamp, said: [String: Bool])] = [:]
    let notices: [StoreNotice]

    init(
        rootPath: String, device: String, calls: Calls, logThreshold: Int = MonthLog.threshold,
        creatingFolders: Bool = true, now: @escaping () -> Int64 = DeviceJournal.wallMilliseconds
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

    static func wallMilliseconds() -> Int64 {
        var moment = timespec()
        clock_gettime(CLOCK_REALTIME, &moment)
        return Int64(moment.tv_sec) * 1000 + Int64(moment.tv_nsec) / 1_000_000
    }

    var monthReads: Int { own.monthReads + legacy.monthReads }
    var monthWrites: Int { own.monthWrites }
    var summariesMade: Int { own.summariesMade + legacy.summariesMade }

    // MARK: Where a month is

    /// One folder's journal a month is read from: the folder from before devices (rank 0), then
    /// each device's, by name.
    private struct Source {
        let name: String
        let engine: JournalEngine<Calls>
        let isOwn: Bool
        let isLegacy: Bool
    }

    /// The devices that have a folder, by name (this one among them once it has written).
    func deviceNames() throws(StoreError) -> [String] {
        let names = (try? files.names(inFolder: rootPath + "/devices")) ?? []
        return names.filter { DeviceName.isValid($0) }.sorted()
    }

    private func engine(ofDevice name: String) throws(StoreError) -> JournalEngine<Calls> {
        if name == device { return own }
        if let engine = others[name] { return engine }
        let engine = try JournalEngine(rootPath: rootPath + "/devices/" + name, calls: calls, readOnly: true)
        others[name] = engine
        return engine
    }

    private func sources(holding month: String) throws(StoreError) -> [Source] {
        var sources: [Source] = []
        // A month moved into a device's journal is left empty, in version 6: nothing to read.
        if try files.stamp(of: legacy.monthPath(month)) != nil,
            let facts = try legacy.fileFacts(ofMonth: month), facts.version < MonthFile.supportedVersion
        {
            sources.append(Source(name: "", engine: legacy, isOwn: false, isLegacy: true))
        }
        for name in try deviceNames() {
            let engine = try engine(ofDevice: name)
            guard try files.stamp(of: engine.monthPath(month)) != nil else { continue }
            sources.append(Source(name: name, engine: engine, isOwn: name == device, isLegacy: false))
        }
        return sources
    }

    /// What every device's `.removed` file says of the month: the ids some device took out, and
    /// (separately) this device's own last word on each id it took out or kept.
    private func removed(inMonth month: String) throws(StoreError) -> (anyDevice: Set<String>, own: [String: Bool]) {
        var anyDevice = Set<String>()
        var ownSaid: [String: Bool] = [:]
        for name in try deviceNames() {
            let path = removedPath(month, device: name)
            guard let stamp = try files.stamp(of: path) else { continue }
            let said: [String: Bool]
            if let known = removedRead[path], known.stamp == stamp {
                said = known.said
            } else {
                guard case .bytes(let bytes, let readStamp) = try read(path, isOwn: name == device) else { continue }
                said = RemovedLog.read(bytes)
                removedRead[path] = (readStamp, said)
            }
            for (id, isRemoved) in said where isRemoved { anyDevice.insert(id) }
            if name == device { ownSaid = said }
        }
        return (anyDevice, ownSaid)
    }

    /// Another device's file that cannot be read yet reads as missing; this device's own throws.
    private func read(_ path: String, isOwn: Bool) throws(StoreError) -> FileContents {
        if isOwn { return try files.readFile(path) }
        return (try? files.readFile(path)) ?? .missing
    }

    func removedPath(_ month: String, device name: String) -> String {
        rootPath + "/devices/" + name + "/journal/" + RemovedLog.name(ofMonth: month)
    }

    // MARK: Reading

    func entries(on date: String) throws(StoreError) -> [Entry] {
        guard let month = MonthKey.month(ofDate: date) else { throw StoreError.invalidDate(date) }
        let sources = try sources(holding: month)
        let removed = try removed(inMonth: month).anyDevice
        if removed.isEmpty, sources.count <= 1 {
            guard let only = sources.first else { return [] }
            return try read(only) { (engine) throws(StoreError) in try engine.entries(on: date) }.map(Self.handedOut)
        }
        return try merged(month, sources, removed: removed).filter { $0.date == date }
    }

    func entries(inMonth month: String) throws(StoreError) -> [Entry] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        let sources = try sources(holding: month)
        let removed = try removed(inMonth: month).anyDevice
        if removed.isEmpty, sources.count <= 1 {
            guard let only = sources.first else { return [] }
            return try read(only) { (engine) throws(StoreError) in try engine.entries(inMonth: month) }.map(
                Self.handedOut)
        }
        return try merged(month, sources, removed: removed)
    }

    func daySums(inMonth month: String) throws(StoreError) -> [DaySums] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        let sources = try sources(holding: month)
        let removed = try removed(inMonth: month).anyDevice
        if removed.isEmpty, sources.count <= 1 {
            guard let only = sources.first else { return [] }
            return try read(only) { (engine) throws(StoreError) in try engine.daySums(inMonth: month) }
        }
        return DaySums.days(of: try merged(month, sources, removed: removed))
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
    private func read<Result: RangeReplaceableCollection>(
        _ source: Source, _ body: (JournalEngine<Calls>) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        if source.isOwn || source.isLegacy { return try body(source.engine) }
        do {
            return try body(source.engine)
        } catch {
            return Result()
        }
    }

    /// An entry as the journal hands it out: without the clock of the device that wrote it.
    private static func handedOut(_ entry: Entry) -> Entry {
        guard entry.clock != nil else { return entry }
        var entry = entry
        entry.clock = nil
        return entry
    }

    /// The month as every device's files make it, in order.
    private func merged(_ month: String, _ sources: [Source], removed: Set<String>) throws(StoreError) -> [Entry] {
        var chosen: [String: MergedEntry] = [:]
        let unknown = ChangeClock(milliseconds: 0, counter: 0, device: "")
        for (rank, source) in sources.enumerated() {
            let entries = try read(source) { (engine) throws(StoreError) in try engine.entries(inMonth: month) }
            for (index, entry) in entries.enumerated() where !removed.contains(entry.id) {
                let clock = entry.clock.flatMap { ChangeClock($0) } ?? unknown
                if let earlier = chosen[entry.id], earlier.clock >= clock { continue }
                chosen[entry.id] = MergedEntry(entry: entry, clock: clock, rank: rank, index: index)
            }
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
    private func nextClock() -> ChangeClock {
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
            // What other devices hold and removed of each month touched: an addition of an entry
            // already there, or one another device took out, changes nothing (as `add` says).
            var elsewhere: [String: Set<String>] = [:]
            var removedElsewhere: [String: Set<String>] = [:]
            var ownRemoved: [String: [String: Bool]] = [:]
            for month in months {
                let said = try removed(inMonth: month)
                ownRemoved[month] = said.own
                removedElsewhere[month] = said.anyDevice.filter { said.own[$0] != true }
                var ids = Set<String>()
                for source in try sources(holding: month) where !source.isOwn {
                    let entries = try read(source) { (engine) throws(StoreError) in try engine.entries(inMonth: month) }
                    for entry in entries { ids.insert(entry.id) }
                }
                elsewhere[month] = ids
            }
            let clock = nextClock()
            var ownChanges: [JournalChange] = []
            // Each entry's state once the changes are made: there (true) or taken out.
            var outcome: [(month: String, id: String, there: Bool)] = []
            func settle(_ month: String, _ id: String, _ there: Bool) {
                outcome.removeAll { $0.month == month && $0.id == id }
                outcome.append((month, id, there))
            }
            for change in changes {
                guard let month = MonthKey.month(ofDate: change.date) else { continue }
                switch change {
                case .add(var entry):
                    if removedElsewhere[month]?.contains(entry.id) == true { continue }
                    if elsewhere[month]?.contains(entry.id) == true { continue }
                    entry.clock = clock.description
                    ownChanges.append(.add(entry))
                    settle(month, entry.id, true)
                case .insert(var entry, let after):
                    entry.clock = clock.description
                    ownChanges.append(.insert(entry, after: after))
                    elsewhere[month]?.remove(entry.id)
                    settle(month, entry.id, true)
                case .remove(let id, let date):
                    ownChanges.append(.remove(id: id, date: date))
                    elsewhere[month]?.remove(id)
                    settle(month, id, false)
                }
            }
            // Taken out first, put back last: a change cut short by a crash leaves an entry out
            // rather than back.
            for month in months {
                let out = outcome.filter { $0.month == month && !$0.there && ownRemoved[month]?[$0.id] != true }
                try appendRemoved(out.map(\.id), removed: true, month: month, clock: clock)
            }
            let changedElsewhere = try own.applyHoldingLock(ownChanges)
            for month in months {
                let back = outcome.filter { $0.month == month && $0.there && ownRemoved[month]?[$0.id] == true }
                try appendRemoved(back.map(\.id), removed: false, month: month, clock: clock)
            }
            return changedElsewhere
        }
    }

    private func appendRemoved(_ ids: [String], removed: Bool, month: String, clock: ChangeClock) throws(StoreError) {
        guard !ids.isEmpty else { return }
        let path = removedPath(month, device: device)
        var bytes: [UInt8] = []
        if case .bytes(let old, _) = try files.readFile(path) { bytes = old }
        let made = try files.appendToFile(RemovedLog.lines(ids, removed: removed, clock: clock, after: bytes), at: path)
        if made.made { try files.syncFolder(AtomicFile.parent(of: path)) }
    }

    func removeEntries(inMonth month: String, withIDPrefix prefix: String, sample: Int, counting: Bool)
        throws(StoreError) -> (count: Int, sample: [Entry])
    {
        if !counting { try own.withLock { () throws(StoreError) in try upgradeLegacyHoldingLock() } }
        return try own.removeEntries(inMonth: month, withIDPrefix: prefix, sample: sample, counting: counting)
    }

    // MARK: Upgrading a folder from before devices

    /// Moves every month of a folder from before devices into this device's journal, once: the
    /// entries are written to this device's month first; then the old month is kept as
    /// `YYYY-MM.json.vN` (and its log as `YYYY-MM.N.log.vN`) and left as an empty month of
    /// version 6, which an earlier release refuses rather than miss what the devices' months
    /// hold. Cut short, it is done again: an entry written twice is the same entry.
    private func upgradeLegacyHoldingLock() throws(StoreError) {
        guard !upgradeChecked else { return }
        upgradeChecked = true
        for month in try legacy.storedMonths() {
            guard let facts = try legacy.fileFacts(ofMonth: month), facts.version < MonthFile.supportedVersion else {
                continue
            }
            let entries = try legacy.entries(inMonth: month)
            if !entries.isEmpty { _ = try own.applyHoldingLock(entries.map { .add($0) }) }
            let path = legacy.monthPath(month)
            let folder = AtomicFile.parent(of: path)
            let kept = path + ".v\(facts.version)"
            if try files.stamp(of: kept) == nil {
                try files.keepBackup(of: path, at: kept, via: folder + "/.\(month).json.v\(facts.version).tmp-\(getpid())")
            }
            if let log = facts.log {
                let logPath = legacy.logPath(month, log)
                if try files.stamp(of: logPath) != nil {
                    try files.keepBackup(
                        of: logPath, at: logPath + ".v\(facts.version)", via: folder + "/.\(month).log.tmp-\(getpid())")
                    try files.removeIfPresent(logPath)
                }
            }
            var stub = MonthFile(month: month, entries: [])
            stub.version = MonthFile.supportedVersion
            _ = try files.replaceFile(at: path, keepingBackups: false) { (write) throws(StoreError) in
                try MonthCodec.write(stub, to: write)
            }
        }
    }
}

/// An entry as the merge of a month chose it: the version with the latest clock, and where it was.
private struct MergedEntry {
    var entry: Entry
    var clock: ChangeClock
    var rank: Int
    var index: Int
}
