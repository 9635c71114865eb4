import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `export all` and its restore by `import`: the whole data folder in one file (see `Backup`).

extension Session {
    /// `export all [--out FILE]`: the journal, `foods.json` and `profile.json` in one backup.
    func exportAll(to file: String?) throws(SessionError) -> Outcome {
        if let file {
            // The foods and profile as JSON writes them, the journal a month at a time in their place.
            let documents = try stored { () throws(StoreError) -> Backup in
                if hasPendingChanges { try flush() }
                let foods = FileManager.default.fileExists(atPath: userFoods.path) ? try userFoods.load() : nil
                let profile = FileManager.default.fileExists(atPath: profileStore.path) ? try profileStore.load() : nil
                return Backup(foods: foods, profile: profile, journal: [])
            }
            let (head, tail) = documents.aroundJournal()
            return .exported(
                try exportByMonth(
                    to: Session.absolutePath(file), format: .all, layout: .entriesList(head: head, tail: tail),
                    months: { () throws(StoreError) in try store.storedMonths() }, keep: { _ in true }))
        }
        // To the screen: a file is written above, a month at a time.
        let backup = try stored { () throws(StoreError) -> Backup in
            if hasPendingChanges { try flush() }
            var journal: [Entry] = []
            for month in try store.storedMonths() { journal += try store.entries(inMonth: month) }
            let foods = FileManager.default.fileExists(atPath: userFoods.path) ? try userFoods.load() : nil
            let profile = FileManager.default.fileExists(atPath: profileStore.path) ? try profileStore.load() : nil
            return Backup(foods: foods, profile: profile, journal: journal)
        }
        let bytes = backup.encoded()
        return .exported(
            ExportReport(
                format: .all, count: backup.journal.count, file: nil, text: String(decoding: bytes, as: UTF8.self),
                first: backup.journal.first?.date, last: backup.journal.last?.date, dryRun: options.dryRun))
    }

    /// `import BACKUP`: puts a backup's journal, foods and profile into this data folder, which
    /// must hold none of them (merging two folders' profiles and goals has no answer that is
    /// clearly right, so it is refused with what to do instead). Not an undoable change: the
    /// folder was empty, and emptying it again is removing it.
    func restore(_ bytes: [UInt8], file: String, path: String) throws(SessionError) -> Outcome {
        let backup: Backup
        do {
            backup = try Backup.decode(bytes)
        } catch {
            throw SessionError(.importUnreadable(file: file, line: error.line, message: error.message))
        }
        for (offset, entry) in backup.journal.enumerated() {
            if let problem = Exchange.problem(with: entry) {
                throw SessionError(
                    .importUnreadable(file: file, line: 1, message: "journal entry \(offset + 1): \(problem)"))
            }
        }
        let holds = try stored { () throws(StoreError) -> [String] in
            if hasPendingChanges { try flush() }
            var holds: [String] = []
            let months = try store.storedMonths()
            if let first = months.first, let last = months.last {
                holds.append(months.count == 1 ? "journal/\(first).json" : "journal months \(first) to \(last)")
            }
            if FileManager.default.fileExists(atPath: profileStore.path) { holds.append(Profile.fileName) }
            if FileManager.default.fileExists(atPath: userFoods.path) { holds.append(UserFoods.fileName) }
            return holds
        }
        guard holds.isEmpty else {
            throw SessionError(.restoreNeedsEmptyFolder(file: file, folder: store.rootPath, holds: holds))
        }
        var restored: [String] = []
        if backup.profile != nil { restored.append("profile") }
        if backup.foods != nil { restored.append("foods") }
        if !options.dryRun {
            try stored { () throws(StoreError) in
                if !backup.journal.isEmpty { try store.apply(backup.journal.map { .add($0) }) }
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
                file: path, format: "Calorina backup", added: backup.journal.count,
                first: backup.journal.map(\.date).min(), last: backup.journal.map(\.date).max(), skipped: 0,
                dryRun: options.dryRun, restored: restored))
    }
}

/// The entries an import added, by id and month, and the file and map to read them from again.
public struct ImportedEntries: Codable, Equatable, Sendable {
    /// The file, absolute.
    public var file: String
    /// The `--map` it was read with, field → header; nil when it was recognised by its headers.
    public var map: [String: String]?
    /// Month (`YYYY-MM`) → the ids of the entries added to it.
    public var ids: [String: [String]]

    /// The record of an import from `file` that added `ids`, month → ids.
    public init(file: String, map: ColumnMap?, ids: [String: [String]]) {
        self.file = file
        self.map = map.map { map in
            Dictionary(uniqueKeysWithValues: map.columns.map { ($0.key.rawValue, $0.value) })
        }
        self.ids = ids
    }

    /// How many entries.
    public var count: Int { ids.values.reduce(0) { $0 + $1.count } }
}

extension Session {
    /// An import's entries still in the journal, for `undo`.
    func importedStill(_ imported: ImportedEntries) throws(SessionError) -> [Entry] {
        try stored { () throws(StoreError) -> [Entry] in
            if hasPendingChanges { try flush() }
            var found: [Entry] = []
            for (month, ids) in imported.ids.sorted(by: { $0.key < $1.key }) {
                let wanted = Set(ids)
                found += try store.entries(inMonth: month).filter { wanted.contains($0.id) }
            }
            return found
        }
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
        let wanted = Set(imported.ids.values.joined())
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
