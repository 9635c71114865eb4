// Drives a program through a real pseudo-terminal, for what only a terminal shows: libedit's
// line editing, TAB completion, history keys, Ctrl-C and Ctrl-D.
//
// Design notes:
// - The child is started with posix_spawn (never fork() from Swift) with POSIX_SPAWN_SETSID, and
//   its first file action opens the slave's path as fd 0. A session leader without a controlling
//   terminal that opens a tty (without O_NOCTTY) acquires it, so the tty's foreground process
//   group is the child's and Ctrl-C (byte 0x03, ISIG) delivers SIGINT to it. libedit re-sends
//   signals to its whole process group, so the child must not share the test runner's.
// - Signal dispositions and the mask are reset in the child: the spawning thread may be a
//   Dispatch worker with signals blocked, and a shell cannot trap a signal ignored on entry.
// - Tests run in parallel in one process, so every descriptor here is close-on-exec and the child
//   closes everything above 2; otherwise a sibling test's child could keep our slave open and we
//   would never see end of file.
// - Reading is non-blocking with poll, and every wait keeps draining the master, so the child
//   never stalls on a full pty buffer.
// - `expect` matches text with escape sequences, carriage returns and other control characters
//   (except newline and tab) removed; `rawOutput` keeps every byte.

import Foundation
import Glibc

/// A program running in a pseudo-terminal, driven by keystrokes and read by expectation.
final class PseudoTerminal {
    /// Keystrokes as a terminal sends them.
    enum Key {
        static let enter = "\r"
        static let tab = "\t"
        static let backspace = "\u{7F}"
        static let up = "\u{1B}[A"
        static let down = "\u{1B}[B"
        static let right = "\u{1B}[C"
        static let left = "\u{1B}[D"
        static let ctrlA = "\u{01}"
        static let ctrlC = "\u{03}"
        static let ctrlD = "\u{04}"
        static let ctrlE = "\u{05}"
        static let ctrlU = "\u{15}"
    }

    /// Why driving the program failed; each description shows what the terminal showed.
    enum Failure: Error, CustomStringConvertible {
        case setupFailed(step: String, reason: String)
        case spawnFailed(program: String, reason: String)
        case timedOut(waitingFor: String, after: Duration, seen: String, raw: String)
        case ended(waitingFor: String, status: Int32?, seen: String, raw: String)
        case stillRunning(after: Duration, seen: String, raw: String)
        case writeFailed(text: String, reason: String, seen: String)

        var description: String {
            switch self {
            case .setupFailed(let step, let reason):
                return "pseudo-terminal setup failed at \(step): \(reason)"
            case .spawnFailed(let program, let reason):
                return "could not start '\(program)': \(reason)"
            case .timedOut(let needle, let after, let seen, let raw):
                return "timed out after \(after) waiting for \(Escaping.quoted(needle))\n"
                    + Self.transcript(seen: seen, raw: raw)
            case .ended(let needle, let status, let seen, let raw):
                let how = status.map { "exited with status \($0)" } ?? "closed the terminal"
                return "the program \(how) before showing \(Escaping.quoted(needle))\n"
                    + Self.transcript(seen: seen, raw: raw)
            case .stillRunning(let after, let seen, let raw):
                return "the program was still running after \(after)\n"
                    + Self.transcript(seen: seen, raw: raw)
            case .writeFailed(let text, let reason, let seen):
                return "could not type \(Escaping.quoted(text)): \(reason)\n"
                    + "seen since the last match: \(Escaping.quoted(seen, tail: 2000))"
            }
        }

        private static func transcript(seen: String, raw: String) -> String {
            "seen since the last match (escape sequences removed): "
                + "\(Escaping.quoted(seen, tail: 2000))\n"
                + "raw output, last bytes: \(Escaping.quoted(raw, tail: 600))"
        }
    }

    /// The child's process id; it is also its session and process group id.
    let pid: pid_t
    /// The slave side's path, e.g. `/dev/pts/3`.
    let slavePath: String
    /// The exit status once the program has been reaped: the exit code, or 128 + the signal
    /// number.
    private(set) var exitStatus: Int32?

