import CalorinaCore
import Foundation

/// One fuzz input, through everything a line goes through, with the promises checked: any bytes
/// give tokens inside the line, a parse or a parse error with its column inside the line, and a
/// session outcome (a dry run: nothing is saved) whose problems point inside the line. A broken
/// promise is a trap, which libFuzzer reports as a crash with the input that caused it.
enum FuzzTarget {
    /// A dry-run session over a throwaway data folder, with the clock pinned. libFuzzer calls
    /// from one thread only (one job, one worker).
    nonisolated(unsafe) static let session: Session = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "calorina-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        guard let moment = LocalMoment("2026-11-22T08:30:00") else { fatalError("the pinned moment does not parse") }
        do {
            let store = try JournalStore(root: folder)
            return Session(store: store, options: Session.Options(dryRun: true), clock: { moment })
        } catch {
            fatalError("cannot open a journal in \(folder.path): \(error)")
        }
    }()

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let length = text.unicodeScalars.count

        for token in Lexer.tokenize(text) {
            check(
                token.range.start >= 0 && token.range.end <= length && token.range.start <= token.range.end,
                "token \(token.kind) at \(token.range) outside a line of \(length) scalars")
        }

        do {
            _ = try Parser.parse(text)
        } catch {
            check(
                (1...(length + 1)).contains(error.column),
                "parse error column \(error.column) of \(length): \(error.message)")
            check(!error.message.isEmpty, "parse error without a message")
        }

        // What `handle(bytes:)` sees: one trailing newline, then one carriage return, dropped.
        var line = bytes
        if line.last == 10 { line.removeLast() }
        if line.last == 13 { line.removeLast() }
        let lineLength = String(decoding: line, as: UTF8.self).unicodeScalars.count
        switch session.handle(bytes: bytes) {
        case .failed(let failure):
            check(!failure.problems.isEmpty, "a failure with no problem")
            for problem in failure.problems {
                check(
                    (1...(lineLength + 1)).contains(problem.column),
                    "column \(problem.column) of \(lineLength): \(problem.message)")
            }
        case .storeFailed(let error):
            check(false, "a line made the dry-run store fail: \(error)")
        case .logged(let report):
            for entry in report.entries {
                check(entry.kcal.isFinite && entry.quantity.isFinite, "an entry with a number that is not finite")
                check((entry.grams ?? 0).isFinite, "grams that are not finite")
            }
        default:
            break
        }
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            FileHandle.standardError.write(Data(("calorina-fuzz: broken promise: " + message() + "\n").utf8))
            fatalError(message())
        }
    }
}

#if FUZZING
    /// libFuzzer's entry point: called once per input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        FuzzTarget.run(bytes)
        return 0
    }

    /// libFuzzer's own driver, started from `main`: SwiftPM links an executable with its entry
    /// point renamed (`calorina_fuzz_main`), so libFuzzer's `main` cannot be the one that runs.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @main
    enum Fuzz {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
        }
    }
#else
    /// Without libFuzzer: runs every file named on the command line (or every file in a folder
    /// named there) through the same checks, for replaying a corpus or a crash in a plain build.
    @main
    enum Replay {
        static func main() {
            var files: [URL] = []
            for argument in CommandLine.arguments.dropFirst() {
                let url = URL(fileURLWithPath: argument)
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                if isFolder.boolValue {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                    files += names.sorted().map { url.appendingPathComponent($0) }
                } else {
                    files.append(url)
                }
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file.path) else { continue }
                FuzzTarget.run(Array(data))
            }
            print("calorina-fuzz: \(files.count) inputs replayed, every promise kept")
        }
    }
#endif
