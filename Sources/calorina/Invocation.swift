import CalorinaJournal
import CalorinaLanguage
import CalorinaRendering
import CalorinaResults
import CalorinaSession

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one start of the program was asked to do, with the flags read; runs the front end.
struct Invocation: Equatable {
    var dataDir: String?
    var json = false
    var dryRun = false
    var noColor = false
    var ascii = false
    var words: [String] = []

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        var clock: @Sendable () -> LocalMoment = LocalMoment.current
        if let pinned = environment["CALORINA_NOW"], !pinned.isEmpty {
            guard let moment = LocalMoment(pinned) else {
                throw UsageError("CALORINA_NOW='\(pinned)' is not a time; write it as 2026-11-22T08:30:00")
            }
            clock = { moment }
        }
        let isScript = words.isEmpty && !Terminal.isTerminal(0)
        let store: JournalStore
        let device = try Paths.deviceName(environment: environment, keeping: !dryRun)
        do {
            // A dry run changes nothing, and makes no data folder either.
            store = try JournalStore(
                root: Paths.dataFolder(flag: dataDir, environment: environment), device: device,
                creatingFolders: !dryRun)
        } catch {
            Terminal.err("error: " + error.message + "\n")
            throw Calorina.dataUnsafe
        }
        for notice in store.notices { Terminal.err("notice: " + notice.message + "\n") }
        // A person at a terminal can pick between foods that fit equally; a script gets an error.
        let interactive = !isScript && !json && Terminal.isTerminal(0) && Terminal.isTerminal(1)
        let session = Session(
            store: store,
            options: Session.Options(
                dryRun: dryRun, batch: isScript, interactive: interactive, persistentUndo: !isScript,
                undoOwner: "pid:\(ProcessInfo.processInfo.processIdentifier)", undoTerminal: Terminal.place()),
            clock: clock)
        // An export to the screen is written as it is made, not held whole (`--json` holds it:
        // the text is a member of the one JSON object).
        if !json { session.screenOutput = { Terminal.out(bytes: $0) } }
        // Charts fill the terminal: COLUMNS when set, else the tty's width (80 when unknown).
        let width = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? REPL.terminalWidth()
        let renderer = Renderer(
            color: !json && Terminal.colorAllowed(noColorFlag: noColor, environment: environment), width: width,
            ascii: ascii || environment["TERM"] == "dumb")

        if !words.isEmpty {
            try runOneShot(session, renderer: renderer)
        } else if isScript {
            try ScriptRunner(session: session, renderer: renderer, json: json).run()
        } else {
            try REPL(session: session, renderer: renderer, json: json, environment: environment).run()
        }
    }

    private func runOneShot(_ session: Session, renderer: Renderer) throws {
        let outcome = Frontend.handleAsking(
            Array(words.joined(separator: " ").utf8), session: session, renderer: renderer
        ) {
            question in
            Terminal.out(question)
            return readLine().map { $0.trimmed }
        }
        Frontend.emit(outcome, renderer: renderer, json: json, lineNumber: nil)
        var last = outcome
        // `calorina recipe chili serves 6 < ingredients.txt`: the lines come from stdin.
        while session.isCollecting {
            last = session.handle(readLine() ?? "")
            Frontend.emit(last, renderer: renderer, json: json, lineNumber: nil)
        }
        if last.leavesDataUnsafe { throw Calorina.dataUnsafe }
        if !last.succeeded { throw Calorina.lineFailed }
    }
}
