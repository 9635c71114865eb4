// Runs a built product (or any program) to completion with pipes, for end-to-end tests that do
// not need a terminal. Programs that need one go through `PseudoTerminal`.
//
// Design notes:
// - stdout and stderr are drained on their own threads and stdin is written on a third, so a
//   program that writes megabytes before reading (or never reads) cannot deadlock the test.
// - Foundation's `Process` puts the child in its own process group (POSIX_SPAWN_SETPGROUP), so a
//   timeout kills the whole group: a `sh -c` wrapper's children die too and the pipes close.
// - The environment is exactly what the caller passes; nothing leaks in from the test runner.
// - The child starts with no signals blocked (see `withDefaultSignalMask`).

import Foundation
import Glibc

/// Locates built products and runs programs to completion for end-to-end tests.
enum BinaryRunner {
    /// What a finished program left behind.
    struct Output: Sendable, CustomStringConvertible {
        var stdout: String
        var stderr: String
        /// The exit status, or 128 + the signal number when a signal ended the program (as a
        /// shell reports it).
        var status: Int32

        var description: String {
            "status \(status)\nstdout: \(Escaping.quoted(stdout))\n"
                + "stderr: \(Escaping.quoted(stderr))"
        }
    }

    /// Why a run or a lookup failed; the description says what was seen so a failing test says
    /// why.
    enum Failure: Error, CustomStringConvertible {
        case productNotFound(name: String, searched: [String])
        case timedOut(program: String, after: Duration, stdout: String, stderr: String)
        case outputStayedOpen(program: String, status: Int32, stdout: String, stderr: String)

        var description: String {
            switch self {
            case .productNotFound(let name, let searched):
                return "built product '\(name)' not found; looked in:\n  "
                    + searched.joined(separator: "\n  ")
            case .timedOut(let program, let after, let stdout, let stderr):
                return "'\(program)' did not finish within \(after) and was killed\n"
                    + "stdout so far: \(Escaping.quoted(stdout, tail: 2000))\n"
                    + "stderr so far: \(Escaping.quoted(stderr, tail: 2000))"
            case .outputStayedOpen(let program, let status, let stdout, let stderr):
                return "'\(program)' exited with status \(status) but something it started kept "
                    + "its output open\n"
                    + "stdout so far: \(Escaping.quoted(stdout, tail: 2000))\n"
                    + "stderr so far: \(Escaping.quoted(stderr, tail: 2000))"
            }
        }
    }

    // MARK: - Finding products

