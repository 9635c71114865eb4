import CEditLine
import CalorinaFoods
import CalorinaHelp
import CalorinaRendering
import CalorinaResults
import CalorinaSession
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive front end: libedit with emacs keys, a history file, TAB completion, and a
/// prompt that shows the meal the time suggests and the kcal left today.
final class REPL {
    let session: Session
    let renderer: Renderer
    let json: Bool
    let historyPath: URL
    /// Made on first TAB; the table itself is loaded in the background once the prompt is up.
    private lazy var completer = Completer(index: .bundled)
    /// The prompt libedit shows; it must outlive the callback that returns it.
    private var promptBuffer: UnsafeMutablePointer<CChar>
    private var promptCapacity = 256
    /// Set by the Ctrl-C key: the line el_gets returns is to be dropped.
    fileprivate var interrupted = false

    init(session: Session, renderer: Renderer, json: Bool, environment: [String: String]) {
        self.session = session
        self.renderer = renderer
        self.json = json
        self.historyPath = Paths.historyFile(environment: environment)
        promptBuffer = .allocate(capacity: promptCapacity)
        promptBuffer.initialize(to: 0)
    }

    deinit {
        promptBuffer.deallocate()
    }

    func run() throws {
        Terminal.useUTF8Locale()
        installInterruptHandler()
        guard let editor = cal_el_init(CommandLine.arguments.first ?? "calorina"), let history = cal_history_init()
        else {
            Terminal.err("error: cannot start the line editor\n")
            throw Calorina.dataUnsafe
        }
        defer {
            history_end(history)
            el_end(editor)
        }
        cal_history_set_size(history, 1000)
        cal_history_set_unique(history, 1)
        loadHistory(history)
        cal_el_set_editor(editor, "emacs")
        cal_el_set_signal(editor, 1)
        cal_el_set_history(editor, history)
        cal_el_set_clientdata(editor, Unmanaged.passUnretained(self).toOpaque())
        cal_el_set_prompt(
            editor,
            { editor in
                guard let editor, let data = cal_el_get_clientdata(editor) else { return nil }
                return Unmanaged<REPL>.fromOpaque(data).takeUnretainedValue().promptBuffer
            })
        cal_el_add_function(
            editor, "calorina-complete", "Complete a food, unit, meal or command",
            { editor, _ in
                guard let editor, let data = cal_el_get_clientdata(editor) else { return UInt8(CC_ERROR) }
                return Unmanaged<REPL>.fromOpaque(data).takeUnretainedValue().complete(editor)
            })
        cal_el_bind(editor, "^I", "calorina-complete")
        // Ctrl-C as a key, not a signal, while editing: handled in order with the keys typed
        // before it, so it clears the line even while a completion list is still printing.
        cal_el_setty(editor, "-d", "-isig")
        cal_el_add_function(
            editor, "calorina-interrupt", "Discard the line",
            { editor, _ in
                guard let editor, let data = cal_el_get_clientdata(editor) else { return UInt8(CC_ERROR) }
                Unmanaged<REPL>.fromOpaque(data).takeUnretainedValue().interrupted = true
                return UInt8(CC_NEWLINE)
            })
        cal_el_bind(editor, "^C", "calorina-interrupt")
        cal_el_add_function(
            editor, "calorina-suspend", "Suspend Calorina",
            { _, _ in
                raise(SIGTSTP)
                return UInt8(CC_REDISPLAY)
            })
        cal_el_bind(editor, "^Z", "calorina-suspend")
        el_source(editor, nil)

        Terminal.out(header())
        // Said before the first prompt, not only after the first line: the header's goal and the
        // prompt's kcal left are the defaults' then.
        for warning in session.takeWarnings() { Terminal.err(renderer.warningLine(warning)) }
        // Load the food table while the person types, so the first TAB or log line finds it ready.
        BackgroundThread.detach { _ = FoodIndex.bundled }
        var status: Int32 = 0
        while true {
            updatePrompt()
            var count: Int32 = 0
            errno = 0
            guard let raw = el_gets(editor, &count) else {
                if interrupted {
                    // Ctrl-C on an empty line: libedit ends an empty line as it ends input (NULL,
                    // count 0), so only the flag tells it from Ctrl-D. Stay, as psql and bash do.
                    interrupted = false
                    Terminal.out("^C\n")
                    continue
                }
                if count == -1 && errno == EINTR {
                    // Ctrl-C: drop the line, prompt again.
                    Terminal.out("\n")
                    el_reset(editor)
                    continue
                }
                Terminal.out("\n")
                // Ctrl-D ends a pasted recipe's lines as an empty line would; another one leaves.
                if let outcome = session.finishPendingInput() {
                    Frontend.emit(outcome, renderer: renderer, json: json, lineNumber: nil)
                    continue
                }
                break  // Ctrl-D on an empty line, or the end of input
            }
            if interrupted {
                interrupted = false
                Terminal.out("^C\n")
                continue
            }
            let bytes = Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: Int(count))
            )
            remember(bytes, in: history)
            let outcome = Frontend.handleAsking(bytes, session: session, renderer: renderer) { question in
                ask(editor, question)
            }
            Frontend.emit(outcome, renderer: renderer, json: json, lineNumber: nil)
            if outcome.leavesDataUnsafe {
                status = 3
            } else if case .doctor = outcome {
                status = 0  // the doctor found every file readable, or made it so
            }
            if case .quit = outcome { break }
        }
        if status == 3 { throw Calorina.dataUnsafe }
    }

    /// Asks a question at a prompt of its own; nil when the person presses Ctrl-C or Ctrl-D.
    private func ask(_ editor: OpaquePointer, _ question: String) -> String? {
        setPrompt(question)
        defer { updatePrompt() }
        var count: Int32 = 0
        guard let raw = el_gets(editor, &count), !interrupted else {
            interrupted = false
            Terminal.out("\n")
            return nil
        }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: Int(count))
        return String(decoding: bytes, as: UTF8.self).trimmed
    }

    // MARK: - Prompt and header

    private func header() -> String {
        let now = session.now
        guard let totals = try? session.todayTotals() else {
            return "Calorina · \(now.date.shortDisplay) · type what you ate, or 'help'\n"
        }
        return
            "Calorina · \(now.date.shortDisplay) · goal \(Format.integer(totals.goal)) kcal · \(leftText(totals)) · type 'help' for help\n"
    }

    private func leftText(_ totals: DayTotals) -> String {
        totals.left >= 0 ? "\(Format.integer(totals.left)) left" : "\(Format.integer(-totals.left)) over"
    }

    private func updatePrompt() {
        if session.isCollecting {
            setPrompt("  ingredient › ")
            return
        }
        let meal = session.now.suggestedMeal.rawValue
        // After 'day …', lines go to that day: the prompt names it, and what is left of it.
        let day = session.currentDay == session.now.date ? "" : session.currentDay.shortDisplay + " · "
        var text = "\(day)\(meal) › "
        if let totals = try? session.currentDayTotals() {
            text = "\(day)\(meal) · \(leftText(totals)) › "
        }
        setPrompt(text)
    }

    private func setPrompt(_ text: String) {
        let bytes = Array(text.utf8)
        if bytes.count + 1 > promptCapacity {
            promptBuffer.deallocate()
            promptCapacity = bytes.count + 1
            promptBuffer = .allocate(capacity: promptCapacity)
        }
        for (offset, byte) in bytes.enumerated() { promptBuffer[offset] = CChar(bitPattern: byte) }
        promptBuffer[bytes.count] = 0
    }

    // MARK: - History

    private func loadHistory(_ history: OpaquePointer) {
        if let refusal = historyRefusal() {
            Terminal.err("notice: \(historyPath.path): \(refusal)\n")
            return
        }
        historyPath.withUnsafeFileSystemRepresentation { path in
            if let path { _ = cal_history_load(history, path) }
        }
    }

    /// Why the history file may not be read or written, or nil when it may (a file of its own, or
    /// none yet). A symbolic link was followed and the file it named overwritten (issue 25, F20):
    /// now it is refused, with a notice at start, and the lines typed are not kept.
    private func historyRefusal() -> String? {
        var info = stat()
        guard lstat(historyPath.path, &info) == 0 else { return nil }
        let advice = "the lines you type are not kept; remove it, and Calorina makes a file of its own"
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_nlink > 1 else { return nil }
            return "it has another name (a hard link), and Calorina writes no file that is also elsewhere; " + advice
        case S_IFLNK:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: historyPath.path)) ?? "?"
            return "it is a symbolic link to '\(target)', and Calorina follows no link it writes; " + advice
        default:
            return "it is not a file; " + advice
        }
    }

    /// Adds a line to the history and saves the file at once, so a crash keeps it.
    private func remember(_ bytes: [UInt8], in history: OpaquePointer) {
        var line = String(decoding: bytes, as: UTF8.self)
        while let last = line.last, last.isWhitespace { line.removeLast() }
        guard !line.isEmpty else { return }
        cal_history_enter(history, line)
        guard historyRefusal() == nil else { return }
        let folder = historyPath.deletingLastPathComponent()
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Saved to a file of its own, made private, then renamed into place: libedit's save opens
        // the path it is given for writing, and would write through whatever is there.
        let temporary = folder.appendingPathComponent(".history.tmp-\(getpid())")
        temporary.withUnsafeFileSystemRepresentation { temporaryPath in
            historyPath.withUnsafeFileSystemRepresentation { path in
                guard let temporaryPath, let path else { return }
                unlink(temporaryPath)
                guard cal_history_save(history, temporaryPath) >= 0, chmod(temporaryPath, 0o600) == 0,
                    rename(temporaryPath, path) == 0
                else {
                    unlink(temporaryPath)
                    return
                }
            }
        }
    }

    // MARK: - Completion

    /// TAB: completes as far as all candidates agree, and lists them when more than one is left.
    fileprivate func complete(_ editor: OpaquePointer) -> UInt8 {
        guard let info = el_line(editor)?.pointee, let buffer = info.buffer, let cursor = info.cursor else {
            return UInt8(CC_ERROR)
        }
        let length = buffer.distance(to: cursor)
        let before = String(decoding: UnsafeRawBufferPointer(start: buffer, count: max(0, length)), as: UTF8.self)
        completer.ownNames = session.ownNamesForCompletion()
        let result = completer.complete(before)
        guard !result.candidates.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
        let typed = Array(before.unicodeScalars.suffix(result.replacing))
        let common = Array(result.commonPrefix.unicodeScalars)
        if common.count > typed.count {
            var insertion = String.UnicodeScalarView()
            insertion.append(contentsOf: common[typed.count...])
            el_insertstr(editor, String(insertion))
        }
        if result.candidates.count == 1 {
            el_insertstr(editor, " ")
            return UInt8(CC_REFRESH)
        }
        // Still ambiguous: show the choices at once, under the line, then redraw it.
        Terminal.out("\n" + REPL.columns(result.candidates, width: REPL.terminalWidth()))
        return UInt8(CC_REDISPLAY)
    }

    /// Candidates in columns, at most 60 of them, as `ls` lays them out: down the columns, each
    /// column as wide as its longest name, as many columns as fit. A name too long to let three
    /// columns fit is cut with "…" when there are many, so that a short prefix ("ch") does not
    /// print one long column of the table's longest names.
    static func columns(_ candidates: [String], width: Int) -> String {
        let width = max(20, width)
        var shown = Array(candidates.prefix(60))
        if shown.count > 8 {
            let longest = width / 3 - 2
            shown = shown.map { $0.count > longest ? String($0.prefix(longest - 1)) + "…" : $0 }
        }
        var columns = 1
        var widths = [shown.map(\.count).max() ?? 0]
        for count in stride(from: min(shown.count, width / 3), through: 2, by: -1) {
            let rows = (shown.count + count - 1) / count
            let tried = (0..<count).map { column in
                shown[min(shown.count, column * rows)..<min(shown.count, (column + 1) * rows)].map(\.count).max() ?? 0
            }
            if tried.reduce(0, +) + 2 * (count - 1) <= width {
                columns = count
                widths = tried
                break
            }
        }
        let rows = (shown.count + columns - 1) / columns
        var out = ""
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < shown.count else { break }
                let isLast = column == columns - 1 || index + rows >= shown.count
                line += isLast ? shown[index] : shown[index].padded(to: widths[column] + 2)
            }
            out += line + "\n"
        }
        if candidates.count > shown.count { out += "… and \(candidates.count - shown.count) more\n" }
        return out
    }

    static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    // MARK: - Signals

    /// Ctrl-C interrupts el_gets (EL_SIGNAL) instead of ending the program.
    private func installInterruptHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }
}
