import CalorinaFiles
import CalorinaRendering
import CalorinaResults
import CalorinaSession

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs the lines of stdin when it is not a terminal: no prompt, errors as `line N: …` on stderr.
///
/// Lines are applied one by one and saved in batches when the session says a flush is due
/// (`Session.isFlushDue`); what a batch reports is printed only after the batch is on disk, so
/// nothing is reported as logged before it is.
struct ScriptRunner {
    let session: Session
    let renderer: Renderer
    let json: Bool

    func run() throws {
        var failed = false
        var unsafe = false  // a doctor report with a file that cannot be read
        var lineNumber = 0
        // What each line of the batch will print, rendered at once (a batch can be many thousand
        // lines: text is smaller than the reports it comes from), and whether it was a change.
        var waiting: [(output: Renderer.Output, isChange: Bool)] = []
        var lastFlush = Date()
        // Standard input, read through the store's file calls (`FileOperations.readSome`).
        var reader = LineReader(fd: 0, path: "standard input", files: AtomicFile.system)
        // With stdout on /dev/null nobody reads a line's report: a change's confirmation is not
        // even rendered (a 10,000-line script spent an eighth of its time on that). Anything that
        // can go to stderr still is.
        let reportsUnread = Terminal.isNull(1)
        func render(_ outcome: Outcome) -> Renderer.Output {
            if reportsUnread, outcome.reportsOnlyResults { return Renderer.Output() }
            return Frontend.render(outcome, renderer: renderer, json: json, lineNumber: lineNumber)
        }

        func flush() throws {
            do {
                try session.flush()
            } catch {
                for (output, isChange) in waiting where !isChange { Frontend.write(output) }
                Frontend.emit(.storeFailed(error), renderer: renderer, json: json, lineNumber: lineNumber)
                throw Calorina.dataUnsafe
            }
            // One write for a run of results, so that a batch costs a few system calls, not one a
            // line; an error goes out in its place among them.
            var results = ""
            for (output, _) in waiting {
                results += output.stdout
                if !output.stderr.isEmpty {
                    Terminal.out(results)
                    results = ""
                    Terminal.err(output.stderr)
                }
            }
            Terminal.out(results)
            waiting.removeAll(keepingCapacity: true)
            lastFlush = Date()
            // A batch frees most of what it allocated: give those pages back, so that a long
            // script's memory stays the size of one batch.
            Memory.releaseFree()
        }

        while let bytes = reader.next() {
            lineNumber += 1
            let outcome = session.handle(bytes: bytes)
            if case .storeFailed = outcome {
                try flush()
                Frontend.emit(outcome, renderer: renderer, json: json, lineNumber: lineNumber)
                throw Calorina.dataUnsafe
            }
            if !outcome.succeeded { failed = true }
            if outcome.leavesDataUnsafe { unsafe = true }
            waiting.append((render(outcome), outcome.isChange))
            if case .quit = outcome { break }
            if session.isFlushDue(waitingLines: waiting.count, secondsSinceFlush: Date().timeIntervalSince(lastFlush)) {
                try flush()
            }
        }
        // A pasted recipe at the end of the script ends with it.
        if let outcome = session.finishPendingInput() {
            if !outcome.succeeded { failed = true }
            waiting.append((render(outcome), outcome.isChange))
        }
        try flush()
        // The script is one change: 'undo' after it takes it all back, as after an import.
        if let error = session.keepScriptAsOneChange(lines: lineNumber) {
            Frontend.emit(.storeFailed(error), renderer: renderer, json: json, lineNumber: nil)
            throw Calorina.dataUnsafe
        }
        if unsafe { throw Calorina.dataUnsafe }
        if failed { throw Calorina.lineFailed }
    }
}
