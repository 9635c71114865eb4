// `calorina --generate-completion-script bash|zsh|fish`: the scripts complete the words of a
// one-shot line (`calorina 2 orange j<TAB>`) through swift-argument-parser's custom completion,
// which calls the REPL's completer. bash runs the script's function directly; zsh and fish, where
// installed (apt-get install zsh fish), are driven at a pseudo-terminal.

import Foundation
import Testing

@testable import calorina

@Suite("Shell completion scripts")
struct ShellCompletionScriptTests {
    func environment(_ folder: URL) -> [String: String] {
        BinaryRunner.environment(home: folder, ["CALORINA_HOME": folder.appendingPathComponent("data").path])
    }

    func script(_ shell: String, in folder: URL) throws -> String {
        let output = try BinaryRunner.run(
            try BinaryRunner.productURL("calorina"), arguments: ["--generate-completion-script", shell],
            environment: environment(folder), timeout: .seconds(30))
        #expect(output.status == 0, "\(output)")
        return output.stdout
    }

    struct BashCase: Sendable, CustomTestStringConvertible {
        /// The words after `calorina`; the last is the one TAB completes (the cursor at its end).
        var words: [String]
        var offers: [String]

        var testDescription: String { "calorina " + words.joined(separator: " ") + "⇥" }
    }

    static let bashCases: [BashCase] = [
        BashCase(words: ["2", "orange", "j"], offers: ["juice", "julius"]),
        BashCase(words: ["--json", "2", "orange", "j"], offers: ["juice", "julius"]),
        BashCase(words: ["--data-dir", "/tmp/x", "--", "2", "orange", "j"], offers: ["juice", "julius"]),
        BashCase(words: ["2", "orange", "juice", ""], offers: ["beverage", "drink"]),
        BashCase(words: ["tod"], offers: ["today"]),
        BashCase(words: ["2", "tb"], offers: ["tbsp"]),
        BashCase(words: ["2", "eggs", "br"], offers: ["breakfast"]),
        // The flags still complete as before.
        BashCase(words: ["--js"], offers: ["--json"]),
    ]

    /// Sources the bash script and calls its completion function the way bash does on TAB.
    @Test(arguments: bashCases) func bashCompletesTheLine(_ testCase: BashCase) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = try script("bash", in: folder)
            // The function bash calls: the script ends with `complete … -F FUNCTION calorina`.
            let complete = try #require(text.split(separator: "\n").last { $0.hasPrefix("complete ") })
            let parts = complete.split(separator: " ")
            let function = try #require(parts.firstIndex(of: "-F").map { String(parts[$0 + 1]) })
            let scriptFile = folder.appendingPathComponent("calorina.bash")
            try text.write(to: scriptFile, atomically: true, encoding: .utf8)

