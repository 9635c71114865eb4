import CalorinaExchange
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `export all` and its restore by `import`: the whole data folder in one file (see `Backup`).

extension Session {
    /// `export all [--out FILE]`: the journal, `foods.json` and `profile.json` in one backup.
    func exportAll(to file: String?) throws(SessionError) -> Outcome {
        // The foods and profile as JSON writes them, the journal a month at a time in their place.
        let documents = try stored { () throws(StoreError) -> Backup in
            if hasPendingChanges { try flush() }
            let foods = try userFoods.isStored ? try userFoods.load() : nil
            let profile = try profileStore.isStored ? try profileStore.load() : nil
            return Backup(foods: foods, profile: profile, journal: [])
        }
        let (head, tail) = documents.aroundJournal()
        let layout = ExportLayout.entriesList(head: head, tail: tail)
        let months = { () throws(StoreError) in try self.store.storedMonths() }
        guard let file else {
            return .exported(try exportToScreen(format: .all, layout: layout, months: months, keep: { _ in true }))
        }
        return .exported(
            try exportByMonth(
                to: Session.absolutePath(file), format: .all, layout: layout, months: months, keep: { _ in true }))
    }

    /// `import BACKUP`: puts a backup's journal, foods and profile into this data folder, which
    /// must hold none of them (merging two folders' profiles and goals has no answer that is
    /// clearly right, so it is refused with what to do instead). Not an undoable change: the
    /// folder was empty, and emptying it again is removing it.
    ///
    /// The file is read a piece at a time, twice: once to check every entry (nothing is saved
    /// when one cannot be read), once to save them a batch at a time (issue 25: restoring ten
    /// years held the whole document and its tree, 118 MiB).
    func restore(file: String, path: String) throws(SessionError) -> Outcome {
        func unreadable(_ error: Exchange.ReadError) -> SessionError {
            SessionError(.importUnreadable(file: file, line: error.line, message: error.message))
        }
        func readFailure(_ feed: ByteFeed) -> SessionError? {
            feed.failure.map { SessionError(.file($0)) }
        }
        var span = EntrySpan()
        var problem: Exchange.ReadError?
        var ids = Set<String>()
        let checked = ByteFeed(file: try Session.readableFile(at: path, named: file))
        let outside: [UInt8]
        do {
            outside = try BackupStream.read(checked) { (bytes, number) throws(Exchange.ReadError) in
                guard problem == nil else { return }
                do throws(Exchange.ReadError) {
                    span.add(CollectionOfOne(try Backup.checkedEntry(bytes, number: number, ids: &ids)))
                } catch {
                    problem = error
                }
            }
        } catch {
            throw unreadable(error)
        }
        if let failure = readFailure(checked) { throw failure }
        ids = []
        // The document around the journal first: a newer backup says so before any entry does.
        let backup: Backup
        do {
            backup = try Backup.decode(outside)
        } catch {
            throw unreadable(error)
        }
        if let problem { throw unreadable(problem) }
        let holds = try stored { () throws(StoreError) -> [String] in
            if hasPendingChanges { try flush() }
            var holds: [String] = []
            let months = try store.storedMonths()
            if let first = months.first, let last = months.last {
                holds.append(months.count == 1 ? "journal/\(first).json" : "journal months \(first) to \(last)")
            }
            if try profileStore.isStored { holds.append(Profile.fileName) }
            if try userFoods.isStored { holds.append(UserFoods.fileName) }
            return holds
        }
        guard holds.isEmpty else {
            throw SessionError(.restoreNeedsEmptyFolder(file: file, folder: store.rootPath, holds: holds))
        }
        var restored: [String] = []
        if backup.profile != nil { restored.append("profile") }
        if backup.foods != nil { restored.append("foods") }
        if !options.dryRun {
            forgetKeptDays()
            let saving = ByteFeed(file: try Session.readableFile(at: path, named: file))
            var batch: [Entry] = []
            var saveFailure: StoreError?
            func save() -> Bool {
                guard !batch.isEmpty else { return true }
                do throws(StoreError) {
                    try store.apply(batch.map { .add($0) })
                } catch {
                    saveFailure = error
                    return false
                }
                batch.removeAll(keepingCapacity: true)
                return true
            }
            do {
                _ = try BackupStream.read(saving) { (bytes, number) throws(Exchange.ReadError) in
                    batch.append(try Backup.entry(bytes, number: number))
                    if batch.count >= Session.importBatch, !save() {
                        throw Backup.journalNotSaved
                    }
                }
            } catch {
                if let saveFailure { throw SessionError(saveFailure) }
                throw unreadable(error)
            }
            if let failure = readFailure(saving) { throw failure }
            if !save(), let saveFailure { throw SessionError(saveFailure) }
            try stored { () throws(StoreError) in
                if let foods = backup.foods {
                    try userFoods.update { document in
                        document = foods
                        return true
                    }
                }
                if let profile = backup.profile {
                    try profileStore.update { document in
                        document = profile
                        return true
                    }
                }
            }
        }
        return .imported(
            ImportReport(
                file: path, format: "Calorina backup", added: span, skipped: 0, dryRun: options.dryRun,
                restored: restored))
    }
}

