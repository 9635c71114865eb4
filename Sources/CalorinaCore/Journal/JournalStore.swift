import Foundation

/// The journal on disk: one JSON file per month in `root/journal/`, read on demand and kept in
/// memory, and changed only under a lock by rewriting each touched month atomically.
///
/// ```
/// root/                     mode 0700, created if missing
///   .lock                   flock'ed by every writer, mode 0600
///   journal/                mode 0700
///     2026-11.json          one month (see MonthFile), mode 0600, created on demand
///     2026-11.json.bak      that month as it was before the last change to it
///     2026-11.json.bak.1    and before the change before that
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

    /// The data folder's path, without a trailing slash.
    let rootPath: String
    private let journalPath: String
    private var months: [String: LoadedMonth] = [:]
    private var sweptTemporaryFiles = false

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
    }

    /// Opens the journal in the data folder `root`, creating it and `root/journal` (mode 0700) when
    /// they are missing. Reads nothing yet.
    ///
    /// - Throws: `StoreError.cannotWrite` when a folder cannot be created, or something that is
    ///   not a folder is in the way.
    public init(root: URL) throws(StoreError) {
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
        rootPath = path
        journalPath = Self.join(path, "journal")
        try AtomicFile.makeFolder(rootPath)
        try AtomicFile.makeFolder(journalPath)
    }

    // MARK: Reading

    /// The entries of one day, `YYYY-MM-DD`, in order; reads only that day's month file, and only
    /// if it changed since it was last read.
    ///
    /// - Throws: `StoreError.invalidDate`, or `unreadable` / `newerVersion` for the month file.
    public func entries(on date: String) throws(StoreError) -> [Entry] {
        guard let month = MonthKey.month(ofDate: date) else { throw StoreError.invalidDate(date) }
        return try load(month).entries.filter { $0.date == date }
    }

    /// The entries of one month, `YYYY-MM`, in order; an empty list when there is no file for it.
    ///
    /// - Throws: `StoreError.invalidMonth`, or `unreadable` / `newerVersion` for the month file.
    public func entries(inMonth month: String) throws(StoreError) -> [Entry] {
        guard MonthKey.isMonth(month) else { throw StoreError.invalidMonth(month) }
        return try load(month).entries
    }

    /// The months that have a file, `YYYY-MM`, oldest first.
    ///
    /// - Throws: `StoreError.unreadable` when the journal folder cannot be listed.
    public func storedMonths() throws(StoreError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: journalPath)
        } catch {
            throw StoreError.unreadable(
                path: journalPath, line: 1, column: 1, reason: "the folder cannot be listed")
        }
        return names.compactMap { name -> String? in
            guard name.hasSuffix(".json") else { return nil }
            let month = String(name.dropLast(5))
            return MonthKey.isMonth(month) ? month : nil
        }.sorted()
    }

    /// The file that holds `month` (`YYYY-MM`), whether or not it exists yet.
    public func fileURL(forMonth month: String) -> URL {
        URL(fileURLWithPath: monthPath(month))
    }

    /// The file that holds `month` as it was before the last change to it.
    public func backupURL(forMonth month: String) -> URL {
        URL(fileURLWithPath: monthPath(month) + ".bak")
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
    public func apply(_ changes: [JournalChange]) throws(StoreError) {
        var changesByMonth: [String: [JournalChange]] = [:]
        for change in changes {
            guard let month = MonthKey.month(ofDate: change.date) else {
                throw StoreError.invalidDate(change.date)
            }
            changesByMonth[month, default: []].append(change)
        }
        guard !changesByMonth.isEmpty else { return }

        try FileLock.withExclusiveLock(at: Self.join(rootPath, ".lock")) { () throws(StoreError) in
            sweepTemporaryFiles()
            let touched = changesByMonth.keys.sorted()
            // Every touched month is read before any is written, so one that cannot be read stops
            // them all.
            var current: [String: [Entry]] = [:]
            for month in touched {
                current[month] = try load(month).entries
            }
            var pending: [(month: String, entries: [Entry], bytes: [UInt8])] = []
            for month in touched {
                guard let entries = current[month], let monthChanges = changesByMonth[month],
                    let changed = Self.applying(monthChanges, to: entries)
                else { continue }
                let file = MonthFile(month: month, entries: changed)
                pending.append(
                    (month, changed, try file.encoded(path: monthPath(month))))
            }
            for write in pending {
                let stamp = try replaceFile(ofMonth: write.month, with: write.bytes)
                months[write.month] = LoadedMonth(entries: write.entries, stamp: stamp)
            }
        }
    }

    /// `entries` with `changes` applied, in order; nil when nothing changed.
    private static func applying(_ changes: [JournalChange], to entries: [Entry]) -> [Entry]? {
        var slots: [Entry?] = entries
        var slotOfID: [String: Int] = [:]
        for (slot, entry) in entries.enumerated() where slotOfID[entry.id] == nil {
            slotOfID[entry.id] = slot
        }
        var changed = false
        for change in changes {
            switch change {
            case .add(let entry):
                guard slotOfID[entry.id] == nil else { continue }
                slotOfID[entry.id] = slots.count
                slots.append(entry)
                changed = true
            case .remove(let id, _):
                guard let slot = slotOfID.removeValue(forKey: id) else { continue }
                slots[slot] = nil
                changed = true
            }
        }
        return changed ? ordered(slots.compactMap { $0 }) : nil
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

    /// The month as it is on disk now: from memory when its file has not changed since it was
    /// read or written, else read again.
    private func load(_ month: String) throws(StoreError) -> LoadedMonth {
        let path = monthPath(month)
        let stamp = try AtomicFile.stamp(of: path)
        if let cached = months[month], cached.stamp == stamp { return cached }
        months[month] = nil
        let loaded: LoadedMonth
        switch try AtomicFile.readFile(path) {
        case .missing:
            loaded = LoadedMonth(entries: [], stamp: nil)
        case .bytes(let bytes, let stamp):
            monthReads += 1
            let file = try MonthFile.decode(bytes, month: month, path: path)
            loaded = LoadedMonth(entries: Self.ordered(file.entries), stamp: stamp)
        }
        months[month] = loaded
        return loaded
    }

    /// Replaces the month's file with `bytes`, keeping the old one as the backup; returns the new
    /// file's stamp. Call with the lock held.
    private func replaceFile(ofMonth month: String, with bytes: [UInt8]) throws(StoreError)
        -> FileStamp
    {
        let path = monthPath(month)
        let pid = getpid()
        let temporary = Self.join(journalPath, ".\(month).json.tmp-\(pid)")
        try AtomicFile.writeFile(bytes, to: temporary)
        do throws(StoreError) {
            try AtomicFile.keepBackup(
                of: path, at: path + ".bak",
                via: Self.join(journalPath, ".\(month).json.bak.tmp-\(pid)"))
        } catch {
            try? AtomicFile.removeIfPresent(temporary)
            throw error
        }
        try AtomicFile.renameFile(temporary, to: path)
        try AtomicFile.syncFolder(journalPath)
        monthWrites += 1
        guard let stamp = try AtomicFile.stamp(of: path) else {
            throw StoreError.cannotWrite(
                path: path, reason: "the file was gone right after it was written")
        }
        return stamp
    }

    /// Removes temporary files a killed writer left behind. Only writers holding the lock make
    /// them, so with the lock held every one of them is stale. Done once per store.
    private func sweepTemporaryFiles() {
        guard !sweptTemporaryFiles else { return }
        sweptTemporaryFiles = true
        let names = (try? FileManager.default.contentsOfDirectory(atPath: journalPath)) ?? []
        for name in names
        where name.hasPrefix(".") && name.contains(".json.") && name.contains(".tmp-") {
            try? AtomicFile.removeIfPresent(Self.join(journalPath, name))
        }
    }

    private func monthPath(_ month: String) -> String {
        Self.join(journalPath, "\(month).json")
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