    /// The built product `name` (e.g. `calorina`) in the products folder of the running tests.
    ///
    /// The test runner lives in the products folder (`<scratch>/<triple>/<config>/` on Linux), so
    /// this works with any `--scratch-path` and configuration. It tries the runner's own folder
    /// (from `Bundle.main`, `/proc/self/exe` and `CommandLine.arguments[0]`) and a few folders
    /// above it, and takes the first regular executable file called `name`.
    static func productURL(_ name: String) throws -> URL {
        var searched: [String] = []
        for start in productSearchStarts() {
            var folder = start.standardizedFileURL
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent(name, isDirectory: false)
                if !searched.contains(candidate.path) {
                    searched.append(candidate.path)
                    if isExecutableFile(candidate) {
                        return candidate
                    }
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw Failure.productNotFound(name: name, searched: searched)
    }

    /// Folders the test runner may have been started from, most trustworthy first.
    private static func productSearchStarts() -> [URL] {
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL {
            starts.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        starts.append(Bundle.main.bundleURL)
        let procSelf = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if procSelf.path != "/proc/self/exe" {
            starts.append(procSelf.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let runner = URL(fileURLWithPath: first, relativeTo: cwd).absoluteURL
            starts.append(runner.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return starts
    }

    private static func isExecutableFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
            !isDirectory.boolValue
        else { return false }
        return FileManager.default.isExecutableFile(atPath: url.path)
    }

    // MARK: - Environments and folders

    /// A minimal environment: `PATH`, `HOME`, and whatever `extra` adds or overrides.
    static func environment(home: URL, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home.path, "CALORINA_DEVICE": "local"]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `body` with a fresh empty folder under the system's temporary folder, then removes it.
    ///
    /// A closure rather than an object with a `deinit`: Swift may release an object right after
    /// its last use, which could delete the folder while a child process still works in it.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + "/calorina-e2e-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: base])
        }
        let url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    // MARK: - Running

    /// Runs `executable` with `stdin` as its input text (UTF-8) and waits for it to finish.
    static func run(
        _ executable: URL, arguments: [String] = [], stdin: String,
        environment: [String: String], timeout: Duration = .seconds(10)
    ) throws -> Output {
        try run(
            executable, arguments: arguments, stdin: Data(stdin.utf8), environment: environment,
            timeout: timeout)
    }

    /// Runs `executable` and waits for it to finish and close its output.
    ///
    /// - Parameters:
    ///   - stdin: the bytes to feed it, or `nil` for `/dev/null`.
    ///   - environment: the child's whole environment (nothing is inherited).
    ///   - timeout: after this the program (and its process group) is killed with SIGKILL and
    ///     `Failure.timedOut` is thrown with the output seen so far.
    static func run(
        _ executable: URL, arguments: [String] = [], stdin: Data? = nil,
        environment: [String: String], timeout: Duration = .seconds(10)
    ) throws -> Output {
        let deadline = ContinuousClock.now + timeout
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment

        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = stdin.map { _ in Pipe() }
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe ?? FileHandle.nullDevice

        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try withDefaultSignalMask { try process.run() }

        let stdout = ByteCollector()
        let stderr = ByteCollector()
        let readers = DispatchGroup()
        startReader(outPipe.fileHandleForReading, into: stdout, group: readers)
        startReader(errPipe.fileHandleForReading, into: stderr, group: readers)
        if let inPipe, let stdin {
            startWriter(stdin, to: inPipe.fileHandleForWriting)
        }

        if exited.wait(timeout: dispatchTime(until: deadline)) == .timedOut {
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
            _ = readers.wait(timeout: .now() + 1)
            throw Failure.timedOut(
                program: executable.path, after: timeout, stdout: stdout.text, stderr: stderr.text)
        }
        let status =
            process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus

        // The program is gone, but something it started in the background may hold the pipes.
        // Give them a moment even when the program finished right at the deadline.
        let readersDeadline = max(deadline, ContinuousClock.now + .seconds(2))
        if readers.wait(timeout: dispatchTime(until: readersDeadline)) == .timedOut {
            kill(-process.processIdentifier, SIGKILL)
            throw Failure.outputStayedOpen(
                program: executable.path, status: status, stdout: stdout.text, stderr: stderr.text)
        }
        return Output(stdout: stdout.text, stderr: stderr.text, status: status)
    }

    /// Runs `body` with no signals blocked on this thread, then restores the mask.
    ///
    /// Foundation's `Process` does not reset the signal mask, so the child inherits the spawning
    /// thread's, and Swift Testing runs tests on Dispatch workers that block nearly every signal:
    /// the program would ignore SIGINT and SIGTERM.
    private static func withDefaultSignalMask<T>(_ body: () throws -> T) rethrows -> T {
        var none = sigset_t()
        sigemptyset(&none)
        var saved = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        return try body()
    }

    private static func dispatchTime(until deadline: ContinuousClock.Instant) -> DispatchTime {
        let left = ContinuousClock.now.duration(to: deadline)
        let nanoseconds =
            max(0, left.components.seconds) * 1_000_000_000
            + max(0, left.components.attoseconds / 1_000_000_000)
        return .now() + .nanoseconds(Int(clamping: nanoseconds))
    }

    /// Drains `handle` on its own thread until end of file.
    private static func startReader(
        _ handle: FileHandle, into collector: ByteCollector, group: DispatchGroup
    ) {
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            while let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                collector.append(chunk)
            }
        }
        thread.start()
    }

    /// Writes `data` to `handle` on its own thread, then closes it.
    ///
    /// SIGPIPE is blocked on that thread only, so a program that exits without reading its input
    /// makes the write fail with EPIPE instead of killing the test runner. The signal stays
    /// pending on the thread and is discarded when the thread ends.
    private static func startWriter(_ data: Data, to handle: FileHandle) {
        let thread = Thread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            try? handle.write(contentsOf: data)
            try? handle.close()
        }
        thread.start()
    }
}

/// Bytes gathered by a reader thread and read by the test thread.
private final class ByteCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        defer { lock.unlock() }
        data.append(chunk)
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