            let program = try BinaryRunner.productURL("calorina").path
            let words = [program] + testCase.words
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let shell = """
                source '\(scriptFile.path)'
                COMP_WORDS=(\(quoted))
                COMP_CWORD=\(words.count - 1)
                COMP_LINE="${COMP_WORDS[*]}"
                COMP_POINT=${#COMP_LINE}
                \(function) "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let output = try BinaryRunner.run(
                URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", shell], environment: environment(folder),
                timeout: .seconds(30))
            #expect(output.status == 0, "\(output)")
            let offered = output.stdout.split(separator: "\n").map(String.init)
            for expected in testCase.offers { #expect(offered.contains(expected), "\(output)") }
            let typed = testCase.words.last ?? ""
            for candidate in offered { #expect(candidate.hasPrefix(typed), "\(candidate)") }
        }
    }

    /// Issue 30: one's own food, alias and recipe complete in the shells too, from the data folder.
    @Test func ownNamesCompleteInTheShell() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let program = try BinaryRunner.productURL("calorina")
            for line in [
                "define zyxbar = 210 kcal per bar", "alias qwopjuice = orange juice",
                "recipe mybrekkie = 2 eggs, toast",
            ] {
                let made = try BinaryRunner.run(
                    program, arguments: [line], environment: environment(folder), timeout: .seconds(30))
                #expect(made.status == 0, "\(made)")
            }
            for (words, expected) in [
                (["1", "zyx"], "zyxbar"), (["1", "cup", "qwop"], "qwopjuice"), (["mybre"], "mybrekkie"),
            ] {
                let index = String(words.count)
                let cursor = String(words.last?.count ?? 0)
                let output = try BinaryRunner.run(
                    program, arguments: ["---completion", "--", "positional@0", index, cursor, "calorina"] + words,
                    environment: environment(folder), timeout: .seconds(30))
                #expect(output.stdout.split(separator: "\n").map(String.init).contains(expected), "\(words): \(output)")
            }
            // Another folder named on the line has none of them.
            let other = folder.appendingPathComponent("other").path
            #expect(Calorina.ownNames(in: ["calorina", "--data-dir", other, "1", "zyx"]).isEmpty)
        }
    }

    @Test(.enabled(if: installed("/usr/bin/zsh"))) func zshCompletesOnesOwnFood() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let made = try BinaryRunner.run(
                try BinaryRunner.productURL("calorina"), arguments: ["define zyxbar = 210 kcal per bar"],
                environment: environment(folder), timeout: .seconds(30))
            #expect(made.status == 0, "\(made)")
            try script("zsh", in: folder).write(
                to: folder.appendingPathComponent("_calorina"), atomically: true, encoding: .utf8)
            let terminal = try shell("/usr/bin/zsh", ["-f"], in: folder)
            try terminal.sendLine("fpath=(\(folder.path) $fpath); autoload -U compinit; compinit -u; PS1='zsh> '")
            _ = try terminal.expect("zsh> ", timeout: .seconds(15))
            try terminal.send("calorina 1 zyx\t")
            _ = try terminal.expect("calorina 1 zyxbar", timeout: .seconds(15))
            try terminal.send(PseudoTerminal.Key.ctrlU + "exit\r")
            #expect(try terminal.waitForExit(timeout: .seconds(10)) == 0)
        }
    }

    @Test(.enabled(if: installed("/usr/bin/fish"))) func fishCompletesOnesOwnFood() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let made = try BinaryRunner.run(
                try BinaryRunner.productURL("calorina"), arguments: ["define zyxbar = 210 kcal per bar"],
                environment: environment(folder), timeout: .seconds(30))
            #expect(made.status == 0, "\(made)")
            let file = folder.appendingPathComponent("calorina.fish")
            try script("fish", in: folder).write(to: file, atomically: true, encoding: .utf8)
            let terminal = try shell("/usr/bin/fish", ["--no-config"], in: folder)
            try terminal.sendLine("source \(file.path); function fish_prompt; echo 'fish> '; end")
            _ = try terminal.expect("fish> ", timeout: .seconds(15))
            try terminal.send("calorina 1 zyx\t")
            _ = try terminal.expect("zyxbar", timeout: .seconds(15))
            try terminal.send(PseudoTerminal.Key.ctrlU + "exit\r")
            #expect(try terminal.waitForExit(timeout: .seconds(10)) == 0)
        }
    }

    /// The entry point the scripts call: `calorina ---completion -- positional@0 INDEX CURSOR WORDS…`.
    @Test func theCustomCompletionEntryPointAnswers() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let output = try BinaryRunner.run(
                try BinaryRunner.productURL("calorina"),
                arguments: ["---completion", "--", "positional@0", "4", "1", "calorina", "--json", "2", "orange", "j"],
                environment: environment(folder), timeout: .seconds(30))
            #expect(output.status == 0, "\(output)")
            #expect(output.stdout.split(separator: "\n") == ["juice", "julius"])
            // A completion request reads no data and writes none.
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("data").path))
        }
        // In the process: options, their values, `--` and shell quoting are not words of the line.
        #expect(
            Calorina.shellCompletions(["calorina", "--data-dir", "/x", "--", "2", "orange", "j"], 6, "j")
                == ["juice", "julius"])
        #expect(Calorina.shellCompletions(["calorina", "\"2", "orange\"", "j"], 3, "j") == ["juice", "julius"])
        #expect(
            Calorina.shellCompletions(["calorina", "2", "orange\\ j"], 2, "orange\\ j") == [
                "orange juice", "orange julius",
            ])
        #expect(Calorina.shellCompletions(["calorina"], 0, "").isEmpty)
        #expect(Calorina.unquoted("'big mac'") == "big mac")
        #expect(Calorina.unquoted("big\\ mac") == "big mac")
    }

    @Test(arguments: ["zsh", "fish"]) func zshAndFishScriptsCallTheSameCompletion(_ shell: String) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = try script(shell, in: folder)
            #expect(text.contains("---completion -- positional@0"), "\(text.prefix(2000))")
        }
    }

    /// zsh refuses two "rest" arguments ("doubled rest argument definition") and then completes
    /// nothing: the script keeps only the words' one (see `Calorina.mendedCompletionScript`).
    @Test func theZshScriptHasOneRestArgument() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let text = try script("zsh", in: folder)
            // The arguments of `_calorina`, the function zsh calls for the command itself.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex(of: "_calorina() {"))
            let end = try #require(lines[start...].firstIndex(of: "}"))
            let rests = lines[start..<end].filter {
                let spec = $0.drop { $0 == " " }
                return spec.hasPrefix("'*:") || spec.hasPrefix("'(-)*:")
            }
            #expect(rests.count == 1, "\(rests)")
            #expect(rests.first?.contains("---completion -- positional@0") == true)
            #expect(try self.script("--generate-completion-script=zsh", in: folder, raw: true) == text)
        }
    }

    func script(_ argument: String, in folder: URL, raw: Bool) throws -> String {
        let output = try BinaryRunner.run(
            try BinaryRunner.productURL("calorina"), arguments: [argument], environment: environment(folder),
            timeout: .seconds(30))
        return output.stdout
    }

    // MARK: - zsh and fish at a terminal, where they are installed

    static func installed(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A shell in a pseudo-terminal with calorina's folder first on its PATH.
    func shell(_ path: String, _ arguments: [String], in folder: URL) throws -> PseudoTerminal {
        let products = try BinaryRunner.productURL("calorina").deletingLastPathComponent().path
        var environment = environment(folder)
        environment["PATH"] = products + ":/usr/bin:/bin"
        environment["TERM"] = "xterm-256color"
        return try PseudoTerminal(URL(fileURLWithPath: path), arguments: arguments, environment: environment)
    }

    @Test(.enabled(if: installed("/usr/bin/zsh"))) func zshCompletesTheLineAtATerminal() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try script("zsh", in: folder).write(
                to: folder.appendingPathComponent("_calorina"), atomically: true, encoding: .utf8)
            let terminal = try shell("/usr/bin/zsh", ["-f"], in: folder)
            try terminal.sendLine("fpath=(\(folder.path) $fpath); autoload -U compinit; compinit -u; PS1='zsh> '")
            _ = try terminal.expect("zsh> ", timeout: .seconds(15))
            // The first TAB inserts what both candidates share, the second lists them.
            try terminal.send("calorina 2 orange j\t")
            let inserted = try terminal.expect("calorina 2 orange ju", timeout: .seconds(15))
            #expect(!inserted.contains("doubled rest argument"))
            try terminal.send("\t")
            let listed = try terminal.expect("julius", timeout: .seconds(15))
            #expect(listed.contains("juice"))
            try terminal.send(PseudoTerminal.Key.ctrlU + "calorina --js\t")
            _ = try terminal.expect("calorina --json", timeout: .seconds(15))
            try terminal.send(PseudoTerminal.Key.ctrlU + "exit\r")
            #expect(try terminal.waitForExit(timeout: .seconds(10)) == 0)
        }
    }

    @Test(.enabled(if: installed("/usr/bin/fish"))) func fishCompletesTheLineAtATerminal() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("calorina.fish")
            try script("fish", in: folder).write(to: file, atomically: true, encoding: .utf8)
            let terminal = try shell("/usr/bin/fish", ["--no-config"], in: folder)
            try terminal.sendLine("source \(file.path); function fish_prompt; echo 'fish> '; end")
            _ = try terminal.expect("fish> ", timeout: .seconds(15))
            try terminal.send("calorina 2 orange j\t")
            let listed = try terminal.expect("julius", timeout: .seconds(15))
            #expect(listed.contains("juice"))
            try terminal.send(PseudoTerminal.Key.ctrlU + "exit\r")
            #expect(try terminal.waitForExit(timeout: .seconds(10)) == 0)
        }
    }
}
