import CalorinaFiles
import CalorinaMonths
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal on disk: one JSON file per month in `root/journal/`, read on demand and kept in
/// memory, and changed only under a lock by rewriting each touched month atomically, or, for a
/// large month, by appending additions to its log (`MonthLog`).
///
/// ```
/// root/                     mode 0700, created if missing
///   .lock                   flock'ed by every writer, mode 0600
///   journal/                mode 0700
///     2026-11.json          one month (see MonthFile), mode 0600, created on demand
///     2026-11.json.bak      that month as it was before the last change to it
///     2026-11.json.bak.1    and before the change before that
///     2026-11.1.log         a large month's additions since it was written (MonthLog)
///     2026-10.json.v1       a month as an earlier version wrote it, kept at its first upgrade
/// ```
///
/// Reads see other processes' writes: a month in memory is read again whenever its file's inode,
/// size or times differ from when it was read. Writes lose nothing to other processes: under the
/// lock, each touched month is read again if it changed, then changed, then written to a temporary
/// file that is synced and renamed over it, and the folder is synced before the lock is released.
/// A month that cannot be read (corrupt, or from a newer Calorina) stops the change before
/// anything is written, and is never overwritten.
///
/// Not `Sendable`: use a store from one thread. Any number of stores, in one process or several,
/// may share a folder.
public final class JournalStore {
    /// The newest journal format this Calorina reads, and the one it writes.
    public static let supportedVersion = MonthFile.supportedVersion

    /// The data folder the store was opened on.
    public let root: URL

    /// The store's work, on the real disk (or, in a test, a simulated one).
    let engine: any JournalWork

    /// The disk the store works on, for the documents beside the journal (`DocumentStore`): a
    /// change's undo record is written on the same disk as its entries.
    public let disk: DataDisk

    /// The data folder's path, without a trailing slash.
    public var rootPath: String { engine.rootPath }

    /// What opening the data folder did on its own that a person should hear of: a folder found
    /// open to others is made private again (0700), or said to be when it cannot be.
    public var notices: [StoreNotice] { engine.notices }

    /// How many month files were read and decoded: tests use it to see the cache at work.
    var monthReads: Int { engine.monthReads }
    /// How many month summaries were made again: tests use it to see the summaries at work.
    var summariesMade: Int { engine.summariesMade }
    /// How many month files were written: tests use it to see that a batch costs one write a month.
    var monthWrites: Int { engine.monthWrites }

    /// Opens the journal in the data folder `root`, creating it and `root/journal` (mode 0700) when
    /// they are missing, unless `creatingFolders` is false (`--dry-run`, which changes nothing:
    /// a folder that is not there reads as empty). Reads nothing yet.
    ///
    /// - Throws: `StoreError.cannotWrite` when a folder cannot be created, or something that is
    ///   not a folder is in the way.
    public convenience init(root: URL, device: String = JournalStore.unnamedDevice) throws(StoreError) {
        try self.init(root: root, device: device, creatingFolders: true)
    }

    /// The name of a device that was not given one (a test's, a library user's).
    public static let unnamedDevice = "local"

    /// This device's name: its files are `root/devices/NAME/` (see `DeviceJournal`).
    public let device: String

    /// This device's folder in the data folder, the only one it writes: its journal, its lock and
    /// its undo history.
    public var devicePath: String { rootPath + "/devices/" + device }

    /// See `init(root:)`.
    public init(root: URL, device: String = JournalStore.unnamedDevice, creatingFolders: Bool) throws(StoreError) {
        guard DeviceName.isValid(device) else {
            throw StoreError.cannotWrite(
                path: root.path, reason: "'\(device)' is not a device name (letters, digits, '.', '_' and '-')")
        }
        let standardized = root.standardizedFileURL
        guard root.isFileURL,
            var path = standardized.withUnsafeFileSystemRepresentation({
                $0.map { String(cString: $0) }
            })
        else {
            throw StoreError.cannotWrite(
                path: root.absoluteString, reason: "it is not a folder on this machine")
        }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.root = standardized
        self.device = device
        engine = try DeviceJournal(
            rootPath: path, device: device, calls: SystemCalls(), creatingFolders: creatingFolders)
        disk = .system
    }

