// A program started with pipes that the test keeps hold of while it runs: stdin stays open for
// more lines, stdout is read as it comes, and the program can be killed at any moment. For the
// durability tests, which kill `calorina` in the middle of its work; `BinaryRunner` runs programs
// to completion instead.
//
// Design notes:
// - Started with posix_spawn (never fork() from Swift); every descriptor is close-on-exec from
//   birth (pipe2,
//   looked up with dlsym), so a program a parallel test starts cannot hold our pipes open.
// - The child starts with no signals blocked and every signal at its default, whatever thread
//   spawns it (Swift Testing's Dispatch workers block nearly every signal).
// - Writing to a program that has died would raise SIGPIPE in the test runner: writes are made
//   with SIGPIPE blocked on the calling thread, and a SIGPIPE the write left pending is taken
//   back with sigtimedwait before the mask is restored.

import Foundation
import Glibc

/// A running program with its stdin, stdout and stderr held by the test.
final class LiveProcess {
    enum Failure: Error, CustomStringConvertible {
        case setupFailed(step: String, reason: String)
        case timedOut(waitingFor: String, stdout: String, stderr: String)

        var description: String {
            switch self {
            case .setupFailed(let step, let reason):
                return "starting the program failed at \(step): \(reason)"
            case .timedOut(let what, let stdout, let stderr):
                return "timed out waiting for \(what)\nstdout: \(Escaping.quoted(stdout, tail: 2000))\n"
                    + "stderr: \(Escaping.quoted(stderr, tail: 2000))"
            }
        }
    }

    let pid: pid_t
    private var stdinFD: Int32
    private var stdoutFD: Int32
    private var stderrFD: Int32
    private(set) var stdoutBytes: [UInt8] = []
    private(set) var stderrBytes: [UInt8] = []
    /// The exit status once reaped: the exit code, or 128 + the signal number.
    private(set) var exitStatus: Int32?

    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

    /// The lines of stdout that ended with a newline: a line cut short by a kill is not among them.
    var completeStdoutLines: [String] {
        guard let lastNewline = stdoutBytes.lastIndex(of: 10) else { return [] }
        return stdoutBytes[..<lastNewline].split(separator: 10, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    /// Starts `executable` with `arguments` and exactly `environment`.
    init(_ executable: URL, arguments: [String], environment: [String: String]) throws {
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard Self.makePipe(&input) == 0 else { throw Self.failure("pipe2") }
        guard Self.makePipe(&output) == 0 else {
            close(input[0]); close(input[1])
            throw Self.failure("pipe2")
        }
        guard Self.makePipe(&errors) == 0 else {
            for fd in input + output { close(fd) }
            throw Self.failure("pipe2")
        }

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy; the originals close at exec.
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        close(input[0])
        close(output[1])
        close(errors[1])
        guard result == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            throw Failure.setupFailed(step: "posix_spawn", reason: String(cString: strerror(result)))
        }
        self.pid = pid
        stdinFD = input[1]
        stdoutFD = output[0]
        stderrFD = errors[0]
        _ = fcntl(stdoutFD, F_SETFL, fcntl(stdoutFD, F_GETFL) | O_NONBLOCK)
        _ = fcntl(stderrFD, F_SETFL, fcntl(stderrFD, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = waitForExit()
        }
        closeStdin()
        if stdoutFD >= 0 { close(stdoutFD) }
        if stderrFD >= 0 { close(stderrFD) }
    }

    // MARK: - Input

    /// Writes `text` to the program's stdin; false when the program no longer reads it.
    @discardableResult
    func write(_ text: String) -> Bool {
        guard stdinFD >= 0 else { return false }
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var saved = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
        defer {
            // A SIGPIPE raised by our write is pending on this thread: take it before unblocking.
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &zero) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &saved, nil)
        }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(stdinFD, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Closes stdin: the program sees the end of its input.
    func closeStdin() {
        if stdinFD >= 0 {
            close(stdinFD)
            stdinFD = -1
        }
    }

    // MARK: - Output

    /// Reads what stdout and stderr have now, without waiting.
    func drain() {
        Self.readAvailable(stdoutFD, into: &stdoutBytes)
        Self.readAvailable(stderrFD, into: &stderrBytes)
    }

    /// Waits until stdout holds at least `count` complete lines.
    func waitForLines(_ count: Int, timeout: Duration = .seconds(30)) throws {
        let deadline = ContinuousClock.now + timeout
        while stdoutBytes.lazy.filter({ $0 == 10 }).count < count {
            guard ContinuousClock.now < deadline, exitStatus == nil || isReadable(stdoutFD) else {
                throw Failure.timedOut(waitingFor: "\(count) lines", stdout: stdout, stderr: stderr)
            }
            var request = pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, 20)
            drain()
            _ = reap()
        }
    }

    /// Waits until the program has read everything written to its stdin and waits for more: its
    /// current system call is `read` on descriptor 0 (`/proc/PID/syscall`). Returns false when
    /// `/proc` cannot tell (then it has waited `fallback`) or on timeout.
    @discardableResult
    func waitUntilWaitingForInput(timeout: Duration = .seconds(10), fallback: Duration = .milliseconds(100)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        let path = "/proc/\(pid)/syscall"
        while ContinuousClock.now < deadline {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                usleep(
                    UInt32(
                        fallback.components.seconds * 1_000_000 + fallback.components.attoseconds / 1_000_000_000_000))
                return false
            }
            // "0 0x0 …": read(0, …) on x86-64; "63 0x0 …" on arm64.
            if text.hasPrefix("0 0x0 ") || text.hasPrefix("63 0x0 ") { return true }
            drain()
            if reap() != nil { return false }
            usleep(300)
        }
        return false
    }

