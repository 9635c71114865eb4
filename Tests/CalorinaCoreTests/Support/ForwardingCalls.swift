import Glibc

@testable import CalorinaFiles

/// File calls that are the system's, but for those a test's type says otherwise: each
/// conforming type names only the calls it changes (an fsync that does nothing, a call recorded).
protocol ForwardingCalls: FileCalls {
    /// Where every call not said otherwise goes.
    var system: SystemCalls { get }
}

extension ForwardingCalls {
    func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { system.openFile(path, flags, mode) }
    func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        system.readBytes(fd, buffer, count)
    }
    func writeBytes(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        system.writeBytes(fd, buffer, count)
    }
    func syncFile(_ fd: Int32) -> Int32 { system.syncFile(fd) }
    func closeFile(_ fd: Int32) -> Int32 { system.closeFile(fd) }
    func statFile(_ fd: Int32, _ info: inout stat) -> Int32 { system.statFile(fd, &info) }
    func statLink(_ path: String, _ info: inout stat) -> Int32 { system.statLink(path, &info) }
    func changeMode(_ fd: Int32, _ mode: mode_t) -> Int32 { system.changeMode(fd, mode) }
    func renameEntry(_ source: String, _ target: String) -> Int32 { system.renameEntry(source, target) }
    func linkEntry(_ source: String, _ target: String) -> Int32 { system.linkEntry(source, target) }
    func unlinkEntry(_ path: String) -> Int32 { system.unlinkEntry(path) }
    func makeFolder(_ path: String, _ mode: mode_t) -> Int32 { system.makeFolder(path, mode) }
    func lockFile(_ fd: Int32, _ operation: Int32) -> Int32 { system.lockFile(fd, operation) }
    func linkTarget(_ path: String) -> String? { system.linkTarget(path) }
    func names(inFolder path: String) -> [String]? { system.names(inFolder: path) }
    func resolvedPath(_ path: String) -> String? { system.resolvedPath(path) }
    func processIsRunning(_ pid: Int32) -> Bool { system.processIsRunning(pid) }
}
