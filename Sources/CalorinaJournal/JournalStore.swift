import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
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

    /// What each day of `months` adds up to, month after month, each month's days in date
    /// order: as `daySums(inMonth:)` month by month, with the data folder's folders listed once
    /// for all of them.
    public func daySums(inMonths months: [String]) throws(StoreError) -> [DaySums] {
        try engine.daySums(inMonths: months)
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
    func daySums(inMonths months: [String]) throws(StoreError) -> [DaySums]
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
