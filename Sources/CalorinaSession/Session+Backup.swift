import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import Foundation

// `export all` and its restore by `import`: the whole data folder in one file (see `Backup`).

extension Session {
    /// `export all [--out FILE]`: the journal, `foods.json` and `profile.json` in one backup.
    func exportAll(to file: String?) throws(SessionError) -> Outcome {
        let backup = try stored { () throws(StoreError) -> Backup in
            if hasPendingChanges { try flush() }
            var journal: [Entry] = []
            for month in try store.storedMonths() { journal += try store.entries(inMonth: month) }
            let foods = FileManager.default.fileExists(atPath: userFoods.path) ? try userFoods.load() : nil
            let profile = FileManager.default.fileExists(atPath: profileStore.path) ? try profileStore.load() : nil
            return Backup(foods: foods, profile: profile, journal: journal)
        }
        let bytes = backup.encoded()
        var report = ExportReport(
            format: .all, count: backup.journal.count, file: nil, text: String(decoding: bytes, as: UTF8.self),
            first: backup.journal.first?.date, last: backup.journal.last?.date, dryRun: options.dryRun)
        guard let file else { return .exported(report) }
        let path = Session.absolutePath(file)
        report.file = path
        report.text = ""
        if !options.dryRun {
            do {
                try AtomicFile.replaceFile(at: path, with: bytes, keepingBackups: false)
            } catch {
                throw SessionError(.file(error))
            }
        }
        return .exported(report)
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
                file: path, format: "Calorina backup", added: backup.journal, skipped: 0, dryRun: options.dryRun,
                restored: restored))
    }
}
