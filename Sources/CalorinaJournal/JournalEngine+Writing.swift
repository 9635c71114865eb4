import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JournalEngine {
    @discardableResult
    func apply(_ changes: [JournalChange]) throws(StoreError) -> Set<String> {
        let changesByMonth = try Self.byMonth(changes)
        guard !changesByMonth.isEmpty else { return [] }
        return try withLock { () throws(StoreError) -> Set<String> in try applyHoldingLock(changesByMonth) }
    }

    /// The changes by the month of their date, in order within each.
    private static func byMonth(_ changes: [JournalChange]) throws(StoreError) -> [String: [JournalChange]] {
        var changesByMonth: [String: [JournalChange]] = [:]
        for change in changes {
            guard let month = MonthKey.month(ofDate: change.date) else {
                throw StoreError.invalidDate(change.date)
            }
            changesByMonth[month, default: []].append(change)
        }
        return changesByMonth
    }

    /// Runs `body` holding the folder's lock, as every change does.
    func withLock<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        guard !readOnly else { throw StoreError.cannotWrite(path: rootPath, reason: "it is another device's folder") }
        return try files.withExclusiveLock(at: Self.join(rootPath, ".lock"), body)
    }

    /// `apply`, with the lock held (`withLock`).
    func applyHoldingLock(_ changes: [JournalChange]) throws(StoreError) -> Set<String> {
        let changesByMonth = try Self.byMonth(changes)
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
    func logIsAsRead(_ loaded: LoadedMonth, month: String) throws(StoreError) -> Bool {
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
    static func isOrdered(_ entries: [Entry], from start: Int) -> Bool {
        guard start + 1 < entries.count else { return true }
        for index in (start + 1)..<entries.count {
            if (entries[index].date, entries[index].time) < (entries[index - 1].date, entries[index - 1].time) {
                return false
            }
        }
        return true
    }

    /// Entries by date, then time, then the order they are in now.
    static func ordered(_ entries: [Entry]) -> [Entry] {
        entries.enumerated()
            .sorted {
                ($0.element.date, $0.element.time, $0.offset) < (
                    $1.element.date, $1.element.time, $1.offset
                )
            }
            .map(\.element)
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
