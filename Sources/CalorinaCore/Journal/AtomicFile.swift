#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a file, enough to tell whether it changed since it was read: a rename
/// over it changes the inode, a write in place changes the size or the times.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var changedSeconds: Int
    var changedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modifiedSeconds = Int(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
            changedSeconds = Int(info.st_ctimespec.tv_sec)
            changedNanoseconds = Int(info.st_ctimespec.tv_nsec)
        #else
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
            changedSeconds = Int(info.st_ctim.tv_sec)
            changedNanoseconds = Int(info.st_ctim.tv_nsec)
        #endif
    }
}

/// The POSIX file operations the store is built on. Every return value is checked, `EINTR` is
/// retried, and a failure becomes a `StoreError` naming the path.
///
/// A file is replaced by writing a temporary file beside it (`writeFile`, which syncs it), renaming
/// it over the target (`renameFile`) and syncing the folder (`syncFolder`): at every instant the
/// target is either the old file or the new one, both complete.
enum AtomicFile {
    /// What reading a file found.
    enum Contents {
        /// There is no file at the path.
        case missing
        /// The file's bytes and its stamp at the time they were read.
        case bytes([UInt8], FileStamp)
    }

    /// The system's words for an `errno` value.
    static func errorText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The stamp of the file at `path`, or nil when there is none.
    static func stamp(of path: String) throws(StoreError) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: errorText(code))
        }
        return FileStamp(info)
    }

    /// The whole contents of the regular file at `path`.
    static func readFile(_ path: String) throws(StoreError) -> Contents {
        // O_NONBLOCK so that a FIFO put at the path cannot hang the program; files ignore it.
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return .missing }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: errorText(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: errorText(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw StoreError.unreadable(
                path: path, line: 1, column: 1, reason: "it is a folder, not a file")
        default:
            throw StoreError.unreadable(
                path: path, line: 1, column: 1, reason: "it is not a regular file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress, buffer.count)
            }
            if count == 0 { break }
            guard count > 0 else {
                let code = errno
                if code == EINTR { continue }
                throw StoreError.unreadable(path: path, line: 1, column: 1, reason: errorText(code))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return .bytes(bytes, FileStamp(info))
    }

    /// Creates or truncates the file at `path` with mode 0600, writes `bytes`, syncs it to the
    /// disk and closes it. On failure the half-written file is removed.
    static func writeFile(_ bytes: [UInt8], to path: String) throws(StoreError) {
        try writeFile(to: path) { (write) throws(StoreError) in try write(bytes) }
    }

    /// Creates or truncates the file at `path` with mode 0600, lets `produce` write it piece by
    /// piece through the function it is given, syncs it to the disk and closes it. On failure the
    /// half-written file is removed.
    static func writeFile(
        to path: String, _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) {
        let fd = retrying {
            open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else { throw StoreError.cannotWrite(path: path, reason: errorText(errno)) }
        do throws(StoreError) {
            // The mode given to open does not apply to a file that was already there.
            guard fchmod(fd, 0o600) == 0 else { throw failure(path) }
            try produce { (bytes) throws(StoreError) in try writeAll(bytes, to: fd, path: path) }
            guard retrying({ fsync(fd) }) == 0 else { throw failure(path) }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        // Linux closes the descriptor even when close reports EINTR, so only other errors count.
        if close(fd) != 0, errno != EINTR {
            let error = failure(path)
            unlink(path)
            throw error
        }
    }

    /// Writes every byte to `fd`, retrying short writes and `EINTR`.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(fd, base + written, buffer.count - written)
            }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw StoreError.cannotWrite(path: path, reason: errorText(code))
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
    static func keepBackup(of path: String, at backupPath: String, via tempPath: String)
        throws(StoreError)
    {
        try removeIfPresent(tempPath)
        if link(path, tempPath) != 0 {
            let code = errno
            switch code {
            case ENOENT:
                return
            case EPERM, EXDEV, EMLINK, ENOSYS, EOPNOTSUPP:
                guard case .bytes(let bytes, _) = try readFile(path) else { return }
                try writeFile(bytes, to: tempPath)
            default:
                throw StoreError.cannotWrite(path: tempPath, reason: errorText(code))
            }
        }
        // A file someone made readable by others (copied in, say) keeps its mode through the link,
        // and the backup must be as private as the file that replaces it.
        guard chmod(tempPath, 0o600) == 0 else {
            let error = failure(tempPath)
            unlink(tempPath)
            throw error
        }
        // The backup before becomes the older one, so that a backup that turns out unreadable has
        // one behind it.
        // Only a file: anything else in the backup's place makes the rename below fail instead.
        var info = stat()
        if lstat(backupPath, &info) == 0, info.st_mode & S_IFMT == S_IFREG, rename(backupPath, backupPath + ".1") != 0 {
            let error = failure(backupPath + ".1")
            unlink(tempPath)
            throw error
        }
        try renameFile(tempPath, to: backupPath)
    }

    /// The backups `keepBackup(of:at: path + ".bak", …)` keeps of `path`, newest first.
    static func backupPaths(of path: String) -> [String] {
        [path + ".bak", path + ".bak.1"]
    }

    /// Renames `source` over `target`, atomically; on failure `source` is removed.
    static func renameFile(_ source: String, to target: String) throws(StoreError) {
        guard rename(source, target) == 0 else {
            let error = failure(target)
            unlink(source)
            throw error
        }
    }

    /// Syncs the folder at `path`, so that the names created or renamed in it are on disk.
    static func syncFolder(_ path: String) throws(StoreError) {
        let fd = retrying { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { throw failure(path) }
        defer { close(fd) }
        // EINVAL: this file system cannot sync a folder; there is nothing more to do.
        if fsync(fd) != 0, errno != EINVAL {
            throw failure(path)
        }
    }

    /// Creates the folder at `path` and any missing parents with mode 0700; a folder already there
    /// is left as it is.
    static func makeFolder(_ path: String) throws(StoreError) {
        var made = mkdir(path, 0o700) == 0
        if !made, errno == ENOENT, parent(of: path) != path {
            try makeFolder(parent(of: path))
            made = mkdir(path, 0o700) == 0
        }
        if made {
            // mkdir applies the umask; the mode must not depend on it.
            guard chmod(path, 0o700) == 0 else { throw failure(path) }
            try syncFolder(parent(of: path))
            return
        }
        let code = errno
        guard code == EEXIST else {
            throw StoreError.cannotWrite(path: path, reason: errorText(code))
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw StoreError.cannotWrite(path: path, reason: "it is there and is not a folder")
        }
    }

    /// Removes the file at `path`, if there is one.
    static func removeIfPresent(_ path: String) throws(StoreError) {
        if unlink(path) != 0, errno != ENOENT {
            throw failure(path)
        }
    }

    /// The folder holding `path`: `/a/b` for `/a/b/c`, `/` for `/a`.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last part of `path`: `2026-11.json` for `/a/journal/2026-11.json`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Runs a system call again while it fails with `EINTR`; returns its last result.
    static func retrying(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result == -1, errno == EINTR { continue }
            return result
        }
    }

    /// A `cannotWrite` for `path` with the current `errno`.
    private static func failure(_ path: String) -> StoreError {
        .cannotWrite(path: path, reason: errorText(errno))
    }
}
