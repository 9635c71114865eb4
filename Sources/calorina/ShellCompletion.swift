import CalorinaFoods
import CalorinaHelp
import CalorinaJournal
import CalorinaSession

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Calorina {
    /// TAB in bash, zsh or fish after `calorina` (`calorina 2 orange j<TAB>`): the REPL's completer
    /// on the words of the line, each candidate cut to the shell word being completed. The shell
    /// scripts of `--generate-completion-script` call it through swift-argument-parser's custom
    /// completion protocol, which `CommandLineRequest` reads (`calorina ---completion --
    /// positional@0 INDEX CURSOR WORDS…`).
    ///
    /// - Parameters:
    ///   - words: the shell words of the command line, the command first, as typed (quotes and
    ///     backslashes included).
    ///   - index: which of them is being completed.
    ///   - typed: that word's text left of the cursor.
    static func shellCompletions(_ words: [String], _ index: Int, _ typed: String) -> [String] {
        guard index >= 1, index <= words.count else { return [] }
        let before = Invocation.lineWords(words[1..<index].map(unquoted))
        let completer = Completer(index: .bundled, ownNames: ownNames(in: words.map(unquoted)))
        return completer.shellWordCandidates(after: before, typed: unquoted(typed))
    }

    /// The own names in the data folder the command line names (`--data-dir`), else the usual
    /// one; read only, so that TAB never makes a folder.
    static func ownNames(in words: [String]) -> [String] {
        var flag: String?
        let option = CommandLineOption.dataDir.long
        for (offset, word) in words.enumerated() {
            if word == option, offset + 1 < words.count { flag = words[offset + 1] }
            if word.hasPrefix(option + "=") { flag = String(word.dropFirst(option.count + 1)) }
        }
        let environment = ProcessInfo.processInfo.environment
        let folder = Paths.dataFolder(flag: flag, environment: environment)
        // Every device's foods, merged; which device reads them matters only to its own file's errors.
        let device = (try? Paths.deviceName(environment: environment, keeping: false)) ?? JournalStore.unnamedDevice
        guard let foods = try? DocumentStore<UserFoods>(root: folder, device: device).load() else { return [] }
        return Completer.ownNames(foods)
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
    /// The script of `--generate-completion-script SHELL` ("bash", "zsh" or "fish").
    ///
    /// The zsh one is mended: swift-argument-parser's gave a command whose words are a list two
    /// "rest" arguments: the words, and the `help` subcommand it added to every script. zsh
    /// refuses the pair at every TAB ("doubled rest argument definition") and completes nothing,
    /// not even the options; without the subcommand's two lines it completes options and words.
    /// (bash and fish take the pair as it is.)
    static func completionScript(_ shell: String) -> String {
        switch shell {
        case "zsh": return CompletionScripts.zsh
        case "fish": return CompletionScripts.fish
        default: return CompletionScripts.bash
        }
    }
}
