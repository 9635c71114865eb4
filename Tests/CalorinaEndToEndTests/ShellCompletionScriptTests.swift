// `calorina --generate-completion-script bash|zsh|fish`: the scripts complete the words of a
// one-shot line (`calorina 2 orange j<TAB>`) through swift-argument-parser's custom completion,
// which calls the REPL's completer. bash runs the script here; zsh and fish are not installed on
// the test machines, so their scripts are checked for the call.

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
        #expect(Calorina.shellCompletions(["calorina", "2", "orange\\ j"], 2, "orange\\ j") == ["orange juice", "orange julius"])
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
}