extension Session {
    /// An import's entries still in the journal, for `undo`.
    func importedStill(_ imported: ImportedEntries, madeIn folder: String? = nil) throws(SessionError) -> [Entry] {
        try stored { () throws(StoreError) -> [Entry] in
            if hasPendingChanges { try flush() }
            var found: [Entry] = []
            for (month, ids) in try importedIDs(imported, madeIn: folder).sorted(by: { $0.key < $1.key }) {
                let wanted = Set(ids)
                found += try store.entries(inMonth: month).filter { wanted.contains($0.id) }
            }
            return found
        }
    }

    /// An import's ids by month: its record's, or those in the file it names.
    private func importedIDs(_ imported: ImportedEntries, madeIn folder: String? = nil) throws(StoreError)
        -> [String: [String]]
    {
        guard let name = imported.idsFile else { return imported.ids }
        // Another device's import keeps its ids in that device's folder.
        guard let folder else { return try importIDs.read(name) }
        return try ImportIDs(root: folder, disk: store.disk).read(name)
    }

    /// The files of large imports' ids, in this data folder.
    var importIDs: ImportIDs { ImportIDs(root: store.devicePath, disk: store.disk) }

    /// Removes the files of large imports' ids that no undo or redo record names any more.
    func sweepImportIDs() throws(SessionError) {
        let history = try stored { () throws(StoreError) -> UndoHistory in try undoHistory.load() }
        let named = Set((history.undo + history.redo).compactMap { $0.importedEntries?.idsFile })
        importIDs.sweep(keeping: named)
    }

    /// An import's entries read again from its file, for `redo`: the same ids, since ids are
    /// made from the rows' content.
    ///
    /// - Throws: when the file is gone, cannot be read, or no longer holds every entry.
    func importedAgain(_ imported: ImportedEntries) throws(SessionError) -> [Entry] {
        let file = imported.file
        let bytes = try Session.bytesOfFile(at: file, named: file)
        let map = imported.map.map { pairs in
            ColumnMap(
                Dictionary(
                    uniqueKeysWithValues: pairs.compactMap { key, header in
                        ImportField(rawValue: key).map { ($0, header) }
                    }))
        }
        let read: Exchange.ReadResult
        do {
            read = try Exchange.read(bytes: bytes, map: map, now: now)
        } catch {
            throw SessionError(.importUnreadable(file: file, line: error.line, message: error.message))
        }
        let wanted = Set(
            try stored { () throws(StoreError) -> [String: [String]] in try importedIDs(imported) }.values.joined())
        let entries = read.entries.filter { wanted.contains($0.id) }
        guard entries.count == imported.count else {
            throw SessionError(
                .importUnreadable(
                    file: file, line: 1,
                    message: "the file changed since it was imported: \(imported.count - entries.count) of its "
                        + "\(imported.count) entries are no longer in it, so the import cannot be redone"))
        }
        return entries
    }
}
