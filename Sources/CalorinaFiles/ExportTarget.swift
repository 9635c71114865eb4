#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an export named by a person goes, found by looking at what its path is now.
///
/// Why not always a temporary file renamed over the path: that replaces whatever the path is with
/// a regular file. `export csv to /dev/null` run as root used to replace the machine's
/// `/dev/null`, and an export to a symbolic link replaced the link. A FIFO, a terminal or another
/// character device is written through, as any Unix tool writes to it; a link is followed to the
/// file it names, which is replaced whole; and nothing inside the data folder is ever an export's
/// target (an export over a month file or the lock broke every command after it).
public enum ExportTarget: Equatable, Sendable {
    /// A regular file, or a name with no file yet: replaced whole (a temporary file beside it,
    /// synced, renamed over it, the folder synced). The path is the file's own, links followed.
    case file(String)
    /// A FIFO or a character device (a terminal, `/dev/null`): opened for writing and written
    /// through, with no truncation and no rename.
    case stream(String)

    /// The path written.
    public var path: String {
        switch self {
        case .file(let path), .stream(let path): path
        }
    }
}

extension FileOperations {
    /// What an export to `path` (absolute) writes, or why it may not: a folder, a block device or
    /// a socket, a symbolic link that leads nowhere, and anything inside the data folder at
    /// `dataFolder` (links resolved) are refused.
    package func exportTarget(_ path: String, dataFolder: String) throws(StoreError) -> ExportTarget {
        var info = stat()
        var target = path
        if calls.statLink(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            let pointsAt = calls.linkTarget(path).map { " to '\($0)'" } ?? ""
            guard let resolved = calls.resolvedPath(path) else {
                throw StoreError.refused(
                    path: path,
                    reason: "it is a symbolic link\(pointsAt), which leads to no file; export to the file itself,"
                        + " or remove the link")
            }
            target = resolved
        }
        // Resolved at its folder, so that a name reached through a link to the data folder counts.
        let folder = AtomicFile.parent(of: target)
        let name = AtomicFile.name(of: target)
        let resolved = calls.resolvedPath(folder).map { ($0 == "/" ? "" : $0) + "/" + name } ?? target
        if let root = calls.resolvedPath(dataFolder),
            resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/")
        {
            throw StoreError.refused(
                path: path,
                reason: "it is in Calorina's data folder (\(root)), whose files only Calorina writes; export to a"
                    + " file outside it")
        }
        guard calls.statLink(resolved, &info) == 0 else {
            let code = errno
            if code == ENOENT { return .file(resolved) }
            throw StoreError.cannotWrite(path: path, reason: AtomicFile.errorText(code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return .file(resolved)
        case S_IFIFO, S_IFCHR:
            return .stream(resolved)
        case S_IFDIR:
            throw StoreError.refused(path: path, reason: "it is a folder; name a file in it, e.g. '\(path)/food.csv'")
        case S_IFBLK:
            throw StoreError.refused(
                path: path, reason: "it is a block device (a disk); export to a file, a FIFO or a terminal")
        default:
            throw StoreError.refused(
                path: path, reason: "it is a socket or another special file; export to a file, a FIFO or a terminal")
        }
    }

    /// Writes an export to `target`: a file replaced whole, a stream written through. `produce`
    /// hands the bytes over piece by piece.
    package func writeExport(
        to target: ExportTarget, _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) {
        switch target {
        case .file(let path):
            try replaceFile(at: path, keepingBackups: false, produce)
        case .stream(let path):
            // No O_CREAT and no O_TRUNC: the FIFO or device is there, and is written as it is. A
            // FIFO waits here for its reader, as it does for any writer.
            let fd = AtomicFile.retrying { calls.openFile(path, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0) }
            guard fd >= 0 else { throw StoreError.cannotWrite(path: path, reason: AtomicFile.errorText(errno)) }
            defer { _ = calls.closeFile(fd) }
            // The path may have changed since it was looked at: only a FIFO or a device is written.
            var info = stat()
            guard calls.statFile(fd, &info) == 0, [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT) else {
                throw StoreError.refused(path: path, reason: "it changed into a regular file while it was opened")
            }
            try produce { (bytes) throws(StoreError) in try writeAll(bytes, to: fd, path: path) }
        }
    }
}

extension AtomicFile {
    /// See `FileOperations.exportTarget(_:dataFolder:)`.
    public static func exportTarget(_ path: String, dataFolder: String) throws(StoreError) -> ExportTarget {
        try system.exportTarget(path, dataFolder: dataFolder)
    }

    /// See `FileOperations.writeExport(to:_:)`.
    public static func writeExport(
        to target: ExportTarget, _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) {
        try system.writeExport(to: target, produce)
    }
}
