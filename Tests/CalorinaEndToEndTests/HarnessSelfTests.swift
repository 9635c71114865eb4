// Proves the end-to-end harness with standard programs, so a failing calorina test points at
// calorina rather than at the harness.

import Foundation
import Testing

@Suite("Harness self-tests")
struct HarnessSelfTests {
    static let sh = URL(fileURLWithPath: "/bin/sh")
    static let environment = ["PATH": "/usr/bin:/bin", "HOME": "/"]

    // MARK: - BinaryRunner

    @Test func runnerSeparatesStdoutStderrAndStatus() throws {
        let output = try BinaryRunner.run(
            Self.sh, arguments: ["-c", "cat; echo err >&2; exit 3"], stdin: "hello\nworld\n",
            environment: Self.environment)
        #expect(output.stdout == "hello\nworld\n")
        #expect(output.stderr == "err\n")
        #expect(output.status == 3)
    }

    @Test func runnerMovesMegabytesBothWaysWithoutDeadlock() throws {
        let megabyte = 1 << 20
        let input = Data(repeating: UInt8(ascii: "x"), count: megabyte)
        // The program fills stderr while stdin is still being fed and stdout read.
        let script = "head -c \(megabyte) /dev/zero | tr '\\000' y >&2; cat"
        let output = try BinaryRunner.run(
            Self.sh, arguments: ["-c", script], stdin: input, environment: Self.environment)
        #expect(output.status == 0)
        #expect(output.stdout.utf8.count == megabyte)
        #expect(output.stdout.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(output.stderr.utf8.count == megabyte)
        #expect(output.stderr.utf8.allSatisfy { $0 == UInt8(ascii: "y") })
    }

    @Test func runnerGivesDevNullWhenThereIsNoStdin() throws {
        let output = try BinaryRunner.run(
            Self.sh, arguments: ["-c", "cat; echo done"], environment: Self.environment,
            timeout: .seconds(5))
        #expect(output.stdout == "done\n")
    }

