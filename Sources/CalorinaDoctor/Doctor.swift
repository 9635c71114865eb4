import CalorinaExchange
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import CalorinaUndo

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

/// What `doctor` found in the data folder, file by file, and what it restored.
public struct DoctorReport: Equatable, Sendable {
    /// How a file reads.
    public enum Health: Equatable, Sendable {
        /// It reads; what it holds, in words ("315 entries").
        case good(String)
        /// It cannot be read, and why.
        case bad(StoreError)
        /// There is no file (only its backup).
        case missing
    }

    /// A backup the store keeps of a file: `FILE.bak`, the file as it was before its last change,
    /// and `FILE.bak.1`, as it was before the change before.
    public struct Backup: Equatable, Sendable {
        public var path: String
        public var health: Health
        /// When it was made, local time, `YYYY-MM-DD HH:MM`.
        public var made: String
    }

    /// One data file.
    public struct File: Equatable, Sendable {
        /// The file's path.
        public var path: String
        /// What it is, in words: "the journal for 2026-11", "the profile".
        public var role: String
        public var health: Health
        /// Its backups, newest first.
        public var backups: [Backup] = []
        /// Set when this run restored the file from its backup: where the file it replaced was
        /// kept (nil when there was none).
        public var restored: Restoration?
        /// Why a restore that was asked for did not happen.
        public var notRestored: String?
        /// For a month file that cannot be read: what can be read of it.
        public var salvage: Salvage?
        /// For a month: logs its file does not name that hold entries it lacks (a month put back
        /// from an older copy names an earlier log), each with how many; a restore puts them in.
        public var strayLogs: [StrayLog] = []

        /// The newest backup that reads, and what it holds.
        public var newestReadableBackup: (Backup, String)? {
            for backup in backups {
                if case .good(let holds) = backup.health { return (backup, holds) }
            }
            return nil
        }
    }

    /// A log of a month that its month file does not name, and how many entries it holds that
    /// the month lacks (none the undo history says were taken out).
    public struct StrayLog: Equatable, Sendable {
        public var path: String
        public var entries: Int
    }

    /// What can be read of a month file that cannot be read whole, and what its backup adds.
    public struct Salvage: Equatable, Sendable {
        /// The entries read from the file, each once.
        public var entriesRead: Int
        /// The entries left out because an earlier entry has their id (the first of each is kept).
        public var repeatsRemoved: Int
        /// The lines (from 1) where parts of the file that could not be read as entries start;
        /// empty when the file reads whole but for repeated entries.
        public var unreadableLines: [Int]
        /// The entries of the newest readable backup that the file does not have, which a restore
        /// puts back with what was read; empty when the file reads whole or there is no backup.
        public var fromBackup: [Entry]

        /// True when nothing in the file is lost: only repeated entries are wrong with it.
        public var isWhole: Bool { unreadableLines.isEmpty }

        init(_ salvage: MonthSalvage, fromBackup: [Entry] = []) {
            entriesRead = salvage.entries.count
            repeatsRemoved = salvage.repeatsRemoved
            unreadableLines = salvage.isWhole ? [] : salvage.unreadableLines
            self.fromBackup = fromBackup
        }
    }

    /// A file put back from its backup, or rebuilt from what could be read of it.
    public struct Restoration: Equatable, Sendable {
        /// The backup it came from; nil when none was needed.
        public var from: Backup?
        /// What it holds now, in words.
        public var holds: String
        /// Where the file it replaced was moved, kept for a person to look at; nil when there
        /// was none.
        public var keptAt: String?
        /// For a month rebuilt from what could be read of it: what that was.
        public var salvage: Salvage?
    }

    /// The data folder.
    public var root: String
    /// The files, those with problems first, then the profile, foods, undo history and months.
    public var files: [File]
    /// True when `restore` was asked for.
    public var restoring: Bool
    /// A problem with the folder itself (it cannot be listed, say).
    public var folderProblem: StoreError?
    /// Temporary files that Calorina processes which no longer run left behind (killed while
    /// writing): not data, and removed by the next change.
    public var leftoverFiles: [String] = []

    /// A copy of a data file that a sync tool made when two devices changed it (Syncthing's
    /// `.sync-conflict-`, Dropbox's or Nextcloud's "conflicted copy"), or a data file holding git's
    /// conflict markers: another device's changes that Calorina does not read.
    public struct ConflictCopy: Equatable, Sendable {
        /// The copy's path (or the file's, for conflict markers).
        public var path: String
        /// The data file it is a copy of, when that can be told from its name.
        public var copyOf: String?
        /// What made it: "Syncthing", "Dropbox", "Nextcloud", "git".
        public var tool: String
    }

