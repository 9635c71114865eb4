import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `JournalStore` does, over the file calls `Calls`: the real ones, or a simulated disk whose
/// power a test cuts (see `FileCalls`). Generic rather than holding an existential, so that the
/// real path calls the system directly.
final class JournalEngine<Calls: FileCalls> {
    /// The data folder's path, without a trailing slash.
    let rootPath: String
    let journalPath: String
    let files: FileOperations<Calls>
    var months: [String: LoadedMonth] = [:]
    /// The months in `months`, the one used last at the end.
    var recentMonths: [String] = []
    /// How many months stay in memory: a script that goes through years of history keeps only
    /// the last few it touched (a month read again costs a millisecond or two).
    static var cachedMonths: Int { 6 }
    private var sweptTemporaryFiles = false
    private var sweptCache = false
    private var sweptMerged = false

    /// How many month files were read and decoded: tests use it to see the cache at work.
    var monthReads = 0
    /// How many month files were written: tests use it to see that a batch costs one write a month.
    var monthWrites = 0

    /// A month as it was last read or written.
    struct LoadedMonth {
        /// In order: date, time, then the order they were logged in.
        var entries: [Entry]
        /// The file's stamp when the entries were read or written; nil when there was no file.
        var stamp: FileStamp?
        /// The version of the file on disk (see `MonthFile.supportedVersion`).
        var version = 1
        /// The number of the log the file names (`MonthLog`), and the log's stamp (nil when it
        /// has no file yet).
        var log: Int? = nil
        var logStamp: FileStamp? = nil
        /// False when the log's last line was cut short: the month is rewritten before anything
        /// is appended to it.
        var logEndsWhole = true
    }

    /// A month with a log whose entries are not kept in memory (a script appending to it would
    /// otherwise hold them all), known well enough to append to it without reading it.
    struct AppendingMonth {
        var stamp: FileStamp
        var log: Int
        var logStamp: FileStamp?
        /// How many entries the month holds, counting any the log holds twice.
        var count: Int
        /// The month file's version: 5 when its log takes lines with words (`MonthFile`).
        var version: Int
    }

    /// Months appended to without their entries in memory.
    var appending: [String: AppendingMonth] = [:]

    /// How many entries a month holds before its next rewrite starts a log (`MonthLog.threshold`;
    /// the power-cut tests use a small one).
    let logThreshold: Int

    /// The most entries a month appended to keeps in memory; past it, only what appending needs.
    var cachedEntryLimit: Int { 2 * logThreshold }

    /// Opens the journal in the data folder at `rootPath` (no trailing slash), creating it and its
    /// `journal` folder when they are missing.
    init(
        rootPath: String, calls: Calls, logThreshold: Int = MonthLog.threshold, creatingFolders: Bool = true,
        readOnly: Bool = false, cachePath: String? = nil
    ) throws(StoreError) {
        self.rootPath = rootPath
        self.logThreshold = logThreshold
        self.readOnly = readOnly
        self.cachePath = cachePath ?? Self.join(rootPath, "cache")
        journalPath = Self.join(rootPath, "journal")
        files = FileOperations(calls: calls)
        guard !readOnly else {
            notices = []
            return
        }
        var notices: [StoreNotice?] = []
        let rootThere = try files.stamp(of: rootPath) != nil
        if creatingFolders || rootThere { notices.append(try files.makeFolder(rootPath)) }
        let journalThere = try files.stamp(of: journalPath) != nil
        if creatingFolders || journalThere { notices.append(try files.makeSubfolder(journalPath)) }
        self.notices = notices.compactMap { $0 }
    }

    /// What opening the folder did on its own (made it private again, say).
    let notices: [StoreNotice]

    /// True for another device's folder (or a folder from before devices): read, never written,
    /// not even a summary in its cache.
    let readOnly: Bool

    /// Where the month summaries are kept: the folder's `cache/`, or, for another device's
    /// folder, a folder of this device's cache (this device writes only its own folder).
    let cachePath: String

