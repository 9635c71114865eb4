import CalorinaExchange
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import CalorinaUndo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Doctor {
    /// Puts the backup at `backupPath` in the place of the file at `path`, keeping the file that
    /// was there; returns where it was kept. Call with the lock held.
    /// A month's backup is put back without the entries the undo history says were taken out
    /// since it was made (`takenOut`).
    static func restore(
        _ path: String, from backupPath: String, takenOut: TakenOutEntries, now: Int, disk: DataDisk
    ) throws(StoreError) -> String? {
        guard case .bytes(var bytes, _) = try AtomicFile.readDataFile(backupPath) else {
            throw StoreError.cannotWrite(path: backupPath, reason: "the backup is gone")
        }
        // Read again under the lock: another Calorina may have changed the backups since they
        // were examined, and only a backup that reads is put back.
        _ = try summary(of: bytes, at: backupPath, kind: path)
        if let month = month(of: path) {
            var file = try MonthFile.decode(bytes, month: month, path: backupPath)
            let kept = file.entries.filter { !takenOut.contains($0.id) }
            if kept.count < file.entries.count {
                // Its log (when it names one) is left as it is: its entries are read after the file's.
                file = MonthFile(month: month, entries: kept, log: file.log)
                guard let filtered = MonthCodec.encode(file) else {
                    throw StoreError.cannotWrite(path: path, reason: "an entry has a number JSON cannot hold")
                }
                bytes = filtered
            }
        }
        return try replace(path, with: bytes, now: now, disk: disk)
    }

    /// Rewrites the month file with what can be read of it, each entry once, and, when some of it
    /// could not be read, the entries of its newest readable backup that it lacks; keeps the file
    /// that was there. Returns what was done, or nil when there is nothing to put in its place.
    /// Call with the lock held.
    static func rebuild(
        _ file: DoctorReport.File, month: String, takenOut: TakenOutEntries, now: Int, disk: DataDisk
    ) throws(StoreError) -> DoctorReport.Restoration? {
        // Read again under the lock: another Calorina may have changed it since it was examined.
        guard case .bytes(let old, _) = try AtomicFile.readDataFile(file.path) else {
            throw StoreError.cannotWrite(path: file.path, reason: "the file is gone")
        }
        let salvage = MonthSalvage(old, month: month)
        var entries = salvage.orderedEntries
        // The damaged file may have named a log (MonthLog), which keeps what was added after it;
        // the file written now names none, so the log's entries go in.
        if let log = namedLog(in: old) {
            let logged = logEntries(MonthLog.path(ofMonthFile: file.path, log: log), month: month)
            var known = Set(entries.map(\.id))
            entries += logged.filter { known.insert($0.id).inserted }
            entries = MonthSalvage.ordered(entries)
        }
        // Logs the month does not name: their entries it lacks go in, and the logs go once the
        // month holds them.
        let strays = strayEntries(
            ofMonth: month, at: file.path, named: namedLog(in: old), known: Set(entries.map(\.id)))
        if !strays.isEmpty {
            entries = MonthSalvage.ordered(entries + strays.flatMap(\.entries))
        }
        var used: (backup: DoctorReport.Backup, entries: [Entry])?
        if !salvage.isWhole, let backup = newestReadableBackup(of: file, month: month) {
            used = (backup.backup, missing(from: salvage, in: backup.entries, takenOut: takenOut))
            entries += used?.entries ?? []
            entries = MonthSalvage.ordered(entries)
        }
        guard !entries.isEmpty || used != nil else { return nil }
        guard let bytes = MonthCodec.encode(MonthFile(month: month, entries: entries)) else {
            throw StoreError.cannotWrite(path: file.path, reason: "an entry has a number JSON cannot hold")
        }
        let keptAt = try replace(file.path, with: bytes, now: now, disk: disk)
        for stray in strays { try? disk.removeIfPresent(stray.path) }
        return DoctorReport.Restoration(
            from: used?.backup, holds: count(entries.count, "entry", "entries"), keptAt: keptAt,
            salvage: DoctorReport.Salvage(salvage, fromBackup: used?.entries ?? []))
    }

    /// The log a month file's bytes name (its `"log"` member, which sorted keys put near the
    /// end), found even when the rest of the file is damaged; nil when it names none.
    private static func namedLog(in bytes: [UInt8]) -> Int? {
        guard let member = bytes.ranges(of: Array("\"log\" : ".utf8)).last else { return nil }
        let digits = bytes[member.upperBound...].prefix { (0x30...0x39).contains($0) }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The logs of `month` (its file at `monthPath`) other than the one it names, each with the
    /// entries it holds whose ids are not in `known` and that the undo history does not say were
    /// taken out; only those with some.
    static func strayLogs(ofMonth month: String, at monthPath: String, named: Int?, known: Set<String>)
        -> [DoctorReport.StrayLog]
    {
        strayEntries(ofMonth: month, at: monthPath, named: named, known: known).map {
            DoctorReport.StrayLog(path: $0.path, entries: $0.entries.count)
        }
    }

    /// `strayLogs` with the entries themselves.
    private static func strayEntries(ofMonth month: String, at monthPath: String, named: Int?, known: Set<String>)
        -> [(path: String, entries: [Entry])]
    {
        let folder = AtomicFile.parent(of: monthPath)
        let root = AtomicFile.parent(of: folder)
        let names = ((try? folderNames(folder)) ?? []).filter { name in
            guard name.hasPrefix(month + "."), name.hasSuffix(".log") else { return false }
            let number = name.dropFirst(month.count + 1).dropLast(4)
            return Int(number) != nil && Int(number) != named
        }
        guard !names.isEmpty else { return [] }
        let takenOut = takenOut(root: root)
        var seen = known
        var found: [(path: String, entries: [Entry])] = []
        for name in names.sorted() {
            let path = folder + "/" + name
            let lacking = logEntries(path, month: month).filter {
                !takenOut.contains($0.id) && seen.insert($0.id).inserted
            }
            if !lacking.isEmpty { found.append((path, lacking)) }
        }
        return found
    }

    /// The whole lines of the log at `path`, line by line, so that one broken line loses only
    /// itself; none when there is no such file.
    static func logEntries(_ path: String, month: String) -> [Entry] {
        guard case .bytes(let bytes, _)? = try? AtomicFile.readDataFile(path) else { return [] }
        var entries: [Entry] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if let read = try? MonthLog.entries(in: Array(line) + [UInt8(ascii: "\n")], month: month, path: path) {
                entries += read.entries
            }
        }
        return entries
    }

    /// The newest of the file's backups that reads as a month, read now, and its entries.
    static func newestReadableBackup(of file: DoctorReport.File, month: String)
        -> (backup: DoctorReport.Backup, entries: [Entry])?
    {
        for backup in file.backups {
            guard case .bytes(let bytes, _)? = try? AtomicFile.readDataFile(backup.path),
                let read = try? MonthFile.decode(bytes, month: month, path: backup.path)
            else { continue }
            // A backup that names a log has the entries of that log too, when it is still there.
            guard let log = read.log else { return (backup, read.entries) }
            var known = Set(read.entries.map(\.id))
            let logged = logEntries(MonthLog.path(ofMonthFile: file.path, log: log), month: month)
            return (backup, read.entries + logged.filter { known.insert($0.id).inserted })
        }
        return nil
    }

    /// The entries of a backup that the salvaged file lacks, but for those the undo history
    /// says were taken out since (deleted, or added by a change undone): a backup is older than
    /// the file, and holds what its last changes removed.
    static func missing(from salvage: MonthSalvage, in backup: [Entry], takenOut: TakenOutEntries) -> [Entry] {
        let known = Set(salvage.entries.map(\.id))
        return backup.filter { !known.contains($0.id) && !takenOut.contains($0.id) }
    }

    /// What the folder's undo history says was taken out of the journal; nothing when it has
    /// none or it cannot be read (then a restore may bring back an entry deleted last, and says
    /// which entries came from the backup).
    static func takenOut(root: String) -> TakenOutEntries {
        let path = root + "/" + UndoHistory.fileName
        guard case .bytes(let bytes, _)? = try? AtomicFile.readDataFile(path),
            let history = try? DocumentStore<UndoHistory>.decode(bytes, path: path)
        else { return TakenOutEntries() }
        return TakenOutEntries(history)
    }

    /// Puts `bytes` in the place of the file at `path` by the store's atomic replace on `disk`,
    /// keeping the file that was there beside it, and durable on return; returns where it was
    /// kept. Call with the lock held.
    private static func replace(_ path: String, with bytes: [UInt8], now: Int, disk: DataDisk) throws(StoreError)
        -> String?
    {
        try disk.replaceKeeping(path, bytes, .keptAside(suffix: ".before-restore-" + stampText(now)), .durable)
    }

    static func folderNames(_ path: String) throws(StoreError) -> [String] {
        try AtomicFile.names(inFolder: path)
    }

    /// `YYYY-MM-DD HH:MM`, local time.
    static func localText(_ seconds: Int) -> String {
        let parts = localParts(seconds)
        return "\(parts.date) \(two(parts.hour)):\(two(parts.minute))"
    }

    /// `YYYYMMDD-HHMMSS`, local time.
    private static func stampText(_ seconds: Int) -> String {
        let parts = localParts(seconds)
        return parts.date.replacingAll("-", with: "") + "-" + two(parts.hour) + two(parts.minute)
            + two(parts.second)
    }

    private static func localParts(_ seconds: Int) -> (date: String, hour: Int, minute: Int, second: Int) {
        var value = time_t(seconds)
        var parts = tm()
        localtime_r(&value, &parts)
        let date = "\(parts.tm_year + 1900)-\(two(Int(parts.tm_mon) + 1))-\(two(Int(parts.tm_mday)))"
        return (date, Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