    /// Conflict copies in the data folder: never silently left aside (issue 27).
    public var conflictCopies: [ConflictCopy] = []

    /// Edits of one entry two devices made without seeing each other: the later by the clock is
    /// shown; the other is kept in its device's month, and listed here (issue 27).
    public var lostEdits: [LostEdit] = []

    /// True when every file reads (after any restore) and no conflict copy waits.
    public var healthy: Bool {
        folderProblem == nil && conflictCopies.isEmpty
            && files.allSatisfy { file in
                if case .bad = file.health { return false }
                return true
            }
    }
}

/// Looks over the data folder: reads every file with the readers the program uses, says what is
/// wrong and where, and puts files back from the newest readable backup the store keeps
/// (`FILE.bak`, the file as it was before its last change, then `FILE.bak.1`).
///
/// A restore never deletes: the file it replaces is first kept as
/// `FILE.before-restore-YYYYMMDD-HHMMSS`, by a hard link, and the backup is copied over the file
/// by the store's atomic write (temporary file, fsync, rename, fsync of the folder), under the
/// folder's lock.
public enum Doctor {
    /// What to restore: what `doctor restore` said (see `DoctorTarget.swift`).
    public typealias Target = DoctorTarget

    /// `doctor restore NAME` named no data file there is or was.
    public struct UnknownFile: Error, Equatable {
        public var name: String

        package init(name: String) { self.name = name }

        public var message: String {
            "'\(name)' is not a data file here; name a month (2026-11), profile, foods or undo"
        }
    }

    /// Examines the folder at `root`, then restores `target` when one is given (in a dry run,
    /// says what it would restore and restores nothing).
    public static func run(
        root rootPath: String, restore target: Target?, dryRun: Bool = false, now: Int = Int(time(nil)),
        device: String = JournalStore.unnamedDevice
    ) throws(UnknownFile) -> DoctorReport {
        var report = examine(root: rootPath)
        report.lostEdits = lostEdits(root: rootPath, device: device)
        guard let target else { return report }
        report.restoring = true
        let wanted: [Int]
        switch target {
        case .everyBrokenFile:
            wanted = report.files.indices.filter {
                if case .bad = report.files[$0].health { return true }
                return false
            }
        case .named(let name):
            guard let index = index(of: name, in: report, root: rootPath, device: device) else {
                throw UnknownFile(name: name)
            }
            wanted = [index]
        }
        for index in wanted {
            let file = report.files[index]
            // Each device writes only its own folder: another's file is put right on that device.
            let owner = folderOwning(file.path, root: rootPath)
            if let other = owner.device, other != device {
                report.files[index].notRestored =
                    "it is the device '\(other)''s file, which only that device writes: run `calorina doctor restore` there"
                continue
            }
            let ownerRoot = owner.folder
            let lockPath = ownerRoot + "/.lock"
            // A month that cannot be read: rebuilt from what can be read of it, each entry once,
            // and, when some of it could not be read, the entries of its backup it lacks.
            if let salvage = file.salvage, let month = month(of: file.path) {
                if salvage.entriesRead == 0, salvage.fromBackup.isEmpty, file.newestReadableBackup == nil {
                    report.files[index].notRestored = nothingToRestore(file)
                    continue
                }
                if dryRun {
                    report.files[index].notRestored = "--dry-run: " + dryRunText(salvage)
                    continue
                }
                do {
                    let rebuilt = try FileLock.withExclusiveLock(at: lockPath) {
                        () throws(StoreError) -> DoctorReport.Restoration? in
                        try rebuild(file, month: month, takenOut: takenOut(root: ownerRoot), now: now)
                    }
                    if let rebuilt {
                        report.files[index].restored = rebuilt
                        report.files[index].health = check(file.path)
                    } else {
                        report.files[index].notRestored = nothingToRestore(file)
                    }
                } catch {
                    report.files[index].notRestored = error.message
                }
                continue
            }
            guard let (backup, holds) = file.newestReadableBackup else {
                report.files[index].notRestored = nothingToRestore(file)
                continue
            }
            if dryRun {
                report.files[index].notRestored = "--dry-run: its backup (\(holds)) would be put back"
                continue
            }
            do {
                let keptAt = try FileLock.withExclusiveLock(at: lockPath) { () throws(StoreError) -> String? in
                    try restore(file.path, from: backup.path, takenOut: takenOut(root: ownerRoot), now: now)
                }
                report.files[index].restored = DoctorReport.Restoration(from: backup, holds: holds, keptAt: keptAt)
                report.files[index].health = check(file.path)
            } catch {
                report.files[index].notRestored = error.message
            }
        }
        return report
    }