    func entries(on date: String) throws(StoreError) -> [Entry] {
        guard let month = MonthKey.month(ofDate: date) else { throw StoreError.invalidDate(date) }
        var read: FileContents?
        if months[month] == nil, appending[month] == nil {
            if let day = readDay, day.date == date, try files.stamp(of: monthPath(month)) == day.stamp {
                return day.entries
            }
            if readDay == nil {
                read = try files.readFile(monthPath(month))
                if case .bytes(let bytes, let stamp)? = read, let entries = dayOnly(date, ofMonth: month, bytes, stamp)
                {
                    return entries
                }
            }
        }
        // The bytes read for a day alone are not read again.
        return try load(month, read: read).entries.filter { $0.date == date }
    }

    /// The one day read without its month (`dayOnly`), while its file is as it was then.
    private var readDay: (date: String, stamp: FileStamp, entries: [Entry])?

    /// The first day a store is asked for, read without decoding the rest of its month: `today`
    /// on a month of hundreds of entries decodes a day's. Only from a file Calorina wrote as it
    /// is (its checksum matches) that names no log; nil otherwise, and the month is read whole.
    /// A second day of any month reads its month whole, as before.
    private func dayOnly(_ date: String, ofMonth month: String, _ bytes: [UInt8], _ stamp: FileStamp) -> [Entry]? {
        // A month that names a log (its `"log"` member is among the last few, after the
        // entries) is read whole: its log's lines are entries too.
        func namesALog(_ bytes: [UInt8]) -> Bool {
            let member: [UInt8] = Array("\"log\" : ".utf8)
            var at = max(0, bytes.count - 160)
            while at + member.count <= bytes.count {
                if bytes[at] == member[0], bytes[at + 1] == member[1],
                    bytes[at..<at + member.count].elementsEqual(member)
                {
                    return true
                }
                at += 1
            }
            return false
        }
        guard !ByteOrderMark.starts(bytes), !namesALog(bytes),
            case .matches = MonthChecksum.verdict(of: bytes),
            let file = try? MonthCodec.decode(bytes, onlyDay: date),
            file.log == nil, file.month == month, (4...MonthFile.supportedVersion).contains(file.version),
            MonthFile.firstRepeatedID(in: file.entries) == nil
        else { return nil }
        let entries = Self.isOrdered(file.entries, from: 0) ? file.entries : Self.ordered(file.entries)
        readDay = (date, stamp, entries)
        return entries
    }

