// The command line: the reader (Sources/calorina/OptionReader.swift) on a table of argument lists,
// each answer what swift-argument-parser 1.8.2 gave when the program linked it, and the built
// binary's answers to `--`, unknown options and the rest.

import Foundation
import Testing

@testable import calorina

@Suite("The command line", .tags(.fast))
struct OptionReaderTests {
    /// What an argument list asks for.
    enum Reading: Equatable, CustomStringConvertible {
        /// Run with these options and these words of the line.
        case run(Invocation)
        /// A usage error whose message contains this text (exit 2).
        case usageError(String)
        case help
        case version
        case script(String)
        case complete([String], Int, String)

        var description: String {
            switch self {
            case .run(let invocation):
                var options: [String] = []
                if let dataDir = invocation.dataDir { options.append("--data-dir \(dataDir)") }
                if invocation.json { options.append("--json") }
                if invocation.dryRun { options.append("--dry-run") }
                if invocation.noColor { options.append("--no-color") }
                if invocation.ascii { options.append("--ascii") }
                return "run [\(options.joined(separator: " "))] line \(invocation.words)"
            case .usageError(let text): return "usage error '\(text)'"
            case .help: return "help"
            case .version: return "version"
            case .script(let shell): return "\(shell) script"
            case .complete(let words, let index, let typed): return "complete \(words) at \(index) '\(typed)'"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: Reading

        var testDescription: String { arguments.isEmpty ? "(none)" : arguments.joined(separator: " ") }
    }

    static func run(
        _ words: [String], dataDir: String? = nil, json: Bool = false, dryRun: Bool = false, noColor: Bool = false,
        ascii: Bool = false
    ) -> Reading {
        .run(Invocation(dataDir: dataDir, json: json, dryRun: dryRun, noColor: noColor, ascii: ascii, words: words))
    }

    static func reads(_ arguments: [String], _ expected: Reading) -> Case {
        Case(arguments: arguments, expected: expected)
    }

    static let unknown = "a line that starts with a dash goes after '--'"
    static let missing = "Missing value for '--data-dir <data-dir>'"
    static let invalid = "Internal error. Invalid state while parsing command-line arguments."

    static let cases: [Case] = [
        // Words only, and flags before, between and after them.
        reads([], run([])),
        reads(["2", "eggs"], run(["2", "eggs"])),
        reads(["2 eggs and toast breakfast"], run(["2 eggs and toast breakfast"])),
        reads(["--json", "a", "banana"], run(["a", "banana"], json: true)),
        reads(["a", "banana", "--json"], run(["a", "banana"], json: true)),
        reads(["a", "--dry-run", "banana"], run(["a", "banana"], dryRun: true)),
        reads(
            ["--json", "--dry-run", "--no-color", "--ascii", "week"],
            run(["week"], json: true, dryRun: true, noColor: true, ascii: true)),
        reads(["--data-dir", "/tmp/d", "today"], run(["today"], dataDir: "/tmp/d")),
        reads(["--data-dir=/tmp/d", "today"], run(["today"], dataDir: "/tmp/d")),
        reads(["today", "--data-dir", "/tmp/d"], run(["today"], dataDir: "/tmp/d")),
        reads(["--data-dir=a=b", "today"], run(["today"], dataDir: "a=b")),
        // `--` ends the options.
        reads(["--", "-3", "eggs"], run(["-3", "eggs"])),
        reads(["--json", "--", "a", "banana"], run(["a", "banana"], json: true)),
        reads(["a", "banana", "--", "--json"], run(["a", "banana", "--json"])),
        reads(["--", "--", "x"], run(["--", "x"])),
        reads(["--", "-z"], run(["-z"])),
        reads(["--", "--help"], run(["--help"])),
        reads(["--"], run([])),
        reads(["--dry-run", "--", "-h", "--version"], run(["-h", "--version"], dryRun: true)),
        reads(["--", "--generate-completion-script", "bash"], run(["--generate-completion-script", "bash"])),
        // A dash and digits is a word: a day back, or an amount the line calls negative.
        reads(["2", "eggs", "-1"], run(["2", "eggs", "-1"])),
        reads(["-3", "eggs"], run(["-3", "eggs"])),
        reads(["--json", "-12", "x"], run(["-12", "x"], json: true)),
        reads(["-"], run(["-"])),
        reads([""], run([""])),
        // Help and the version, wherever they are before `--`; help first.
        reads(["--help"], .help),
        reads(["-h"], .help),
        reads(["2", "eggs", "--help"], .help),
        reads(["--help=x"], .help),
        reads(["-h="], .help),
        reads(["--bogus", "--help"], .help),
        reads(["--version", "--help"], .help),
        reads(["-h", "--"], .help),
        reads(["--version"], .version),
        reads(["--version=x"], .version),
        reads(["--json", "--bogus", "--version"], .version),
        reads(["--version", "--", "--help"], .version),
        // The version takes no words.
        reads(["--version", "extra"], .usageError("'--version' takes no words, but 'extra' was given")),
        reads(["today", "--version"], .usageError("'--version' takes no words, but 'today' was given")),
        // Unknown options.
        reads(["--bogus"], .usageError("unknown option '--bogus'; " + unknown)),
        reads(["-z"], .usageError("unknown option '-z'")),
        reads(["-z", "--", "a"], .usageError("unknown option '-z'")),
        // After the line's first word, an option Calorina does not know is a word of the line: a
        // command's own options read as they do at the prompt.
        reads(["a", "banana", "--bogus"], run(["a", "banana", "--bogus"])),
        reads(["export", "csv", "--out", "f.csv"], run(["export", "csv", "--out", "f.csv"])),
        reads(["export", "all", "--out", "b.json", "--json"], run(["export", "all", "--out", "b.json"], json: true)),
        reads(
            ["import", "log.csv", "--map", "date=Day,food=Food,kcal=kcal"],
            run(["import", "log.csv", "--map", "date=Day,food=Food,kcal=kcal"])),
        reads(["export", "csv", "--out=f.csv"], run(["export", "csv", "--out=f.csv"])),
        reads(
            ["export", "csv", "--out", "f.csv", "--data-dir", "/d"],
            run(["export", "csv", "--out", "f.csv"], dataDir: "/d")),
        reads(["--out", "f.csv", "export"], .usageError("unknown option '--out'")),
        reads(["--jsonn", "a"], .usageError("unknown option '--jsonn'")),
        reads(["-3.5", "eggs"], .usageError("unknown option '-3.5'")),
        reads(["-zq"], .usageError("unknown option '-zq'")),
        reads(["-hj"], .usageError("unknown option '-hj'")),
        reads(["--=x"], .usageError("unknown option '--=x'")),
        reads(["--data-dir", "/d", "--bogus"], .usageError("unknown option '--bogus'")),
        // Values missing or not allowed, before help: the first in the line.
        reads(
            ["--json=yes", "a"], .usageError("The option '--json' does not take any value, but 'yes' was specified.")),
        reads(
            ["--help", "--ascii=x"], .usageError("The option '--ascii' does not take any value, but 'x' was specified.")
        ),
        reads(["--json=", "a"], run(["a"], json: true)),
        reads(["--data-dir"], .usageError(missing)),
        reads(["--data-dir", "--json"], .usageError(missing)),
        reads(["--data-dir", "-1", "x"], .usageError(missing)),
        reads(["--data-dir", "--help"], .usageError(missing)),
        reads(["--bogus", "--data-dir"], .usageError(missing)),
        reads(["--json=x", "--data-dir"], .usageError("The option '--json' does not take any value")),
        reads(["--data-dir", "--json=x"], .usageError(missing)),
        // Malformed options, before anything else.
        reads(["---x"], .usageError("Invalid option: ---x")),
        reads(["--help", "---x"], .usageError("Invalid option: ---x")),
        reads(["-="], .usageError("Invalid option: -=")),
        reads(["--json", "---completion"], .usageError("Invalid option: ---completion")),
        // A flag twice is allowed.
        reads(["--json", "--json", "a"], run(["a"], json: true)),
        reads(["--data-dir", "/a", "--data-dir", "/b", "x"], run(["x"], dataDir: "/b")),
        reads(["--data-dir", "-", "x"], run(["x"], dataDir: "-")),
        // An empty value after '=' takes the next argument, as swift-argument-parser read it.
        reads(["--data-dir=", "today"], run([], dataDir: "today")),
        reads(["--data-dir="], .usageError(missing)),
        // Completion scripts, wherever the option is before `--` (the user's shell is zsh here).
        reads(["--generate-completion-script", "bash"], .script("bash")),
        reads(["--generate-completion-script=fish"], .script("fish")),
        reads(["--generate-completion-script"], .script("zsh")),
        reads(["--generate-completion-script="], .script("zsh")),
        reads(["--generate-completion-script", "--json"], .script("zsh")),
        reads(["--json=x", "--generate-completion-script", "bash"], .script("bash")),
        reads(["--help", "--generate-completion-script", "fish", "extra"], .script("fish")),
        reads(["--generate-completion-script", "tcsh"], .usageError("Can't generate completion scripts for 'tcsh'.")),
        reads(["--generate-completion-script=BASH"], .usageError("Can't generate completion scripts for 'BASH'.")),
        // The shells' requests for the candidates of a word.
        reads(
            ["---completion", "--", "positional@0", "4", "1", "calorina", "--json", "2", "orange", "j"],
            .complete(["calorina", "--json", "2", "orange", "j"], 4, "j")),
        reads(
            ["---completion", "--", "positional@0", "1", "99", "calorina", "tod"],
            .complete(["calorina", "tod"], 1, "tod")),
        reads(["---completion", "--", "words", "1", "2", "calorina", "tod"], .complete(["calorina", "tod"], 1, "to")),
        reads(["---completion", "--", "positional@0", "1", "0"], .complete([], 1, "")),
        reads(["---completion", "--", "positional@0", "1", "1"], .usageError(invalid)),
        reads(["---completion", "--", "positional@1", "1", "0", "calorina"], .usageError(invalid)),
        reads(["---completion", "--", "positional@0", "x", "0", "calorina"], .usageError(invalid)),
        reads(["---completion", "help", "--", "positional@0", "1", "0", "calorina"], .usageError(invalid)),
        reads(["---completion", "--", "--data-dir", "1", "0", "calorina"], .usageError(invalid)),
        reads(["---completion"], .usageError(invalid)),
    ]

    /// What the reader makes of the arguments, for a user whose shell is zsh.
    static func read(_ arguments: [String]) -> Reading {
        switch CommandLineRequest(arguments, shell: "zsh") {
        case .run(let invocation): return .run(invocation)
        case .help: return .help
        case .version: return .version
        case .completionScript(let shell): return .script(shell)
        case .complete(let words, let index, let typed): return .complete(words, index, typed)
        case .usageError(let error): return .usageError(error.message)
        }
    }

    /// Whether `reading` is what `expected` says (a usage error by a part of its message).
    static func matches(_ reading: Reading, _ expected: Reading) -> Bool {
        if case .usageError(let message) = reading, case .usageError(let part) = expected {
            return message.contains(part)
        }
        return reading == expected
    }

    @Test(arguments: cases) func theReaderAnswersAsTheArgumentParserDid(_ testCase: Case) {
        let reading = Self.read(testCase.arguments)
        #expect(Self.matches(reading, testCase.expected), "\(reading)")
    }

    @Test func theTableCoversEveryOptionAndTheTerminator() {
        let all = Set(Self.cases.flatMap(\.arguments))
        // Every option of the table (CommandLineOptions.swift), so that an option added there is
        // added here too.
        let options = CommandLineOption.all.flatMap(\.spellings)
        for option in options + ["--", CommandLineOption.completionScriptOption, "---completion"] {
            #expect(all.contains(option), "\(option)")
        }
        #expect(Self.cases.count >= 30)
    }

    /// Without a shell named, the user's shell decides; one without a script is a usage error.
    @Test func theUsersShellChoosesTheScript() {
        #expect(CommandLineRequest(["--generate-completion-script"], shell: "fish") == .completionScript("fish"))
        for shell in ["tcsh", nil] {
            guard case .usageError(let error) = CommandLineRequest(["--generate-completion-script"], shell: shell)
            else {
                Issue.record("\(String(describing: shell)): not a usage error")
                continue
            }
            #expect(error.message.hasPrefix("Can't autodetect a supported shell."))
        }
    }

    /// A usage error's text, as swift-argument-parser printed it.
    @Test func aUsageErrorSaysHowToUseTheCommand() {
        #expect(
            UsageError("unknown option '-z'; a line that starts with a dash goes after '--'").text == """
                Error: unknown option '-z'; a line that starts with a dash goes after '--'
                Usage: calorina [--data-dir <data-dir>] [--json] [--dry-run] [--no-color] [--ascii] [<words> ...]
                  See 'calorina --help' for more information.

                """)
        guard case .usageError(let missing) = CommandLineRequest(["--data-dir"], shell: nil) else {
            Issue.record("--data-dir alone is not a usage error")
            return
        }
        let help = "Help:  --data-dir <data-dir>  The data folder (default: $CALORINA_HOME or $XDG_DATA_HOME/calorina)."
        #expect(missing.text.split(separator: "\n")[1] == help)
    }