    /// Why a file that cannot be read is not restored when nothing can be put back.
    private static func nothingToRestore(_ file: DoctorReport.File) -> String {
        if file.backups.isEmpty {
            return "there is no backup of it: Calorina keeps one from the first change to a file on, and this one"
                + " has had none since it was made (or its backups were removed)"
        }
        return file.backups.count == 1 ? "its backup cannot be read either" : "no backup of it can be read either"
    }

    /// What a restore of a month that cannot be read would do, in words.
    private static func dryRunText(_ salvage: DoctorReport.Salvage) -> String {
        if salvage.isWhole, salvage.repeatsRemoved == 0 {
            return "the month would be written again with its log's whole lines"
        }
        if salvage.isWhole {
            return "\(count(salvage.repeatsRemoved, "repeated entry", "repeated entries")) would be removed"
                + " (the first of each is kept)"
        }
        return "\(count(salvage.entriesRead, "entry", "entries")) read from it and"
            + " \(salvage.fromBackup.count) more from its backup would be put in its place"
    }

    /// Every data file in the folder and its backup, read as the program reads them.
    static func examine(root: String) -> DoctorReport {
        var report = DoctorReport(root: root, files: [], restoring: false)
        var paths = ["profile.json", "foods.json", "undo.json"].map { root + "/" + $0 }
        // The folder as a release from before devices wrote it, then each device's.
        let devices = ((try? folderNames(root + "/devices")) ?? []).filter { DeviceName.isValid($0) }.sorted()
        let bases = [root] + devices.map { root + "/devices/" + $0 }
        for base in bases {
            if base != root { paths += ["profile.json", "foods.json", "undo.json"].map { base + "/" + $0 } }
            let journal = base + "/journal"
            for folder in [base, journal] {
                for name in ((try? folderNames(folder)) ?? []).sorted() {
                    if let copy = conflictCopy(named: name, in: folder) { report.conflictCopies.append(copy) }
                    guard let pid = AtomicFile.writer(ofTemporaryFile: name),
                        !AtomicFile.processIsRunning(pid)
                    else { continue }
                    report.leftoverFiles.append(folder + "/" + name)
                }
            }
            do {
                // A folder of devices has no journal of its own until an earlier release wrote one.
                if base != root, (try? AtomicFile.stamp(of: journal)) ?? nil == nil { continue }
                if base == root, !devices.isEmpty, (try? AtomicFile.stamp(of: journal)) ?? nil == nil { continue }
                let names = try folderNames(journal)
                let months = Set(
                    names.compactMap { name -> String? in
                        let base = name.hasSuffix(".json.bak") ? String(name.dropLast(4)) : name
                        guard base.hasSuffix(".json"), MonthKey.isMonth(String(base.dropLast(5))) else { return nil }
                        return base
                    })
                paths += months.sorted().map { journal + "/" + $0 }
            } catch {
                report.folderProblem = error
            }
        }
        for path in paths {
            let health = check(path)
            let backups = backupsOf(path)
            if case .missing = health, backups.isEmpty { continue }
            var file = DoctorReport.File(path: path, role: role(of: path), health: health, backups: backups)
            if case .bad(.unreadable) = health, let month = month(of: path),
                case .bytes(let bytes, _)? = try? AtomicFile.readDataFile(path),
                // A month that reads whole but whose checksum does not match may hold a changed
                // value no reader can point at: its backup is put back whole, unless it has none.
                !(MonthChecksum.changedWhereItStillReads(bytes) && newestReadableBackup(of: file, month: month) != nil)
            {
                let salvage = MonthSalvage(bytes, month: month)
                if let named = try? MonthFile.decode(bytes, month: month, path: path) {
                    var known = Set(named.entries.map(\.id))
                    if let log = named.log {
                        known.formUnion(logEntries(MonthLog.path(ofMonthFile: path, log: log), month: month).map(\.id))
                    }
                    file.strayLogs = strayLogs(ofMonth: month, at: path, named: named.log, known: known)
                }
                let backup = salvage.isWhole ? nil : newestReadableBackup(of: file, month: month)
                file.salvage = DoctorReport.Salvage(
                    salvage,
                    fromBackup: backup.map {
                        missing(
                            from: salvage, in: $0.entries,
                            takenOut: takenOut(root: folderOwning(path, root: root).folder))
                    }
                        ?? [])
            }
            report.files.append(file)
        }
        // A file that cannot be read may be a git merge left half done: the file and, for a
        // month, its logs (a log's lines are read with its month).
        let unreadable = report.files.filter { if case .bad = $0.health { return true } else { return false } }
        report.conflictCopies += gitConflicts(
            in: unreadable.flatMap { file -> [String] in
                guard let month = month(of: file.path) else { return [file.path] }
                let journal = AtomicFile.parent(of: file.path)
                let journalNames = (try? folderNames(journal)) ?? []
                return [file.path]
                    + journalNames.filter { $0.hasPrefix(month + ".") && $0.hasSuffix(".log") }.sorted().map {
                        journal + "/" + $0
                    }
            })
        // Files with problems first, in the order above.
        let broken = report.files.filter { if case .good = $0.health { return false } else { return true } }
        report.files = broken + report.files.filter { if case .good = $0.health { return true } else { return false } }
        return report
    }

