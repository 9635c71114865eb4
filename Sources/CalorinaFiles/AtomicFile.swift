#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a file, enough to tell whether it changed since it was read: a rename
/// over it changes the inode, a write in place changes the size or the times.
public struct FileStamp: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    public var modifiedSeconds: Int
    package var modifiedNanoseconds: Int
    package var changedSeconds: Int
    package var changedNanoseconds: Int

    package init(_ info: stat) {
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

/// What reading a file found.
public enum FileContents {
    /// There is no file at the path.
    case missing
    /// The file's bytes and its stamp at the time they were read.
    case bytes([UInt8], FileStamp)
}

/// `FileOperations` on the real disk, for the code that needs no other, and the helpers on paths
/// they share.
public enum AtomicFile {
    /// What reading a file found.
    public typealias Contents = FileContents

    /// The operations on the real disk.
    package static let system = FileOperations(calls: SystemCalls())

    /// True while process `pid` runs (see `FileCalls.processIsRunning(_:)`).
    public static func processIsRunning(_ pid: Int32) -> Bool { system.calls.processIsRunning(pid) }

    /// See `FileOperations.names(inFolder:)`.
    public static func names(inFolder path: String) throws(StoreError) -> [String] { try system.names(inFolder: path) }

    /// The system's words for an `errno` value.
    public static func errorText(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// See `FileOperations.stamp(of:)`.
    public static func stamp(of path: String) throws(StoreError) -> FileStamp? { try system.stamp(of: path) }

    /// The contents of a file a person named: a symbolic link is followed. Data files are read
    /// with `readDataFile`.
    public static func readFile(_ path: String) throws(StoreError) -> Contents {
        try system.readFile(path, followingLinks: true)
    }

    /// A file a person named, to read a piece at a time (a symbolic link is followed); nil when
    /// there is none.
    public static func openForReading(_ path: String) throws(StoreError) -> ReadableFile? {
        guard let (fd, info) = try system.openRegularFile(path, followingLinks: true) else { return nil }
        return ReadableFile(fd: fd, path: path, size: Int(info.st_size))
    }

    /// The contents of a data file; a symbolic link is refused.
    public static func readDataFile(_ path: String) throws(StoreError) -> Contents {
        try system.readFile(path, followingLinks: false)
    }

    /// See `FileOperations.writeFile(_:to:)`.
    public static func writeFile(_ bytes: [UInt8], to path: String) throws(StoreError) {
        try system.writeFile(bytes, to: path)
    }

    /// The backups `replaceFile(at:)` keeps of `path`, newest first.
    public static func backupPaths(of path: String) -> [String] {
        [path + ".bak", path + ".bak.1"]
    }

    /// See `FileOperations.replaceFile(at:keepingBackups:syncingFolder:_:)`.
    @discardableResult
    public static func replaceFile(
        at path: String, with bytes: [UInt8], keepingBackups: Bool = true
    ) throws(StoreError) -> FileStamp {
        try system.replaceFile(at: path, keepingBackups: keepingBackups) { (write) throws(StoreError) in
            try write(bytes)
        }
    }

    /// See `FileOperations.replaceFile(at:keepingBackups:syncingFolder:_:)`: the file's bytes
    /// handed to `write` piece by piece, so that a large file never sits whole in memory.
    @discardableResult
    public static func replaceFile(
        at path: String, keepingBackups: Bool = true,
        _ produce: (_ write: ([UInt8]) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) -> FileStamp {
        try system.replaceFile(at: path, keepingBackups: keepingBackups, produce)
    }

    /// See `FileOperations.renameFile(_:to:)`.
    public static func renameFile(_ source: String, to target: String) throws(StoreError) {
        try system.renameFile(source, to: target)
    }

    /// See `FileOperations.syncFolder(_:)`.
    public static func syncFolder(_ path: String) throws(StoreError) { try system.syncFolder(path) }

    /// See `FileOperations.removeIfPresent(_:)`.
    public static func removeIfPresent(_ path: String) throws(StoreError) { try system.removeIfPresent(path) }

    /// See `FileOperations.sweepTemporaryFiles(inDataFolder:)`.
    package static func sweepTemporaryFiles(inDataFolder root: String) {
        system.sweepTemporaryFiles(inDataFolder: root)
    }

    /// The process that wrote the temporary file named `name`, when it is one of the store's:
    /// `.2026-11.json.tmp-PID`, `.profile.json.bak.tmp-PID`, `.foods.json.restore.tmp-PID`, a
    /// month summary's `.2026-11.days.tmp-PID`, ….
    public static func writer(ofTemporaryFile name: String) -> Int32? {
        let bytes = Array(name.utf8)
        let digits = bytes.reversed().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        let head = bytes.dropLast(digits)
        guard digits > 0, name.hasPrefix("."), name.contains(".json") || name.contains(".days"), head.count > 5,
            head.suffix(5).elementsEqual(".tmp-".utf8),
            let pid = Int32(String(decoding: bytes.suffix(digits), as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    /// The folder holding `path`: `/a/b` for `/a/b/c`, `/` for `/a`.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// The last part of `path`: `2026-11.json` for `/a/journal/2026-11.json`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Runs a system call again while it fails with `EINTR`; returns its last result.
    package static func retrying(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result == -1, errno == EINTR { continue }
            return result
        }
    }
}

/// A regular file open for reading, a piece at a time; closed when let go.
public final class ReadableFile {
    private let fd: Int32
    /// The path it was opened at.
    public let path: String
    /// Its size when opened.
    public let size: Int

    package init(fd: Int32, path: String, size: Int) {
        self.fd = fd
        self.path = path
        self.size = size
    }

    deinit { _ = AtomicFile.system.calls.closeFile(fd) }

    /// The next `count` bytes or fewer; none at the end.
    public func read(count: Int) throws(StoreError) -> [UInt8] {
        try AtomicFile.system.readSome(fd, path: path, count: count)
    }
}
