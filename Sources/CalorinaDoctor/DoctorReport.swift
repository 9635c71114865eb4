import CalorinaExchange
import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport
import CalorinaUndo

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
