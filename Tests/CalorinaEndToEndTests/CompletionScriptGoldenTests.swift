// The help and the three completion scripts are made from the option table
// (Sources/calorina/CommandLineOptions.swift); each is held to a golden file in `Golden/`, which
// holds what swift-argument-parser 1.8.2 generated for `calorina` (the zsh script mended). After
// an intended change (an option added), re-record them with
// `CALORINA_RECORD=1 swift test --filter CompletionScriptGoldenTests` and read the diff.

import Foundation
import Testing

@testable import calorina

@Suite("Completion scripts and help, made from the option table", .tags(.fast))
struct CompletionScriptGoldenTests {
    static let recording = ProcessInfo.processInfo.environment["CALORINA_RECORD"] == "1"

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// What the program prints, against its golden file (rewritten when recording).
    func check(_ printed: String, golden name: String) throws {
        let file = Self.golden.appendingPathComponent(name)
        if Self.recording {
            try printed.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(printed == expected, "\(name) differs from its golden file; CALORINA_RECORD=1 rewrites it")
        if printed != expected {
            let printedLines = printed.split(separator: "\n", omittingEmptySubsequences: false)
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            if let first = zip(printedLines, expectedLines).enumerated().first(where: { $0.element.0 != $0.element.1 })
            {
                Issue.record("line \(first.offset + 1): '\(first.element.0)', golden '\(first.element.1)'")
            }
        }
    }

    /// `--generate-completion-script SHELL` prints the script and a newline.
    @Test(arguments: CommandLineRequest.shells)
    func theScriptIsItsGoldenFile(_ shell: String) throws {
        try check(Calorina.completionScript(shell) + "\n", golden: "completion.\(shell)")
    }

    @Test func theHelpIsItsGoldenFile() throws {
        try check(Calorina.help, golden: "help.txt")
    }

    /// Every option of the table is in the help, the usage line (all but `--help` and
    /// `--version`) and every script, and the reader knows each of its spellings.
    @Test(arguments: CommandLineOption.all.map(\.long))
    func everyOptionReachesEverySource(_ long: String) throws {
        let option = try #require(CommandLineOption.named(long[...]))
        #expect(Calorina.help.contains(option.label))
        #expect(Calorina.usage.contains("[\(option.synopsis)]") == !option.builtIn)
        #expect(CompletionScripts.fish.contains("-l '\(option.name)'"))
        for spelling in option.spellings {
            for (shell, script) in [("bash", CompletionScripts.bash), ("zsh", CompletionScripts.zsh)] {
                let words = script.split { " \n()'{},[".contains($0) }
                #expect(words.contains(spelling[...]), "\(shell) lacks \(spelling)")
            }
            #expect(Invocation.ownOptions.contains(spelling[...]))
            let read = CommandLineRequest([spelling, "x"], shell: nil)
            if case .usageError(let error) = read { #expect(!error.message.contains("unknown option"), "\(error)") }
        }
    }

    /// The lists of `--help`: a name longer than its column gets a line of its own, and a help
    /// wraps between words at 80 columns, under the column.
    @Test func theHelpListsWrapUnderTheirColumn() {
        let long = Calorina.listed("--a-very-long-option <value>", "Short.")
        #expect(long == ["  --a-very-long-option <value>", String(repeating: " ", count: 26) + "Short."])
        let words = Array(repeating: "word", count: 20).joined(separator: " ")
        let wrapped = Calorina.listed("--x", words)
        #expect(wrapped.count == 2)
        #expect(wrapped.allSatisfy { $0.count <= 80 })
        #expect(wrapped[1].hasPrefix(String(repeating: " ", count: 26) + "word"))
    }

    /// An option the table does not have yet, with a short name, a value and the characters each
    /// shell quotes, as each script would list it.
    @Test func anOptionWithAShortNameAndAValueIsQuotedForEachShell() {
        let option = CommandLineOption(
            role: .json, name: "out", short: "o", value: "file", help: #"It's a [file]: \ here"#)
        #expect(option.label == "-o, --out <file>")
        #expect(
            CompletionScripts.zshSpec(option) == #"'(-o --out)'{-o,--out}'[It'\''s a \[file\]\: \\ here]:file:'"#)
        #expect(CompletionScripts.fishParseSpec(option) == "'o/out='")
        #expect(
            CompletionScripts.fishComplete(option)
                == #"complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" o out'"#
                + #" -s 'o' -l 'out' -d 'It\'s a [file]: \\ here' -rfka ''"#)
    }
}