    /// Opens the journal in the data folder `root` on the disk `calls` (a simulated disk whose
    /// faults a test chooses); `root` is a path on that disk.
    /// Opens the data folder `root` on the real disk as `device`, whose clock reads `now`
    /// (milliseconds): tests of several devices set the time of each change.
    init(root: String, device: String, now: @escaping () -> Int64) throws(StoreError) {
        self.root = URL(fileURLWithPath: root)
        self.device = device
        engine = try DeviceJournal(rootPath: root, device: device, calls: SystemCalls(), now: now)
        disk = .system
    }

    init<Calls: FileCalls>(root: String, calls: Calls, device: String = JournalStore.unnamedDevice) throws(StoreError) {
        self.root = URL(fileURLWithPath: root)
        self.device = device
        engine = try DeviceJournal(rootPath: root, device: device, calls: calls)
        disk = DataDisk(FileOperations(calls: calls))
    }

    // MARK: Reading

    /// The entries of one day, `YYYY-MM-DD`, in order; reads only that day's month file, and only
    /// if it changed since it was last read.
    ///
    /// - Throws: `StoreError.invalidDate`, or `unreadable` / `newerVersion` for the month file.
    public func entries(on date: String) throws(StoreError) -> [Entry] {
        try engine.entries(on: date)
    }

    /// The entries of one month, `YYYY-MM`, in order; an empty list when there is no file for it.
    ///
    /// - Throws: `StoreError.invalidMonth`, or `unreadable` / `newerVersion` for the month file.
    public func entries(inMonth month: String) throws(StoreError) -> [Entry] {
        try engine.entries(inMonth: month)
    }

    /// What each day of one month, `YYYY-MM`, adds up to, in date order (days with no entry are
    /// left out). Read from the month's summary in `root/cache` when it was made from the month
    /// file as it is now; otherwise from the month file, making the summary again.
    ///
    /// - Throws: `StoreError.invalidMonth`, or `unreadable` / `newerVersion` for the month file.
    public func daySums(inMonth month: String) throws(StoreError) -> [DaySums] {
        try engine.daySums(inMonth: month)
    }

    /// About how many entries saving a change to the month would write, without reading it: none
    /// when additions go to its log (`MonthLog`), else all it holds; nil when it is not known.
    public func knownRewriteSize(inMonth month: String) -> Int? {
        engine.knownRewriteSize(inMonth: month)
    }

    /// The months that have a file, `YYYY-MM`, oldest first.
    ///
    /// - Throws: `StoreError.unreadable` when the journal folder cannot be listed.
    public func storedMonths() throws(StoreError) -> [String] {
        try engine.storedMonths()
    }

    /// Every device that has written in the data folder, this one first among equals (see
    /// `DeviceSummary`).
    public func devices() throws(StoreError) -> [DeviceSummary] {
        try engine.devices()
    }

    /// The other devices that have a folder here, by name.
    public func otherDevices() throws(StoreError) -> [String] {
        try engine.deviceNames().filter { $0 != device }
    }

    /// The edits of one month's entries that lost to another device's edit made without seeing
    /// them (the later by the clock is shown): each kept in its device's month, to be shown.
    public func lostEdits(inMonth month: String) throws(StoreError) -> [LostEdit] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        return try engine.lostEdits(inMonth: month)
    }

    // MARK: Writing

    /// Applies `changes` in order and saves every month they touch before returning.
    ///
    /// Holds the lock on `root/.lock` throughout, waiting for it if another store has it. Each
    /// touched month is read once (again, if another process changed it) and written once,
    /// however many changes it gets: a month the changes leave as it was is not written at all.
    /// Before a month file is replaced, its old content becomes `YYYY-MM.json.bak`.
    ///
    /// - Throws: `StoreError.invalidDate` for a change with a bad date, before anything is read;
    ///   `unreadable` or `newerVersion` when a touched month cannot be read, before anything is
    ///   written; `cannotWrite` or `lockFailed` when saving fails. A failure while writing the
    ///   second of two months leaves the first one written.
    /// - Returns: the touched months that another writer had changed since this store last read
    ///   or wrote them, or that it had not read: what the caller knows of their days may be out
    ///   of date.
    @discardableResult
    public func apply(_ changes: [JournalChange]) throws(StoreError) -> Set<String> {
        try engine.apply(changes)
    }

    /// Takes out of `month` (`YYYY-MM`) every entry whose 16-digit id starts with `prefix`,
    /// reading the month's log a line at a time rather than holding the month (see
    /// `ScriptEntries`); with `counting`, writes nothing.
    ///
    /// - Returns: how many were (or would be) taken out, and the first `sample` of them.
    public func removeEntries(inMonth month: String, withIDPrefix prefix: String, sample: Int, counting: Bool = false)
        throws(StoreError) -> (count: Int, sample: [Entry])
    {
        try engine.removeEntries(inMonth: month, withIDPrefix: prefix, sample: sample, counting: counting)
    }
}

