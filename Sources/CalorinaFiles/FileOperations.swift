#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX file operations the store is built on, over the calls `Calls` makes (the real ones,
/// or a simulated disk in a test). Every return value is checked, `EINTR` is retried, and a
/// failure becomes a `StoreError` naming the path.
///
/// A file is replaced by `replaceFile`: a temporary file written beside it (`writeFile`, which
/// syncs it), the old file kept as the backup (`keepBackup`), the temporary file renamed over the
/// target (`renameFile`) and the folder synced (`syncFolder`): at every instant the target is
/// either the old file or the new one, both complete.
///
/// No link is followed in the data folder: a data file that is a symbolic link is refused when
/// read, and modes are changed through descriptors opened with `O_NOFOLLOW`, so that a link put in
/// the folder can never make Calorina change a file outside it.
package struct FileOperations<Calls: FileCalls> {
    package let calls: Calls

    package init(calls: Calls) {
        self.calls = calls
    }

    /// The stamp of the file at `path` (of a symbolic link itself, not of what it points at), or
    /// nil when there is none.
    package func stamp(of path: String) throws(StoreError) -> FileStamp? {
        var info = stat()
        guard calls.statLink(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(code))
        }
        return FileStamp(info)
    }

    /// Opens the regular file at `path` for reading: its descriptor and what `fstat` says of it;
    /// nil when there is none. Anything else at the path (a folder, a device, a FIFO) is refused,
    /// as is, unless `followingLinks`, a symbolic link.
    package func openRegularFile(_ path: String, followingLinks: Bool) throws(StoreError) -> (Int32, stat)? {
        // O_NONBLOCK so that a FIFO put at the path cannot hang the program; files ignore it.
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW)
        let fd = AtomicFile.retrying { calls.openFile(path, flags, 0) }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP, !followingLinks { throw linkRefused(path) }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(code))
        }
        var info = stat()
        do throws(StoreError) {
            guard calls.statFile(fd, &info) == 0 else {
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(errno))
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                return (fd, info)
            case S_IFDIR:
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "it is a folder, not a file")
            case S_IFCHR, S_IFBLK:
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "it is a device, not a file")
            case S_IFIFO:
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "it is a FIFO, not a file")
            default:
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "it is not a regular file")
            }
        } catch {
            _ = calls.closeFile(fd)
            throw error
        }
    }

    /// The next `count` bytes or fewer of the file open as `fd`, retrying `EINTR`; none at the
    /// end. Every read of a file goes through here.
    package func readSome(_ fd: Int32, path: String, count: Int) throws(StoreError) -> [UInt8] {
        while true {
            var failure: Int32?
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                let read = buffer.baseAddress.map { calls.readBytes(fd, $0, count) } ?? 0
                if read < 0 { failure = errno }
                initialized = max(read, 0)
            }
            guard let failure else { return bytes }
            if failure == EINTR { continue }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(failure))
        }
    }

    /// The whole contents of the regular file at `path`. A data file that is a symbolic link is
    /// refused (`followingLinks: false`); a file a person names (an import) may be one.
    package func readFile(_ path: String, followingLinks: Bool = false) throws(StoreError) -> FileContents {
        guard let (fd, info) = try openRegularFile(path, followingLinks: followingLinks) else { return .missing }
        defer { _ = calls.closeFile(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        while true {
            let piece = try readSome(fd, path: path, count: 1 << 16)
            if piece.isEmpty { break }
            bytes += piece
        }
        return .bytes(bytes, FileStamp(info))
    }

    /// The refusal of a data file that is a symbolic link, saying where it points.
    package func linkRefused(_ path: String) -> StoreError {
        let target = calls.linkTarget(path).map { " to '\($0)'" } ?? ""
        return StoreError.unreadable(
            path: path, line: 1, column: 1,
            reason: "it is a symbolic link\(target), and Calorina follows no link in its data folder;"
                + " put the file itself in its place")
    }

    /// The refusal of a data file that has another name (a hard link) outside its folder, or nil
    /// when all its names are in its folder (a backup the store linked, a write cut short
    /// between its link and its rename). Why: making the backup private changed the mode of the
    /// file outside, and a log appended to wrote into it (issue 25, F20).
    ///
    /// Asked only before a write, with the lock held: then no other Calorina renames in the
    /// folder while its names are counted (a reader counting them races with a writer's renames).
    /// Reading such a file changes nothing outside, and is left alone.
    package func hardLinkRefusal(_ path: String, _ info: stat) -> StoreError? {
        guard info.st_nlink > 1 else { return nil }
        let folder = AtomicFile.parent(of: path)
        var inFolder = 0
        for name in (try? names(inFolder: folder)) ?? [] {
            var other = stat()
            if calls.statLink(folder + "/" + name, &other) == 0, other.st_dev == info.st_dev,
                other.st_ino == info.st_ino
            {
                inFolder += 1
            }
        }
        guard inFolder < Int(info.st_nlink) else { return nil }
        let elsewhere = Int(info.st_nlink) - inFolder
        return StoreError.refused(
            path: path,
            reason: "it has \(elsewhere) more \(elsewhere == 1 ? "name" : "names") outside the data folder (a hard"
                + " link), and Calorina writes no file that is also elsewhere; put a copy in its place: cp -p '\(path)'"
                + " '\(path).copy' && mv '\(path).copy' '\(path)'")
    }

    /// Creates or truncates the file at `path` with mode 0600, writes `bytes`, syncs it to the
    /// disk and closes it. On failure the half-written file is removed.
    package func writeFile(_ bytes: [UInt8], to path: String) throws(StoreError) {
        try writeFile(to: path) { (write) throws(StoreError) in try write(bytes) }
    }

    /// Creates or truncates the file at `path` with mode 0600, lets `produce` write it piece by
    /// piece through the function it is given, syncs it to the disk and closes it. On failure the
    /// half-written file is removed.
    package func writeFile(
        to path: String, _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) {
        let fd = AtomicFile.retrying {
            calls.openFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else { throw failure(path) }
        do throws(StoreError) {
            // The mode given to open does not apply to a file that was already there.
            guard calls.changeMode(fd, 0o600) == 0 else { throw failure(path) }
            try produce { (bytes) throws(StoreError) in try writeAll(bytes, to: fd, path: path) }
            guard AtomicFile.retrying({ calls.syncFile(fd) }) == 0 else { throw failure(path) }
        } catch {
            _ = calls.closeFile(fd)
            _ = calls.unlinkEntry(path)
            throw error
        }
        // Linux closes the descriptor even when close reports EINTR, so only other errors count.
        if calls.closeFile(fd) != 0, errno != EINTR {
            let error = failure(path)
            _ = calls.unlinkEntry(path)
            throw error
        }
    }

    /// Appends `bytes` to the file at `path`, creating it (mode 0600) when it is missing, and
    /// syncs it to the disk; returns the file's stamp after the append and whether it was made.
    /// A new file's name still needs a `syncFolder`. On failure some of the bytes may be there.
    package func appendToFile(_ bytes: [UInt8], at path: String) throws(StoreError) -> (stamp: FileStamp, made: Bool) {
        let made = try stamp(of: path) == nil
        let fd = AtomicFile.retrying {
            calls.openFile(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else { throw failure(path) }
        var info = stat()
        do throws(StoreError) {
            guard calls.statFile(fd, &info) == 0 else { throw failure(path) }
            if let refusal = hardLinkRefusal(path, info) { throw refusal }
            try writeAll(bytes, to: fd, path: path)
            guard AtomicFile.retrying({ calls.syncFile(fd) }) == 0 else { throw failure(path) }
            guard calls.statFile(fd, &info) == 0 else { throw failure(path) }
        } catch {
            _ = calls.closeFile(fd)
            throw error
        }
        if calls.closeFile(fd) != 0, errno != EINTR { throw failure(path) }
        return (FileStamp(info), made)
    }

    /// Writes every byte to `fd`, retrying short writes and `EINTR`.
    package func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return calls.writeBytes(fd, base + written, buffer.count - written)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw StoreError.cannotWrite(path: path, reason: AtomicFile.errorText(code))
            }
            guard count > 0 else {
                throw StoreError.cannotWrite(path: path, reason: "the disk took no bytes")
            }
            written += count
        }
    }

    /// Makes `backupPath` hold what `path` holds now, by a hard link (a copy where the file system
    /// has none), placed by a rename so that an older backup stays whole until then; the backup
    /// that was there becomes `backupPath.1`, and the one before that goes. Nothing
    /// happens when there is no file at `path`. The backup is made mode 0600 whatever the file's
    /// mode was. The folder still needs a `syncFolder`.
    ///
    /// A symbolic link at `path` is refused, not linked: its backup would be another link, and
    /// making that private would change the file it points at.
    package func keepBackup(of path: String, at backupPath: String, via tempPath: String) throws(StoreError) {
        var found = stat()
        if calls.statLink(path, &found) == 0, let refusal = hardLinkRefusal(path, found) { throw refusal }
        try removeIfPresent(tempPath)
        if calls.linkEntry(path, tempPath) != 0 {
            let code = errno
            switch code {
            case ENOENT:
                return
            case EPERM, EXDEV, EMLINK, ENOSYS, EOPNOTSUPP:
                guard case .bytes(let bytes, _) = try readFile(path) else { return }
                try writeFile(bytes, to: tempPath)
            default:
                throw StoreError.cannotWrite(path: tempPath, reason: AtomicFile.errorText(code))
            }
        }
        // A file someone made readable by others (copied in, say) keeps its mode through the link,
        // and the backup must be as private as the file that replaces it. Changed through a
        // descriptor of our own that follows no link: a link made of a link is refused here.
        let fd = AtomicFile.retrying { calls.openFile(tempPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0) }
        guard fd >= 0 else {
            let code = errno
            _ = calls.unlinkEntry(tempPath)
            if code == ELOOP { throw linkRefused(path) }
            throw StoreError.cannotWrite(path: tempPath, reason: AtomicFile.errorText(code))
        }
        var info = stat()
        let madePrivate =
            calls.statFile(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && calls.changeMode(fd, 0o600) == 0
        let code = errno
        _ = calls.closeFile(fd)
        guard madePrivate else {
            _ = calls.unlinkEntry(tempPath)
            if info.st_mode & S_IFMT != S_IFREG {
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: "it is not a regular file")
            }
            throw StoreError.cannotWrite(path: tempPath, reason: AtomicFile.errorText(code))
        }
        // The backup before becomes the older one, so that a backup that turns out unreadable has
        // one behind it.
        // Only a file: anything else in the backup's place makes the rename below fail instead.
        if calls.statLink(backupPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            calls.renameEntry(backupPath, backupPath + ".1") != 0
        {
            let error = failure(backupPath + ".1")
            _ = calls.unlinkEntry(tempPath)
            throw error
        }
        try renameFile(tempPath, to: backupPath)
    }

    /// Replaces the file at `path` whole or not at all, the one way the store replaces a file:
    /// `produce` writes a temporary file beside it (`.NAME.tmp-PID`, synced), the file that was
    /// there is kept as `replaced` says, the temporary file is renamed over `path`, and the folder
    /// is synced as `durability` says. Returns the new file's stamp, and where the old file was
    /// kept aside (`keptAside`), if there was one. Call with the folder's lock held.
    ///
    /// On failure the temporary files are removed and the file at `path` is as it was; a backup
    /// made before the failure stays.
    package func replaceFile(
        at path: String, keeping replaced: ReplacedFile, durability: Durability,
        _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) -> (stamp: FileStamp, keptAt: String?) {
        let folder = AtomicFile.parent(of: path)
        let name = AtomicFile.name(of: path)
        let pid = getpid()
        let temporary = folder + "/.\(name).tmp-\(pid)"
        try writeFile(to: temporary, produce)
        var keptAt: String?
        do throws(StoreError) {
            switch replaced {
            case .rotatedIntoBackups:
                try keepBackup(of: path, at: path + ".bak", via: folder + "/.\(name).bak.tmp-\(pid)")
            case .dropped:
                break
            case .keptAside(let suffix):
                keptAt = try keepAside(path, suffix: suffix)
            }
        } catch {
            try? removeIfPresent(temporary)
            throw error
        }
        try renameFile(temporary, to: path)
        if durability == .durable { try syncFolder(folder) }
        guard let stamp = try stamp(of: path) else {
            throw StoreError.cannotWrite(path: path, reason: "the file was gone right after it was written")
        }
        return (stamp, keptAt)
    }

    /// See `replaceFile(at:keeping:durability:_:)`: the store's backups when `keepingBackups`,
    /// else none; the folder synced unless `syncingFolder` is false.
    @discardableResult
    package func replaceFile(
        at path: String, keepingBackups: Bool = true, syncingFolder: Bool = true,
        _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) -> FileStamp {
        try replaceFile(
            at: path, keeping: keepingBackups ? .rotatedIntoBackups : .dropped,
            durability: syncingFolder ? .durable : .folderSyncedByCaller, produce
        ).stamp
    }

    /// Keeps the file at `path`, when there is one, at the first free name of `path` + `suffix`
    /// (then `-2`, `-3` …), by a hard link, or by moving it where there is none (a folder in the
    /// file's place, a file system without hard links); returns that name.
    private func keepAside(_ path: String, suffix: String) throws(StoreError) -> String? {
        guard try stamp(of: path) != nil else { return nil }
        var kept = path + suffix
        var number = 1
        while (try? stamp(of: kept)) ?? nil != nil {
            number += 1
            kept = path + suffix + "-\(number)"
        }
        if calls.linkEntry(path, kept) != 0, calls.renameEntry(path, kept) != 0 {
            throw StoreError.cannotWrite(path: kept, reason: AtomicFile.errorText(errno))
        }
        return kept
    }

    /// Renames `source` over `target`, atomically; on failure `source` is removed.
    package func renameFile(_ source: String, to target: String) throws(StoreError) {
        guard calls.renameEntry(source, target) == 0 else {
            let error = failure(target)
            _ = calls.unlinkEntry(source)
            throw error
        }
    }

    /// Syncs the folder at `path`, so that the names created or renamed in it are on disk.
    package func syncFolder(_ path: String) throws(StoreError) {
        let fd = AtomicFile.retrying { calls.openFile(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) }
        guard fd >= 0 else { throw failure(path) }
        defer { _ = calls.closeFile(fd) }
        // EINVAL: this file system cannot sync a folder; there is nothing more to do.
        if calls.syncFile(fd) != 0, errno != EINVAL {
            throw failure(path)
        }
    }
}

extension FileOperations: Sendable where Calls: Sendable {}