    /// How the file at `path` reads.
    static func check(_ path: String, as original: String? = nil) -> DoctorReport.Health {
        do throws(StoreError) {
            switch try AtomicFile.readDataFile(path) {
            case .missing:
                return .missing
            case .bytes(let bytes, _):
                return .good(try summary(of: bytes, at: path, kind: original ?? path))
            }
        } catch {
            return .bad(error)
        }
    }

    /// What the bytes of the data file `kind` (its path) hold, in words; throws when they
    /// cannot be read.
    private static func summary(of bytes: [UInt8], at path: String, kind: String) throws(StoreError) -> String {
        let name = AtomicFile.name(of: kind)
        switch name {
        case Profile.fileName where isDevicesFile(kind), UserFoods.fileName where isDevicesFile(kind):
            let fields = try Profile.fieldCount(ofDeviceFile: bytes, path: path)
            return count(fields, "field") + " this device set"
        case Profile.fileName where Profile.isMoved(bytes), UserFoods.fileName where UserFoods.isMoved(bytes):
            return "moved into each device's file (devices/NAME/\(name))"
        case Profile.fileName:
            let profile = try DocumentStore<Profile>.decode(bytes, path: path)
            return profile == Profile() ? "an empty profile" : "the profile"
        case UserFoods.fileName:
            let foods = try DocumentStore<UserFoods>.decode(bytes, path: path)
            return [
                count(foods.foods.count, "food"), count(foods.aliases.count, "alias", "aliases"),
                count(foods.recipes.count, "recipe"),
            ].joined(separator: ", ")
        case UndoHistory.fileName:
            let history = try DocumentStore<UndoHistory>.decode(bytes, path: path)
            return count(history.undo.count, "change") + " to undo"
        default:
            let month = String(name.dropLast(5))
            let file = try MonthFile.decode(bytes, month: month, path: path)
            var entries = file.entries.count
            var known = Set(file.entries.map(\.id))
            // A large month's later entries are in the log it names (MonthLog), read too.
            if let log = file.log, AtomicFile.name(of: AtomicFile.parent(of: path)) == "journal" {
                let logPath = MonthLog.path(ofMonthFile: path, log: log)
                if case .bytes(let logBytes, _) = try AtomicFile.readDataFile(logPath) {
                    let read = try MonthLog.entries(in: logBytes, month: month, path: logPath)
                    // A last line cut short (an append a power cut or a kill stopped) is no entry
                    // anyone was told of, but neither is the file clean: a restore writes the
                    // month again with the log's whole lines.
                    guard read.endsWhole else {
                        let lines = logBytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                        let cut = logBytes.count - 1 - (logBytes.lastIndex(of: UInt8(ascii: "\n")) ?? -1)
                        throw StoreError.unreadable(
                            path: logPath, line: lines, column: cut,
                            reason:
                                "the last line is cut short (a write that did not finish); the \(read.entries.count)"
                                + " whole lines before it read")
                    }
                    entries += read.entries.count
                    known.formUnion(read.entries.map(\.id))
                }
            }
            // A log the month does not name, with entries it lacks, is never passed over (asked
            // of the month file itself: a backup names the log it was made with).
            if path == kind, AtomicFile.name(of: AtomicFile.parent(of: path)) == "journal",
                let stray = strayLogs(ofMonth: month, at: path, named: file.log, known: known).first
            {
                throw StoreError.unreadable(
                    path: stray.path, line: 1, column: 1,
                    reason: "a log the month file does not name holds \(count(stray.entries, "entry", "entries"))"
                        + " the month lacks (the month was put back from an older copy?)")
            }
            return count(entries, "entry", "entries")
        }
    }