/// What `JournalStore` asks of its engine, whatever the disk: one call a read or a change, so
/// that the file calls inside stay specialised for the real disk.
protocol JournalWork: AnyObject {
    var rootPath: String { get }
    var notices: [StoreNotice] { get }
    var monthReads: Int { get }
    var monthWrites: Int { get }
    var summariesMade: Int { get }
    func entries(on date: String) throws(StoreError) -> [Entry]
    func entries(inMonth month: String) throws(StoreError) -> [Entry]
    func daySums(inMonth month: String) throws(StoreError) -> [DaySums]
    func knownRewriteSize(inMonth month: String) -> Int?
    func storedMonths() throws(StoreError) -> [String]
    func apply(_ changes: [JournalChange]) throws(StoreError) -> Set<String>
    func removeEntries(inMonth month: String, withIDPrefix prefix: String, sample: Int, counting: Bool)
        throws(StoreError) -> (count: Int, sample: [Entry])
    func deviceNames() throws(StoreError) -> [String]
    func devices() throws(StoreError) -> [DeviceSummary]
    func lostEdits(inMonth month: String) throws(StoreError) -> [LostEdit]
}

/// A folder of one journal alone has no devices to merge.
extension JournalEngine: JournalWork {
    func deviceNames() throws(StoreError) -> [String] { [] }
    func devices() throws(StoreError) -> [DeviceSummary] { [] }
    func lostEdits(inMonth month: String) throws(StoreError) -> [LostEdit] { [] }
}

/// What `JournalStore` does, over the file calls `Calls`: the real ones, or a simulated disk whose
/// power a test cuts (see `FileCalls`). Generic rather than holding an existential, so that the
/// real path calls the system directly.
final class JournalEngine<Calls: FileCalls> {
    /// The data folder's path, without a trailing slash.
    let rootPath: String
    private let journalPath: String
    private let files: FileOperations<Calls>
    private var months: [String: LoadedMonth] = [:]
    /// The months in `months`, the one used last at the end.
    private var recentMonths: [String] = []
    /// How many months stay in memory: a script that goes through years of history keeps only
    /// the last few it touched (a month read again costs a millisecond or two).
    static var cachedMonths: Int { 6 }
    private var sweptTemporaryFiles = false
    private var sweptCache = false
    private var sweptMerged = false

    /// How many month files were read and decoded: tests use it to see the cache at work.
    private(set) var monthReads = 0
    /// How many month files were written: tests use it to see that a batch costs one write a month.
    private(set) var monthWrites = 0

    /// A month as it was last read or written.
    private struct LoadedMonth {
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
    private struct AppendingMonth {
        var stamp: FileStamp
        var log: Int
        var logStamp: FileStamp?
        /// How many entries the month holds, counting any the log holds twice.
        var count: Int
        /// The month file's version: 5 when its log takes lines with words (`MonthFile`).
        var version: Int
    }

