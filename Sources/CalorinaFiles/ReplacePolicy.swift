// How a replace of a file is to be done, said at each call (issue 28: every write through the one
// file seam, with its backup policy and durability in sight).

/// What a replace keeps of the file it puts new bytes in the place of: said at each call.
package enum ReplacedFile: Sendable {
    /// The store's backups: the file becomes `path.bak`, the backup before it `path.bak.1`
    /// (`keepBackup`).
    case rotatedIntoBackups
    /// Nothing: the file is made again from what it holds (an upgrade, an export).
    case dropped
    /// The file as it was, kept for a person to look at, at `path` + `suffix` (or, when that
    /// is taken, with `-2`, `-3` … after it): linked there, or moved where the file system
    /// has no hard links. `doctor`'s restore, which never deletes.
    case keptAside(suffix: String)
}

/// When a replace's new name is on the disk: said at each call.
package enum Durability: Sendable {
    /// The folder is synced after the rename: the new file survives a power cut once the
    /// replace returns.
    case durable
    /// The caller syncs the folder, once after the last of several renames in it (the months
    /// of a journal change): until then a power cut may bring back the old file.
    case folderSyncedByCaller
}
