import ArgumentParser
import CalorinaSession

extension Calorina {
    /// TAB in bash, zsh or fish after `calorina` (`calorina 2 orange j<TAB>`): the REPL's completer
    /// on the words of the line, each candidate cut to the shell word being completed. The shell
    /// scripts of `--generate-completion-script` call it through swift-argument-parser's custom
    /// completion (`calorina ---completion -- positional@0 INDEX CURSOR WORDS…`).
    ///
    /// - Parameters:
    ///   - words: the shell words of the command line, the command first, as typed (quotes and
    ///     backslashes included).
    ///   - index: which of them is being completed.
    ///   - typed: that word's text left of the cursor.
    static func shellCompletions(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        guard index >= 1, index <= words.count else { return [] }
        let before = Invocation.lineWords(words[1..<index].map(unquoted))
        return Completer(index: .bundled).shellWordCandidates(after: before, typed: unquoted(typed))
    }

    /// A shell word without its quotes and escapes (`orange\ juice`, `"orange juice"`).
    static func unquoted(_ word: String) -> String {
        var result = ""
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character != "'" && character != "\"" {
                result.append(character)
            }
        }
        return result
    }
}

extension Calorina {
    /// The zsh script of `--generate-completion-script zsh`, mended; nil for any other request,
    /// which swift-argument-parser answers itself.
    ///
    /// swift-argument-parser's zsh script gives a command whose words are a list two "rest"
    /// arguments: the words, and the `help` subcommand it adds to every script. zsh refuses the
    /// pair at every TAB ("doubled rest argument definition") and completes nothing, not even the
    /// options; without the subcommand's two lines it completes options and words. (bash and fish
    /// take the pair as it is.)
    static func mendedCompletionScript(_ arguments: [String]) -> String? {
        let asked: Bool
        switch arguments {
        case ["--generate-completion-script", "zsh"], ["--generate-completion-script=zsh"]: asked = true
        case ["--generate-completion-script"]: asked = CompletionShell.autodetected() == .zsh
        default: asked = false
        }
        guard asked else { return nil }
        let subcommandLines: Set<Substring> = ["'(-): :->command'", "'(-)*:: :->arg'"]
        return completionScript(for: .zsh).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !subcommandLines.contains($0.drop { $0 == " " }) }
            .joined(separator: "\n") + "\n"
    }
}