    /// Months appended to without their entries in memory.
    private var appending: [String: AppendingMonth] = [:]

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
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]), !namesALog(bytes),
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
    private(set) var summariesMade = 0

    func daySums(inMonth month: String) throws(StoreError) -> [DaySums] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        guard let stamp = try files.stamp(of: monthPath(month)) else { return [] }
        if let cached = months[month], cached.stamp == stamp, try logIsAsRead(cached, month: month) {
            return DaySums.days(of: cached.entries)
        }
        let path = Self.join(cachePath, "\(month).days")
        // A link in the cache's place is refused, never read or written through.
        try files.refuseLinkedFolder(cachePath)
        if let bytes = MonthSummary.load(path),
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
            MonthSummary.store(MonthSummary.text(days, stamp: stamp, log: log), at: path)
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
        if let day = readDay, day.date == date { return MonthSummary.MergedSource(name: name, stamp: day.stamp, log: nil) }
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
        MonthSummary.store(String(decoding: bytes, as: UTF8.self), at: Self.join(path, name))
        summariesMade += 1
    }

    func storedMonths() throws(StoreError) -> [String] {
        try files.names(inFolder: journalPath).compactMap { name -> String? in
            guard name.hasSuffix(".json") else { return nil }
            let month = String(name.dropLast(5))
            return MonthKey.isMonth(month) ? month : nil
        }.sorted()
    }

    @discardableResult
    func apply(_ changes: [JournalChange]) throws(StoreError) -> Set<String> {
        var changesByMonth: [String: [JournalChange]] = [:]
        for change in changes {
            guard let month = MonthKey.month(ofDate: change.date) else {
                throw StoreError.invalidDate(change.date)
            }
            changesByMonth[month, default: []].append(change)
        }
        guard !changesByMonth.isEmpty else { return [] }
        return try withLock { () throws(StoreError) -> Set<String> in try applyHoldingLock(changesByMonth) }
    }

    /// Runs `body` holding the folder's lock, as every change does.
    func withLock<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        guard !readOnly else { throw StoreError.cannotWrite(path: rootPath, reason: "it is another device's folder") }
        return try files.withExclusiveLock(at: Self.join(rootPath, ".lock"), body)
    }

    /// `apply`, with the lock held (`withLock`).
    func applyHoldingLock(_ changes: [JournalChange]) throws(StoreError) -> Set<String> {
        var changesByMonth: [String: [JournalChange]] = [:]
        for change in changes {
            guard let month = MonthKey.month(ofDate: change.date) else {
                throw StoreError.invalidDate(change.date)
            }
            changesByMonth[month, default: []].append(change)
        }
        guard !changesByMonth.isEmpty else { return [] }
        return try applyHoldingLock(changesByMonth)
    }

    private func applyHoldingLock(_ changesByMonth: [String: [JournalChange]]) throws(StoreError) -> Set<String> {
        do {
            sweepTemporaryFiles()
            let touched = changesByMonth.keys.sorted()
            // The months another writer changed since this store last read or wrote them (or that
            // it does not know): what the caller knows of them may be out of date.
            var changedElsewhere = Set<String>()
            for month in touched where try !isAsKnown(month) { changedElsewhere.insert(month) }
            // Additions to a month with a log are appended to the log: the month is not read.
            var appends: [(month: String, entries: [Entry], to: AppendingMonth)] = []
            var rewrites: [String] = []
            for month in touched {
                guard let monthChanges = changesByMonth[month] else { continue }
                let added = monthChanges.compactMap { change -> Entry? in
                    if case .add(let entry) = change { return entry }
                    return nil
                }
                if added.count == monthChanges.count,
                    let target = try appendTarget(month, needing: added.map(MonthFile.version(for:)).max() ?? 4)
                {
                    // Entries the month is known to hold already are left out, as `add` says; a
                    // month not in memory leaves that to its reader (`load`).
                    let known = Set(months[month]?.entries.map(\.id) ?? [])
                    var seen = Set<String>()
                    let fresh = added.filter { !known.contains($0.id) && seen.insert($0.id).inserted }
                    guard MonthCodec.isEncodable(fresh) else {
                        throw StoreError.cannotWrite(
                            path: logPath(month, target.log), reason: "an entry has a number JSON cannot hold")
                    }
                    if !fresh.isEmpty { appends.append((month, fresh, target)) }
                } else {
                    rewrites.append(month)
                }
            }
            // Every month rewritten is read before any is written, so one that cannot be read
            // stops them all.
            var current: [String: LoadedMonth] = [:]
            for month in rewrites {
                current[month] = try load(month)
            }
            // Out of the cache, so that each month's entries change in place rather than copied.
            for month in rewrites { months[month] = nil }
            var pending: [(month: String, entries: [Entry], old: LoadedMonth)] = []
            for month in rewrites {
                guard var loaded = current.removeValue(forKey: month), let monthChanges = changesByMonth[month] else {
                    continue
                }
                let old = LoadedMonth(
                    entries: [], stamp: loaded.stamp, version: loaded.version, log: loaded.log,
                    logStamp: loaded.logStamp, logEndsWhole: loaded.logEndsWhole)
                // A log cut short is written out whole even when nothing changes.
                guard Self.apply(monthChanges, to: &loaded.entries) || !loaded.logEndsWhole else {
                    remember(loaded, as: month)
                    continue
                }
                // Checked before anything is written, so that a month that cannot be written stops
                // them all.
                guard MonthCodec.isEncodable(MonthFile(month: month, entries: loaded.entries)) else {
                    throw StoreError.cannotWrite(
                        path: monthPath(month), reason: "an entry has a number JSON cannot hold")
                }
                pending.append((month, loaded.entries, old))
            }
            var unnamedLogs: [String] = []
            var madeLog = false
            do throws(StoreError) {
                for write in pending {
                    // A month large enough names a new log, which its next additions go to.
                    let log =
                        write.entries.count >= logThreshold
                        ? try freeLog(ofMonth: write.month, after: write.old.log) : nil
                    let version = MonthFile.version(for: write.entries, log: log)
                    if write.old.stamp != nil, write.old.version < version {
                        try keepUpgradeBackup(ofMonth: write.month, version: write.old.version)
                    }
                    let stamp = try replaceFile(ofMonth: write.month, with: write.entries, log: log)
                    if let old = write.old.log, old != log { unnamedLogs.append(logPath(write.month, old)) }
                    appending[write.month] = nil
                    remember(
                        LoadedMonth(entries: write.entries, stamp: stamp, version: version, log: log), as: write.month)
                }
                for append in appends {
                    madeLog = try appendToLog(append.entries, ofMonth: append.month, target: append.to) || madeLog
                }
            } catch {
                // What was renamed before the failure is on disk too, as the type promises.
                try? files.syncFolder(journalPath)
                throw error
            }
            // One sync of the folder makes every rename above durable: only then is the change done.
            if !pending.isEmpty || madeLog { try files.syncFolder(journalPath) }
            // Logs no month file names any more: what they held is in the month files now.
            for path in unnamedLogs { try? files.removeIfPresent(path) }
            return changedElsewhere
        }
    }

    /// True when the month's files are as this store last read or wrote them.
    private func isAsKnown(_ month: String) throws(StoreError) -> Bool {
        let stamp = try files.stamp(of: monthPath(month))
        if let cached = months[month] {
            guard cached.stamp == stamp else { return false }
            return try logIsAsRead(cached, month: month)
        }
        if let known = appending[month] {
            guard known.stamp == stamp else { return false }
            return try files.stamp(of: logPath(month, known.log)) == known.logStamp
        }
        return false
    }

    /// True when the month has no log, or its log is as it was when `loaded` was read.
    private func logIsAsRead(_ loaded: LoadedMonth, month: String) throws(StoreError) -> Bool {
        guard let log = loaded.log else { return true }
        return try files.stamp(of: logPath(month, log)) == loaded.logStamp
    }

    /// The month's log, when additions to the month can be appended to it now: the month file
    /// names one, and its last line is whole. Reads the month only when this store does not know
    /// it as it is now.
    private func appendTarget(_ month: String, needing version: Int) throws(StoreError) -> AppendingMonth? {
        let path = monthPath(month)
        guard let stamp = try files.stamp(of: path) else { return nil }
        // Only a log of version 4 takes lines with checksums, only one of version 5 lines with
        // words, and only one of version 6 lines with clocks; an earlier month is rewritten
        // (upgraded).
        if let known = appending[month], known.stamp == stamp, known.version >= version,
            try files.stamp(of: logPath(month, known.log)) == known.logStamp
        {
            return known
        }
        let loaded = try load(month)
        guard let log = loaded.log, loaded.logEndsWhole, loaded.version >= version, let loadedStamp = loaded.stamp
        else { return nil }
        return AppendingMonth(
            stamp: loadedStamp, log: log, logStamp: loaded.logStamp, count: loaded.entries.count,
            version: loaded.version)
    }

    /// Appends `entries` to the month's log; true when that made the log's file, whose name the
    /// folder's sync must then make durable.
    private func appendToLog(_ entries: [Entry], ofMonth month: String, target: AppendingMonth)
        throws(StoreError) -> Bool
    {
        let path = logPath(month, target.log)
        let appended: (stamp: FileStamp, made: Bool)
        do {
            appended = try files.appendToFile(MonthLog.lines(entries), at: path)
        } catch {
            // Some of the lines may be there: read the month again before anything else.
            months[month] = nil
            appending[month] = nil
            throw error
        }
        monthWrites += 1
        let count = target.count + entries.count
        if var loaded = months[month], loaded.stamp == target.stamp, count <= cachedEntryLimit {
            let oldCount = loaded.entries.count
            loaded.entries += entries
            if !Self.isOrdered(loaded.entries, from: max(0, oldCount - 1)) {
                loaded.entries = Self.ordered(loaded.entries)
            }
            loaded.logStamp = appended.stamp
            remember(loaded, as: month)
            appending[month] = nil
        } else {
            months[month] = nil
            recentMonths.removeAll { $0 == month }
            appending[month] = AppendingMonth(
                stamp: target.stamp, log: target.log, logStamp: appended.stamp, count: count, version: target.version)
        }
        return appended.made
    }

    /// Applies `changes` to `entries`, in order, keeping them ordered; false when nothing changed.
    /// Additions alone (a script's batch) are appended in place, and sorted only when they do not
    /// already come after the entries before them.
    private static func apply(_ changes: [JournalChange], to entries: inout [Entry]) -> Bool {
        var slotOfID: [String: Int] = [:]
        slotOfID.reserveCapacity(entries.count + changes.count)
        for (slot, entry) in entries.enumerated() where slotOfID[entry.id] == nil {
            slotOfID[entry.id] = slot
        }
        let onlyAdditions = changes.allSatisfy { change in
            if case .add = change { return true }
            return false
        }
        if onlyAdditions {
            let oldCount = entries.count
            entries.reserveCapacity(oldCount + changes.count)
            for case .add(let entry) in changes where slotOfID[entry.id] == nil {
                slotOfID[entry.id] = entries.count
                entries.append(entry)
            }
            guard entries.count > oldCount else { return false }
            if !isOrdered(entries, from: max(0, oldCount - 1)) { entries = ordered(entries) }
            return true
        }
        var slots: [Entry?] = entries
        // An entry removed and added again (an edit) takes its old place, so that the day's
        // numbers stay put; the sort below moves it only when its date or time changed.
        var freedSlots: [String: Int] = [:]
        // Entries put back where they stood: the id of the entry each follows ("" for the first
        // of its day).
        var anchors: [String: String] = [:]
        var changed = false
        for change in changes {
            switch change {
            case .add(let entry), .insert(let entry, _):
                guard slotOfID[entry.id] == nil else { continue }
                if case .insert(_, let after) = change { anchors[entry.id] = after ?? "" }
                if let slot = freedSlots.removeValue(forKey: entry.id), slots[slot] == nil {
                    slotOfID[entry.id] = slot
                    slots[slot] = entry
                } else {
                    slotOfID[entry.id] = slots.count
                    slots.append(entry)
                }
                changed = true
            case .remove(let id, _):
                guard let slot = slotOfID.removeValue(forKey: id) else { continue }
                slots[slot] = nil
                freedSlots[id] = slot
                changed = true
            }
        }
        guard changed else { return false }
        var result = slots.compactMap { $0 }
        if !anchors.isEmpty {
            let placed = result.filter { anchors[$0.id] != nil }
            result.removeAll { anchors[$0.id] != nil }
            for entry in placed {
                let after = anchors[entry.id] ?? ""
                let index =
                    after.isEmpty
                    ? result.firstIndex { $0.date == entry.date }
                    : result.firstIndex { $0.id == after }.map { $0 + 1 }
                result.insert(entry, at: index ?? result.count)
            }
        }
        entries = ordered(result)
        return true
    }

    /// True when the entries from `start` on are in date and time order.
    private static func isOrdered(_ entries: [Entry], from start: Int) -> Bool {
        guard start + 1 < entries.count else { return true }
        for index in (start + 1)..<entries.count {
            if (entries[index].date, entries[index].time) < (entries[index - 1].date, entries[index - 1].time) {
                return false
            }
        }
        return true
    }

    /// Entries by date, then time, then the order they are in now.
    private static func ordered(_ entries: [Entry]) -> [Entry] {
        entries.enumerated()
            .sorted {
                ($0.element.date, $0.element.time, $0.offset) < (
                    $1.element.date, $1.element.time, $1.offset
                )
            }
            .map(\.element)
    }

    // MARK: Files

    /// The month as it is on disk now: from memory when its file (and log) have not changed since
    /// they were read or written, else read again: the month file, then the log it names.
    /// `read`: the month file's contents, when the caller has just read them (a day read alone
    /// that was not one), used while the file is as they were.
    private func load(_ month: String, read: FileContents? = nil) throws(StoreError) -> LoadedMonth {
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
    private func remember(_ loaded: LoadedMonth, as month: String) {
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
    private func replaceFile(ofMonth month: String, with entries: [Entry], log: Int?) throws(StoreError)
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
    private func keepUpgradeBackup(ofMonth month: String, version: Int) throws(StoreError) {
        let path = monthPath(month)
        let backup = path + ".v\(version)"
        guard try files.stamp(of: backup) == nil else { return }
        try files.keepBackup(
            of: path, at: backup, via: Self.join(journalPath, ".\(month).json.v\(version).tmp-\(getpid())"))
    }

    /// Removes the temporary files killed writers left anywhere in the data folder. Done once per
    /// store, with the lock held.
    private func sweepTemporaryFiles() {
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
    private func freeLog(ofMonth month: String, after old: Int?) throws(StoreError) -> Int {
        var log = (old ?? 0) + 1
        while try files.stamp(of: logPath(month, log)) != nil { log += 1 }
        return log
    }

    func logPath(_ month: String, _ log: Int) -> String {
        MonthLog.path(ofMonthFile: monthPath(month), log: log)
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

extension JournalEngine {
    /// Takes out of `month` every entry whose id is one of the 16 hex digits that start with
    /// `prefix` (a large script's or copy's own, see `ScriptEntries`), without holding the month
    /// whole: its log, where such entries went, is read a line at a time, and only the entries
    /// kept are held (issue 25: undoing a 100,000-line script took 300 MB). With `counting`,
    /// nothing is written.
    ///
    /// - Returns: how many were (or would be) taken out, and the first `sample` of them.
    func removeEntries(inMonth month: String, withIDPrefix prefix: String, sample: Int, counting: Bool)
        throws(StoreError) -> (count: Int, sample: [Entry])
    {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        func isOwn(_ id: String) -> Bool { id.utf8.count == 16 && id.hasPrefix(prefix) }
        return try files.withExclusiveLock(at: Self.join(rootPath, ".lock")) {
            () throws(StoreError) -> (count: Int, sample: [Entry]) in
            sweepTemporaryFiles()
            let path = monthPath(month)
            guard case .bytes(let bytes, _) = try files.readFile(path) else { return (0, []) }
            let file = try MonthFile.decode(bytes, month: month, path: path)
            var kept: [Entry] = []
            var keptIDs = Set<String>()
            var removedIDs = Set<String>()
            var shown: [Entry] = []
            func sort(_ entry: Entry) {
                // A mark stays: it takes out the versions other devices hold.
                if isOwn(entry.id), entry.removed != true {
                    if removedIDs.insert(entry.id).inserted, shown.count < sample { shown.append(entry) }
                } else if keptIDs.insert(entry.id).inserted {
                    kept.append(entry)
                }
            }
            for entry in file.entries { sort(entry) }
            if let log = file.log {
                let logPath = logPath(month, log)
                _ = try files.forEachLine(of: logPath) { (line, number) throws(StoreError) in
                    guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return }
                    sort(
                        try MonthLog.entry(in: line, from: 0, to: line.count, month: month, path: logPath, line: number)
                    )
                }
            }
            guard !removedIDs.isEmpty, !counting else { return (removedIDs.count, shown) }
            if !Self.isOrdered(kept, from: 0) { kept = Self.ordered(kept) }
            // Written as `apply` writes a month it rewrites: a new log when it is still large, the
            // old version kept at an upgrade, the old log removed once no file names it.
            months[month] = nil
            recentMonths.removeAll { $0 == month }
            appending[month] = nil
            let log = kept.count >= logThreshold ? try freeLog(ofMonth: month, after: file.log) : nil
            let version = MonthFile.version(for: kept, log: log)
            if file.version < version { try keepUpgradeBackup(ofMonth: month, version: file.version) }
            do throws(StoreError) {
                let stamp = try replaceFile(ofMonth: month, with: kept, log: log)
                remember(LoadedMonth(entries: kept, stamp: stamp, version: version, log: log), as: month)
            } catch {
                try? files.syncFolder(journalPath)
                throw error
            }
            try files.syncFolder(journalPath)
            if let old = file.log, old != log { try? files.removeIfPresent(logPath(month, old)) }
            return (removedIDs.count, shown)
        }
    }
}