    func entries(inMonth month: String) throws(StoreError) -> [Entry] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        return try load(month).entries
    }

    /// The month file's version and the log it names; nil when there is no file.
    func fileFacts(ofMonth month: String) throws(StoreError) -> (version: Int, log: Int?)? {
        let loaded = try load(month)
        return loaded.stamp == nil ? nil : (loaded.version, loaded.log)
    }

    func knownRewriteSize(inMonth month: String) -> Int? {
        if let loaded = months[month] { return loaded.log != nil && loaded.logEndsWhole ? 0 : loaded.entries.count }
        return appending[month] != nil ? 0 : nil
    }

    /// How many month summaries were made again: tests use it to see the summaries at work.
    var summariesMade = 0

    func daySums(inMonths months: [String]) throws(StoreError) -> [DaySums] {
        var sums: [DaySums] = []
        for month in months { sums += try daySums(inMonth: month) }
        return sums
    }

    func daySums(inMonth month: String) throws(StoreError) -> [DaySums] {
        try daySums(inMonth: month, stamp: nil)
    }

    /// What each day of `month` adds up to; `stamp` is the month file's, when the caller has
    /// just taken it.
    func daySums(inMonth month: String, stamp known: FileStamp?) throws(StoreError) -> [DaySums] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        var stamp = known
        if stamp == nil { stamp = try files.stamp(of: monthPath(month)) }
        guard let stamp else { return [] }
        if let cached = months[month], cached.stamp == stamp, try logIsAsRead(cached, month: month) {
            return DaySums.days(of: cached.entries)
        }
        let path = Self.join(cachePath, "\(month).days")
        // A link in the cache's place is refused, never read or written through.
        try files.refuseLinkedFolder(cachePath)
        if let bytes = CacheFile.load(path),
            let days = try MonthSummary.days(
                in: bytes, stamp: stamp,
                logStamp: { (log) throws(StoreError) in try files.stamp(of: logPath(month, log)) })
        {
            return days
        }
        let loaded = try load(month)
        let days = DaySums.days(of: loaded.entries)
        if let stamp = loaded.stamp, !readOnly || cachePath != Self.join(rootPath, "cache") {
            if cachePath != Self.join(rootPath, "cache") {
                // Another device's summaries, in a folder of this device's cache (if this device
                // has a folder yet).
                _ = try? files.makeSubfolder(AtomicFile.parent(of: cachePath))
            }
            _ = try? files.makeSubfolder(cachePath)
            // A view killed while writing a summary leaves its temporary file: the first summary
            // a store writes sweeps them (a person who only looks back never writes a month).
            if !sweptCache {
                sweptCache = true
                files.sweepTemporaryFiles(inFolder: cachePath)
            }
            let log = loaded.log.map { (number: $0, stamp: loaded.logStamp) }
            CacheFile.store(MonthSummary.text(days, stamp: stamp, log: log), at: path)
            summariesMade += 1
        }
        return days
    }

    /// What a summary names this month by, as this store last read it: its file's stamp and the
    /// log the file names; nil when there is no file.
    func summarySource(ofMonth month: String, name: String) throws(StoreError) -> MonthSummary.MergedSource? {
        let loaded = try load(month)
        guard let stamp = loaded.stamp else { return nil }
        return MonthSummary.MergedSource(
            name: name, stamp: stamp, log: loaded.log.map { (number: $0, stamp: loaded.logStamp) })
    }

    /// What names the files a day was last read from (`entries(on:)`): the month file's stamp and
    /// the log it names, without reading the month again; nil when the day was not read.
    func daySource(ofDate date: String, name: String) -> MonthSummary.MergedSource? {
        if let day = readDay, day.date == date {
            return MonthSummary.MergedSource(name: name, stamp: day.stamp, log: nil)
        }
        guard let month = MonthKey.month(ofDate: date), let loaded = months[month], let stamp = loaded.stamp else {
            return nil
        }
        return MonthSummary.MergedSource(
            name: name, stamp: stamp, log: loaded.log.map { (number: $0, stamp: loaded.logStamp) })
    }

    /// Keeps `text` as the summary `name` in the folder `folder` of this store's cache, as
    /// `daySums` keeps a month's: made when missing, without a sync, failures ignored.
    func storeSummary(_ text: String, named name: String, inFolder folder: String) throws(StoreError) {
        try storeCacheFile(Array(text.utf8), named: name, inFolder: folder)
    }

    /// Keeps `bytes` as the file `name` in the folder `folder` of this store's cache.
    func storeCacheFile(_ bytes: [UInt8], named name: String, inFolder folder: String) throws(StoreError) {
        try files.refuseLinkedFolder(cachePath)
        _ = try? files.makeSubfolder(cachePath)
        let path = Self.join(cachePath, folder)
        try files.refuseLinkedFolder(path)
        _ = try? files.makeSubfolder(path)
        // What a view killed while writing left there, swept once a process.
        if !sweptMerged {
            sweptMerged = true
            files.sweepTemporaryFiles(inFolder: path)
        }
        CacheFile.store(String(decoding: bytes, as: UTF8.self), at: Self.join(path, name))
        summariesMade += 1
    }

    func storedMonths() throws(StoreError) -> [String] {
        try files.names(inFolder: journalPath).compactMap { name -> String? in
            guard name.hasSuffix(".json") else { return nil }
            let month = String(name.dropLast(5))
            return MonthKey.isMonth(month) ? month : nil
        }.sorted()
    }

    // MARK: Files

    /// The month as it is on disk now: from memory when its file (and log) have not changed since
    /// they were read or written, else read again: the month file, then the log it names.
    /// `read`: the month file's contents, when the caller has just read them (a day read alone
    /// that was not one), used while the file is as they were.
    func load(_ month: String, read: FileContents? = nil) throws(StoreError) -> LoadedMonth {
        let path = monthPath(month)
        var attempts = 0
        while true {
            attempts += 1
            let stamp = try files.stamp(of: path)
            if let cached = months[month], cached.stamp == stamp, try logIsAsRead(cached, month: month) {
                if recentMonths.last != month { remember(cached, as: month) }
                return cached
            }
            months[month] = nil
            var loaded: LoadedMonth
            let contents: FileContents
            if attempts == 1, case .bytes(let bytes, let readStamp)? = read, readStamp == stamp {
                contents = .bytes(bytes, readStamp)
            } else {
                contents = try files.readFile(path)
            }
            switch contents {
            case .missing:
                loaded = LoadedMonth(entries: [], stamp: nil)
            case .bytes(let bytes, let stamp):
                monthReads += 1
                let file = try MonthFile.decode(bytes, month: month, path: path)
                loaded = LoadedMonth(entries: file.entries, stamp: stamp, version: file.version, log: file.log)
                var ordered = Self.isOrdered(file.entries, from: 0)
                if let log = file.log {
                    let logPath = logPath(month, log)
                    if case .bytes(let logBytes, let logStamp) = try files.readFile(logPath) {
                        let read = try MonthLog.entries(in: logBytes, month: month, path: logPath)
                        loaded.logStamp = logStamp
                        loaded.logEndsWhole = read.endsWhole
                        // An entry appended twice (two writers adding the same import) counts once.
                        var ids = Set(file.entries.map(\.id))
                        let oldCount = loaded.entries.count
                        for entry in read.entries where ids.insert(entry.id).inserted { loaded.entries.append(entry) }
                        ordered = ordered && Self.isOrdered(loaded.entries, from: max(0, oldCount - 1))
                    }
                    // Another writer may have rewritten the month, and removed this log, while it
                    // was read: then read both again.
                    if attempts < 3, try files.stamp(of: path) != stamp { continue }
                }
                // Calorina writes months in order; only a file edited by hand needs sorting.
                if !ordered { loaded.entries = Self.ordered(loaded.entries) }
            }
            appending[month] = nil
            remember(loaded, as: month)
            return loaded
        }
    }

    /// Keeps a month in memory as the one used last, forgetting the one used longest ago when
    /// there are more than `cachedMonths`.
    func remember(_ loaded: LoadedMonth, as month: String) {
        months[month] = loaded
        recentMonths.removeAll { $0 == month }
        recentMonths.append(month)
        while recentMonths.count > Self.cachedMonths {
            months[recentMonths.removeFirst()] = nil
        }
    }

    /// Replaces the month's file with `entries`, keeping the old one as the backup; returns the new
    /// file's stamp. Call with the lock held, and sync the folder afterwards (once for all the
    /// months a change writes).
    func replaceFile(ofMonth month: String, with entries: [Entry], log: Int?) throws(StoreError)
        -> FileStamp
    {
        // Written as it is encoded, a megabyte at a time: a large month never sits whole in memory
        // as text.
        let stamp = try files.replaceFile(at: monthPath(month), syncingFolder: false) { (write) throws(StoreError) in
            try MonthCodec.write(MonthFile(month: month, entries: entries, log: log), to: write)
        }
        monthWrites += 1
        return stamp
    }

    /// Before a month of `version` is first written in a newer one, its file is kept as
    /// `YYYY-MM.json.vN` (N its version), once: the rotating `.bak` files are gone two writes
    /// later, and this copy is what an earlier release can still read.
    func keepUpgradeBackup(ofMonth month: String, version: Int) throws(StoreError) {
        let path = monthPath(month)
        let backup = path + ".v\(version)"
        guard try files.stamp(of: backup) == nil else { return }
        try files.keepBackup(
            of: path, at: backup, via: Self.join(journalPath, ".\(month).json.v\(version).tmp-\(getpid())"))
    }

    /// Removes the temporary files killed writers left anywhere in the data folder. Done once per
    /// store, with the lock held.
    func sweepTemporaryFiles() {
        guard !sweptTemporaryFiles else { return }
        sweptTemporaryFiles = true
        files.sweepTemporaryFiles(inDataFolder: rootPath)
    }

    func monthPath(_ month: String) -> String {
        Self.join(journalPath, "\(month).json")
    }

    /// The path of the month's log number `log`.
    /// The number of the next log a rewritten month names: the first after `old` that no file
    /// has. A file with a later log's name is never removed: a month put back from an older copy
    /// (a backup, a sync) names an earlier log than the one its newer entries were appended to,
    /// and that log holds entries the month lacks (`doctor` names such a log).
    func freeLog(ofMonth month: String, after old: Int?) throws(StoreError) -> Int {
        var log = (old ?? 0) + 1
        while try files.stamp(of: logPath(month, log)) != nil { log += 1 }
        return log
    }

    func logPath(_ month: String, _ log: Int) -> String {
        MonthLog.path(ofMonthFile: monthPath(month), log: log)
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
