import ArgumentParser
import CalorinaJournal
import CalorinaRendering
import CalorinaSession
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

/// The `calorina` command: flags, then one of three front ends over one `Session`.
struct Calorina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calorina",
        abstract: "Log what you eat, the way you would say it.",
        discussion: """
            With no words on a terminal, calorina opens a line editor. With words, it runs them as \
            one line ('calorina 2 eggs and toast breakfast'). With stdin from a file or a pipe, it \
            runs each line ('calorina < day.txt'). Type 'help' in the editor for the language.

            Options go before or after the words; '--' ends them ('calorina -- -3 eggs'). A dash \
            followed by digits is a word of the line ('calorina 2 eggs -1': yesterday).

            Shell completion of options and of a line's words: --generate-completion-script \
            bash, zsh or fish (README.md says where to put it).

            Environment: CALORINA_HOME (data folder), CALORINA_NOW (pin the clock, e.g. \
            2026-11-22T08:30:00), NO_COLOR, XDG_DATA_HOME, XDG_STATE_HOME.
            Exit status: 0 all lines succeeded; 1 a line failed; 2 usage error; 3 data files \
            could not be read or written safely.
            """,
        version: "0.1.0"
    )

    @Option(
        name: .customLong("data-dir"), help: "The data folder (default: $CALORINA_HOME or $XDG_DATA_HOME/calorina).")
    var dataDir: String?

    @Flag(help: "Print one JSON object per command.")
    var json = false

    @Flag(name: .customLong("dry-run"), help: "Parse, resolve and report, but save nothing.")
    var dryRun = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    @Flag(help: "Draw charts with plain ASCII (also when TERM=dumb).")
    var ascii = false

    /// Every argument that is not a known option, so that a word starting with a dash and digits
    /// ("2 eggs -1") stays in the line; `validate()` then refuses the unknown options and drops
    /// the `--` the argument parser leaves among the words (see OptionReader.swift).
    @Argument(
        parsing: .allUnrecognized, help: "A line to run, e.g. 2 eggs and toast breakfast.",
        completion: .custom { words, index, typed in Calorina.shellCompletions(words, index, typed) })
    var words: [String] = []

    /// Exit statuses of PRODUCT.md: 1 a line failed, 3 the data files are unsafe.
    static let lineFailed = ExitCode(1)
    static let dataUnsafe = ExitCode(3)

    /// Refuses an unknown option before `--` as a usage error, and drops that first `--`.
    mutating func validate() throws {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        if let option = words[..<end].first(where: Invocation.isOption) {
            throw ValidationError("unknown option '\(option)'; a line that starts with a dash goes after '--'")
        }
        if end < words.endIndex { words.remove(at: end) }
    }

    func run() throws {
        try invocation.run()
    }

    /// What this start of the program was asked to do.
    var invocation: Invocation {
        Invocation(dataDir: dataDir, json: json, dryRun: dryRun, noColor: noColor, ascii: ascii, words: words)
    }
}

/// What one start of the program was asked to do, with the flags read; runs the front end.
struct Invocation: Equatable {
    var dataDir: String?
    var json = false
    var dryRun = false
    var noColor = false
    var ascii = false
    var words: [String] = []

    init(
        dataDir: String? = nil, json: Bool = false, dryRun: Bool = false, noColor: Bool = false, ascii: Bool = false,
        words: [String] = []
    ) {
        self.dataDir = dataDir
        self.json = json
        self.dryRun = dryRun
        self.noColor = noColor
        self.ascii = ascii
        self.words = words
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        var clock: @Sendable () -> LocalMoment = LocalMoment.current
        if let pinned = environment["CALORINA_NOW"], !pinned.isEmpty {
            guard let moment = LocalMoment(pinned) else {
                throw ValidationError("CALORINA_NOW='\(pinned)' is not a time; write it as 2026-11-22T08:30:00")
            }
            clock = { moment }
        }
        let isScript = words.isEmpty && !Terminal.isTerminal(0)
        let store: JournalStore
        do {
            store = try JournalStore(root: Paths.dataFolder(flag: dataDir, environment: environment))
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
                undoOwner: "pid:\(getpid())", undoTerminal: Terminal.place()),
            clock: clock)
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

/// What the front ends share: how an outcome reaches stdout and stderr.
enum Frontend {
    /// Handles a line; while it asks a question (which food, crossing the goal, a weight that
    /// looks wrong, the profile dialog's next one), shows it, reads the answer and hands it back.
    static func handleAsking(
        _ bytes: [UInt8], session: Session, renderer: Renderer, ask: (String) -> String?
    ) -> Outcome {
        var outcome = session.handle(bytes: bytes)
        while case .question(let question) = outcome {
            let asking = renderer.asking(question)
            write(asking.shown)
            outcome = session.answer(question, ask(asking.prompt))
        }
        return outcome
    }

    /// Prints an outcome: results to stdout, problems to stderr (as JSON, all to stdout).
    static func emit(_ outcome: Outcome, renderer: Renderer, json: Bool, lineNumber: Int?) {
        write(render(outcome, renderer: renderer, json: json, lineNumber: lineNumber))
    }

    /// What `emit` prints.
    static func render(_ outcome: Outcome, renderer: Renderer, json: Bool, lineNumber: Int?) -> Renderer.Output {
        if json { return Renderer.Output(stdout: renderer.json(outcome).map { $0 + "\n" } ?? "") }
        return renderer.text(outcome, lineNumber: lineNumber)
    }

    /// Prints rendered output: the problem first (see `Renderer.Output`).
    static func write(_ output: Renderer.Output) {
        Terminal.err(output.stderr)
        Terminal.out(output.stdout)
    }
}

@main
enum Main {
    static func main() {
        do {
            // The common shapes are read without the argument parser, for speed (OptionReader.swift).
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let invocation = Invocation(commonArguments: arguments) {
                try invocation.run()
            } else if let script = Calorina.mendedCompletionScript(arguments) {
                Terminal.out(script)
            } else {
                // `Calorina`, or the help it asks for.
                var command = try Calorina.parseAsRoot(arguments)
                try command.run()
            }
        } catch {
            // swift-argument-parser exits 64 on usage errors; PRODUCT.md promises 2.
            let code = Calorina.exitCode(for: error)
            if code != .success, code != Calorina.lineFailed, code != Calorina.dataUnsafe, !(error is ExitCode) {
                Terminal.err(Calorina.fullMessage(for: error) + "\n")
                Calorina.exit(withError: ExitCode(2))
            }
            Calorina.exit(withError: error)
        }
    }
}