    /// The conflict copy that the file `name` in `folder` is, by its name, or nil.
    static func conflictCopy(named name: String, in folder: String) -> DoctorReport.ConflictCopy? {
        let path = folder + "/" + name
        // Syncthing: `2026-11.sync-conflict-20261127-101010-ABCDEFG.json`.
        if let marker = name.firstRange(of: ".sync-conflict-") {
            let rest = name[marker.upperBound...]
            let suffix = rest.firstIndex(of: ".").map { String(rest[$0...]) } ?? ""
            return .init(path: path, copyOf: folder + "/" + name[..<marker.lowerBound] + suffix, tool: "Syncthing")
        }
        // Dropbox: `2026-11 (Ann's conflicted copy 2026-11-27).json`; Nextcloud and ownCloud:
        // `2026-11 (conflicted copy 2026-11-27 101010).json`.
        if let open = name.firstRange(of: " ("), name.contains("conflicted copy"),
            let close = name[open.upperBound...].firstIndex(of: ")")
        {
            let tool = name.contains("'s conflicted copy") ? "Dropbox" : "Nextcloud"
            return .init(
                path: path, copyOf: folder + "/" + name[..<open.lowerBound] + name[name.index(after: close)...],
                tool: tool)
        }
        return nil
    }

    /// The files among `paths` that hold git's conflict markers (`<<<<<<< HEAD` … `>>>>>>>
    /// theirs`): called with the files that cannot be read, as a file with markers cannot be.
    static func gitConflicts(in paths: [String]) -> [DoctorReport.ConflictCopy] {
        paths.compactMap { path in
            guard case .bytes(let bytes, _)? = try? AtomicFile.readDataFile(path), holdsConflictMarkers(bytes) else {
                return nil
            }
            return .init(path: path, copyOf: nil, tool: "git")
        }
    }

