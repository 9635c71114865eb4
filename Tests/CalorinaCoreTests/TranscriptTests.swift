import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaSession
@testable import CalorinaSupport

/// Golden REPL transcripts in `grammar/examples/transcripts`, replayed through a `Session` on a
/// fresh data folder with no terminal, and compared with what `Renderer(color: false)` prints.
///
/// A transcript reads:
///
///     # now: 2026-11-22T08:30:00      pins the clock; may appear again to move it
///     # any other comment
///     > 2 servings oatmeal breakfast  a line typed
///       + Oatmeal, NFS · …            what it printed: stdout, then stderr
///
/// Output lines run up to the next `> ` or `#` line; blank lines at the end of a block only
/// separate blocks. Run with `CALORINA_RECORD=1` to rewrite the outputs from a real session.
@Suite struct TranscriptTests {
    static let minimumTranscripts = 6

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["CALORINA_RECORD"] == "1"
    }

    @Test func thereAreEnoughTranscripts() {
        #expect(Corpus.transcriptNames().count >= Self.minimumTranscripts)
    }

    @Test(arguments: Corpus.transcriptNames())
    func transcriptReplays(_ name: String) throws {
        let url = Corpus.transcripts.appendingPathComponent(name)
        let transcript = try Transcript(Corpus.text(url), file: name)
        #expect(!transcript.inputs.isEmpty, "\(name) has no '> ' lines")

        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("calorina-transcript-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let clock = MovableClock(
            transcript.firstMoment ?? LocalMoment(date: CivilDate(year: 2026, month: 11, day: 22)!, hour: 12, minute: 0)
        )
        let session = try TestSession.session(on: base.appendingPathComponent("data"), clock: { clock.moment })
        let renderer = Renderer(color: false)

        var actual: [[String]] = []
        for step in transcript.steps {
            switch step {
            case .comment(let line):
                if let moment = Transcript.moment(in: line) { clock.moment = moment }
            case .input(let input, _, _):
                let output = renderer.text(session.handle(input))
                var text = output.stdout + output.stderr
                if text.hasSuffix("\n") { text.removeLast() }
                actual.append(
                    text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
        }

        if Self.isRecording {
            try transcript.rendered(outputs: actual).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        for (index, input) in transcript.inputs.enumerated() where input.expected != actual[index] {
            Issue.record(
                Comment(
                    rawValue: "\(name):\(input.lineNumber): > \(input.line)\n"
                        + Transcript.diff(expected: input.expected, actual: actual[index])))
        }
    }
}

/// A clock the transcript moves when it meets a `# now:` line.
final class MovableClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: LocalMoment

    init(_ moment: LocalMoment) {
        value = moment
    }

    /// The moment it says it is.
    var moment: LocalMoment {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// A parsed transcript file.
struct Transcript {
    /// A line of the file as the replay sees it.
    enum Step {
        /// A `#` line, kept as written (a `# now:` line moves the clock).
        case comment(String)
        /// A typed line, its 1-based line number in the file, and the output expected from it.
        case input(String, lineNumber: Int, expected: [String])
    }

    struct Input {
        var line: String
        var lineNumber: Int
        var expected: [String]
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    var steps: [Step] = []

    init(_ text: String, file: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var current: (line: String, number: Int, output: [String])?
        func finish() {
            guard var block = current else { return }
            while block.output.last?.allSatisfy(\.isWhitespace) == true { block.output.removeLast() }
            steps.append(.input(block.line, lineNumber: block.number, expected: block.output))
            current = nil
        }
        for (offset, line) in lines.enumerated() {
            if line.hasPrefix(">") {
                finish()
                guard line == ">" || line.hasPrefix("> ") else {
                    throw FormatError(description: "\(file):\(offset + 1): write '> ' before a typed line")
                }
                current = (String(line.dropFirst(2)), offset + 1, [])
            } else if line.hasPrefix("#") {
                finish()
                if line.hasPrefix("# now:"), Transcript.moment(in: line) == nil {
                    throw FormatError(description: "\(file):\(offset + 1): '# now:' needs YYYY-MM-DDTHH:MM[:SS]")
                }
                steps.append(.comment(line))
            } else if current != nil {
                current?.output.append(line)
            } else if !line.allSatisfy(\.isWhitespace) {
                throw FormatError(description: "\(file):\(offset + 1): output with no '> ' line before it")
            }
        }
        finish()
    }

    /// The typed lines in order.
    var inputs: [Input] {
        steps.compactMap { step in
            if case .input(let line, let number, let expected) = step {
                return Input(line: line, lineNumber: number, expected: expected)
            }
            return nil
        }
    }

    /// The clock's first setting, from the first `# now:` line.
    var firstMoment: LocalMoment? {
        for case .comment(let line) in steps {
            if let moment = Transcript.moment(in: line) { return moment }
        }
        return nil
    }

    /// The moment a `# now: YYYY-MM-DDTHH:MM[:SS]` line names.
    static func moment(in line: String) -> LocalMoment? {
        guard line.hasPrefix("# now:") else { return nil }
        return LocalMoment(String(line.dropFirst("# now:".count)).trimmingCharacters(in: .whitespaces))
    }

    /// The file with new outputs, one blank line after each block that printed something.
    func rendered(outputs: [[String]]) throws -> String {
        var text = ""
        var index = 0
        for step in steps {
            switch step {
            case .comment(let line):
                text += line + "\n"
            case .input(let line, _, _):
                let output = outputs[index]
                index += 1
                for outputLine in output where outputLine.hasPrefix("#") || outputLine.hasPrefix(">") {
                    throw FormatError(
                        description: "output line '\(outputLine)' of '> \(line)' would read as a comment or input")
                }
                text += (line.isEmpty ? ">" : "> " + line) + "\n"
                if !output.isEmpty { text += output.joined(separator: "\n") + "\n\n" }
            }
        }
        return text
    }

    /// A line diff: `-` expected only, `+` actual only, two spaces for both.
    static func diff(expected: [String], actual: [String]) -> String {
        let n = expected.count
        let m = actual.count
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    expected[i] == actual[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                out.append("  " + expected[i])
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                out.append("- " + expected[i])
                i += 1
            } else {
                out.append("+ " + actual[j])
                j += 1
            }
        }
        return "--- expected\n+++ actual\n" + out.joined(separator: "\n")
    }
}
