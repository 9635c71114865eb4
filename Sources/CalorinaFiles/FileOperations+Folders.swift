#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Folders: made private, refused when linked, listed and swept; and the lock.

extension FileOperations {
    /// Creates the folder at `path` and any missing parents with mode 0700. A folder already at
    /// `path` that others may enter (a `chmod 755` by hand, say) is made 0700 again, and the
    /// notice says so (or that it could not be); a parent already there is left as it is.
    @discardableResult
    package func makeFolder(_ path: String) throws(StoreError) -> StoreNotice? {
        try makeFolder(path, makingPrivate: true)
    }

    /// `makeFolder` for a folder inside the data folder (`journal`, `cache`): a symbolic link in
    /// its place is refused, never followed and never made private (which changed the mode of
    /// the folder it pointed at: issue 25, F20).
    @discardableResult
    package func makeSubfolder(_ path: String) throws(StoreError) -> StoreNotice? {
        try refuseLinkedFolder(path)
        return try makeFolder(path, makingPrivate: true, followingLink: false)
    }

    /// Throws when the folder at `path` is a symbolic link (or something else that is no
    /// folder); nothing when it is a folder or missing.
    package func refuseLinkedFolder(_ path: String) throws(StoreError) {
        var info = stat()
        guard calls.statLink(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return
        case S_IFLNK:
            let target = calls.linkTarget(path).map { " to '\($0)'" } ?? ""
            throw StoreError.refused(
                path: path,
                reason: "it is a symbolic link\(target), and Calorina follows no link inside its data folder; put"
                    + " the folder itself in its place (or link the whole data folder instead)")
        default:
            throw StoreError.refused(path: path, reason: "it is there and is not a folder; move it away")
        }
    }

    private func makeFolder(_ path: String, makingPrivate: Bool, followingLink: Bool = true) throws(StoreError)
        -> StoreNotice?
    {
        let parent = AtomicFile.parent(of: path)
        var made = calls.makeFolder(path, 0o700) == 0
        if !made, errno == ENOENT, parent != path {
            _ = try makeFolder(parent, makingPrivate: false)
            made = calls.makeFolder(path, 0o700) == 0
        }
        if made {
            // mkdir applies the umask; the mode must not depend on it.
            let fd = AtomicFile.retrying {
                calls.openFile(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW, 0)
            }
            guard fd >= 0 else { throw failure(path) }
            let changed = calls.changeMode(fd, 0o700) == 0
            let code = errno  // the error text is made only on failure: strerror and a String each time
            _ = calls.closeFile(fd)
            guard changed else { throw StoreError.cannotWrite(path: path, reason: AtomicFile.errorText(code)) }
            try syncFolder(parent)
            return nil
        }
        let code = errno
        guard code == EEXIST else {
            throw StoreError.cannotWrite(path: path, reason: AtomicFile.errorText(code))
        }
        // The data folder itself may be a link a person made (to another disk, say): that one is
        // followed, as any folder a person names. A folder inside it is not.
        let fd = AtomicFile.retrying {
            calls.openFile(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW), 0)
        }
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP, !followingLink { try refuseLinkedFolder(path) }
            throw StoreError.cannotWrite(
                path: path, reason: code == ENOTDIR ? "it is there and is not a folder" : AtomicFile.errorText(code))
        }
        defer { _ = calls.closeFile(fd) }
        // Through the descriptor just opened: the folder checked is the folder changed.
        var info = stat()
        guard makingPrivate, calls.statFile(fd, &info) == 0, info.st_mode & 0o077 != 0 else { return nil }
        let mode = Int(info.st_mode & 0o7777)
        guard calls.changeMode(fd, 0o700) == 0 else {
            return .folderOpenToOthers(path: path, mode: mode, reason: AtomicFile.errorText(errno))
        }
        return .folderMadePrivate(path: path, mode: mode)
    }

    /// Removes the file at `path`, if there is one.
    package func removeIfPresent(_ path: String) throws(StoreError) {
        if calls.unlinkEntry(path) != 0, errno != ENOENT {
            throw failure(path)
        }
    }

    /// The names in the folder at `path`; none when there is no folder.
    package func names(inFolder path: String) throws(StoreError) -> [String] {
        guard let names = calls.names(inFolder: path) else {
            let code = errno
            if code == ENOENT { return [] }
            throw StoreError.unreadable(path: path, line: 1, column: 1, reason: AtomicFile.errorText(code))
        }
        return names
    }

    /// Removes the temporary files that writers which no longer run left in the data folder at
    /// `root`, its journal folder and its cache (see `AtomicFile.writer(ofTemporaryFile:)`): a writer
    /// killed between writing its temporary file and renaming it leaves one behind, and nothing
    /// else ever would. A file of a process that still runs is left alone, whatever lock it holds.
    /// Call with the lock held; failures are ignored (the files are in the way of nothing).
    package func sweepTemporaryFiles(inDataFolder root: String) {
        for folder in [root, root + "/journal", root + "/cache"] {
            sweepTemporaryFiles(inFolder: folder)
        }
    }

    /// The sweep of one folder: see `sweepTemporaryFiles(inDataFolder:)`. A folder that is a
    /// link is left alone (it is refused where it is used).
    package func sweepTemporaryFiles(inFolder folder: String) {
        var info = stat()
        guard calls.statLink(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
        for name in (try? names(inFolder: folder)) ?? [] {
            guard let pid = AtomicFile.writer(ofTemporaryFile: name), !calls.processIsRunning(pid) else {
                continue
            }
            try? removeIfPresent(folder + "/" + name)
        }
    }

    /// Runs `body` while holding an exclusive `flock` on the file at `path` (created with mode
    /// 0600 if missing), waiting for another holder to release it first.
    package func withExclusiveLock<Result>(
        at path: String, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let fd = AtomicFile.retrying {
            calls.openFile(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        }
        guard fd >= 0 else {
            throw StoreError.lockFailed(path: path, reason: AtomicFile.errorText(errno))
        }
        defer { _ = calls.closeFile(fd) }
        guard AtomicFile.retrying({ calls.lockFile(fd, LOCK_EX) }) == 0 else {
            throw StoreError.lockFailed(path: path, reason: AtomicFile.errorText(errno))
        }
        defer { _ = calls.lockFile(fd, LOCK_UN) }
        return try body()
    }

    /// A `cannotWrite` for `path` with the current `errno`.
    func failure(_ path: String) -> StoreError {
        .cannotWrite(path: path, reason: AtomicFile.errorText(errno))
    }
}