    @Test func runnerPassesExactlyTheGivenEnvironment() throws {
        let output = try BinaryRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), environment: ["ONLY": "this one"])
        #expect(output.stdout == "ONLY=this one\n")
    }

    @Test func runnerReportsASignalAsAShellWould() throws {
        let output = try BinaryRunner.run(
            Self.sh, arguments: ["-c", "kill -TERM $$"], environment: Self.environment)
        #expect(output.status == 128 + SIGTERM)
    }

    @Test func runnerStartsProgramsWithNoSignalsBlocked() throws {
        // Test threads block most signals and a child inherits its spawner's mask.
        let output = try BinaryRunner.run(
            URL(fileURLWithPath: "/bin/grep"), arguments: ["SigBlk", "/proc/self/status"],
            environment: [:])
        #expect(output.stdout == "SigBlk:\t0000000000000000\n")
    }

    @Test func runnerKillsAProgramThatOverrunsItsTimeout() throws {
        let start = ContinuousClock.now
        // The shell's child sleeps on: killing the process group is what ends it.
        let error = #expect(throws: BinaryRunner.Failure.self) {
            try BinaryRunner.run(
                Self.sh, arguments: ["-c", "echo partial; sleep 30; echo never"],
                environment: Self.environment, timeout: .milliseconds(300))
        }
        #expect(ContinuousClock.now - start < .seconds(5))
        let description = error.map(String.init(describing:)) ?? ""
        #expect(description.contains("did not finish"))
        #expect(description.contains("partial"))
    }

    @Test func runnerSurvivesAProgramThatIgnoresItsInput() throws {
        let input = Data(repeating: UInt8(ascii: "z"), count: 1 << 20)
        let output = try BinaryRunner.run(
            Self.sh, arguments: ["-c", "exit 0"], stdin: input, environment: Self.environment)
        #expect(output.status == 0)
    }

    @Test func temporaryDirectoryIsFreshAndRemovedAfterwards() throws {
        let url = try BinaryRunner.withTemporaryDirectory { url in
            let contents = try FileManager.default.contentsOfDirectory(atPath: url.path)
            #expect(contents.isEmpty)
            try Data("x".utf8).write(to: url.appendingPathComponent("file"))
            return url
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func productLookupFindsTheBuiltExecutable() throws {
        let url = try BinaryRunner.productURL("calorina")
        #expect(url.lastPathComponent == "calorina")
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
        #expect(throws: BinaryRunner.Failure.self) {
            try BinaryRunner.productURL("no-such-product")
        }
    }

    // MARK: - PseudoTerminal

    @Test func terminalIsARealTerminalOfTheRequestedSize() throws {
        let terminal = try PseudoTerminal(
            Self.sh, arguments: ["-c", "tty; stty size; echo TERM=$TERM"],
            environment: Self.environment, columns: 100, rows: 30)
        try terminal.expect("/dev/pts/")
        try terminal.expect("30 100")
        try terminal.expect("TERM=xterm-256color")
        #expect(try terminal.waitForExit() == 0)
        #expect(terminal.output.contains(terminal.slavePath))
    }

    @Test func terminalStartsProgramsWithNoSignalsBlocked() throws {
        let terminal = try PseudoTerminal(
            URL(fileURLWithPath: "/bin/grep"), arguments: ["SigBlk", "/proc/self/status"],
            environment: [:])
        try terminal.expect("SigBlk:\t0000000000000000\n")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func terminalEchoesTypingAndShowsTheProgramsOutput() throws {
        var environment = Self.environment
        environment["PS1"] = "sh> "
        let terminal = try PseudoTerminal(Self.sh, arguments: ["-i"], environment: environment)
        try terminal.expect("sh> ")
        // The echo shows the quotes; only the command's output joins the word.
        try terminal.sendLine("echo hel''lo")
        try terminal.expect("echo hel''lo\n")
        try terminal.expect("hello\nsh> ")
        try terminal.resize(columns: 42, rows: 7)
        try terminal.sendLine("stty size")
        try terminal.expect("7 42")
        try terminal.sendLine("exit 5")
        #expect(try terminal.waitForExit() == 5)
    }

    @Test func ctrlCInterruptsTheForegroundProgram() throws {
        // Only a child whose controlling terminal is the pty gets SIGINT from the 0x03 byte.
        let script = "trap 'echo caught; exit 7' INT; echo ready; while true; do sleep 0.1; done"
        let terminal = try PseudoTerminal(
            Self.sh, arguments: ["-c", script], environment: Self.environment)
        try terminal.expect("ready")
        try terminal.interrupt()
        try terminal.expect("caught")
        #expect(try terminal.waitForExit() == 7)
    }

    @Test func ctrlDOnAnEmptyLineEndsInput() throws {
        let terminal = try PseudoTerminal(
            URL(fileURLWithPath: "/bin/cat"), environment: Self.environment)
        try terminal.sendLine("one line")
        // Once from the terminal's echo, once from cat.
        try terminal.expect("one line\none line\n")
        try terminal.send(PseudoTerminal.Key.ctrlD)
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func failedExpectationShowsWhatWasSeen() throws {
        let terminal = try PseudoTerminal(
            Self.sh, arguments: ["-c", "printf 'a\\033[1mbold\\033[0m\\r\\n'; sleep 5"],
            environment: Self.environment)
        let error = #expect(throws: PseudoTerminal.Failure.self) {
            try terminal.expect("missing", timeout: .milliseconds(300))
        }
        let description = error.map(String.init(describing:)) ?? ""
        #expect(description.contains("waiting for \"missing\""))
        #expect(description.contains("\"abold\\n\""))
        #expect(description.contains("\\u{1B}[1m"))
        terminal.terminate()
        #expect(terminal.exitStatus == 128 + SIGKILL)
    }

    @Test func expectReportsAProgramThatEndedEarly() throws {
        let terminal = try PseudoTerminal(
            Self.sh, arguments: ["-c", "echo bye; exit 4"], environment: Self.environment)
        let error = #expect(throws: PseudoTerminal.Failure.self) {
            try terminal.expect("never shown", timeout: .seconds(5))
        }
        let description = error.map(String.init(describing:)) ?? ""
        #expect(description.contains("exited with status 4"))
        #expect(description.contains("bye"))
        #expect(try terminal.waitForExit() == 4)
    }

    struct StripCase: Sendable, CustomTestStringConvertible {
        var raw: String
        var shown: String
        var testDescription: String { raw.debugDescription }
    }

    @Test(arguments: [
        StripCase(raw: "plain\r\n", shown: "plain\n"),
        StripCase(raw: "\u{1B}[1;32mgreen\u{1B}[0m", shown: "green"),
        StripCase(raw: "a\u{1B}[?2004hb\u{1B}[K", shown: "ab"),
        StripCase(raw: "\u{1B}]0;title\u{07}text", shown: "text"),
        StripCase(raw: "\u{1B}]0;title\u{1B}\\text", shown: "text"),
        StripCase(raw: "\u{1B}(Bx\u{1B}=y\u{07}", shown: "xy"),
        StripCase(raw: "tab\there\u{08}!", shown: "tab\there!"),
        StripCase(raw: "café ☕", shown: "café ☕"),
    ])
    func escapeSequencesAreStripped(_ strip: StripCase) {
        #expect(PseudoTerminal.strippingEscapes(strip.raw) == strip.shown)
    }
}