    private func isReadable(_ fd: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    // MARK: - Ending

    /// The exit status if the program has exited (reaping it), else nil; never waits.
    @discardableResult
    func reap() -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { exitStatus = Self.decode(status) }
        return exitStatus
    }

    /// Sends SIGKILL (if it still runs); returns true when the signal found it running.
    @discardableResult
    func killNow() -> Bool {
        guard reap() == nil else { return false }
        return kill(pid, SIGKILL) == 0
    }

    /// Waits for the program to exit and reads the rest of its output; returns the exit status.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(30)) -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while reap() == nil {
            if ContinuousClock.now >= deadline { kill(pid, SIGKILL) }
            var request = [
                pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&request, 2, 5)
            drain()
        }
        // The program is gone: its ends of the pipes are closed, read to the end.
        Self.readToEnd(stdoutFD, into: &stdoutBytes)
        Self.readToEnd(stderrFD, into: &stderrBytes)
        return exitStatus ?? -1
    }

    // MARK: - Internals

    private static func readAvailable(_ fd: Int32, into bytes: inout [UInt8]) {
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    private static func readToEnd(_ fd: Int32, into bytes: inout [UInt8]) {
        guard fd >= 0 else { return }
        let deadline = ContinuousClock.now + .seconds(2)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN {
                var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&request, 1, 10)
            } else {
                return
            }
        }
    }

    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32

    /// glibc's `pipe2`, hidden behind _GNU_SOURCE in Swift's Glibc module, so looked up at run time.
    private static let pipe2: Pipe2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pipe2") else { return nil }
        return unsafeBitCast(symbol, to: Pipe2.self)
    }()

    /// A pipe whose two ends are close-on-exec from birth (with `pipe2`), or right after (`pipe`).
    private static func makePipe(_ fds: inout [Int32]) -> Int32 {
        fds.withUnsafeMutableBufferPointer { buffer -> Int32 in
            if let pipe2 { return pipe2(buffer.baseAddress, O_CLOEXEC) }
            guard pipe(buffer.baseAddress) == 0 else { return -1 }
            _ = fcntl(buffer[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(buffer[1], F_SETFD, FD_CLOEXEC)
            return 0
        }
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func failure(_ step: String) -> Failure {
        .setupFailed(step: step, reason: String(cString: strerror(errno)))
    }
}
