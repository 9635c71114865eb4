#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls the store makes on files and folders, and nothing more: the seam between the
/// store and the disk.
///
/// Why a protocol: a test puts a simulated disk in the place of the real one, which records every
/// call and can then cut the power at any of them, keeping only what was durable (a file's bytes
/// once it was fsynced, a name once its folder was fsynced). A killed process cannot show that;
/// a power cut can. Production uses `SystemCalls`, whose methods are the calls themselves; the
/// code above them is generic over the protocol (`FileOperations<Calls>`), so the compiler
/// specializes it and calls them directly: no existential, no closure, nothing per byte.
///
/// Each method behaves as the call it is named after: -1 (or nil) with `errno` set on failure.
package protocol FileCalls {
    /// open(2).
    func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32
    /// read(2).
    func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
    /// write(2).
    func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int
    /// fsync(2), of a file or of a folder opened with `O_DIRECTORY`.
    func syncFile(_ fd: Int32) -> Int32
    /// close(2).
    func closeFile(_ fd: Int32) -> Int32
    /// fstat(2).
    func statFile(_ fd: Int32, _ info: inout stat) -> Int32
    /// lstat(2): a symbolic link is described, not followed.
    func statLink(_ path: String, _ info: inout stat) -> Int32
    /// fchmod(2).
    func changeMode(_ fd: Int32, _ mode: mode_t) -> Int32
    /// rename(2).
    func renameEntry(_ source: String, _ target: String) -> Int32
    /// link(2), which on Linux does not follow a symbolic link at `source`.
    func linkEntry(_ source: String, _ target: String) -> Int32
    /// unlink(2).
    func unlinkEntry(_ path: String) -> Int32
    /// mkdir(2).
    func makeFolder(_ path: String, _ mode: mode_t) -> Int32
    /// flock(2).
    func lockFile(_ fd: Int32, _ operation: Int32) -> Int32
    /// readlink(2): where the symbolic link at `path` points, or nil.
    func linkTarget(_ path: String) -> String?
    /// The names in a folder, without `.` and `..`; nil with `errno` set when it cannot be listed.
    func names(inFolder path: String) -> [String]?
    /// realpath(3): the path with every symbolic link, `.` and `..` resolved, or nil.
    func resolvedPath(_ path: String) -> String?
    /// False only when no process has the id (`kill(pid, 0)` fails with `ESRCH`).
    func processIsRunning(_ pid: Int32) -> Bool
}

/// The real system calls.
package struct SystemCalls: FileCalls, Sendable {
    package init() {}

    @inline(__always) package func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        open(path, flags, mode)
    }

    @inline(__always) package func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        read(fd, buffer, count)
    }

    @inline(__always) package func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        write(fd, buffer, count)
    }

    @inline(__always) package func syncFile(_ fd: Int32) -> Int32 { fsync(fd) }

    @inline(__always) package func closeFile(_ fd: Int32) -> Int32 { close(fd) }

    @inline(__always) package func statFile(_ fd: Int32, _ info: inout stat) -> Int32 { fstat(fd, &info) }

    @inline(__always) package func statLink(_ path: String, _ info: inout stat) -> Int32 { lstat(path, &info) }

    @inline(__always) package func changeMode(_ fd: Int32, _ mode: mode_t) -> Int32 { fchmod(fd, mode) }

    @inline(__always) package func renameEntry(_ source: String, _ target: String) -> Int32 { rename(source, target) }

    @inline(__always) package func linkEntry(_ source: String, _ target: String) -> Int32 { link(source, target) }

    @inline(__always) package func unlinkEntry(_ path: String) -> Int32 { unlink(path) }

    @inline(__always) package func makeFolder(_ path: String, _ mode: mode_t) -> Int32 { mkdir(path, mode) }

    @inline(__always) package func lockFile(_ fd: Int32, _ operation: Int32) -> Int32 { flock(fd, operation) }

    package func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { space -> Int in
            guard let base = space.baseAddress else { return -1 }
            return readlink(path, base, space.count - 1)
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func names(inFolder path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    package func processIsRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }

    package func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
