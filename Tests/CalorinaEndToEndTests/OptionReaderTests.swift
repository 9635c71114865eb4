// The command line: the fast option reader against swift-argument-parser on a table of argument
// lists, and the built binary's answers to `--`, unknown options and the rest.

import Foundation
import Testing

@testable import calorina

@Suite("The command line")
struct OptionReaderTests {
    /// What an argument list asks for.
    enum Reading: Equatable, CustomStringConvertible {
        /// Run with these options and these words of the line.
        case run(Invocation)
        /// A usage error whose message contains this text (exit 2).
        case usageError(String)
        case help
        case version

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
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var expected: Reading
        /// Whether the fast reader answers it itself (the shapes people type every day), rather
        /// than leaving it to the argument parser.
        var fast: Bool

        var testDescription: String { arguments.isEmpty ? "(none)" : arguments.joined(separator: " ") }
    }

    static func run(
        _ words: [String], dataDir: String? = nil, json: Bool = false, dryRun: Bool = false, noColor: Bool = false,
        ascii: Bool = false
    ) -> Reading {
        .run(Invocation(dataDir: dataDir, json: json, dryRun: dryRun, noColor: noColor, ascii: ascii, words: words))
    }

    static func fast(_ arguments: [String], _ expected: Reading) -> Case {
        Case(arguments: arguments, expected: expected, fast: true)
    }

    static func slow(_ arguments: [String], _ expected: Reading) -> Case {
        Case(arguments: arguments, expected: expected, fast: false)
    }

    static let cases: [Case] = [
        // Words only, and flags before, between and after them.
        fast([], run([])),
        fast(["2", "eggs"], run(["2", "eggs"])),
        fast(["2 eggs and toast breakfast"], run(["2 eggs and toast breakfast"])),
        fast(["--json", "a", "banana"], run(["a", "banana"], json: true)),
        fast(["a", "banana", "--json"], run(["a", "banana"], json: true)),
        fast(["a", "--dry-run", "banana"], run(["a", "banana"], dryRun: true)),
        fast(
            ["--json", "--dry-run", "--no-color", "--ascii", "week"],
            run(["week"], json: true, dryRun: true, noColor: true, ascii: true)),
        fast(["--data-dir", "/tmp/d", "today"], run(["today"], dataDir: "/tmp/d")),
        fast(["--data-dir=/tmp/d", "today"], run(["today"], dataDir: "/tmp/d")),
        fast(["today", "--data-dir", "/tmp/d"], run(["today"], dataDir: "/tmp/d")),
        // `--` ends the options.
        fast(["--", "-3", "eggs"], run(["-3", "eggs"])),
        fast(["--json", "--", "a", "banana"], run(["a", "banana"], json: true)),
        fast(["a", "banana", "--", "--json"], run(["a", "banana", "--json"])),
        fast(["--", "--", "x"], run(["--", "x"])),
        fast(["--", "-z"], run(["-z"])),
        fast(["--", "--help"], run(["--help"])),
        fast(["--"], run([])),
        fast(["--dry-run", "--", "-h", "--version"], run(["-h", "--version"], dryRun: true)),
        // A dash and digits is a word: a day back, or an amount the line calls negative.
        fast(["2", "eggs", "-1"], run(["2", "eggs", "-1"])),
        fast(["-3", "eggs"], run(["-3", "eggs"])),
        fast(["--json", "-12", "x"], run(["-12", "x"], json: true)),
        fast(["-"], run(["-"])),
        fast([""], run([""])),
        // Help, the version, and mistakes: the argument parser's to answer.
        slow(["--help"], .help),
        slow(["-h"], .help),
        slow(["2", "eggs", "--help"], .help),
        slow(["--version"], .version),
        slow(["--bogus"], .usageError("unknown option '--bogus'")),
        slow(["-z"], .usageError("unknown option '-z'")),
        slow(["-z", "--", "a"], .usageError("unknown option '-z'")),
        slow(["a", "banana", "--bogus"], .usageError("unknown option '--bogus'")),
        slow(["--jsonn", "a"], .usageError("unknown option '--jsonn'")),
        slow(["-3.5", "eggs"], .usageError("unknown option '-3.5'")),
        slow(["-zq"], .usageError("unknown option '-zq'")),
        slow(["--json=yes", "a"], .usageError("does not take any value")),
        slow(["--data-dir"], .usageError("Missing value for '--data-dir")),
        slow(["--data-dir", "--json"], .usageError("Missing value for '--data-dir")),
        slow(["---x"], .usageError("---x")),
        // A flag twice is allowed; the argument parser reads it.
        slow(["--json", "--json", "a"], run(["a"], json: true)),
        slow(["--data-dir", "/a", "--data-dir", "/b", "x"], run(["x"], dataDir: "/b")),
        slow(["--data-dir", "-", "x"], run(["x"], dataDir: "-")),
        // An empty value after '=' takes the next argument, as swift-argument-parser reads it.
        slow(["--data-dir=", "today"], run([], dataDir: "today")),
    ]

    /// What swift-argument-parser makes of the arguments, through the same function the program
    /// calls when the fast reader gives up.
    static func parsedByArgumentParser(_ arguments: [String]) -> Reading {
        do {
            let command = try Calorina.parseAsRoot(arguments)
            if let calorina = command as? Calorina { return .run(calorina.invocation) }
            // swift-argument-parser answers --help with a command of its own that prints it.
            return String(describing: type(of: command)) == "HelpCommand" ? .help : .usageError("\(command)")
        } catch {
            let message = Calorina.message(for: error)
            if Calorina.exitCode(for: error) == .success {
                return message.contains("USAGE:") ? .help : message == "0.1.0" ? .version : .usageError(message)
            }
            return .usageError(message)
        }
    }

    /// Whether `reading` is what `expected` says (a usage error by a part of its message).
    static func matches(_ reading: Reading, _ expected: Reading) -> Bool {
        if case .usageError(let message) = reading, case .usageError(let part) = expected {
            return message.contains(part)
        }
        return reading == expected
    }

    @Test(arguments: cases) func theFastReaderAndTheArgumentParserAgree(_ testCase: Case) {
        let parsed = Self.parsedByArgumentParser(testCase.arguments)
        #expect(Self.matches(parsed, testCase.expected), "argument parser: \(parsed)")
        let fast = Invocation(commonArguments: testCase.arguments)
        if testCase.fast {
            #expect(fast.map(Reading.run) == testCase.expected, "fast reader: \(String(describing: fast))")
        } else {
            #expect(fast == nil, "the fast reader answered \(String(describing: fast)), the table says it should not")
        }
        // Wherever the fast reader answers, it answers as the argument parser does.
        if let fast { #expect(parsed == .run(fast)) }
    }

    @Test func theTableCoversEveryOptionAndTheTerminator() {
        let all = Set(Self.cases.flatMap(\.arguments))
        for option in ["--", "--json", "--dry-run", "--no-color", "--ascii", "--data-dir", "--help", "-h", "--version"]
        {
            #expect(all.contains(option), "\(option)")
        }
        #expect(Self.cases.count >= 30)
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

    @Test(arguments: [["--bogus"], ["-z"], ["a", "banana", "--bogus"], ["--jsonn", "a", "banana"]])
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