    // MARK: - The built binary

    func run(_ arguments: [String], in folder: URL) throws -> BinaryRunner.Output {
        let environment = BinaryRunner.environment(
            home: folder,
            ["CALORINA_NOW": "2026-11-22T08:30:00", "CALORINA_HOME": folder.appendingPathComponent("data").path])
        return try BinaryRunner.run(
            try BinaryRunner.productURL("calorina"), arguments: arguments, stdin: Data(), environment: environment,
            timeout: .seconds(30))
    }

    /// A command's own options after its first word work on the shell's command line as at the
    /// prompt: `export csv --out FILE`, `export all --out FILE`, `import FILE --map "…"`.
    @Test func aCommandsOwnOptionsWorkOnTheShellsCommandLine() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let logged = try run(["2", "eggs", "breakfast"], in: folder)
            #expect(logged.status == 0, "\(logged)")

            let csv = folder.appendingPathComponent("out.csv")
            let exported = try run(["export", "csv", "--out", csv.path], in: folder)
            #expect(exported.status == 0, "\(exported)")
            let text = try String(contentsOf: csv, encoding: .utf8)
            #expect(text.contains("breakfast"), "\(text)")

            let backup = folder.appendingPathComponent("backup.json")
            let all = try run(["export", "all", "--out", backup.path], in: folder)
            #expect(all.status == 0, "\(all)")
            #expect(FileManager.default.fileExists(atPath: backup.path))