    private var master: Int32
    private var raw: [UInt8] = []
    private var cleaned: [UInt8] = []
    private var filter = EscapeFilter()
    /// Where the next `expect` starts looking in `cleaned`: just past the previous match.
    private var matchedUpTo = 0
    /// Every slave descriptor is closed: reads return EIO, nothing more will come.
    private var reachedEnd = false

    /// Everything the program has shown so far, escape sequences and control characters removed.
    var output: String { String(decoding: cleaned, as: UTF8.self) }
    /// Everything the program has written so far, byte for byte.
    var rawOutput: String { String(decoding: raw, as: UTF8.self) }
    /// What the program has shown since the last successful `expect`, escape sequences removed.
    var unmatchedOutput: String { String(decoding: cleaned[matchedUpTo...], as: UTF8.self) }

    /// Starts `executable` in a new pseudo-terminal of `columns` × `rows`.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; `TERM` is `xterm-256color` unless given.
    init(
        _ executable: URL, arguments: [String] = [], environment: [String: String],
        columns: Int = 100, rows: Int = 30
    ) throws {
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
            ws_ypixel: 0)
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure.setupFailed(step: "openpty", reason: Self.lastError())
        }
        // Close-on-exec at once: a parallel test spawning now must not inherit these.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        // The parent's copy of the slave only serves to name it; the child opens its own.
        defer { close(slave) }

        var pathBuffer = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &pathBuffer, pathBuffer.count) == 0 else {
            close(master)
            throw Failure.setupFailed(step: "ttyname_r", reason: Self.lastError())
        }
        let slavePath = String(
            decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        let pid: pid_t
        do {
            pid = try Self.spawn(
                executable, arguments: arguments, environment: environment,
                slavePath: slavePath, closing: [master, slave])
        } catch {
            close(master)
            throw error
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

        self.pid = pid
        self.slavePath = slavePath
        self.master = master
    }

    deinit {
        terminate()
    }

    // MARK: - Typing

    /// Types `text` (keys as in `Key`) into the terminal.
    func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        let deadline = ContinuousClock.now + .seconds(5)
        while !bytes.isEmpty {
            guard master >= 0 else {
                throw Failure.writeFailed(
                    text: text, reason: "the terminal is closed", seen: unmatchedOutput)
            }
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
                continue
            }
            let error = errno
            if written < 0 && error == EINTR { continue }
            if written < 0 && (error == EAGAIN || error == EWOULDBLOCK)
                && ContinuousClock.now < deadline
            {
                // The program is not reading; keep draining its output so it can get there.
                readAvailable(waitingAtMost: .milliseconds(10))
                continue
            }
            throw Failure.writeFailed(
                text: text, reason: String(cString: strerror(error)), seen: unmatchedOutput)
        }
    }

    /// Types `line` and Enter.
    func sendLine(_ line: String) throws {
        try send(line + Key.enter)
    }

    /// Waits for `duration` while still reading the program's output.
    ///
    /// Ctrl-C makes the tty discard input the program has not read yet, and output not yet
    /// handed to us: pause (or `expect` the echo) between typing and Ctrl-C.
    func pause(_ duration: Duration = .milliseconds(100)) {
        let deadline = ContinuousClock.now + duration
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return }
            if reachedEnd || master < 0 {
                usleep(useconds_t(clamping: Self.milliseconds(left) * 1000))
                return
            }
            readAvailable(waitingAtMost: left)
        }
    }

    /// Pauses briefly (reading output meanwhile), then presses Ctrl-C.
    func interrupt(after settle: Duration = .milliseconds(100)) throws {
        pause(settle)
        try send(Key.ctrlC)
    }

    /// Resizes the terminal; the program gets SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
            ws_ypixel: 0)
        guard master >= 0, ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw Failure.setupFailed(step: "TIOCSWINSZ", reason: Self.lastError())
        }
    }

    // MARK: - Reading

    /// Waits until the program shows `needle` and returns the text shown since the previous
    /// match, up to and including `needle`.
    ///
    /// Matching ignores escape sequences, carriage returns and other control characters except
    /// newline and tab (in the output and in `needle`). The next `expect` looks only after this
    /// match, so text that arrives in one burst can be expected piece by piece.
    @discardableResult
    func expect(_ needle: String, timeout: Duration = .seconds(5)) throws -> String {
        let wanted = Array(Self.strippingEscapes(needle).utf8)
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = Self.endOfFirstMatch(of: wanted, in: cleaned, from: matchedUpTo) {
                let shown = String(decoding: cleaned[matchedUpTo..<end], as: UTF8.self)
                matchedUpTo = end
                return shown
            }
            if reachedEnd || master < 0 {
                // The terminal closes as the program exits, a moment before it can be reaped.
                _ = reap(waitingAtMost: .seconds(1))
                throw Failure.ended(
                    waitingFor: needle, status: exitStatus, seen: unmatchedOutput,
                    raw: rawOutput)
            }
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero {
                throw Failure.timedOut(
                    waitingFor: needle, after: timeout, seen: unmatchedOutput, raw: rawOutput)
            }
            readAvailable(waitingAtMost: left)
        }
    }

    /// Waits for the program to exit and returns its status (the exit code, or 128 + the signal
    /// number); the output it wrote before exiting is read first.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(5)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = reap() {
                drainAfterExit()
                return status
            }
            if ContinuousClock.now >= deadline {
                throw Failure.stillRunning(after: timeout, seen: unmatchedOutput, raw: rawOutput)
            }
            if reachedEnd || master < 0 {
                usleep(5_000)
            } else {
                readAvailable(waitingAtMost: .milliseconds(10))
            }
        }
    }

    /// Kills the program (and its process group) if it is still running and closes the terminal.
    /// Safe to call more than once; `deinit` calls it.
    func terminate() {
        if exitStatus == nil {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(pid, &status, 0)
            } while result == -1 && errno == EINTR
            exitStatus = result == pid ? Self.decode(status) : -1
        }
        if master >= 0 {
            close(master)
            master = -1
        }
    }

    /// `text` without escape sequences, carriage returns and control characters other than
    /// newline and tab.
    static func strippingEscapes(_ text: String) -> String {
        var filter = EscapeFilter()
        var kept: [UInt8] = []
        for byte in text.utf8 {
            filter.feed(byte, into: &kept)
        }
        return String(decoding: kept, as: UTF8.self)
    }

    // MARK: - Internals

    /// Reads whatever is available, waiting up to `wait` for the first bytes; says whether any
    /// arrived.
    @discardableResult
    private func readAvailable(waitingAtMost wait: Duration) -> Bool {
        guard !reachedEnd, master >= 0 else { return false }
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(clamping: Self.milliseconds(wait))) > 0 else { return false }
        var gotAny = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                gotAny = true
                raw.append(contentsOf: buffer[..<count])
                for byte in buffer[..<count] {
                    filter.feed(byte, into: &cleaned)
                }
                continue
            }
            let error = errno
            if count < 0 && error == EINTR { continue }
            if count < 0 && (error == EAGAIN || error == EWOULDBLOCK) { break }
            // 0 or EIO: the last slave descriptor is closed, so the program is gone.
            reachedEnd = true
            break
        }
        return gotAny
    }

    /// After the program exits, reads what it wrote last: the pty hands it over before
    /// reporting EIO, but a background child still holding the terminal must not hang us.
    private func drainAfterExit() {
        let deadline = ContinuousClock.now + .milliseconds(500)
        while !reachedEnd, master >= 0, ContinuousClock.now < deadline {
            readAvailable(waitingAtMost: .milliseconds(20))
        }
    }

    /// The exit status if the program has exited, reaping it once.
    private func reap() -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            exitStatus = Self.decode(status)
        } else if result == -1 && errno == ECHILD {
            exitStatus = -1  // Reaped elsewhere; the status is lost.
        }
        return exitStatus
    }

    /// The exit status once the program has exited, waiting up to `wait` for it to do so.
    private func reap(waitingAtMost wait: Duration) -> Int32? {
        let deadline = ContinuousClock.now + wait
        while reap() == nil && ContinuousClock.now < deadline {
            usleep(2_000)
        }
        return exitStatus
    }

    /// The shell's view of a wait status: the exit code, or 128 + the signal number.
    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    private static func endOfFirstMatch(of needle: [UInt8], in haystack: [UInt8], from start: Int)
        -> Int?
    {
        if needle.isEmpty { return start }
        guard haystack.count - start >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0]
                && haystack[index..<(index + needle.count)].elementsEqual(needle)
            {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let whole = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let rest = attoseconds % 1_000_000_000_000_000 > 0 ? 1 : 0
        return max(0, Int(clamping: whole) + rest)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    // MARK: - Spawning

    /// Starts the child in its own session with the slave as its controlling terminal and as fds
    /// 0, 1 and 2.
    private static func spawn(
        _ executable: URL, arguments: [String], environment: [String: String],
        slavePath: String, closing inherited: [Int32]
    ) throws -> pid_t {
        var environment = environment
        if environment["TERM"] == nil {
            environment["TERM"] = "xterm-256color"
        }
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp =
            environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc runs the SETSID step before file actions), so it becomes the
        // controlling terminal. POSIX says the open action first closes what fd 0 was.
        var failed = posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        failed = failed != 0 ? failed : posix_spawn_file_actions_adddup2(&actions, 0, 1)
        failed = failed != 0 ? failed : posix_spawn_file_actions_adddup2(&actions, 0, 2)
        for descriptor in inherited where failed == 0 {
            failed = posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        if failed == 0, let closeFrom = addCloseFrom {
            failed = closeFrom(&actions, 3)
        }
        guard failed == 0 else {
            throw Failure.setupFailed(
                step: "posix_spawn file actions", reason: String(cString: strerror(failed)))
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        let flags = posixSpawnSetsid | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Failure.spawnFailed(
                program: executable.path, reason: String(cString: strerror(result)))
        }
        return pid
    }

    /// glibc's POSIX_SPAWN_SETSID (`<spawn.h>`, glibc 2.26+). Swift's Glibc module does not
    /// define _GNU_SOURCE, so the constant is not imported; its value is 0x80 on glibc.
    private static let posixSpawnSetsid: Int32 = 0x80

    private typealias AddCloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), looked up at run time because
    /// it is hidden behind _GNU_SOURCE too; without it the close-on-exec flags have to do.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let handle = dlopen(nil, RTLD_NOW),
            let symbol = dlsym(handle, "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}

/// Removes terminal escape sequences and control characters from a byte stream, one byte at a
/// time so a sequence split across reads is still recognised.
///
/// Handles CSI (`ESC [ params final`), OSC and other strings (`ESC ] … BEL` or `ESC ] … ESC \`),
/// charset designations (`ESC ( B`) and two-byte escapes (`ESC =`). Keeps newline and tab; drops
/// carriage return, backspace, BEL and the other C0 controls.
struct EscapeFilter {
    private enum State {
        case text, escape, controlSequence, string, stringEscape, skipOne
    }

    private var state = State.text

    mutating func feed(_ byte: UInt8, into output: inout [UInt8]) {
        switch state {
        case .text:
            if byte == 0x1B {
                state = .escape
            } else if byte >= 0x20 && byte != 0x7F || byte == 0x0A || byte == 0x09 {
                output.append(byte)
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"),
                UInt8(ascii: "_"):
                state = .string
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                UInt8(ascii: "#"), UInt8(ascii: "%"):
                state = .skipOne
            case 0x1B: state = .escape
            default: state = .text
            }
        case .controlSequence:
            if byte == 0x1B {
                state = .escape
            } else if (0x40...0x7E).contains(byte) {
                state = .text
            }
        case .string:
            if byte == 0x07 {
                state = .text
            } else if byte == 0x1B {
                state = .stringEscape
            }
        case .stringEscape:
            state = byte == UInt8(ascii: "\\") ? .text : .string
        case .skipOne:
            state = .text
        }
    }
}
