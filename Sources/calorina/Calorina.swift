import CalorinaRendering
import CalorinaResults
import CalorinaSession

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `calorina` command: the options read (OptionReader.swift), then one of three front ends
/// over one `Session`. Its help and usage are in Usage.swift.
///
/// With no words on a terminal, calorina opens a line editor. With words, it runs them as one
/// line ('calorina 2 eggs and toast breakfast'). With stdin from a file or a pipe, it runs each
/// line ('calorina < day.txt').
enum Calorina {
    /// Exit statuses of PRODUCT.md: 1 a line failed, 3 the data files are unsafe.
    static let lineFailed = ExitStatus(1)
    static let dataUnsafe = ExitStatus(3)
}

/// Ends the program with this status, having said why already (PRODUCT.md: 0 all lines
/// succeeded, 1 a line failed, 2 a usage error, 3 the data files are unsafe).
struct ExitStatus: Error, Equatable {
    var code: Int32

    init(_ code: Int32) { self.code = code }
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
            let reply = ask(asking.prompt)
            outcome = session.answer(question, reply)
            // A line typed where a food was to be picked, or at a yes-or-no question (crossing the
            // goal, a weight's unit), is no answer but a line of its own (a person who went on
            // typing): said to be so, the question left, the line handled. A single word at a
            // yes-or-no question ('nope') is only a no.
            let isLine: Bool =
                switch question.kind {
                case .food: true
                case .overGoal, .weight: reply.map { $0.split(separator: " ").count >= 2 } ?? false
                default: false
                }
            if isLine, case .help = outcome, let reply, reply.contains(where: \.isLetter) {
                // Said of the line that asked, not as the question's own hint ("pick a number"):
                // the question is gone, and what it would have logged with it.
                let left = Outcome.help("nothing logged for '\(question.then.line)': type it again to log it")
                write(render(left, renderer: renderer, json: false, lineNumber: nil))
                outcome = session.handle(bytes: Array(reply.utf8))
            }
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
        Memory.returnLargeBlocks()
        let request = CommandLineRequest(Array(CommandLine.arguments.dropFirst()), shell: Terminal.shellName())
        switch request {
        case .run(let invocation):
            do {
                try invocation.run()
            } catch let status as ExitStatus {
                exit(status.code)
            } catch let error as UsageError {
                Terminal.err(error.text)
                exit(2)
            } catch {
                Terminal.err("Error: \(error)\n")
                exit(1)
            }
        case .help:
            Terminal.out(Calorina.help)
        case .version:
            Terminal.out(Calorina.version + "\n")
        case .completionScript(let shell):
            Terminal.out(Calorina.completionScript(shell) + "\n")
        case .complete(let words, let index, let typed):
            var candidates = Calorina.shellCompletions(words, index, typed)
            // The zsh script drops the last line, so that an empty candidate survives.
            if Terminal.variable("SAP_SHELL") == "zsh" { candidates.append(" ") }
            let text = candidates.joined(separator: "\n")
            Terminal.out(text.isEmpty ? "" : text + "\n")
        case .usageError(let error):
            Terminal.err(error.text)
            exit(2)
        }
    }
}
