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
    /// says what it would restore and restores nothing), writing on `disk` (in a test, one that
    /// records or fails its calls).
    public static func run(
        root rootPath: String, restore target: Target?, dryRun: Bool = false, now: Int = Int(time(nil)),
        device: String = JournalStore.unnamedDevice, disk: DataDisk = .system
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
                        try rebuild(file, month: month, takenOut: takenOut(root: ownerRoot), now: now, disk: disk)
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
                    try restore(file.path, from: backup.path, takenOut: takenOut(root: ownerRoot), now: now, disk: disk)
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
    static func summary(of bytes: [UInt8], at path: String, kind: String) throws(StoreError) -> String {
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
    static func month(of path: String) -> String? {
        let name = AtomicFile.name(of: path)
        guard name.hasSuffix(".json"), AtomicFile.name(of: AtomicFile.parent(of: path)) == "journal" else {
            return nil
        }
        let month = String(name.dropLast(5))
        return MonthKey.isMonth(month) ? month : nil
    }

    static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
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
}
