// PRODUCT.md, "Safe with bad input" and "Data you own": data files are private to the user
// (0600, folder 0700), the line history too, and Calorina works offline: nothing is sent anywhere.
//
// Modes are checked with the program started under `umask 000`, so that they come from Calorina
// and not from a kind umask. "Nothing is sent" is checked by running the program under
// `strace -f -e trace=network`: no socket is ever made.

import Foundation
import Glibc
import Testing

@Suite("Privacy", .serialized)
struct PrivacyTests {
    static let now = "2026-11-22T08:30:00"

    func calorina() throws -> URL { try BinaryRunner.productURL("calorina") }

    func environment(_ folder: URL) -> [String: String] {
        BinaryRunner.environment(
            home: folder,
            [
                "CALORINA_NOW": Self.now, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "XDG_DATA_HOME": folder.appendingPathComponent("xdg-data").path, "TERM": "xterm-256color",
            ])
    }

    /// Runs calorina under `umask 000`.
    func runWithOpenUmask(_ arguments: [String], stdin: String, in folder: URL) throws -> BinaryRunner.Output {
        try BinaryRunner.run(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "umask 000; exec \"$0\" \"$@\"", try calorina().path] + arguments, stdin: stdin,
            environment: environment(folder), timeout: .seconds(30))
    }

    func mode(_ url: URL) -> String {
        JournalFiles.mode(url.path).map { String($0, radix: 8) } ?? "missing"
    }

    @Test func theDataFolderIs0700AndItsFiles0600() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            // A folder that does not exist yet, two levels down.
            let data = folder.appendingPathComponent("new/data")
            for _ in 0..<2 {
                let output = try runWithOpenUmask(
                    ["--data-dir", data.path], stdin: "a banana\na banana 2026-10-01\n", in: folder)
                #expect(output.status == 0, "\(output)")
            }
            let journal = data.appendingPathComponent("devices/local/journal")
            #expect(mode(data) == "700")
            #expect(mode(journal) == "700")
            #expect(mode(data.appendingPathComponent("devices/local/.lock")) == "600")
            let names = try FileManager.default.contentsOfDirectory(atPath: journal.path).sorted()
            #expect(names == ["2026-10.json", "2026-10.json.bak", "2026-11.json", "2026-11.json.bak"])
            for name in names {
                #expect(mode(journal.appendingPathComponent(name)) == "600", "\(name)")
            }
        }
    }

    @Test func theDefaultDataFolderIsPrivateToo() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try runWithOpenUmask(["a", "banana"], stdin: "", in: folder)
            #expect(output.status == 0, "\(output)")
            let data = folder.appendingPathComponent("xdg-data/calorina")
            #expect(mode(data) == "700")
            #expect(mode(data.appendingPathComponent("devices/local/journal")) == "700")
            #expect(mode(data.appendingPathComponent("devices/local/journal/2026-11.json")) == "600")
        }
    }

    /// A month file someone made readable by others (copied with `cp`, restored from a backup…):
    /// after Calorina writes that month, no file of the journal is readable by others.
    @Test
    func aMonthFileOthersCouldReadIsMadePrivateWhenWritten() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let output = try runWithOpenUmask(["--data-dir", data.path, "a", "banana"], stdin: "", in: folder)
            #expect(output.status == 0, "\(output)")
            let month = data.appendingPathComponent("devices/local/journal/2026-11.json")
            chmod(month.path, 0o644)
            let again = try runWithOpenUmask(["--data-dir", data.path, "an", "apple"], stdin: "", in: folder)
            #expect(again.status == 0, "\(again)")
            for name in try FileManager.default.contentsOfDirectory(atPath: month.deletingLastPathComponent().path) {
                #expect(mode(month.deletingLastPathComponent().appendingPathComponent(name)) == "600", "\(name)")
            }
        }
    }

    @Test func theHistoryFileIs0600() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            var environment = environment(folder)
            environment["CALORINA_HOME"] = folder.appendingPathComponent("data").path
            let terminal = try PseudoTerminal(
                URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "umask 000; exec \"$0\"", try calorina().path],
                environment: environment)
            _ = try terminal.expect(" › ", timeout: .seconds(30))
            try terminal.sendLine("a banana")
            _ = try terminal.expect("Banana, raw", timeout: .seconds(30))
            _ = try terminal.expect(" › ")
            try terminal.sendLine("quit")
            #expect(try terminal.waitForExit() == 0)
            let history = folder.appendingPathComponent("state/calorina/history")
            #expect(mode(history) == "600")
            #expect(mode(history.deletingLastPathComponent()) == "700")
            #expect((try? String(contentsOf: history, encoding: .utf8))?.contains("banana") == true)
            #expect(mode(folder.appendingPathComponent("data/devices/local/journal/2026-11.json")) == "600")
        }
    }

    // MARK: - Nothing is sent anywhere

    /// `strace`, if it is installed and may trace here.
    static let strace: URL? = {
        for path in ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        where FileManager.default.isExecutableFile(atPath: path) {
            guard
                let probe = try? BinaryRunner.run(
                    URL(fileURLWithPath: path), arguments: ["-f", "-o", "/dev/null", "/bin/true"], stdin: nil,
                    environment: ["PATH": "/usr/bin:/bin"], timeout: .seconds(10)),
                probe.status == 0
            else { return nil }
            return URL(fileURLWithPath: path)
        }
        return nil
    }()

    /// The network system calls strace saw (an empty list when there were none).
    func networkCalls(_ trace: URL) -> [String] {
        let text = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter {
            !$0.contains("+++ exited") && !$0.contains("--- SIG") && !$0.isEmpty
        }
    }

    @Test func noCommandOpensASocket() throws {
        guard let strace = Self.strace else {
            print("skipped the network check: strace is not installed or cannot trace here (apt-get install -y strace)")
            return
        }
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data").path
            let runs: [(arguments: [String], stdin: String)] = [
                (["--data-dir", data], "2 eggs and toast breakfast\nburger 650 kcal dinner\nxyzzy\nundo\ntoday\n"),
                (["--data-dir", data, "--json", "1", "cup", "orange", "juice"], ""),
                (["--data-dir", data, "--dry-run", "a", "banana"], ""),
                (["--data-dir", data, "yesterday"], ""),
                (["--help"], ""),
            ]
            for (index, run) in runs.enumerated() {
                let trace = folder.appendingPathComponent("trace-\(index)")
                let output = try BinaryRunner.run(
                    strace,
                    arguments: ["-f", "-qq", "-e", "trace=network", "-o", trace.path, try calorina().path]
                        + run.arguments,
                    stdin: run.stdin, environment: environment(folder), timeout: .seconds(60))
                #expect([0, 1].contains(output.status), "\(run.arguments): \(output)")
                #expect(FileManager.default.fileExists(atPath: trace.path))
                #expect(networkCalls(trace).isEmpty, "\(run.arguments): \(networkCalls(trace).prefix(5))")
            }

            // The REPL too: start-up, a log line, TAB completion, history, quit.
            let trace = folder.appendingPathComponent("trace-repl")
            var environment = environment(folder)
            environment["CALORINA_HOME"] = data
            let terminal = try PseudoTerminal(
                strace, arguments: ["-f", "-qq", "-e", "trace=network", "-o", trace.path, try calorina().path],
                environment: environment)
            _ = try terminal.expect(" › ", timeout: .seconds(60))
            try terminal.send("1 cup orange j\t")
            _ = try terminal.expect("orange juice", timeout: .seconds(30))
            try terminal.send("ice\r")
            _ = try terminal.expect("Orange juice", timeout: .seconds(30))
            _ = try terminal.expect(" › ")
            try terminal.sendLine("quit")
            #expect(try terminal.waitForExit(timeout: .seconds(30)) == 0)
            #expect(FileManager.default.fileExists(atPath: trace.path))
            #expect(networkCalls(trace).isEmpty, "REPL: \(networkCalls(trace).prefix(5))")
        }
    }
}