            let mapped = folder.appendingPathComponent("mapped.csv")
            try "Day,Food,Energy\n2026-11-20,Soup,210\n".write(to: mapped, atomically: true, encoding: .utf8)
            let imported = try run(["import", mapped.path, "--map", "date=Day, food=Food, kcal=Energy"], in: folder)
            #expect(imported.status == 0, "\(imported)")
            let day = try run(["--json", "day", "2026-11-20"], in: folder)
            #expect(day.stdout.contains("Soup"), "\(day)")
        }
    }

    @Test func doubleDashEndsTheOptions() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let banana = try run(["--json", "--dry-run", "--", "a", "banana"], in: folder)
            #expect(banana.status == 0, "\(banana)")
            #expect(banana.stdout.hasPrefix("{\"ok\":true"))
            #expect(banana.stdout.contains("\"food\":\"Banana, raw\""))

            // "-3 eggs" reaches the line, whose own error says what to write instead.
            let eggs = try run(["--", "-3", "eggs"], in: folder)
            #expect(eggs.status == 1, "\(eggs)")
            #expect(eggs.stderr.contains("an amount cannot be negative"))
            #expect(eggs.stderr.contains("'3 eggs -2'"))
            #expect(!eggs.stderr.contains("unexpected '-'"))

            // A dash and digits after the words is a day back, with or without `--`.
            for arguments in [["--dry-run", "2", "eggs", "-1"], ["--dry-run", "--", "2", "eggs", "-1"]] {
                let yesterday = try run(arguments, in: folder)
                #expect(yesterday.status == 0, "\(yesterday)")
                #expect(yesterday.stdout.contains("→ breakfast on Sat 21 Nov"))
            }
        }
    }

    @Test(arguments: [["--bogus"], ["-z"], ["--bogus", "a", "banana"], ["--jsonn", "a", "banana"]])
    func anUnknownOptionIsAUsageErrorWithExitTwo(_ arguments: [String]) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try run(arguments, in: folder)
            #expect(output.status == 2, "\(output)")
            let option = try #require(arguments.first { $0.hasPrefix("-") })
            #expect(output.stderr.contains("unknown option '\(option)'"))
            #expect(output.stderr.contains("Usage: calorina"))
            #expect(output.stdout == "")
            // Nothing was logged.
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("data/journal").path))
        }
    }
}