    /// True when a line of `bytes` starts with git's `<<<<<<< ` and a later one with `>>>>>>> `.
    static func holdsConflictMarkers(_ bytes: [UInt8]) -> Bool {
        let ours = Array("<<<<<<< ".utf8), theirs = Array(">>>>>>> ".utf8)
        var sawOurs = false
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            if line.starts(with: ours) { sawOurs = true }
            if sawOurs, line.starts(with: theirs) { return true }
            start = end + 1
        }
        return false
    }

    /// The month `YYYY-MM` of a month file's path, or nil for another data file.
    private static func month(of path: String) -> String? {
        let name = AtomicFile.name(of: path)
        guard name.hasSuffix(".json"), AtomicFile.name(of: AtomicFile.parent(of: path)) == "journal" else {
            return nil
        }
        let month = String(name.dropLast(5))
        return MonthKey.isMonth(month) ? month : nil
    }

    private static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) " + (number == 1 ? one : many ?? one + "s")
    }

    /// True for a device's file of the profile or foods: `devices/NAME/FILE`.
    private static func isDevicesFile(_ path: String) -> Bool {
        AtomicFile.name(of: AtomicFile.parent(of: AtomicFile.parent(of: path))) == "devices"
    }

    private static func role(of path: String) -> String {
        switch AtomicFile.name(of: path) {
        case Profile.fileName: "the profile"
        case UserFoods.fileName: "your foods"
        case UndoHistory.fileName: "the undo history"
        case let name: "the journal for " + name.dropLast(5)
        }
    }

    private static func backupsOf(_ path: String) -> [DoctorReport.Backup] {
        AtomicFile.backupPaths(of: path).compactMap { backupPath in
            guard let stamp = try? AtomicFile.stamp(of: backupPath) else { return nil }
            return DoctorReport.Backup(
                path: backupPath, health: check(backupPath, as: path), made: localText(stamp.modifiedSeconds))
        }
    }

    /// The folder whose writer owns the file at `path`: a device's folder (and its name), or
    /// the data folder itself.
    static func folderOwning(_ path: String, root: String) -> (folder: String, device: String?) {
        let prefix = root + "/devices/"
        guard path.hasPrefix(prefix) else { return (root, nil) }
        let rest = path.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return (root, nil) }
        let device = String(rest[..<slash])
        return (prefix + device, device)
    }

    /// The report's file a person named, by its month, its file name, its role or its path; of
    /// several with that name, this device's first, then the data folder's.
    private static func index(of name: String, in report: DoctorReport, root: String, device: String) -> Int? {
        var key = name.trimmed
        while key.hasSuffix("/") { key.removeLast() }
        if key.hasPrefix(root + "/") { key.removeFirst(root.count + 1) }
        var named: String?
        if key.hasPrefix("devices/"), let slash = key.dropFirst("devices/".count).firstIndex(of: "/") {
            named = String(key["devices/".endIndex..<slash])
            key = String(key[key.index(after: slash)...])
        }
        if key.hasPrefix("journal/") { key.removeFirst("journal/".count) }
        if key.hasSuffix(".bak.1") { key.removeLast(2) }
        if key.hasSuffix(".bak") { key.removeLast(4) }
        if !key.hasSuffix(".json") { key += ".json" }
        if key == "undo-history.json" { key = UndoHistory.fileName }
        let matching = report.files.indices.filter { AtomicFile.name(of: report.files[$0].path) == key }
        let wanted = named ?? device
        return matching.first { folderOwning(report.files[$0].path, root: root).device == wanted }
            ?? matching.first { named == nil && folderOwning(report.files[$0].path, root: root).device == nil }
            ?? matching.first
    }

    /// Puts the backup at `backupPath` in the place of the file at `path`, keeping the file that
    /// was there; returns where it was kept. Call with the lock held.
    /// A month's backup is put back without the entries the undo history says were taken out
    /// since it was made (`takenOut`).
    private static func restore(_ path: String, from backupPath: String, takenOut: TakenOutEntries, now: Int)
        throws(StoreError) -> String?
    {
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
        return try replace(path, with: bytes, now: now)
    }

    /// Rewrites the month file with what can be read of it, each entry once, and, when some of it
    /// could not be read, the entries of its newest readable backup that it lacks; keeps the file
    /// that was there. Returns what was done, or nil when there is nothing to put in its place.
    /// Call with the lock held.
    private static func rebuild(_ file: DoctorReport.File, month: String, takenOut: TakenOutEntries, now: Int)
        throws(StoreError) -> DoctorReport.Restoration?
    {
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
        let keptAt = try replace(file.path, with: bytes, now: now)
        for stray in strays { try? AtomicFile.removeIfPresent(stray.path) }
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
    private static func logEntries(_ path: String, month: String) -> [Entry] {
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
    private static func newestReadableBackup(of file: DoctorReport.File, month: String)
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
    private static func missing(from salvage: MonthSalvage, in backup: [Entry], takenOut: TakenOutEntries) -> [Entry] {
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

    /// Puts `bytes` in the place of the file at `path` by the store's atomic write, keeping the
    /// file that was there beside it; returns where it was kept. Call with the lock held.
    private static func replace(_ path: String, with bytes: [UInt8], now: Int) throws(StoreError) -> String? {
        let folder = AtomicFile.parent(of: path)
        let name = AtomicFile.name(of: path)
        let temporary = folder + "/.\(name).restore.tmp-\(getpid())"
        try AtomicFile.writeFile(bytes, to: temporary)
        var keptAt: String?
        if try AtomicFile.stamp(of: path) != nil {
            var kept = path + ".before-restore-" + stampText(now)
            var suffix = 1
            while (try? AtomicFile.stamp(of: kept)) ?? nil != nil {
                suffix += 1
                kept = path + ".before-restore-" + stampText(now) + "-\(suffix)"
            }
            if link(path, kept) != 0 {
                // A folder in the file's place, or a file system without hard links: move it.
                guard rename(path, kept) == 0 else {
                    let error = StoreError.cannotWrite(path: kept, reason: AtomicFile.errorText(errno))
                    try? AtomicFile.removeIfPresent(temporary)
                    throw error
                }
            }
            keptAt = kept
        }
        try AtomicFile.renameFile(temporary, to: path)
        try AtomicFile.syncFolder(folder)
        return keptAt
    }

    private static func folderNames(_ path: String) throws(StoreError) -> [String] {
        try AtomicFile.names(inFolder: path)
    }

    /// `YYYY-MM-DD HH:MM`, local time.
    private static func localText(_ seconds: Int) -> String {
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
